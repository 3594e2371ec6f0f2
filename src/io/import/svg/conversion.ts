import { createIdGenerator } from "../../../doc/ids";
import { multiply, type Matrix } from "../../../doc/transform";
import type { BlobRecord, SceneNode } from "../../../doc/types";
import {
  LINEWORK_BACKGROUND_ATTRIBUTE,
  LINEWORK_LABEL_ATTRIBUTE,
  LINEWORK_DATA_ATTRIBUTE,
  LINEWORK_EXPORT_ATTRIBUTE,
  LINEWORK_SHARED_ATTRIBUTE,
} from "../../export/lineworkData";
import { IMPORT_LIMITS, ImportError } from "../limits";
import type { ImportProgress } from "../result";
import { describeCounts, type Draft } from "../tree";
import { localName, type XmlElement } from "../xml";
import {
  cascadedDeclarations,
  emptySheet,
  parseStyleSheet,
  type SelectorTarget,
  type StyleSheet,
} from "./css";
import type { Viewport } from "./lengths";
import { readLineworkData, sharedStyles } from "./lineworkData";
import type { StyleChecks } from "../../native/schemas";
import { ESTIMATED_MEASURE, type TextMeasure } from "../../export/textLayout";
import { Placer } from "./placement";
import { computeStyle, declaredStyle, INITIAL_STYLE, type ComputedStyle } from "./style";
import {
  attributeVerdict,
  declarationVerdict,
  describeNotKept,
  ELEMENTS,
  isCssStyle,
  notKeptKey,
  SVG_NS,
  textChildRole,
  type ElementRole,
  type NotKept,
} from "./support";

/**
 * What the parts of the SVG conversion share: the context an element is converted in, and the
 * state of the whole conversion (the document's index, the limits, what goes in the warning).
 */

export interface Context {
  /** From this element's user space to the coordinates of the group its nodes go in. */
  readonly matrix: Matrix;
  readonly style: ComputedStyle;
  readonly viewport: Viewport;
  /** Opacity of groups that were flattened away, to be folded into their descendants. */
  readonly carriedOpacity: number;
  /** Output group levels above this element. */
  readonly groupDepth: number;
  /**
   * From the coordinates of the output container this element's nodes go in to the import's
   * own (the identity when absent): with `matrix`, where the element's user space lies in the
   * whole drawing, which context paints are laid out from.
   */
  readonly origin?: Matrix;
  /** Elements being converted, for detecting `<use>` cycles. */
  readonly path: readonly XmlElement[];
  readonly useDepth: number;
  /**
   * The fill and stroke that `context-fill` and `context-stroke` stand for: those of the `<use>`
   * showing this element, or of the shape a marker marks; absent where there is none (a context
   * paint is then none).
   */
  readonly contextPaint?: ContextPaint;
  /**
   * Set inside a `<clipPath>`: only shapes, text and `<use>` of them draw, each as its outline
   * (filled, unstroked, its clip-rule as fill rule; see masking.ts).
   */
  readonly clipContent?: boolean;
}

/**
 * What `context-fill` and `context-stroke` stand for, and where: `space`, when known, is the
 * context element's user space (its map into the output group's coordinates) and box, which a
 * gradient or pattern it paints with is laid out in (SVG 2), rather than in the space of each
 * element that takes the paint.
 */
export interface ContextPaint {
  readonly fill: string;
  readonly stroke: string;
  readonly space?: {
    readonly matrix: Matrix;
    /** Null where it is not measured (a symbol's): the element's own box stands in. */
    box(): { x: number; y: number; width: number; height: number } | null;
  };
}

/** Where an element's user space lies in the whole drawing (see `Context.origin`). */
export function absoluteMatrix(ctx: Context): Matrix {
  return ctx.origin === undefined ? ctx.matrix : multiply(ctx.origin, ctx.matrix);
}

/** The origin of an output container placed at `at` in the container of `ctx`. */
export function originWithin(ctx: Context, at: Matrix): Matrix {
  return ctx.origin === undefined ? at : multiply(ctx.origin, at);
}

/** Set in a computed style where its fill or stroke came from a context paint. */
export const FROM_CONTEXT = {
  fill: "-linework-context-fill",
  stroke: "-linework-context-stroke",
} as const;

/**
 * The element walk, handed to the parts that wrap or repeat what elements draw (clips, markers,
 * Linework containers) so that they need not import the walk that imports them.
 */
export interface Walk {
  /** One element and what it contains, appended to `out`. */
  element(conv: Conversion, element: XmlElement, ctx: Context, out: Draft[]): void;
  /** What an element draws, once its style and transform are in `ctx`. */
  draw(conv: Conversion, element: XmlElement, tag: string, ctx: Context, out: Draft[]): void;
  /** What an element's children draw. */
  children(conv: Conversion, element: XmlElement, ctx: Context): Draft[];
  /** A container as a group, or its children folded into `out` where a group cannot hold it. */
  group(
    conv: Conversion,
    element: XmlElement,
    ctx: Context,
    out: Draft[],
    firstOnly: boolean,
  ): void;
}

/** A walk for a conversion not yet given one: nothing drawn. */
const NO_WALK: Walk = {
  element: () => {},
  draw: () => {},
  children: () => [],
  group: () => {},
};

/** SVG documents shown by `<image>` inside one another, the outermost file not counted. */
export const MAX_IMAGE_DEPTH = 4;

export class Conversion {
  readonly byId = new Map<string, XmlElement>();
  /** Blobs and their ids are the outermost file's, whatever SVG image they come from. */
  readonly blobs: BlobRecord[];
  readonly blobIds: () => string;
  readonly placer = new Placer();
  /** SVG images inside this one: how deep this document is shown inside others. */
  readonly imageDepth: number;
  /** The conversions of SVG images, by their `href`, read once however often they are shown. */
  readonly images = new Map<string, Conversion | null>();
  /** Whether Linework wrote the file: its top level is a page, not a drawing to wrap in a group. */
  readonly fromLinework: boolean;
  private readonly parentOf = new Map<XmlElement, XmlElement>();
  private readonly targets = new Map<XmlElement, SelectorTarget>();
  private readonly cascaded = new Map<XmlElement, ComputedStyle>();
  private readonly sheet: StyleSheet = emptySheet();
  private readonly urlCounts: { externalUrls: number };
  private readonly notImported = new Map<string, number>();
  private readonly ignored = new Map<string, { kind: NotKept; count: number }>();
  /** Elements of other namespaces: browsers draw none of them, nor what they hold. */
  readonly foreign = new Set<XmlElement>();
  private readonly lineworkRecords = new Map<XmlElement, SceneNode | null>();
  /** The root's shared fills and strokes, read when the first node names one. */
  private sharedStyles: StyleChecks | undefined;
  /**
   * Above 0 while content is converted only to be measured (a context element's box): what it
   * does not keep is reported by its real conversion, once.
   */
  muted = 0;
  /**
   * How text is measured, to set it where SVG places it (by its baseline and anchor): the
   * browser's canvas, as the renderer measures, or an estimate where there is none (Node, a
   * worker without the shipped faces).
   */
  measure: TextMeasure = ESTIMATED_MEASURE;
  /** The walk over elements, for what converts content of its own (patterns). */
  walk: Walk = NO_WALK;
  /** Patterns whose content is being converted, outermost first: a recursion paints nothing. */
  readonly patternsOpen: XmlElement[] = [];
  /** Patterns' content by content element and matrix, converted once. */
  readonly patternContents = new Map<XmlElement, Map<string, SceneNode[] | null>>();
  private produced = 0;
  private instances = 0;
  private totalElements = 0;
  private visited = 0;

  /**
   * `outer`: the conversion of the document whose `<image>` shows this one; the limits on
   * shapes and `<use>` count over all of them, and what this one does not keep is reported
   * with the outer one's.
   */
  constructor(
    readonly root: XmlElement,
    private readonly progress: ImportProgress | undefined,
    private readonly outer?: Conversion,
  ) {
    this.fromLinework = root.attributes.get(LINEWORK_EXPORT_ATTRIBUTE) === "1";
    this.blobs = outer?.blobs ?? [];
    this.urlCounts = outer?.urlCounts ?? { externalUrls: 0 };
    this.blobIds = outer?.blobIds ?? createIdGenerator("b");
    this.imageDepth = outer === undefined ? 0 : outer.imageDepth + 1;
  }

  /** Adds what a nested document's style sheets hold that is not kept to this one's summary. */
  absorb(inner: Conversion): void {
    this.count("@import", inner.sheet.imports);
    this.count("unsupported CSS rule", inner.sheet.unsupportedSelectors);
  }

  /**
   * One pass over every element: ids, namespaces, style sheets, and what can never be imported;
   * then the audit of what the import does not keep.
   */
  survey(): void {
    const rootScope: ReadonlyMap<string, string> = new Map([["", SVG_NS]]);
    const stack: Array<{ element: XmlElement; scope: ReadonlyMap<string, string> }> = [
      { element: this.root, scope: rootScope },
    ];
    while (stack.length > 0) {
      const { element, scope: outer } = stack.pop()!;
      this.totalElements += 1;
      const scope = namespaceScope(element, outer);
      const colon = element.name.indexOf(":");
      const namespace = scope.get(colon < 0 ? "" : element.name.slice(0, colon));
      if (namespace !== SVG_NS && element !== this.root) this.foreign.add(element);
      const tag = localName(element.name);
      const id = element.attributes.get("id");
      if (id !== undefined && !this.byId.has(id)) this.byId.set(id, element);
      for (const [key, value] of element.attributes) {
        if (/^on/i.test(key)) this.count("event handler attribute");
        else if (/^javascript:/i.test(value.trim())) this.count("javascript: URL");
      }
      if (tag === "style" && !this.foreign.has(element)) {
        if (isCssStyle(element)) {
          const text = element.children.filter((c): c is string => typeof c === "string").join("");
          parseStyleSheet(text, this.sheet);
          this.urlCounts.externalUrls += this.sheet.externalUrls;
          this.sheet.externalUrls = 0;
        } else this.count("style sheet that is not CSS");
      }
      // Nothing under these is ever read again.
      if (tag === "script" || tag === "foreignObject") continue;
      // Children pushed last first, so that elements are met in document order: of two
      // elements with one id, the first is the one referred to.
      for (let i = element.children.length - 1; i >= 0; i--) {
        const child = element.children[i]!;
        if (typeof child === "string") continue;
        this.parentOf.set(child, element);
        stack.push({ element: child, scope });
      }
    }
    this.audit();
  }

  /**
   * Reports every element, attribute and style declaration outside what the import keeps (see
   * support.ts), counted by kind. What an element that is not imported holds is reported with
   * it; elements of other namespaces, descriptions and editor metadata are left out, as are
   * elements whose Linework data stands in for their drawing.
   */
  private audit(): void {
    const byId = (id: string): XmlElement | undefined => this.byId.get(id);
    const stack: Array<{ element: XmlElement; inText: boolean }> = [
      { element: this.root, inText: false },
    ];
    while (stack.length > 0) {
      const { element, inText } = stack.pop()!;
      if (this.foreign.has(element) || this.standsForItself(element)) continue;
      const tag = localName(element.name);
      const role = inText ? textChildRole(tag) : ELEMENTS.get(tag)?.role;
      if (role === undefined) {
        this.count(`<${tag}> element`);
        continue;
      }
      if (role === "inert" || role === "referenced") continue;
      this.auditElement(element, tag, role, byId);
      // Children pushed last first, so that kinds are counted in document order.
      for (let i = element.children.length - 1; i >= 0; i--) {
        const child = element.children[i]!;
        if (typeof child !== "string")
          stack.push({ element: child, inText: inText || tag === "text" });
      }
    }
  }

  private auditElement(
    element: XmlElement,
    tag: string,
    role: ElementRole,
    byId: (id: string) => XmlElement | undefined,
  ): void {
    for (const [name, value] of element.attributes) {
      // Counted by the survey, as event handler attributes or javascript: URLs.
      if (/^on/i.test(name) || /^javascript:/i.test(value.trim())) continue;
      const kind = attributeVerdict(tag, role, name, value, element, byId);
      if (kind !== null) this.ignore(kind);
    }
    if (element === this.root && element.attributes.has("transform"))
      this.count("transform on the outermost <svg>");
    for (const [name, value] of this.cssDeclarations(element)) {
      const kind = declarationVerdict(tag, role, name, value, element, byId);
      if (kind !== null) this.ignore(kind);
    }
  }

  /** Every declaration from style sheets and the `style` attribute that applies to an element. */
  cssDeclarations(element: XmlElement): Map<string, string> {
    const inline = element.attributes.get("style");
    return new Map(
      cascadedDeclarations(this.sheet, this.selectorTarget(element), inline, { externalUrls: 0 }),
    );
  }

  /** An element as style sheet selectors see it, made once: its parent is its own in the file. */
  selectorTarget(element: XmlElement): SelectorTarget {
    const known = this.targets.get(element);
    if (known !== undefined) return known;
    const parent = this.parentOf.get(element);
    const target: SelectorTarget = {
      tag: localName(element.name),
      id: element.attributes.get("id"),
      classes: (element.attributes.get("class") ?? "").split(/\s+/).filter(Boolean),
      parent: () => (parent === undefined ? null : this.selectorTarget(parent)),
    };
    this.targets.set(element, target);
    return target;
  }

  /**
   * Whether an element is left out of the conversion for what Linework wrote: valid Linework data
   * (its node stands for its drawing) or, in Linework's own files, the page background and the
   * words of shapes' labels (their shapes' data holds them).
   */
  private standsForItself(element: XmlElement): boolean {
    if (
      this.fromLinework &&
      (element.attributes.has(LINEWORK_BACKGROUND_ATTRIBUTE) ||
        element.attributes.has(LINEWORK_LABEL_ATTRIBUTE))
    )
      return true;
    return element.attributes.has(LINEWORK_DATA_ATTRIBUTE) && this.lineworkRecord(element) !== null;
  }

  /** The node an element's Linework data describes, read once; null when invalid. */
  lineworkRecord(element: XmlElement): SceneNode | null {
    const known = this.lineworkRecords.get(element);
    if (known !== undefined) return known;
    const data = element.attributes.get(LINEWORK_DATA_ATTRIBUTE);
    this.sharedStyles ??= sharedStyles(this.root.attributes.get(LINEWORK_SHARED_ATTRIBUTE));
    const record =
      data === undefined ? null : readLineworkData(data, element.attributes, this.sharedStyles);
    this.lineworkRecords.set(element, record);
    return record;
  }

  /** Counts something not kept of an element, by its kind. */
  ignore(kind: NotKept): void {
    if (this.muted > 0) return;
    if (this.outer !== undefined) {
      this.outer.ignore(kind);
      return;
    }
    const key = notKeptKey(kind);
    const known = this.ignored.get(key);
    if (known === undefined) this.ignored.set(key, { kind, count: 1 });
    else known.count += 1;
  }

  count(feature: string, n = 1): void {
    if (this.muted > 0) return;
    if (this.outer !== undefined) {
      this.outer.count(feature, n);
      return;
    }
    if (n > 0) this.notImported.set(feature, (this.notImported.get(feature) ?? 0) + n);
  }

  /** The warnings, after the counts only the whole document knows (style sheets, entities). */
  warnings(externalEntityReferences: number): string[] {
    this.count("external reference", this.urlCounts.externalUrls);
    this.count("@import", this.sheet.imports);
    this.count("external entity reference", externalEntityReferences);
    this.count("unsupported CSS rule", this.sheet.unsupportedSelectors);
    const out: string[] = [];
    const summary = describeCounts(this.notImported);
    if (summary.length > 0) out.push(`Not imported: ${summary}.`);
    const ignored = [...this.ignored.values()].map((i) => describeNotKept(i.kind, i.count));
    if (ignored.length > 0) out.push(`Ignored: ${ignored.join(", ")}.`);
    return out;
  }

  /** Reports progress every 4,096 elements walked. */
  visit(): void {
    if (++this.visited % 4096 === 0)
      this.progress?.(Math.min(0.99, this.visited / this.totalElements));
  }

  /** Counts an element that a `<use>` repeats, against the limit on use expansion. */
  useInstance(): void {
    if (this.outer !== undefined) {
      this.outer.useInstance();
      return;
    }
    if (++this.instances > IMPORT_LIMITS.maxUseInstances) throw repeatLimitError();
  }

  /**
   * Refuses at once where `count` more repeated elements would pass the limit on use expansion,
   * so that a file of too many is refused before the repeats are built (the walk still counts
   * each one it builds).
   */
  expectUseInstances(count: number): void {
    if (this.outer !== undefined) {
      this.outer.expectUseInstances(count);
      return;
    }
    if (this.instances + count > IMPORT_LIMITS.maxUseInstances) throw repeatLimitError();
  }

  /** Counts a node about to be output, against the limit on shapes. */
  produce(): void {
    if (this.outer !== undefined) {
      this.outer.produce();
      return;
    }
    if (++this.produced > IMPORT_LIMITS.maxElements) {
      throw new ImportError(
        `The drawing expands to more than ${IMPORT_LIMITS.maxElements.toLocaleString("en")} shapes (the limit).`,
      );
    }
  }

  /** Whether the file's style sheets hold any rule: one may hide or restyle any element. */
  get hasStyleRules(): boolean {
    return this.sheet.rules.length > 0;
  }

  declaredStyle(element: XmlElement): Map<string, string> {
    return declaredStyle(element, this.sheet, this.urlCounts, this.selectorTarget(element));
  }

  styleOf(element: XmlElement, ctx: Context): ComputedStyle {
    return withContextPaint(computeStyle(this.declaredStyle(element), ctx.style), ctx);
  }

  /**
   * An element's style inherited through its own ancestors in the document rather than from
   * where it is drawn (a marker's content does not inherit from the shape it marks).
   */
  cascadedStyle(element: XmlElement): ComputedStyle {
    const known = this.cascaded.get(element);
    if (known !== undefined) return known;
    const chain: XmlElement[] = [];
    for (let e: XmlElement | undefined = element; e !== undefined; e = this.parentOf.get(e))
      chain.push(e);
    let style = INITIAL_STYLE;
    for (const ancestor of chain.reverse())
      style = computeStyle(this.declaredStyle(ancestor), style);
    this.cascaded.set(element, style);
    return style;
  }
}

/** A style whose fill or stroke is a context paint, with the paint it stands for there. */
export function withContextPaint(style: ComputedStyle, ctx: Context): ComputedStyle {
  let out: Map<string, string> | null = null;
  for (const property of ["fill", "stroke"] as const) {
    const value = style.get(property)?.trim().toLowerCase();
    if (value !== "context-fill" && value !== "context-stroke") continue;
    out ??= new Map(style);
    const paint = ctx.contextPaint;
    out.set(
      property,
      paint === undefined ? "none" : value === "context-fill" ? paint.fill : paint.stroke,
    );
    if (paint?.space !== undefined) out.set(FROM_CONTEXT[property], "1");
  }
  return out ?? style;
}

/** The namespaces in scope on an element: its parent's, with its own declarations over them. */
function namespaceScope(
  element: XmlElement,
  outer: ReadonlyMap<string, string>,
): ReadonlyMap<string, string> {
  let scope: Map<string, string> | null = null;
  for (const [name, value] of element.attributes) {
    if (name !== "xmlns" && !name.startsWith("xmlns:")) continue;
    scope ??= new Map(outer);
    scope.set(name === "xmlns" ? "" : name.slice(6), value.trim());
  }
  return scope ?? outer;
}

function repeatLimitError(): ImportError {
  return new ImportError(
    `<use> elements repeat more than ${IMPORT_LIMITS.maxUseInstances.toLocaleString("en")} elements (the limit); the file may be a use-expansion attack.`,
  );
}
