import { createIdGenerator } from "../../../doc/ids";
import type { Matrix } from "../../../doc/transform";
import type { BlobRecord } from "../../../doc/types";
import { LINEWORK_EXPORT_ATTRIBUTE } from "../../export/lineworkData";
import { IMPORT_LIMITS, ImportError } from "../limits";
import type { ImportProgress } from "../result";
import { describeCounts, type Draft } from "../tree";
import { localName, type XmlElement } from "../xml";
import { emptySheet, parseStyleSheet, type StyleSheet } from "./css";
import type { Viewport } from "./lengths";
import { Placer } from "./placement";
import { computeStyle, declaredStyle, INITIAL_STYLE, type ComputedStyle } from "./style";

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
  /** Elements being converted, for detecting `<use>` cycles. */
  readonly path: readonly XmlElement[];
  readonly useDepth: number;
}

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

export class Conversion {
  readonly byId = new Map<string, XmlElement>();
  readonly blobs: BlobRecord[] = [];
  readonly blobIds = createIdGenerator("b");
  readonly placer = new Placer();
  /** Whether Linework wrote the file: its top level is a page, not a drawing to wrap in a group. */
  readonly fromLinework: boolean;
  private readonly parentOf = new Map<XmlElement, XmlElement>();
  private readonly cascaded = new Map<XmlElement, ComputedStyle>();
  private readonly sheet: StyleSheet = emptySheet();
  private readonly urlCounts = { externalUrls: 0 };
  private readonly notImported = new Map<string, number>();
  private produced = 0;
  private instances = 0;
  private totalElements = 0;
  private visited = 0;

  constructor(
    readonly root: XmlElement,
    private readonly progress: ImportProgress | undefined,
  ) {
    this.fromLinework = root.attributes.get(LINEWORK_EXPORT_ATTRIBUTE) === "1";
  }

  /** One pass over every element: ids, style sheets, and what can never be imported. */
  survey(): void {
    const stack: XmlElement[] = [this.root];
    while (stack.length > 0) {
      const element = stack.pop()!;
      this.totalElements += 1;
      const tag = localName(element.name);
      const id = element.attributes.get("id");
      if (id !== undefined && !this.byId.has(id)) this.byId.set(id, element);
      for (const [key, value] of element.attributes) {
        if (/^on/i.test(key)) this.count("event handler attribute");
        else if (/^javascript:/i.test(value.trim())) this.count("javascript: URL");
      }
      if (tag === "script") this.count("script");
      else if (tag === "foreignObject") this.count("foreignObject");
      else if (tag === "style") {
        const text = element.children.filter((c): c is string => typeof c === "string").join("");
        parseStyleSheet(text, this.sheet);
        this.urlCounts.externalUrls += this.sheet.externalUrls;
        this.sheet.externalUrls = 0;
      }
      // Nothing under these is ever read again.
      if (tag === "script" || tag === "foreignObject") continue;
      for (const child of element.children) {
        if (typeof child === "string") continue;
        this.parentOf.set(child, element);
        stack.push(child);
      }
    }
  }

  count(feature: string, n = 1): void {
    if (n > 0) this.notImported.set(feature, (this.notImported.get(feature) ?? 0) + n);
  }

  /** The warnings, after the counts only the whole document knows (style sheets, entities). */
  warnings(externalEntityReferences: number): string[] {
    this.count("external reference", this.urlCounts.externalUrls);
    this.count("@import", this.sheet.imports);
    this.count("external entity reference", externalEntityReferences);
    this.count("unsupported CSS rule", this.sheet.unsupportedSelectors);
    const summary = describeCounts(this.notImported);
    return summary.length > 0 ? [`Not imported: ${summary}.`] : [];
  }

  /** Reports progress every 4,096 elements walked. */
  visit(): void {
    if (++this.visited % 4096 === 0)
      this.progress?.(Math.min(0.99, this.visited / this.totalElements));
  }

  /** Counts an element that a `<use>` repeats, against the limit on use expansion. */
  useInstance(): void {
    if (++this.instances > IMPORT_LIMITS.maxUseInstances) {
      throw new ImportError(
        `<use> elements repeat more than ${IMPORT_LIMITS.maxUseInstances.toLocaleString("en")} elements (the limit); the file may be a use-expansion attack.`,
      );
    }
  }

  /** Counts a node about to be output, against the limit on shapes. */
  produce(): void {
    if (++this.produced > IMPORT_LIMITS.maxElements) {
      throw new ImportError(
        `The drawing expands to more than ${IMPORT_LIMITS.maxElements.toLocaleString("en")} shapes (the limit).`,
      );
    }
  }

  declaredStyle(element: XmlElement): Map<string, string> {
    return declaredStyle(element, this.sheet, this.urlCounts);
  }

  styleOf(element: XmlElement, ctx: Context): ComputedStyle {
    return computeStyle(this.declaredStyle(element), ctx.style);
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
