import { IMPORT_LIMITS, ImportError } from "./limits";

/**
 * A bounded XML parser for untrusted SVG. It builds a plain tree without recursion, expands
 * DOCTYPE entities under a budget of characters and depth (so "billion laughs" and quadratic
 * blow-ups stop early), and never resolves an external entity.
 */

export interface XmlElement {
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: XmlNode[];
}

export type XmlNode = XmlElement | string;

export interface XmlDocument {
  readonly root: XmlElement;
  /** References to SYSTEM/PUBLIC entities, replaced by nothing. */
  readonly externalEntityReferences: number;
  /** Parameter entities and other DTD declarations that were skipped. */
  readonly ignoredDeclarations: number;
}

export interface XmlLimits {
  readonly maxElements: number;
  readonly maxDepth: number;
  readonly maxEntityExpansion: number;
  readonly maxEntityDepth: number;
}

export const DEFAULT_XML_LIMITS: XmlLimits = {
  maxElements: IMPORT_LIMITS.maxElements,
  maxDepth: IMPORT_LIMITS.maxNestingDepth,
  maxEntityExpansion: IMPORT_LIMITS.maxEntityExpansion,
  maxEntityDepth: IMPORT_LIMITS.maxEntityDepth,
};

/** Elements whose whitespace-only text matters. */
const TEXT_ELEMENTS = new Set(["text", "tspan", "style", "textPath"]);

const NAME = /[^\s/>=<"'&;!?]+/y;
const PREDEFINED: Readonly<Record<string, string>> = {
  lt: "<",
  gt: ">",
  amp: "&",
  quot: '"',
  apos: "'",
};

type Entity = { readonly kind: "internal"; readonly value: string } | { readonly kind: "external" };

interface MutableElement {
  readonly name: string;
  readonly attributes: Map<string, string>;
  readonly children: XmlNode[];
}

/** `progress`, when given, hears the share of the text read now and then (every 4096 elements). */
export function parseXml(
  text: string,
  limits: XmlLimits = DEFAULT_XML_LIMITS,
  progress?: (fraction: number) => void,
): XmlDocument {
  return new Parser(text, limits, progress).parse();
}

class Parser {
  private pos = 0;
  private readonly entities = new Map<string, Entity>();
  private readonly lengths = new Map<string, number>();
  private expanded = 0;
  private externalReferences = 0;
  private ignored = 0;
  private elements = 0;

  constructor(
    private readonly text: string,
    private readonly limits: XmlLimits,
    private readonly progress: ((fraction: number) => void) | undefined,
  ) {}

  parse(): XmlDocument {
    const text = this.text;
    const stack: MutableElement[] = [];
    let root: MutableElement | null = null;
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
    while (this.pos < text.length) {
      const lt = text.indexOf("<", this.pos);
      const end = lt < 0 ? text.length : lt;
      if (end > this.pos) this.characters(text.slice(this.pos, end), stack, root);
      if (lt < 0) {
        this.pos = text.length;
        break;
      }
      this.pos = lt;
      if (text.startsWith("<!--", lt)) this.skipPast("-->", "a comment");
      else if (text.startsWith("<![CDATA[", lt)) {
        const close = text.indexOf("]]>", lt + 9);
        if (close < 0) this.fail("a CDATA section is not closed");
        if (stack.length === 0) this.fail("text outside the root element");
        stack.at(-1)!.children.push(text.slice(lt + 9, close));
        this.pos = close + 3;
      } else if (text.startsWith("<?", lt)) this.skipPast("?>", "a processing instruction");
      else if (text.startsWith("<!DOCTYPE", lt)) {
        if (root !== null || stack.length > 0) this.fail("a DOCTYPE inside the document");
        this.doctype();
      } else if (text.startsWith("</", lt)) {
        this.pos = lt + 2;
        const name = this.name();
        this.skipSpace();
        this.expect(">");
        const open = stack.pop();
        if (open === undefined) this.fail(`a closing tag </${name}> without an opening tag`);
        if (open.name !== name) this.fail(`</${name}> closes <${open.name}>`);
      } else {
        const isRoot = stack.length === 0;
        const element = this.startTag(stack, root);
        if (isRoot) root = element;
      }
    }
    if (stack.length > 0)
      this.fail(`<${stack.at(-1)!.name}> is not closed (the file may be cut short)`);
    if (root === null) this.fail("there is no root element");
    return {
      root,
      externalEntityReferences: this.externalReferences,
      ignoredDeclarations: this.ignored,
    };
  }

  private startTag(stack: MutableElement[], root: MutableElement | null): MutableElement {
    const text = this.text;
    this.pos += 1;
    const name = this.name();
    if (stack.length === 0 && root !== null) this.fail("more than one root element");
    if (++this.elements > this.limits.maxElements) {
      throw new ImportError(
        `The file has more than ${this.limits.maxElements.toLocaleString("en")} elements (the limit).`,
      );
    }
    if (this.elements % 4096 === 0) this.progress?.(this.pos / text.length);
    const attributes = new Map<string, string>();
    for (;;) {
      const spaced = this.skipSpace();
      const c = text[this.pos];
      if (c === undefined) this.fail(`<${name}> is cut short`);
      if (c === ">" || c === "/") break;
      if (!spaced) this.fail(`attributes of <${name}> need spaces between them`);
      const key = this.name();
      this.skipSpace();
      this.expect("=");
      this.skipSpace();
      const quote = text[this.pos];
      if (quote !== '"' && quote !== "'") this.fail(`the value of ${key} is not quoted`);
      const close = text.indexOf(quote, this.pos + 1);
      if (close < 0) this.fail(`the value of ${key} is not closed`);
      const raw = text.slice(this.pos + 1, close);
      if (raw.includes("<")) this.fail(`the value of ${key} contains "<"`);
      if (attributes.has(key)) this.fail(`<${name}> has two ${key} attributes`);
      if (attributes.size >= IMPORT_LIMITS.maxAttributes) {
        throw new ImportError(
          `An element has more than ${IMPORT_LIMITS.maxAttributes} attributes (the limit).`,
        );
      }
      attributes.set(key, normaliseAttribute(this.decode(raw, 0)));
      this.pos = close + 1;
    }
    const element: MutableElement = { name, attributes, children: [] };
    stack.at(-1)?.children.push(element);
    if (text[this.pos] === "/") {
      this.pos += 1;
      this.expect(">");
      return element;
    }
    this.pos += 1;
    if (stack.length >= this.limits.maxDepth) {
      throw new ImportError(
        `Elements are nested more than ${this.limits.maxDepth} deep (the limit).`,
      );
    }
    stack.push(element);
    return element;
  }

  private characters(raw: string, stack: MutableElement[], root: MutableElement | null): void {
    const parent = stack.at(-1);
    const blank = /^\s*$/.test(raw);
    if (parent === undefined) {
      if (!blank)
        this.fail(root === null ? "text before the root element" : "text after the root element");
      return;
    }
    if (blank && !TEXT_ELEMENTS.has(localName(parent.name))) return;
    parent.children.push(this.decode(raw, 0));
  }

  /** Replaces character and entity references, charging expanded entities to the budget. */
  private decode(raw: string, depth: number): string {
    if (!raw.includes("&")) return raw;
    let out = "";
    let at = 0;
    for (;;) {
      const amp = raw.indexOf("&", at);
      if (amp < 0) break;
      out += raw.slice(at, amp);
      const semi = raw.indexOf(";", amp);
      if (semi < 0 || semi - amp > 64) this.fail('an "&" that does not start a reference');
      const ref = raw.slice(amp + 1, semi);
      out += this.reference(ref, depth);
      at = semi + 1;
    }
    return out + raw.slice(at);
  }

  private reference(ref: string, depth: number): string {
    if (ref.startsWith("#")) {
      const code = ref[1] === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      const digits = ref[1] === "x" ? /^#x[0-9a-fA-F]+$/ : /^#[0-9]+$/;
      if (
        !digits.test(ref) ||
        !(code > 0 && code <= 0x10ffff) ||
        (code >= 0xd800 && code < 0xe000)
      ) {
        this.fail(`&${ref}; is not a valid character`);
      }
      return String.fromCodePoint(code);
    }
    const predefined = PREDEFINED[ref];
    if (predefined !== undefined) return predefined;
    const entity = this.entities.get(ref);
    if (entity === undefined) this.fail(`&${ref}; is not declared`);
    if (entity.kind === "external") {
      this.externalReferences += 1;
      return "";
    }
    if (depth === 0) {
      // Charged before anything is expanded, so an expansion attack costs no time at all.
      this.expanded += this.expandedLength(ref, 0, new Set());
      if (this.expanded > this.limits.maxEntityExpansion) {
        throw new ImportError(
          `Entities expand to more than ${this.limits.maxEntityExpansion.toLocaleString("en")} characters (the limit); the file may be an entity-expansion attack.`,
        );
      }
    }
    return this.decode(entity.value, depth + 1);
  }

  /**
   * How long an entity's expansion is, without expanding it; capped just past the budget.
   * Lengths are remembered per entity, so nested references cost one pass over each value.
   */
  private expandedLength(name: string, depth: number, open: Set<string>): number {
    const known = this.lengths.get(name);
    if (known !== undefined) return known;
    const entity = this.entities.get(name);
    if (entity === undefined) this.fail(`&${name}; is not declared`);
    if (entity.kind === "external") return 0;
    if (open.has(name)) this.fail(`entity ${name} refers to itself`);
    if (depth >= this.limits.maxEntityDepth) {
      throw new ImportError(
        `Entities refer to one another more than ${this.limits.maxEntityDepth} deep (the limit).`,
      );
    }
    open.add(name);
    const cap = this.limits.maxEntityExpansion + 1;
    const value = entity.value;
    let length = 0;
    let at = 0;
    for (;;) {
      const amp = value.indexOf("&", at);
      if (amp < 0) break;
      length += amp - at;
      const semi = value.indexOf(";", amp);
      if (semi < 0) this.fail('an "&" that does not start a reference');
      const ref = value.slice(amp + 1, semi);
      if (ref.startsWith("#")) length += 2;
      else if (PREDEFINED[ref] !== undefined) length += 1;
      else length += this.expandedLength(ref, depth + 1, open);
      if (length >= cap) break;
      at = semi + 1;
    }
    if (length < cap) length += value.length - at;
    open.delete(name);
    const result = Math.min(length, cap);
    this.lengths.set(name, result);
    return result;
  }

  private doctype(): void {
    const text = this.text;
    this.pos += "<!DOCTYPE".length;
    for (;;) {
      this.skipSpace();
      const c = text[this.pos];
      if (c === undefined) this.fail("the DOCTYPE is not closed");
      if (c === ">") {
        this.pos += 1;
        return;
      }
      if (c === "[") {
        this.pos += 1;
        this.internalSubset();
      } else if (c === '"' || c === "'") {
        const close = text.indexOf(c, this.pos + 1);
        if (close < 0) this.fail("the DOCTYPE is not closed");
        this.pos = close + 1;
      } else this.name();
    }
  }

  private internalSubset(): void {
    const text = this.text;
    for (;;) {
      this.skipSpace();
      if (this.pos >= text.length) this.fail("the DOCTYPE's internal subset is not closed");
      if (text[this.pos] === "]") {
        this.pos += 1;
        return;
      }
      if (text.startsWith("<!--", this.pos)) this.skipPast("-->", "a comment");
      else if (text.startsWith("<?", this.pos)) this.skipPast("?>", "a processing instruction");
      else if (text.startsWith("<!ENTITY", this.pos)) this.entityDeclaration();
      else if (text.startsWith("<!", this.pos)) {
        this.ignored += 1;
        this.skipDeclaration();
      } else if (text[this.pos] === "%") {
        this.ignored += 1;
        this.skipPast(";", "a parameter entity reference");
      } else this.fail("unexpected content in the DOCTYPE");
    }
  }

  private entityDeclaration(): void {
    const text = this.text;
    this.pos += "<!ENTITY".length;
    this.skipSpace();
    if (text[this.pos] === "%") {
      this.ignored += 1;
      this.skipDeclaration();
      return;
    }
    const name = this.name();
    this.skipSpace();
    const c = text[this.pos];
    let entity: Entity;
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, this.pos + 1);
      if (close < 0) this.fail(`the value of entity ${name} is not closed`);
      entity = { kind: "internal", value: text.slice(this.pos + 1, close) };
      this.pos = close + 1;
      this.skipSpace();
      this.expect(">");
    } else {
      // SYSTEM or PUBLIC: an external entity. It is remembered only so references to it can be
      // counted and replaced by nothing; its address is never read.
      entity = { kind: "external" };
      this.skipDeclaration();
    }
    if (this.entities.size >= IMPORT_LIMITS.maxEntityDeclarations) {
      throw new ImportError(
        `The DOCTYPE declares more than ${IMPORT_LIMITS.maxEntityDeclarations} entities (the limit).`,
      );
    }
    // The first declaration of a name is binding (XML 1.0 §4.2).
    if (!this.entities.has(name)) this.entities.set(name, entity);
  }

  /** Skips to the ">" that ends a declaration, stepping over quoted strings. */
  private skipDeclaration(): void {
    const text = this.text;
    while (this.pos < text.length) {
      const c = text[this.pos];
      if (c === '"' || c === "'") {
        const close = text.indexOf(c, this.pos + 1);
        if (close < 0) break;
        this.pos = close + 1;
      } else if (c === ">") {
        this.pos += 1;
        return;
      } else this.pos += 1;
    }
    this.fail("a declaration in the DOCTYPE is not closed");
  }

  private skipPast(terminator: string, what: string): void {
    const close = this.text.indexOf(terminator, this.pos + 1);
    if (close < 0) this.fail(`${what} is not closed`);
    this.pos = close + terminator.length;
  }

  private name(): string {
    NAME.lastIndex = this.pos;
    const match = NAME.exec(this.text);
    if (match === null) this.fail("a name was expected");
    this.pos = NAME.lastIndex;
    return match[0];
  }

  private skipSpace(): boolean {
    const start = this.pos;
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d) this.pos += 1;
      else return this.pos > start;
    }
  }

  private expect(c: string): void {
    if (this.text[this.pos] !== c) this.fail(`"${c}" was expected`);
    this.pos += 1;
  }

  private fail(what: string): never {
    const { line, column } = lineAndColumn(this.text, Math.min(this.pos, this.text.length));
    throw new ImportError(
      `The file is not well-formed XML: ${what} (line ${line}, column ${column}).`,
    );
  }
}

/** XML's attribute-value normalisation: each whitespace character becomes a space. */
function normaliseAttribute(value: string): string {
  return /[\t\n\r]/.test(value) ? value.replace(/[\t\n\r]/g, " ") : value;
}

function lineAndColumn(text: string, pos: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < pos; i = text.indexOf("\n", i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: pos - lineStart + 1 };
}

/** The name without its namespace prefix. */
export function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}
