import { makeNode, NO_FILL, NO_STROKE } from "../../../doc/factory";
import { createIdGenerator } from "../../../doc/ids";
import {
  apply,
  fromMatrix,
  IDENTITY_MATRIX,
  IDENTITY_TRANSFORM,
  invert,
  multiply,
  toMatrix,
  type Matrix,
} from "../../../doc/transform";
import {
  BLEND_MODES,
  type BlendMode,
  type BlobRecord,
  type EllipseNode,
  type Fill,
  type FrameNode,
  type GroupNode,
  type ImageNode,
  type LineCap,
  type LineJoin,
  type LineNode,
  type Paint,
  type PathNode,
  type RectNode,
  type SceneNode,
  type Stroke,
  type Subpath,
  type TextNode,
  type Transform,
  type Vec2,
} from "../../../doc/types";
import {
  LINEWORK_BACKGROUND_ATTRIBUTE,
  LINEWORK_DATA_ATTRIBUTE,
  LINEWORK_EXPORT_ATTRIBUTE,
} from "../../export/lineworkData";
import { IMPORT_LIMITS, ImportError } from "../limits";
import { fromBase64, readRasterInfo, toBase64 } from "../raster";
import type { ImportProgress } from "../result";
import { describeCounts, numbersWithin, type Draft } from "../tree";
import { localName, type XmlElement } from "../xml";
import { parseColor } from "./color";
import { emptySheet, hasExternalUrl, parseStyleSheet, type StyleSheet } from "./css";
import { blobOfDataUrl, readLineworkData } from "./lineworkData";
import { autoAngle, markerVertices, parseOrient, type MarkerVertex } from "./markers";
import { gradientPaint, type UserBox } from "./paint";
import { arcToCubics, parsePathData } from "./pathData";
import { computeStyle, declaredStyle, INITIAL_STYLE, type ComputedStyle } from "./style";
import { parseNumberList, parseTransformList } from "./transformList";

/**
 * An SVG element tree into editable drafts. Everything that is drawn becomes a node; every
 * feature that is not imported is counted for one summary warning; nothing that could run code
 * or reach the network survives (scripts, handlers, foreignObject, external references).
 */

export interface SvgConversion {
  readonly drafts: Draft[];
  readonly blobs: BlobRecord[];
  readonly warnings: string[];
}

interface Viewport {
  readonly width: number;
  readonly height: number;
}

interface Context {
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

/** Elements that draw nothing themselves and are silently skipped where they stand. */
const SILENT = new Set([
  "title",
  "desc",
  "metadata",
  "defs",
  "style",
  "linearGradient",
  "radialGradient",
  "stop",
  "symbol",
  "clipPath",
  "mask",
  "filter",
  "marker",
  "pattern",
  "font",
  "font-face",
  "cursor",
  "view",
]);

const ANIMATION = new Set(["animate", "animateTransform", "animateMotion", "set", "animateColor"]);

const SVG_NS = "http://www.w3.org/2000/svg";

export function convertSvg(
  root: XmlElement,
  name: string,
  externalEntityReferences: number,
  progress?: ImportProgress,
): SvgConversion {
  return new Converter(root, progress).run(name, externalEntityReferences);
}

class Converter {
  private readonly byId = new Map<string, XmlElement>();
  private readonly parentOf = new Map<XmlElement, XmlElement>();
  private readonly markerStyles = new Map<XmlElement, ComputedStyle>();
  private readonly sheet: StyleSheet = emptySheet();
  private readonly notImported = new Map<string, number>();
  private readonly blobs: BlobRecord[] = [];
  private readonly blobIds = createIdGenerator("b");
  private readonly urlCounts = { externalUrls: 0 };
  private produced = 0;
  private instances = 0;
  private lastPlaced: {
    readonly matrix: Matrix;
    readonly placed: { transform: Transform; userToLocal: Matrix } | null;
  } | null = null;
  private totalElements = 0;
  private visited = 0;
  private readonly warnings: string[] = [];
  /** Whether Linework wrote the file: its top level is a page, not a drawing to wrap in a group. */
  private readonly fromLinework: boolean;

  constructor(
    private readonly root: XmlElement,
    private readonly progress: ImportProgress | undefined,
  ) {
    this.fromLinework = root.attributes.get(LINEWORK_EXPORT_ATTRIBUTE) === "1";
  }

  run(name: string, externalEntityReferences: number): SvgConversion {
    if (localName(this.root.name) !== "svg") {
      throw new ImportError(
        `The file is XML but not SVG: its root element is <${this.root.name}>.`,
      );
    }
    this.survey();
    const viewport = { width: 100, height: 100 };
    const base: Context = {
      matrix: IDENTITY_MATRIX,
      style: INITIAL_STYLE,
      viewport,
      carriedOpacity: 1,
      groupDepth: 0,
      path: [],
      useDepth: 0,
    };
    const { matrix, viewport: inner } = this.viewportOf(this.root, base, true);
    const ctx: Context = { ...base, viewport: inner };
    const style = this.styleOf(this.root, ctx);
    const children = this.children(this.root, { ...ctx, style, path: [this.root] });
    const drafts: Draft[] = [];
    if (this.fromLinework) drafts.push(...children);
    else if (children.length > 0) {
      const group = makeNode<GroupNode>("group", "", "", "", {
        name: name.length > 0 ? name : "Imported SVG",
        transform: fromMatrix(matrix),
      });
      drafts.push({ node: group, children });
    }
    this.count("external reference", this.urlCounts.externalUrls);
    this.count("@import", this.sheet.imports);
    this.count("external entity reference", externalEntityReferences);
    this.count("unsupported CSS rule", this.sheet.unsupportedSelectors);
    const summary = describeCounts(this.notImported);
    if (summary.length > 0) this.warnings.push(`Not imported: ${summary}.`);
    return { drafts, blobs: this.blobs, warnings: this.warnings };
  }

  /** One pass over every element: ids, style sheets, and what can never be imported. */
  private survey(): void {
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

  private count(feature: string, n = 1): void {
    if (n > 0) this.notImported.set(feature, (this.notImported.get(feature) ?? 0) + n);
  }

  private styleOf(element: XmlElement, ctx: Context): ComputedStyle {
    return computeStyle(declaredStyle(element, this.sheet, this.urlCounts), ctx.style);
  }

  private children(element: XmlElement, ctx: Context): Draft[] {
    const out: Draft[] = [];
    for (const child of element.children) {
      if (typeof child === "string") continue;
      this.element(child, ctx, out);
    }
    return out;
  }

  private element(element: XmlElement, parent: Context, out: Draft[]): void {
    if (++this.visited % 4096 === 0)
      this.progress?.(Math.min(0.99, this.visited / this.totalElements));
    const ns = element.attributes.get("xmlns");
    if (element.name.includes(":") || (ns !== undefined && ns !== SVG_NS)) {
      this.count("element from another namespace");
      return;
    }
    const tag = localName(element.name);
    if (SILENT.has(tag) || tag === "script" || tag === "foreignObject") return;
    if (ANIMATION.has(tag)) {
      this.count("animation");
      return;
    }
    if (parent.useDepth > 0 && ++this.instances > IMPORT_LIMITS.maxUseInstances) {
      throw new ImportError(
        `<use> elements repeat more than ${IMPORT_LIMITS.maxUseInstances.toLocaleString("en")} elements (the limit); the file may be a use-expansion attack.`,
      );
    }
    if (parent.path.length >= IMPORT_LIMITS.maxNestingDepth) {
      throw new ImportError(
        `Elements are nested more than ${IMPORT_LIMITS.maxNestingDepth} deep (the limit), counting what <use> elements repeat.`,
      );
    }
    const data = element.attributes.get(LINEWORK_DATA_ATTRIBUTE);
    if (data !== undefined && this.lineworkNode(element, data, parent, out)) return;
    // The page background Linework drew behind the drawing: the page has its own.
    if (this.fromLinework && element.attributes.has(LINEWORK_BACKGROUND_ATTRIBUTE)) return;
    const style = this.styleOf(element, parent);
    if (style.get("display") === "none") return;
    this.countUnsupportedStyle(style);
    const own = element.attributes.get("transform");
    let matrix = parent.matrix;
    if (own !== undefined) {
      const parsed = parseTransformList(own);
      if (parsed === null) this.count("unreadable transform");
      else
        matrix = multiply(matrix, this.aroundOrigin(parsed, style.get("transform-origin"), parent));
    }
    const ctx: Context = { ...parent, matrix, style, path: [...parent.path, element] };
    const clip = this.clipRect(style.get("clip-path"));
    if (clip === null) this.draw(element, tag, ctx, out);
    else this.clipped(element, tag, ctx, out, clip);
  }

  /** What an element draws, once its style and transform are known. */
  private draw(element: XmlElement, tag: string, ctx: Context, out: Draft[]): void {
    switch (tag) {
      case "g":
      case "a":
      case "switch":
        if (tag === "a") this.count("link");
        this.group(element, ctx, out, tag === "switch");
        return;
      case "svg":
        this.nestedSvg(element, ctx, out);
        return;
      case "use":
        this.use(element, ctx, out);
        return;
      case "rect":
        this.emitWithMarkers(this.rect(element, ctx), element, ctx, out);
        return;
      case "circle":
      case "ellipse":
        this.emitWithMarkers(this.ellipse(element, ctx, tag === "circle"), element, ctx, out);
        return;
      case "line":
        this.emitWithMarkers(this.line(element, ctx), element, ctx, out);
        return;
      case "polyline":
      case "polygon":
        this.emitWithMarkers(this.poly(element, ctx, tag === "polygon"), element, ctx, out);
        return;
      case "path":
        this.emitWithMarkers(this.path(element, ctx), element, ctx, out);
        return;
      case "text":
        this.emit(this.text(element, ctx), ctx, out);
        return;
      case "image":
        this.emit(this.image(element, ctx), ctx, out);
        return;
      case "textPath":
        this.count("textPath element");
        return;
      default:
        this.count(`<${tag}> element`);
    }
  }

  private countUnsupportedStyle(style: ComputedStyle): void {
    const used = (key: string): boolean => {
      const value = style.get(key);
      return value !== undefined && value !== "none";
    };
    if (used("filter")) this.count("filter");
    if (used("mask")) this.count("mask");
    if (used("clip-path") && this.clipRect(style.get("clip-path")) === null)
      this.count("clip path");
  }

  // ---- Clip paths ----

  /**
   * The rectangle a `clip-path` reference clips to, when it maps onto a clipping frame: a
   * `<clipPath>` in user space, without a transform, holding one square-cornered `<rect>` placed
   * by at most a translation. Null for none and for every other clip path.
   */
  private clipRect(value: string | undefined): UserBox | null {
    const id = /^url\(\s*['"]?#([^)'"]+)['"]?\s*\)$/.exec(value?.trim() ?? "")?.[1];
    const clip = id === undefined ? undefined : this.byId.get(id);
    if (clip === undefined || localName(clip.name) !== "clipPath") return null;
    const units = clip.attributes.get("clipPathUnits");
    if ((units !== undefined && units !== "userSpaceOnUse") || clip.attributes.has("transform"))
      return null;
    const shapes = clip.children.filter((c): c is XmlElement => typeof c !== "string");
    const rect = shapes[0];
    if (shapes.length !== 1 || rect === undefined || localName(rect.name) !== "rect") return null;
    if (rect.attributes.has("rx") || rect.attributes.has("ry")) return null;
    if (rect.attributes.has("clip-path") || rect.attributes.has("style")) return null;
    const moved = parseTransformList(rect.attributes.get("transform") ?? "");
    if (moved === null || moved.a !== 1 || moved.b !== 0 || moved.c !== 0 || moved.d !== 1)
      return null;
    const at: Context = {
      matrix: IDENTITY_MATRIX,
      style: INITIAL_STYLE,
      viewport: { width: 100, height: 100 },
      carriedOpacity: 1,
      groupDepth: 0,
      path: [],
      useDepth: 0,
    };
    // Percentages would need the referencing element's viewport; such clips stay unsupported.
    for (const name of ["x", "y", "width", "height"])
      if (rect.attributes.get(name)?.trim().endsWith("%")) return null;
    const width = this.length(rect, "width", 0, at, "x");
    const height = this.length(rect, "height", 0, at, "y");
    if (!(width > 0 && height > 0)) return null;
    return {
      x: this.length(rect, "x", 0, at, "x") + moved.e,
      y: this.length(rect, "y", 0, at, "y") + moved.f,
      width,
      height,
    };
  }

  /**
   * An element clipped by a rectangle: a clipping frame over that rectangle (in the element's
   * user space, so after its own transform), holding what the element draws.
   */
  private clipped(
    element: XmlElement,
    tag: string,
    ctx: Context,
    out: Draft[],
    clip: UserBox,
  ): void {
    const transform = expressible(
      multiply(ctx.matrix, { ...IDENTITY_MATRIX, e: clip.x, f: clip.y }),
    );
    if (transform === null || ctx.groupDepth >= IMPORT_LIMITS.maxGroupDepth) {
      this.count("clip path");
      this.draw(element, tag, ctx, out);
      return;
    }
    const children: Draft[] = [];
    this.draw(
      element,
      tag,
      {
        ...ctx,
        matrix: { ...IDENTITY_MATRIX, e: -clip.x, f: -clip.y },
        groupDepth: ctx.groupDepth + 1,
      },
      children,
    );
    if (children.length === 0) return;
    const frame = makeNode<FrameNode>("frame", "", "", "", {
      name: `${element.attributes.get("id") ?? "Clip"} clip`,
      transform,
      width: clip.width,
      height: clip.height,
      clip: true,
      fill: NO_FILL,
      stroke: NO_STROKE,
    });
    this.produce();
    out.push({ node: frame, children });
  }

  // ---- Nodes Linework described ----

  /**
   * The node an element's `data-linework` describes, placed in the context, with its children
   * when it is a container; its SVG drawing is not converted. False when the data is invalid or
   * cannot be placed here, and the SVG is to be converted instead.
   */
  private lineworkNode(element: XmlElement, data: string, parent: Context, out: Draft[]): boolean {
    let node = readLineworkData(data);
    if (node === null) {
      this.count("invalid Linework data attribute");
      return false;
    }
    if (!isIdentity(parent.matrix)) {
      const transform = expressible(multiply(parent.matrix, toMatrix(node.transform)));
      if (transform === null || !numbersWithin(transform, IMPORT_LIMITS.maxMagnitude)) return false;
      node = { ...node, transform };
    }
    if (parent.carriedOpacity !== 1)
      node = { ...node, opacity: clampUnit(node.opacity * parent.carriedOpacity) };
    if (node.type === "image") {
      const href = element.attributes.get("href") ?? element.attributes.get("xlink:href") ?? "";
      const blob = blobOfDataUrl(href.trim(), this.blobIds());
      if (blob === null) {
        this.count("invalid Linework data attribute");
        return false;
      }
      this.blobs.push(blob);
      node = { ...node, blob: blob.id };
    }
    if (node.type !== "group" && node.type !== "frame") {
      this.produce();
      out.push({ node, children: null });
      return true;
    }
    if (parent.groupDepth >= IMPORT_LIMITS.maxGroupDepth) return false;
    const ctx: Context = {
      ...parent,
      matrix: IDENTITY_MATRIX,
      carriedOpacity: 1,
      groupDepth: parent.groupDepth + 1,
      style: this.styleOf(element, parent),
      path: [...parent.path, element],
    };
    const children: Draft[] = [];
    this.lineworkChildren(element, ctx, children);
    this.produce();
    out.push({ node, children });
    return true;
  }

  /**
   * A Linework container's children: the elements that carry data, looking through the plain
   * groups it wraps them in (a frame's clip); the container's own drawing (a frame's background)
   * is left out.
   */
  private lineworkChildren(element: XmlElement, ctx: Context, out: Draft[]): void {
    for (const child of element.children) {
      if (typeof child === "string") continue;
      if (child.attributes.has(LINEWORK_DATA_ATTRIBUTE)) this.element(child, ctx, out);
      else if (localName(child.name) === "g" && !child.attributes.has("transform"))
        this.lineworkChildren(child, ctx, out);
    }
  }

  // ---- Containers ----

  private group(element: XmlElement, ctx: Context, out: Draft[], firstOnly: boolean): void {
    const opacity = this.opacityOf(ctx.style);
    const transform = expressible(ctx.matrix);
    if (transform === null || ctx.groupDepth >= IMPORT_LIMITS.maxGroupDepth) {
      // Too deep for the document, or a transform a group cannot hold: the children go into
      // the enclosing group with the transform and opacity folded into them.
      const inner: Context = { ...ctx, carriedOpacity: ctx.carriedOpacity * opacity };
      this.containerChildren(element, inner, out, firstOnly);
      return;
    }
    const inner: Context = {
      ...ctx,
      matrix: IDENTITY_MATRIX,
      carriedOpacity: 1,
      groupDepth: ctx.groupDepth + 1,
    };
    const children: Draft[] = [];
    this.containerChildren(element, inner, children, firstOnly);
    if (children.length === 0) return;
    const node = makeNode<GroupNode>("group", "", "", "", {
      name: element.attributes.get("id") ?? "Group",
      transform,
      opacity: clampUnit(opacity * ctx.carriedOpacity),
      blendMode: this.blendOf(ctx.style),
      hidden: false,
    });
    this.produce();
    out.push({ node, children });
  }

  private containerChildren(
    element: XmlElement,
    ctx: Context,
    out: Draft[],
    firstOnly: boolean,
  ): void {
    // Children are visited here rather than through children(): one stack frame fewer per
    // level keeps the deepest nesting the limits allow within the browser's stack.
    for (const child of element.children) {
      if (typeof child === "string") continue;
      const before = out.length;
      this.element(child, ctx, out);
      // <switch>: the first child that renders; conditions on features and languages are met.
      if (firstOnly && out.length > before) return;
    }
  }

  private viewportOf(
    element: XmlElement,
    ctx: Context,
    outermost: boolean,
    size?: { width: number; height: number },
  ): { matrix: Matrix; viewport: Viewport } {
    const viewBox = parseNumberList(element.attributes.get("viewBox") ?? "", 4);
    const box =
      viewBox !== null && viewBox.length === 4 && viewBox[2]! > 0 && viewBox[3]! > 0
        ? viewBox
        : null;
    const x = outermost ? 0 : this.length(element, "x", 0, ctx, "x");
    const y = outermost ? 0 : this.length(element, "y", 0, ctx, "y");
    const fallbackW = outermost && box !== null ? box[2]! : outermost ? 100 : ctx.viewport.width;
    const fallbackH = outermost && box !== null ? box[3]! : outermost ? 100 : ctx.viewport.height;
    const width =
      size?.width ??
      this.length(
        element,
        "width",
        fallbackW,
        ctx,
        "x",
        outermost && box !== null ? box[2]! : undefined,
      );
    const height =
      size?.height ??
      this.length(
        element,
        "height",
        fallbackH,
        ctx,
        "y",
        outermost && box !== null ? box[3]! : undefined,
      );
    const translate: Matrix = { ...IDENTITY_MATRIX, e: x, f: y };
    if (box === null) return { matrix: translate, viewport: { width, height } };
    const fit = viewBoxMatrix(box, width, height, element.attributes.get("preserveAspectRatio"));
    return { matrix: multiply(translate, fit), viewport: { width: box[2]!, height: box[3]! } };
  }

  private nestedSvg(element: XmlElement, ctx: Context, out: Draft[]): void {
    const { matrix, viewport } = this.viewportOf(element, ctx, false);
    const inner: Context = { ...ctx, matrix: multiply(ctx.matrix, matrix), viewport };
    this.group(element, inner, out, false);
  }

  private use(element: XmlElement, ctx: Context, out: Draft[]): void {
    const href = element.attributes.get("href") ?? element.attributes.get("xlink:href");
    if (href === undefined) return;
    if (!href.trim().startsWith("#")) {
      if (!/^javascript:/i.test(href.trim())) this.count("external reference");
      return;
    }
    const target = this.byId.get(href.trim().slice(1));
    if (target === undefined) {
      this.count("reference to a missing element");
      return;
    }
    if (ctx.path.includes(target) || ctx.useDepth >= IMPORT_LIMITS.maxUseDepth) {
      this.count("recursive <use> reference");
      return;
    }
    const x = this.length(element, "x", 0, ctx, "x");
    const y = this.length(element, "y", 0, ctx, "y");
    const moved: Context = {
      ...ctx,
      matrix: multiply(ctx.matrix, { ...IDENTITY_MATRIX, e: x, f: y }),
      useDepth: ctx.useDepth + 1,
    };
    const tag = localName(target.name);
    const holder: Draft[] = [];
    if (tag === "symbol" || tag === "svg") {
      const hasW = element.attributes.has("width");
      const hasH = element.attributes.has("height");
      const size =
        hasW || hasH
          ? {
              width: this.length(element, "width", ctx.viewport.width, ctx, "x"),
              height: this.length(element, "height", ctx.viewport.height, ctx, "y"),
            }
          : undefined;
      const style = this.styleOf(target, moved);
      const symbolCtx: Context = { ...moved, style, path: [...moved.path, target] };
      const { matrix, viewport } = this.viewportOf(
        target,
        symbolCtx,
        false,
        size ??
          (tag === "symbol"
            ? { width: ctx.viewport.width, height: ctx.viewport.height }
            : undefined),
      );
      const inner: Context = { ...symbolCtx, matrix: multiply(symbolCtx.matrix, matrix), viewport };
      this.group(target, inner, holder, false);
    } else {
      this.element(target, moved, holder);
    }
    // The use element is itself a group: its opacity applies to what it shows.
    for (const draft of holder) out.push(draft);
  }

  // ---- Shapes ----

  private emit(draft: SceneNode | null, ctx: Context, out: Draft[]): void {
    if (draft === null) return;
    const opacity = clampUnit(this.opacityOf(ctx.style) * ctx.carriedOpacity);
    const node = {
      ...draft,
      opacity,
      blendMode: this.blendOf(ctx.style),
      hidden:
        ctx.style.get("visibility") === "hidden" || ctx.style.get("visibility") === "collapse",
      name: ctx.path.at(-1)?.attributes.get("id") ?? draft.name,
    } as SceneNode;
    if (!numbersWithin(node, IMPORT_LIMITS.maxMagnitude)) {
      this.count("shape with out-of-range numbers");
      return;
    }
    this.produce();
    out.push({ node, children: null });
  }

  // ---- Markers ----

  /** A shape, then the markers SVG draws on its vertices (above it, in vertex order). */
  private emitWithMarkers(
    draft: SceneNode | null,
    element: XmlElement,
    ctx: Context,
    out: Draft[],
  ): void {
    const before = out.length;
    this.emit(draft, ctx, out);
    if (out.length === before) return;
    const start = this.markerOf(ctx.style.get("marker-start"));
    const mid = this.markerOf(ctx.style.get("marker-mid"));
    const end = this.markerOf(ctx.style.get("marker-end"));
    if (start === null && mid === null && end === null) return;
    const subpaths = this.markableGeometry(element, ctx);
    if (subpaths.length === 0) return;
    const vertices = markerVertices(subpaths);
    const strokeWidth = this.parseLength(ctx.style.get("stroke-width") ?? "1", 1, ctx, "other");
    vertices.forEach((vertex, i) => {
      const first = i === 0;
      const last = i === vertices.length - 1;
      // A path of one vertex gets both its start and its end marker there.
      if (first && start !== null) this.marker(start, vertex, true, strokeWidth, ctx, out);
      if (!first && !last && mid !== null) this.marker(mid, vertex, false, strokeWidth, ctx, out);
      if (last && end !== null) this.marker(end, vertex, false, strokeWidth, ctx, out);
    });
  }

  /** The `<marker>` a marker property names, or null for none, a missing id or another element. */
  private markerOf(value: string | undefined): XmlElement | null {
    const id = /^url\(\s*['"]?#([^)'"]+)['"]?\s*\)$/.exec(value?.trim() ?? "")?.[1];
    const target = id === undefined ? undefined : this.byId.get(id);
    return target !== undefined && localName(target.name) === "marker" ? target : null;
  }

  /** The shape as SVG 2 defines its path for markers (rects and ellipses included). */
  private markableGeometry(element: XmlElement, ctx: Context): Subpath[] {
    switch (localName(element.name)) {
      case "path":
        return parsePathData(element.attributes.get("d") ?? "").subpaths;
      case "line": {
        const { start, end } = this.lineEnds(element, ctx);
        return [{ start, segments: [{ type: "line", to: end }], closed: false }];
      }
      case "polyline":
      case "polygon": {
        const sub = this.polySubpath(element, localName(element.name) === "polygon");
        return sub === null ? [] : [sub];
      }
      case "rect": {
        const r = this.rectShape(element, ctx);
        return r === null ? [] : rectSubpaths(r.x, r.y, r.width, r.height, r.rx, r.ry);
      }
      case "circle":
      case "ellipse": {
        const e = this.ellipseShape(element, ctx, localName(element.name) === "circle");
        return e === null ? [] : ellipseSubpaths(e.cx, e.cy, e.rx, e.ry);
      }
      default:
        return [];
    }
  }

  /**
   * One marker instance: the marker's content placed at the vertex, turned by its orient and
   * scaled by the stroke width (markerUnits), its viewBox fitted into markerWidth × markerHeight.
   * With overflow hidden (the default) the content is clipped to that box: a clipping frame.
   */
  private marker(
    marker: XmlElement,
    vertex: MarkerVertex,
    isStart: boolean,
    strokeWidth: number,
    ctx: Context,
    out: Draft[],
  ): void {
    if (ctx.path.includes(marker) || ctx.useDepth >= IMPORT_LIMITS.maxUseDepth) {
      this.count("recursive marker");
      return;
    }
    const width = this.length(marker, "markerWidth", 3, ctx, "x");
    const height = this.length(marker, "markerHeight", 3, ctx, "y");
    const units = marker.attributes.get("markerUnits") === "userSpaceOnUse" ? 1 : strokeWidth;
    if (!(width > 0 && height > 0 && units > 0)) return;
    const orient = parseOrient(marker.attributes.get("orient"));
    const degrees =
      orient.kind === "fixed"
        ? orient.degrees
        : autoAngle(vertex) + (orient.reverseStart && isStart ? 180 : 0);
    const viewBox = parseNumberList(marker.attributes.get("viewBox") ?? "", 4);
    const box =
      viewBox !== null && viewBox.length === 4 && viewBox[2]! > 0 && viewBox[3]! > 0
        ? viewBox
        : null;
    const fit =
      box === null
        ? IDENTITY_MATRIX
        : viewBoxMatrix(box, width, height, marker.attributes.get("preserveAspectRatio"));
    const viewport = box === null ? { width, height } : { width: box[2]!, height: box[3]! };
    const style = this.markerStyle(marker);
    const content: Context = {
      ...ctx,
      style,
      viewport,
      path: [...ctx.path, marker],
      useDepth: ctx.useDepth + 1,
    };
    const ref = apply(fit, {
      x: this.length(marker, "refX", 0, ctx, "x"),
      y: this.length(marker, "refY", 0, ctx, "y"),
    });
    const angle = (degrees * Math.PI) / 180;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const placement = multiply(ctx.matrix, {
      a: cos * units,
      b: sin * units,
      c: -sin * units,
      d: cos * units,
      e: vertex.point.x - (cos * ref.x - sin * ref.y) * units,
      f: vertex.point.y - (sin * ref.x + cos * ref.y) * units,
    });
    const opacity = this.opacityOf(ctx.style) * ctx.carriedOpacity;
    const overflow = style.get("overflow") ?? "hidden";
    const transform = expressible(placement);
    if (
      (overflow === "hidden" || overflow === "scroll") &&
      transform !== null &&
      ctx.groupDepth < IMPORT_LIMITS.maxGroupDepth
    ) {
      const children = this.children(marker, {
        ...content,
        matrix: fit,
        carriedOpacity: 1,
        groupDepth: ctx.groupDepth + 1,
      });
      if (children.length === 0) return;
      const frame = makeNode<FrameNode>("frame", "", "", "", {
        name: marker.attributes.get("id") ?? "Marker",
        transform,
        width,
        height,
        clip: true,
        fill: NO_FILL,
        stroke: NO_STROKE,
        opacity: clampUnit(opacity),
      });
      this.produce();
      out.push({ node: frame, children });
      return;
    }
    this.group(
      marker,
      { ...content, matrix: multiply(placement, fit), carriedOpacity: opacity },
      out,
      false,
    );
  }

  /** A marker's content inherits from the marker's ancestors, not from the shape it marks. */
  private markerStyle(marker: XmlElement): ComputedStyle {
    const known = this.markerStyles.get(marker);
    if (known !== undefined) return known;
    const chain: XmlElement[] = [];
    for (let e: XmlElement | undefined = marker; e !== undefined; e = this.parentOf.get(e))
      chain.push(e);
    let style = INITIAL_STYLE;
    for (const element of chain.reverse())
      style = computeStyle(declaredStyle(element, this.sheet, this.urlCounts), style);
    this.markerStyles.set(marker, style);
    return style;
  }

  private produce(): void {
    if (++this.produced > IMPORT_LIMITS.maxElements) {
      throw new ImportError(
        `The drawing expands to more than ${IMPORT_LIMITS.maxElements.toLocaleString("en")} shapes (the limit).`,
      );
    }
  }

  private rectShape(element: XmlElement, ctx: Context): RectShape | null {
    const x = this.length(element, "x", 0, ctx, "x");
    const y = this.length(element, "y", 0, ctx, "y");
    const width = this.length(element, "width", 0, ctx, "x");
    const height = this.length(element, "height", 0, ctx, "y");
    if (!(width > 0 && height > 0)) return null;
    const rxSet = element.attributes.has("rx");
    const rySet = element.attributes.has("ry");
    let rx = Math.max(0, this.length(element, "rx", 0, ctx, "x"));
    let ry = Math.max(0, this.length(element, "ry", 0, ctx, "y"));
    if (rxSet && !rySet) ry = rx;
    if (rySet && !rxSet) rx = ry;
    return { x, y, width, height, rx: Math.min(rx, width / 2), ry: Math.min(ry, height / 2) };
  }

  private rect(element: XmlElement, ctx: Context): SceneNode | null {
    const shape = this.rectShape(element, ctx);
    if (shape === null) return null;
    const { x, y, width, height, rx, ry } = shape;
    const box = { x, y, width, height };
    const offset: Matrix = { ...IDENTITY_MATRIX, e: x, f: y };
    const placed = this.place(ctx, offset);
    if (placed !== null && Math.abs(rx - ry) < 1e-9) {
      return makeNode<RectNode>("rect", "", "", "", {
        ...this.styled(ctx, placed.userToLocal, box),
        transform: placed.transform,
        width,
        height,
        radii: [rx, rx, rx, rx],
      });
    }
    return this.pathNode(ctx, rectSubpaths(x, y, width, height, rx, ry), "nonzero", box);
  }

  private ellipseShape(element: XmlElement, ctx: Context, circle: boolean): EllipseShape | null {
    const cx = this.length(element, "cx", 0, ctx, "x");
    const cy = this.length(element, "cy", 0, ctx, "y");
    let rx: number;
    let ry: number;
    if (circle) rx = ry = this.length(element, "r", 0, ctx, "other");
    else {
      const rxAuto = !element.attributes.has("rx") || element.attributes.get("rx") === "auto";
      const ryAuto = !element.attributes.has("ry") || element.attributes.get("ry") === "auto";
      rx = this.length(element, "rx", 0, ctx, "x");
      ry = this.length(element, "ry", 0, ctx, "y");
      if (rxAuto && !ryAuto) rx = ry;
      if (ryAuto && !rxAuto) ry = rx;
    }
    return rx > 0 && ry > 0 ? { cx, cy, rx, ry } : null;
  }

  private ellipse(element: XmlElement, ctx: Context, circle: boolean): SceneNode | null {
    const shape = this.ellipseShape(element, ctx, circle);
    if (shape === null) return null;
    const { cx, cy, rx, ry } = shape;
    const box = { x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry };
    const placed = this.place(ctx, { ...IDENTITY_MATRIX, e: cx - rx, f: cy - ry });
    if (placed !== null) {
      return makeNode<EllipseNode>("ellipse", "", "", "", {
        ...this.styled(ctx, placed.userToLocal, box),
        transform: placed.transform,
        width: 2 * rx,
        height: 2 * ry,
      });
    }
    return this.pathNode(ctx, ellipseSubpaths(cx, cy, rx, ry), "nonzero", box);
  }

  private lineEnds(element: XmlElement, ctx: Context): { start: Vec2; end: Vec2 } {
    return {
      start: {
        x: this.length(element, "x1", 0, ctx, "x"),
        y: this.length(element, "y1", 0, ctx, "y"),
      },
      end: {
        x: this.length(element, "x2", 0, ctx, "x"),
        y: this.length(element, "y2", 0, ctx, "y"),
      },
    };
  }

  private line(element: XmlElement, ctx: Context): SceneNode | null {
    const { start, end } = this.lineEnds(element, ctx);
    const box = boxOf([start, end]);
    const placed = this.place(ctx, IDENTITY_MATRIX);
    if (placed !== null) {
      return makeNode<LineNode>("line", "", "", "", {
        ...this.styled(ctx, placed.userToLocal, box),
        fill: NO_FILL,
        transform: placed.transform,
        start,
        end,
        startHead: "none",
        endHead: "none",
      });
    }
    return this.pathNode(
      ctx,
      [{ start, segments: [{ type: "line", to: end }], closed: false }],
      "nonzero",
      box,
    );
  }

  private polySubpath(element: XmlElement, closed: boolean): Subpath | null {
    const numbers =
      parseNumberList(element.attributes.get("points") ?? "", IMPORT_LIMITS.maxPathNumbers) ?? [];
    const points: Vec2[] = [];
    for (let i = 0; i + 1 < numbers.length; i += 2)
      points.push({ x: numbers[i]!, y: numbers[i + 1]! });
    if (points.length < 2) return null;
    return {
      start: points[0]!,
      segments: points.slice(1).map((to) => ({ type: "line" as const, to })),
      closed,
    };
  }

  private poly(element: XmlElement, ctx: Context, closed: boolean): SceneNode | null {
    const sub = this.polySubpath(element, closed);
    return sub === null ? null : this.pathNode(ctx, [sub], this.fillRule(ctx), undefined);
  }

  private path(element: XmlElement, ctx: Context): SceneNode | null {
    const parsed = parsePathData(element.attributes.get("d") ?? "");
    if (parsed.error !== null) this.count("path with a data error (drawn up to the error)");
    if (parsed.subpaths.length === 0) return null;
    return this.pathNode(ctx, parsed.subpaths, this.fillRule(ctx), undefined);
  }

  private pathNode(
    ctx: Context,
    subpaths: Subpath[],
    fillRule: "nonzero" | "evenodd",
    box: UserBox | undefined,
  ): PathNode {
    // The box is only needed by objectBoundingBox gradients; most paths never ask for it.
    let measured: UserBox | undefined = box;
    const userBox = (): UserBox => (measured ??= boxOf(subpathPoints(subpaths)));
    const placed = this.place(ctx, IDENTITY_MATRIX);
    if (placed !== null) {
      return makeNode<PathNode>("path", "", "", "", {
        ...this.styled(ctx, placed.userToLocal, userBox),
        transform: placed.transform,
        subpaths,
        fillRule,
      });
    }
    // A transform the node cannot hold is baked into the geometry.
    const m = ctx.matrix;
    const styled = this.styled(ctx, m, userBox);
    const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    return makeNode<PathNode>("path", "", "", "", {
      ...styled,
      stroke: { ...styled.stroke, width: styled.stroke.width * scale },
      transform: IDENTITY_TRANSFORM,
      subpaths: subpaths.map((s) => mapSubpath(s, m)),
      fillRule,
    });
  }

  private text(element: XmlElement, ctx: Context): SceneNode | null {
    const content = textContent(element).replace(/\s+/g, " ").trim();
    if (content.length === 0) return null;
    const x = firstLength(element.attributes.get("x"));
    const y = firstLength(element.attributes.get("y"));
    const fontSize = Math.max(
      0.1,
      this.parseLength(ctx.style.get("font-size") ?? "16", 16, ctx, "y"),
    );
    const family = (ctx.style.get("font-family") ?? "sans-serif")
      .split(",")[0]!
      .trim()
      .replace(/^['"]|['"]$/g, "");
    const weightText = ctx.style.get("font-weight") ?? "normal";
    const weight =
      weightText === "bold" || weightText === "bolder" ? 700 : Number.parseInt(weightText, 10);
    const anchor = ctx.style.get("text-anchor") ?? "start";
    const estimatedWidth = content.length * fontSize * 0.6;
    const left =
      anchor === "middle" ? x - estimatedWidth / 2 : anchor === "end" ? x - estimatedWidth : x;
    // SVG places text by its baseline; a text node by its top.
    const top = y - fontSize * 0.8;
    const placed = this.place(ctx, { ...IDENTITY_MATRIX, e: left, f: top });
    if (placed === null) {
      this.count("text element with a singular transform");
      return null;
    }
    const box = { x: left, y: top, width: estimatedWidth, height: fontSize };
    return makeNode<TextNode>("text", "", "", "", {
      ...this.styled(ctx, placed.userToLocal, box),
      transform: placed.transform,
      content: content.slice(0, 100_000),
      fontFamily: family.slice(0, 200) || "sans-serif",
      fontSize,
      fontWeight: Number.isFinite(weight) ? Math.min(1000, Math.max(1, weight)) : 400,
      fontStyle:
        ctx.style.get("font-style") === "italic" || ctx.style.get("font-style") === "oblique"
          ? "italic"
          : "normal",
      align: "left",
      lineHeight: 1.2,
      width: null,
    });
  }

  private image(element: XmlElement, ctx: Context): SceneNode | null {
    const href = (
      element.attributes.get("href") ??
      element.attributes.get("xlink:href") ??
      ""
    ).trim();
    const data = /^data:(image\/[\w.+-]+)?(;[^,]*)?,/i.exec(href);
    if (data === null) {
      if (href.length > 0 && !/^javascript:/i.test(href)) this.count("external image");
      return null;
    }
    if (!/;base64/i.test(data[2] ?? "")) {
      this.count("non-base64 image");
      return null;
    }
    const bytes = fromBase64(href.slice(data[0].length));
    let info;
    try {
      if (bytes === null) throw new ImportError("bad base64");
      info = readRasterInfo(bytes);
    } catch {
      this.count("unreadable image");
      return null;
    }
    const x = this.length(element, "x", 0, ctx, "x");
    const y = this.length(element, "y", 0, ctx, "y");
    const w = element.attributes.has("width")
      ? this.length(element, "width", 0, ctx, "x")
      : info.width;
    const h = element.attributes.has("height")
      ? this.length(element, "height", 0, ctx, "y")
      : info.height;
    if (!(w > 0 && h > 0)) return null;
    // preserveAspectRatio's default, xMidYMid meet: the largest box of the image's ratio that fits.
    const keep =
      (element.attributes.get("preserveAspectRatio") ?? "").trim().startsWith("none") === false;
    let width = w;
    let height = h;
    if (keep) {
      const scale = Math.min(w / info.width, h / info.height);
      width = info.width * scale;
      height = info.height * scale;
    }
    const placed = this.place(ctx, {
      ...IDENTITY_MATRIX,
      e: x + (w - width) / 2,
      f: y + (h - height) / 2,
    });
    if (placed === null) return null;
    const blob: BlobRecord = {
      id: this.blobIds(),
      type: "blob",
      mime: info.mime,
      data: toBase64(bytes!),
    };
    this.blobs.push(blob);
    return makeNode<ImageNode>("image", "", "", "", {
      transform: placed.transform,
      blob: blob.id,
      naturalWidth: info.width,
      naturalHeight: info.height,
      width,
      height,
    });
  }

  // ---- Style ----

  /**
   * Where a node goes: its transform, and the map from the element's user space to the node's
   * local space (for gradients); null when the transform cannot be held by a node.
   */
  private place(
    ctx: Context,
    offset: Matrix,
  ): { transform: Transform; userToLocal: Matrix } | null {
    // Siblings share their context's matrix: paths (no offset) decompose it once.
    if (offset === IDENTITY_MATRIX && this.lastPlaced?.matrix === ctx.matrix)
      return this.lastPlaced.placed;
    const transform = expressible(multiply(ctx.matrix, offset));
    const userToLocal = invert(offset);
    const placed = transform === null || userToLocal === null ? null : { transform, userToLocal };
    if (offset === IDENTITY_MATRIX) this.lastPlaced = { matrix: ctx.matrix, placed };
    return placed;
  }

  private styled(
    ctx: Context,
    userToLocal: Matrix,
    box: UserBox | (() => UserBox),
  ): { fill: Fill; stroke: Stroke } {
    const style = ctx.style;
    const fillOpacity = unitNumber(style.get("fill-opacity"), 1);
    const strokeOpacity = unitNumber(style.get("stroke-opacity"), 1);
    const fillPaint = this.paint(style.get("fill") ?? "black", ctx, fillOpacity, userToLocal, box);
    const strokePaint = this.paint(
      style.get("stroke") ?? "none",
      ctx,
      strokeOpacity,
      userToLocal,
      box,
    );
    const width = Math.max(0, this.parseLength(style.get("stroke-width") ?? "1", 1, ctx, "other"));
    return {
      fill: fillPaint ?? NO_FILL,
      stroke: {
        paint: width > 0 ? strokePaint : null,
        width,
        dash: this.dashes(style.get("stroke-dasharray"), ctx),
        dashOffset: this.parseLength(style.get("stroke-dashoffset") ?? "0", 0, ctx, "other"),
        cap: oneOf<LineCap>(style.get("stroke-linecap"), ["butt", "round", "square"], "butt"),
        join: joinOf(style.get("stroke-linejoin")),
        miterLimit: Math.max(1, Number.parseFloat(style.get("stroke-miterlimit") ?? "4") || 4),
      },
    };
  }

  private paint(
    value: string,
    ctx: Context,
    opacity: number,
    userToLocal: Matrix,
    box: UserBox | (() => UserBox),
  ): Paint | null {
    const style = ctx.style;
    const text = value.trim();
    if (text === "none") return null;
    const url = /^url\(\s*['"]?#([^)'"]+)['"]?\s*\)\s*(.*)$/.exec(text);
    if (url !== null) {
      const target = this.byId.get(url[1]!);
      const tag = target === undefined ? "" : localName(target.name);
      if (target !== undefined && (tag === "linearGradient" || tag === "radialGradient")) {
        return gradientPaint(
          target,
          {
            byId: this.byId,
            viewport: ctx.viewport,
            stopStyle: (stop) => {
              const declared = declaredStyle(stop, this.sheet, this.urlCounts);
              const color = declared.get("stop-color") ?? "black";
              return {
                color: color === "currentColor" ? (style.get("color") ?? "black") : color,
                opacity: declared.get("stop-opacity") ?? "1",
              };
            },
          },
          userToLocal,
          typeof box === "function" ? box() : box,
          opacity,
        );
      }
      if (tag === "pattern") this.count("pattern");
      const fallback = url[2]!.trim();
      if (fallback.length > 0) return this.paint(fallback, ctx, opacity, userToLocal, box);
      if (target === undefined) this.count("reference to a missing paint");
      return null;
    }
    if (hasExternalUrl(text)) {
      this.count("external reference");
      return null;
    }
    let parsed = parseColor(text);
    if (parsed === "currentColor") parsed = parseColor(style.get("color") ?? "black");
    if (parsed === null || parsed === "currentColor") return null;
    if (parsed === "transparent") return null;
    return { type: "solid", color: { ...parsed, a: parsed.a * opacity } };
  }

  private dashes(value: string | undefined, ctx: Context): number[] {
    if (value === undefined || value.trim() === "none") return [];
    const parts = value
      .split(/[\s,]+/)
      .filter((p) => p.length > 0)
      .slice(0, 256);
    const lengths = parts.map((p) => this.parseLength(p, Number.NaN, ctx, "other"));
    if (lengths.some((n) => !Number.isFinite(n) || n < 0)) return [];
    if (lengths.every((n) => n === 0)) return [];
    return lengths.length % 2 === 1 ? [...lengths, ...lengths] : lengths;
  }

  private fillRule(ctx: Context): "nonzero" | "evenodd" {
    return ctx.style.get("fill-rule") === "evenodd" ? "evenodd" : "nonzero";
  }

  private opacityOf(style: ComputedStyle): number {
    return unitNumber(style.get("opacity"), 1);
  }

  private blendOf(style: ComputedStyle): BlendMode {
    const mode = style.get("mix-blend-mode");
    return (BLEND_MODES as readonly string[]).includes(mode ?? "") ? (mode as BlendMode) : "normal";
  }

  /** `transform-origin`: the transform applied about a point instead of the origin. */
  private aroundOrigin(m: Matrix, origin: string | undefined, ctx: Context): Matrix {
    if (origin === undefined) return m;
    const keywords: Readonly<Record<string, string>> = {
      left: "0%",
      top: "0%",
      center: "50%",
      right: "100%",
      bottom: "100%",
    };
    const parts = origin
      .trim()
      .split(/\s+/)
      .map((p) => keywords[p] ?? p);
    if (parts.length === 1) parts.push("50%");
    const [first, second] = origin.trim().split(/\s+/);
    // "top left" names y first; keywords say which axis they are on.
    const swap =
      (first === "top" || first === "bottom") && (second === "left" || second === "right");
    const ox = this.parseLength(parts[swap ? 1 : 0]!, 0, ctx, "x");
    const oy = this.parseLength(parts[swap ? 0 : 1]!, 0, ctx, "y");
    if (ox === 0 && oy === 0) return m;
    return multiply(multiply({ ...IDENTITY_MATRIX, e: ox, f: oy }, m), {
      ...IDENTITY_MATRIX,
      e: -ox,
      f: -oy,
    });
  }

  // ---- Lengths ----

  private length(
    element: XmlElement,
    name: string,
    fallback: number,
    ctx: Context,
    axis: "x" | "y" | "other",
    whenMissing?: number,
  ): number {
    const value = element.attributes.get(name);
    if (value === undefined) return whenMissing ?? fallback;
    return this.parseLength(value, fallback, ctx, axis);
  }

  private parseLength(
    value: string,
    fallback: number,
    ctx: Context,
    axis: "x" | "y" | "other",
  ): number {
    const match =
      /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(px|pt|pc|mm|cm|in|em|ex|%)?\s*$/.exec(
        value,
      );
    if (match === null) return fallback;
    const n = Number(match[1]);
    if (!Number.isFinite(n)) return fallback;
    const { width, height } = ctx.viewport;
    switch (match[2]) {
      case "pt":
        return (n * 4) / 3;
      case "pc":
        return n * 16;
      case "mm":
        return (n * 96) / 25.4;
      case "cm":
        return (n * 96) / 2.54;
      case "in":
        return n * 96;
      case "em":
        return n * 16;
      case "ex":
        return n * 8;
      case "%": {
        const reference =
          axis === "x"
            ? width
            : axis === "y"
              ? height
              : Math.sqrt((width * width + height * height) / 2);
        return (n / 100) * reference;
      }
      default:
        return n;
    }
  }
}

interface RectShape {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly rx: number;
  readonly ry: number;
}

interface EllipseShape {
  readonly cx: number;
  readonly cy: number;
  readonly rx: number;
  readonly ry: number;
}

/** The transform as editable parts, or null when the parts would not give it back. */
export function expressible(m: Matrix): Transform | null {
  const t = fromMatrix(m);
  const back = toMatrix(t);
  const scale = Math.max(1, Math.abs(m.a), Math.abs(m.b), Math.abs(m.c), Math.abs(m.d));
  const close = (p: number, q: number, s: number): boolean => Math.abs(p - q) <= 1e-7 * s;
  const det = m.a * m.d - m.b * m.c;
  if (det === 0 || !Number.isFinite(det)) return null;
  if (
    !close(back.a, m.a, scale) ||
    !close(back.b, m.b, scale) ||
    !close(back.c, m.c, scale) ||
    !close(back.d, m.d, scale) ||
    !Number.isFinite(t.x + t.y + t.rotation + t.scaleX + t.scaleY + t.skewX)
  )
    return null;
  return t;
}

function isIdentity(m: Matrix): boolean {
  return m.a === 1 && m.b === 0 && m.c === 0 && m.d === 1 && m.e === 0 && m.f === 0;
}

function viewBoxMatrix(
  box: readonly number[],
  width: number,
  height: number,
  aspect: string | undefined,
): Matrix {
  const [vx, vy, vw, vh] = box as [number, number, number, number];
  let sx = width / vw;
  let sy = height / vh;
  const parts = (aspect ?? "xMidYMid meet").trim().split(/\s+/);
  const align = parts[0] === "defer" ? (parts[1] ?? "xMidYMid") : parts[0]!;
  const slice = parts.includes("slice");
  if (align === "none") return { a: sx, b: 0, c: 0, d: sy, e: -vx * sx, f: -vy * sy };
  const s = slice ? Math.max(sx, sy) : Math.min(sx, sy);
  sx = sy = s;
  let tx = -vx * s;
  let ty = -vy * s;
  const extraX = width - vw * s;
  const extraY = height - vh * s;
  if (align.includes("xMid")) tx += extraX / 2;
  else if (align.includes("xMax")) tx += extraX;
  if (align.includes("YMid")) ty += extraY / 2;
  else if (align.includes("YMax")) ty += extraY;
  return { a: s, b: 0, c: 0, d: s, e: tx, f: ty };
}

function textContent(element: XmlElement): string {
  let out = "";
  const stack: Array<XmlElement | string> = [...element.children].reverse();
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === "string") out += item;
    else if (localName(item.name) === "tspan")
      for (let i = item.children.length - 1; i >= 0; i--) stack.push(item.children[i]!);
  }
  return out;
}

function firstLength(value: string | undefined): number {
  const first = parseNumberList((value ?? "").replace(/px/g, ""), 1)?.[0];
  return first ?? (value === undefined ? 0 : Number.parseFloat(value) || 0);
}

function unitNumber(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const text = value.trim();
  const n = text.endsWith("%") ? Number.parseFloat(text) / 100 : Number.parseFloat(text);
  return Number.isFinite(n) ? clampUnit(n) : fallback;
}

function clampUnit(n: number): number {
  return n < 0 ? 0 : n > 1 ? 1 : n;
}

function oneOf<T extends string>(value: string | undefined, options: readonly T[], fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

function joinOf(value: string | undefined): LineJoin {
  if (value === "round" || value === "bevel") return value;
  return "miter";
}

function boxOf(points: readonly Vec2[]): UserBox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  if (minX > maxX) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

function subpathPoints(subpaths: readonly Subpath[]): Vec2[] {
  const out: Vec2[] = [];
  for (const sub of subpaths) {
    out.push(sub.start);
    for (const seg of sub.segments) {
      out.push(seg.to);
      // Control points overstate the box a little; good enough for gradient placement.
      if (seg.type === "quad") out.push(seg.control);
      else if (seg.type === "cubic") out.push(seg.control1, seg.control2);
    }
  }
  return out;
}

function mapSubpath(sub: Subpath, m: Matrix): Subpath {
  return {
    start: apply(m, sub.start),
    closed: sub.closed,
    segments: sub.segments.map((seg) =>
      seg.type === "line"
        ? { type: "line", to: apply(m, seg.to) }
        : seg.type === "quad"
          ? { type: "quad", control: apply(m, seg.control), to: apply(m, seg.to) }
          : {
              type: "cubic",
              control1: apply(m, seg.control1),
              control2: apply(m, seg.control2),
              to: apply(m, seg.to),
            },
    ),
  };
}

function rectSubpaths(
  x: number,
  y: number,
  w: number,
  h: number,
  rx: number,
  ry: number,
): Subpath[] {
  if (rx <= 0 || ry <= 0) {
    return [
      {
        start: { x, y },
        segments: [
          { type: "line", to: { x: x + w, y } },
          { type: "line", to: { x: x + w, y: y + h } },
          { type: "line", to: { x, y: y + h } },
        ],
        closed: true,
      },
    ];
  }
  const segments = [
    { type: "line" as const, to: { x: x + w - rx, y } },
    ...arcToCubics({ x: x + w - rx, y }, rx, ry, 0, false, true, { x: x + w, y: y + ry }),
    { type: "line" as const, to: { x: x + w, y: y + h - ry } },
    ...arcToCubics({ x: x + w, y: y + h - ry }, rx, ry, 0, false, true, {
      x: x + w - rx,
      y: y + h,
    }),
    { type: "line" as const, to: { x: x + rx, y: y + h } },
    ...arcToCubics({ x: x + rx, y: y + h }, rx, ry, 0, false, true, { x, y: y + h - ry }),
    { type: "line" as const, to: { x, y: y + ry } },
    ...arcToCubics({ x, y: y + ry }, rx, ry, 0, false, true, { x: x + rx, y }),
  ];
  return [{ start: { x: x + rx, y }, segments, closed: true }];
}

function ellipseSubpaths(cx: number, cy: number, rx: number, ry: number): Subpath[] {
  const start = { x: cx + rx, y: cy };
  const mid = { x: cx - rx, y: cy };
  return [
    {
      start,
      segments: [
        ...arcToCubics(start, rx, ry, 0, false, true, mid),
        ...arcToCubics(mid, rx, ry, 0, false, true, start),
      ],
      closed: true,
    },
  ];
}
