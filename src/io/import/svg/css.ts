/**
 * The small part of CSS an SVG's `<style>` and `style` attributes need: rules with type, class
 * and id selectors (compounds of them, joined by descendant and child combinators), declarations, and nothing that fetches: `@import`
 * and non-local `url()` are dropped and counted.
 */

/** One compound selector: a type (or any), an id and classes, all to match one element. */
export interface Compound {
  readonly tag: string | null;
  readonly id: string | null;
  readonly classes: readonly string[];
}

/**
 * Compounds joined by descendant (" ") and child (">") combinators, the element itself last.
 */
export interface Selector {
  readonly parts: readonly Compound[];
  /** Between parts[i] and parts[i + 1]. */
  readonly combinators: readonly (" " | ">")[];
  /** (ids, classes, tags), compared in that order. */
  readonly specificity: number;
  /**
   * What matching has found so far, per element (the sheet lives as long as one import): for
   * each part, whether it matches there with what is left of it, and whether at an ancestor.
   */
  readonly memo: Map<SelectorTarget, Int8Array>;
}

/** An element as selectors see it: its name, id, classes and parent. */
export interface SelectorTarget {
  readonly tag: string;
  readonly id: string | undefined;
  readonly classes: readonly string[];
  parent(): SelectorTarget | null;
}

export interface CssRule {
  readonly selector: Selector;
  readonly declarations: ReadonlyMap<string, string>;
  /** The declarations marked `!important`. */
  readonly important: ReadonlySet<string>;
  /** Position in the sheet, for ties of specificity. */
  readonly order: number;
}

export interface StyleSheet {
  readonly rules: CssRule[];
  imports: number;
  unsupportedSelectors: number;
  externalUrls: number;
}

export function emptySheet(): StyleSheet {
  return { rules: [], imports: 0, unsupportedSelectors: 0, externalUrls: 0 };
}

const COMPOUND = /^([a-zA-Z][\w-]*|\*)?((?:[.#][\w-]+)*)$/;
/** Longer selectors are not read: matching one costs about its length times the depth. */
const MAX_COMPOUNDS = 16;

function parseCompound(text: string): Compound | null {
  const match = COMPOUND.exec(text);
  if (match === null || text.length === 0) return null;
  const tag = match[1] === undefined || match[1] === "*" ? null : match[1];
  let id: string | null = null;
  const classes: string[] = [];
  for (const part of match[2]!.match(/[.#][\w-]+/g) ?? []) {
    if (part[0] === "#") {
      if (id !== null) return null;
      id = part.slice(1);
    } else classes.push(part.slice(1));
  }
  return { tag, id, classes };
}

/** A selector of compounds and descendant or child combinators; null for anything else. */
export function parseSelector(text: string): Selector | null {
  const tokens = text
    .trim()
    .replace(/\s*>\s*/g, " > ")
    .split(/\s+/);
  const parts: Compound[] = [];
  const combinators: (" " | ">")[] = [];
  let pending: " " | ">" | null = null;
  for (const token of tokens) {
    if (token === ">") {
      if (parts.length === 0 || pending === ">") return null;
      pending = ">";
      continue;
    }
    const compound = parseCompound(token);
    if (compound === null) return null;
    if (parts.length > 0) combinators.push(pending ?? " ");
    pending = null;
    parts.push(compound);
  }
  if (parts.length === 0 || pending !== null || parts.length > MAX_COMPOUNDS) return null;
  let specificity = 0;
  for (const p of parts)
    specificity +=
      (p.id === null ? 0 : 1_000_000) + p.classes.length * 1000 + (p.tag === null ? 0 : 1);
  return { parts, combinators, specificity, memo: new Map() };
}

/** Adds the rules of one `<style>` element's text to `sheet`. */
export function parseStyleSheet(text: string, sheet: StyleSheet): void {
  const css = text.replace(/\/\*[\s\S]*?\*\//g, "");
  let at = 0;
  while (at < css.length) {
    const open = css.indexOf("{", at);
    const semi = css.indexOf(";", at);
    const head = css.slice(at, open < 0 ? css.length : open).trim();
    if (head.startsWith("@") && (open < 0 || (semi >= 0 && semi < open))) {
      // A statement at-rule such as @import or @charset.
      if (/^@import\b/i.test(head.slice(0, semi - at))) sheet.imports += 1;
      at = semi < 0 ? css.length : semi + 1;
      continue;
    }
    if (open < 0) break;
    const close = matchingBrace(css, open);
    const body = css.slice(open + 1, close);
    at = close + 1;
    if (head.startsWith("@")) {
      if (/^@import\b/i.test(head)) sheet.imports += 1;
      else sheet.unsupportedSelectors += 1;
      continue;
    }
    const important = new Set<string>();
    const declarations = parseDeclarations(body, sheet, important);
    for (const part of head.split(",")) {
      const selector = parseSelector(part);
      if (selector === null) {
        sheet.unsupportedSelectors += 1;
        continue;
      }
      sheet.rules.push({ selector, declarations, important, order: sheet.rules.length });
    }
  }
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === "{") depth++;
    else if (css[i] === "}" && --depth === 0) return i;
  }
  return css.length;
}

/**
 * `a: b; c: d` into a map; values with a non-local url() are dropped and counted. The names of
 * `!important` declarations go into `important`; a later declaration of the same name that is
 * not important does not replace one that is.
 */
export function parseDeclarations(
  text: string,
  counts: { externalUrls: number },
  important: Set<string> = new Set(),
): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split(";")) {
    const colon = part.indexOf(":");
    if (colon < 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    const raw = part.slice(colon + 1);
    const isImportant = /!\s*important\s*$/i.test(raw);
    const value = raw.replace(/!\s*important\s*$/i, "").trim();
    if (name.length === 0 || value.length === 0) continue;
    if (hasExternalUrl(value)) {
      counts.externalUrls += 1;
      continue;
    }
    if (important.has(name) && !isImportant) continue;
    if (isImportant) important.add(name);
    out.set(name, value);
  }
  return out;
}

/**
 * The CSS declarations that apply to an element, in the order of the cascade, later ones
 * winning: the rules it matches by specificity and then order, then its `style` attribute; all
 * of those, then again for `!important` declarations.
 */
export function cascadedDeclarations(
  sheet: StyleSheet,
  element: SelectorTarget,
  inline: string | undefined,
  counts: { externalUrls: number },
): Array<readonly [string, string]> {
  const normal: Array<readonly [string, string]> = [];
  const important: Array<readonly [string, string]> = [];
  if (sheet.rules.length > 0) {
    const matching = sheet.rules
      .filter((rule) => selectorMatches(rule.selector, element))
      .sort((a, b) => a.selector.specificity - b.selector.specificity || a.order - b.order);
    for (const rule of matching)
      for (const [k, v] of rule.declarations)
        (rule.important.has(k) ? important : normal).push([k, v]);
  }
  if (inline !== undefined) {
    const marked = new Set<string>();
    for (const [k, v] of parseDeclarations(inline, counts, marked))
      (marked.has(k) ? important : normal).push([k, v]);
  }
  return [...normal, ...important];
}

/** Whether a value refers to anything but an element of this file. */
export function hasExternalUrl(value: string): boolean {
  if (!/url\(/i.test(value)) return false;
  for (const match of value.matchAll(/url\(\s*(['"]?)([^)'"]*)\1\s*\)/gi)) {
    if (!match[2]!.trim().startsWith("#")) return true;
  }
  return false;
}

function compoundMatches(compound: Compound, target: SelectorTarget): boolean {
  if (compound.tag !== null && compound.tag !== target.tag) return false;
  if (compound.id !== null && compound.id !== target.id) return false;
  return compound.classes.every((c) => target.classes.includes(c));
}

/**
 * Whether a selector matches an element, right to left. What each part gives at each element,
 * and at any of its ancestors, is remembered for the whole import, so a hostile sheet over deep
 * nesting costs the selector's length per element, not that times the depth.
 */
export function selectorMatches(selector: Selector, target: SelectorTarget): boolean {
  const memo = selector.memo;
  const n = selector.parts.length;
  // Slots 0…n−1: parts[i] matches here with what is left of it; n…2n−1: at some ancestor.
  const slots = (at: SelectorTarget): Int8Array => {
    let known = memo.get(at);
    if (known === undefined) memo.set(at, (known = new Int8Array(2 * n)));
    return known;
  };
  const from = (i: number, at: SelectorTarget): boolean => {
    const known = slots(at);
    if (known[i] !== 0) return known[i] === 1;
    let ok = compoundMatches(selector.parts[i]!, at);
    if (ok && i > 0) {
      const parent = at.parent();
      ok =
        parent !== null &&
        (selector.combinators[i - 1] === ">" ? from(i - 1, parent) : within(i - 1, parent));
    }
    known[i] = ok ? 1 : 2;
    return ok;
  };
  const within = (i: number, at: SelectorTarget): boolean => {
    const known = slots(at);
    if (known[n + i] !== 0) return known[n + i] === 1;
    const parent = at.parent();
    const ok = from(i, at) || (parent !== null && within(i, parent));
    known[n + i] = ok ? 1 : 2;
    return ok;
  };
  return from(n - 1, target);
}
