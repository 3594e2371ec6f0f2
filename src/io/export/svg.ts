import { boundTargets } from "../../doc/bindings";
import { patternChildren } from "../../doc/pattern";
import { PATTERN_TILE } from "../../doc/types";
import { fromMatrix, IDENTITY_MATRIX, multiply, toMatrix, type Matrix } from "../../doc/transform";
import type {
  BlobRecord,
  Id,
  ImageNode,
  PageRecord,
  Paint,
  PatternPaint,
  SceneNode,
  Styled,
  TextNode,
} from "../../doc/types";
import { unionBox } from "../../geometry/bounds";
import type { SvgGeometry, SvgShape } from "../../shapes/kind";
import { hasLabel, labelOf, labelOrigin, labelText, lineLabelGap } from "../../shapes/label";
import { holdsChildren, kindOf } from "../../shapes/registry";
import { drawnBounds } from "./bounds";
import { ExportError } from "./errors";
import {
  LINEWORK_BACKGROUND_ATTRIBUTE,
  LINEWORK_DATA_ATTRIBUTE,
  LINEWORK_EXPORT_ATTRIBUTE,
  LINEWORK_LABEL_ATTRIBUTE,
  LINEWORK_SHARED_ATTRIBUTE,
  jsonAttribute,
  lineworkData,
} from "./lineworkData";
import { SharedValues } from "../native/sharedValues";
import { resolveScope, type ExportScope, type Root } from "./scope";
import { StringSink } from "./stringSink";
import { MAX_DEPTH, type ExportSource } from "./source";
import {
  arrowHead,
  headSize,
  pathData,
  pointList,
  polygonPath,
  roundedRectPath,
} from "./svgGeometry";
import { compositingAttrs, Defs, fillAttrs, hexColor, strokeAttrs } from "./svgPaint";
import { ESTIMATED_MEASURE, layoutText, textFontAttributes, type TextMeasure } from "./textLayout";
import { outlineText } from "./textOutlines";
import { blurFilter, outlineClipPaths } from "./svgMasks";
import { groupFilter } from "./svgFilters";
import { isGroup } from "../../shapes/group";
import { attributes, escapeText, IdAllocator, isValidId, num } from "./xml";
import { NODES_PER_STEP, runSteps, type Steps } from "../steps";
import type { GlyphFonts } from "../../fonts/glyphFonts";
import type { Box } from "../../math/box";
import type { Point } from "../../math/point";

export type { ExportScope } from "./scope";

export interface SvgExportOptions {
  readonly scope: ExportScope;
  /** A rectangle of the page's background colour behind everything. */
  readonly background?: boolean;
  /** Text measurement; the browser passes a canvas-backed one, Node uses an estimate. */
  readonly measure?: TextMeasure;
  /** Most nodes one export writes; a document beyond it is refused, not half-written. */
  readonly maxNodes?: number;
  /**
   * Each node's own fields in a `data-linework` attribute (default true), so importing the file
   * gives the same document back; hidden nodes and nodes that draw nothing are kept as empty groups.
   */
  readonly linework?: boolean;
  /**
   * Text as paths of its glyph outlines, in fonts that have them here; other text stays text,
   * with a warning, so the file still shows it where that font is installed.
   */
  readonly outlineText?: GlyphFonts;
  /**
   * Each node's element carries its id in `data-linework-node`, so a reader of the markup can
   * tell which node drew what (the PDF export finds the groups it draws as pictures by it).
   */
  readonly nodeIds?: boolean;
  /**
   * Ids taken by the SVGs this one is drawn beside, shared with them so that no id names two
   * things: svg2pdf.js names a PDF's gradients by their SVG ids across all of its pages and
   * layers. A layered export's layers always share theirs.
   */
  readonly ids?: IdAllocator;
}

export interface SvgExport {
  /** The SVG file's text. */
  readonly svg: string;
  /**
   * The same text in pieces of about 64 KiB: a large file goes into a Blob piece by piece
   * (`svgFileSteps`) without ever being one string.
   */
  readonly pieces: readonly string[];
  /** The exported area in page units: the view box. */
  readonly bounds: Box;
  readonly page: PageRecord;
  /** What could not be exported as it is, e.g. an image whose data is not a known raster type. */
  readonly warnings: readonly string[];
  /** The same drawing showing `view` at `width` × `height` units; tiled rendering uses it. */
  withView(view: Box, width: number, height: number): string;
}

export const DEFAULT_MAX_NODES = 2_000_000;

/** Where `SvgExportOptions.nodeIds` puts a node's id. */
export const NODE_ID_ATTRIBUTE = "data-linework-node";

/** Image types the export embeds; others (SVG images above all, which can carry script) are left out. */
const RASTER_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Hears how far a stepped export is: nodes written and nodes in the scope. */
export type SvgProgress = (done: number, total: number) => void;

/** Nodes written between two reports of progress. */
const NODES_PER_REPORT = 1024;

/** The nodes under `roots`, counted, and those that lines among them are bound to. */
function* walkScope(
  source: ExportSource,
  roots: readonly SceneNode[],
): Steps<{ readonly nodes: number; readonly targets: Set<Id> }> {
  const targets = new Set<Id>();
  const stack = [...roots];
  let nodes = 0;
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const target of boundTargets(node)) targets.add(target);
    if (holdsChildren(node)) stack.push(...source.childrenOf(node.id));
    if (++nodes % NODES_PER_STEP === 0) yield;
  }
  return { nodes, targets };
}

/**
 * The scope as a standard SVG document (SVG 1.1 elements and attributes, so other programs read
 * it; blend modes add CSS mix-blend-mode):
 * viewBox = the scope's bounds in page units, groups as <g>, node names as ids, styles as
 * presentation attributes. Pure string building: it runs in Node and the browser alike.
 */
export function exportSvg(source: ExportSource, options: SvgExportOptions): SvgExport {
  return runSteps(exportSvgSteps(source, options));
}

/**
 * `exportSvg` as steps of about one node each, the same file to the byte: a large scope is
 * written over several tasks (`runInTasks`) so the page goes on drawing and hearing input, and
 * can be stopped between any two (`untilAborted`). `source` must not change meanwhile; an export
 * of the open document reads a snapshot of it (`exportSnapshot`).
 */
export function* exportSvgSteps(
  source: ExportSource,
  options: SvgExportOptions,
  progress?: SvgProgress,
): Steps<SvgExport> {
  const { page, roots, nodes, targets, bounds } = yield* scopeToWrite(source, options);
  const writer = newWriter(source, options, targets, options.maxNodes ?? DEFAULT_MAX_NODES);
  if (progress !== undefined) {
    writer.progress = (done) => progress(Math.min(done, nodes), nodes);
    progress(0, nodes);
  }
  for (const root of roots) yield* writer.node(root.node, root.outer, 0);
  progress?.(nodes, nodes);
  return finished(writer, page, bounds, options.background === true);
}

/** The scope drawn as pictures to lay one over the other, each of a bounded number of nodes. */
/** One layer of `SvgLayers`. */
export interface SvgLayer extends SvgExport {
  /**
   * Where in page units the layer can put paint (its nodes' drawn bounds, all of `bounds` for
   * the background), null when none of its nodes has drawn bounds: a strip of a large PNG it
   * does not reach need not load it.
   */
  readonly drawn: Box | null;
}

export interface SvgLayers {
  /** The exported area in page units, the same for every layer. */
  readonly bounds: Box;
  /** Back to front; the first has the background. */
  readonly layers: readonly SvgLayer[];
  readonly warnings: readonly string[];
}

/**
 * The scope as SVG layers of about `nodesPerLayer` nodes or `charsPerLayer` characters of
 * markup each, whichever comes first (whole nodes under the scope's top, in paint order), which
 * drawn one over the other in order make the picture of `exportSvg`: the browser decodes and
 * draws each in a task of its own instead of all of a large drawing in one. Where a node on top
 * blends with what lies below it, that is all in its layer, so such a scope is one layer.
 */
export function* exportSvgLayersSteps(
  source: ExportSource,
  options: SvgExportOptions,
  nodesPerLayer: number,
  charsPerLayer = Infinity,
): Steps<SvgLayers> {
  const { page, roots, rootBounds, targets, bounds } = yield* scopeToWrite(source, options);
  const split = roots.every((root) => root.node.blendMode === "normal");
  // One set of ids for all layers: drawn into one PDF page, two gradients must not share a name.
  const shared = { ...options, ids: options.ids ?? new IdAllocator() };
  let allowed = options.maxNodes ?? DEFAULT_MAX_NODES;
  const layers: SvgLayer[] = [];
  const warnings: string[] = [];
  let writer: SvgWriter | null = null;
  let drawn: Box | null = null;
  const finish = (done: SvgWriter): void => {
    allowed -= done.written;
    warnings.push(...done.warnings);
    const background = layers.length === 0 && options.background === true;
    layers.push({
      ...finished(done, page, bounds, background),
      drawn: background ? bounds : drawn,
    });
    drawn = null;
  };
  for (const [i, root] of roots.entries()) {
    writer ??= newWriter(source, shared, targets, allowed);
    yield* writer.node(root.node, root.outer, 0);
    drawn = unionBox(drawn, rootBounds[i]!);
    if (split && (writer.written >= nodesPerLayer || writer.length >= charsPerLayer)) {
      finish(writer);
      writer = null;
    }
  }
  if (writer !== null || layers.length === 0)
    finish(writer ?? newWriter(source, shared, targets, allowed));
  return { bounds, layers, warnings };
}

/** What a scope writes: its page, its nodes on top, what lies inside them, and their bounds. */
function* scopeToWrite(
  source: ExportSource,
  options: SvgExportOptions,
): Steps<{
  readonly page: PageRecord;
  readonly roots: readonly Root[];
  /** Each root's drawn bounds, null where it draws nothing. */
  readonly rootBounds: readonly (Box | null)[];
  readonly nodes: number;
  readonly targets: ReadonlySet<Id>;
  readonly bounds: Box;
}> {
  const { page, roots } = resolveScope(source, options.scope);
  const { nodes, targets } = yield* walkScope(
    source,
    roots.map((root) => root.node),
  );
  let bounds: Box | null = null;
  const rootBounds: (Box | null)[] = [];
  for (const root of roots) {
    const drawn = drawnBounds(source, root.node, root.outer);
    rootBounds.push(drawn);
    bounds = unionBox(bounds, drawn);
    yield;
  }
  if (bounds === null || !(bounds.maxX > bounds.minX) || !(bounds.maxY > bounds.minY))
    throw new ExportError("Nothing to export: everything in the scope is hidden or empty");
  return { page, roots, rootBounds, nodes, targets, bounds };
}

function newWriter(
  source: ExportSource,
  options: SvgExportOptions,
  targets: ReadonlySet<Id>,
  maxNodes: number,
): SvgWriter {
  const writer = new SvgWriter(
    source,
    options.measure ?? ESTIMATED_MEASURE,
    maxNodes,
    options.linework ?? true,
    options.outlineText ?? null,
    undefined,
    options.ids,
  );
  writer.markNodes = options.nodeIds ?? false;
  if (writer.linework) writer.keepIdsOf(targets);
  return writer;
}

/** The file of what `writer` wrote, showing `bounds`. */
function finished(
  writer: SvgWriter,
  page: PageRecord,
  bounds: Box,
  withBackground: boolean,
): SvgExport {
  const bodyPieces = writer.pieces;
  const defs = writer.defs.markup;
  const shared =
    writer.linework && writer.shared.values.length > 0
      ? jsonAttribute(LINEWORK_SHARED_ATTRIBUTE, JSON.stringify(writer.shared.values))
      : "";
  /** The root element's start tag, the definitions and the background. */
  const opening = (view: Box, width: number, height: number): string => {
    const background = withBackground
      ? `<rect${attributes({
          x: view.minX,
          y: view.minY,
          width: view.maxX - view.minX,
          height: view.maxY - view.minY,
          fill: hexColor(page.background),
          "fill-opacity": page.background.a < 1 ? page.background.a : undefined,
          [LINEWORK_BACKGROUND_ATTRIBUTE]: writer.linework ? "1" : undefined,
        })}/>`
      : "";
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"` +
      ` version="1.1"${attributes({
        [LINEWORK_EXPORT_ATTRIBUTE]: writer.linework ? "1" : undefined,
        width,
        height,
        // Full precision: a tile's view box must match its pixel rows exactly, or edges blur.
        viewBox: [view.minX, view.minY, view.maxX - view.minX, view.maxY - view.minY]
          .map(precise)
          .join(" "),
      })}${shared}>${defs}${background}`
    );
  };
  // Joined once and only when asked for: a file made in steps goes out piece by piece instead.
  let body: string | null = null;
  const withView = (view: Box, width: number, height: number): string =>
    `${opening(view, width, height)}${(body ??= bodyPieces.join(""))}</svg>`;
  const pieces = [
    `<?xml version="1.0" encoding="UTF-8"?>\n${opening(
      bounds,
      bounds.maxX - bounds.minX,
      bounds.maxY - bounds.minY,
    )}`,
    ...bodyPieces,
    "</svg>\n",
  ];
  let svg: string | null = null;
  return {
    get svg() {
      return (svg ??= pieces.join(""));
    },
    pieces,
    bounds,
    page,
    warnings: writer.warnings,
    withView,
  };
}

function precise(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(12)) + 0) : "0";
}

/** The simplest transform attribute for a matrix: none, translate, translate + rotate, or matrix. */
export function transformValue(m: Matrix): string | undefined {
  const translate = m.e !== 0 || m.f !== 0 ? `translate(${num(m.e)} ${num(m.f)})` : "";
  if (m.a === 1 && m.b === 0 && m.c === 0 && m.d === 1) return translate || undefined;
  const rotationOnly =
    Math.abs(m.a - m.d) < 1e-12 &&
    Math.abs(m.b + m.c) < 1e-12 &&
    Math.abs(m.a * m.a + m.b * m.b - 1) < 1e-12;
  if (rotationOnly) {
    const degrees = (Math.atan2(m.b, m.a) * 180) / Math.PI;
    return `${translate}${translate ? " " : ""}rotate(${num(degrees)})`;
  }
  return `matrix(${[m.a, m.b, m.c, m.d, m.e, m.f].map(num).join(" ")})`;
}

/** Writes nodes as SVG markup; ids and defs are shared across one file. */
class SvgWriter {
  readonly ids: IdAllocator;
  readonly defs: Defs;
  readonly warnings: string[];
  /** The fills and strokes the nodes' Linework data names by index, for the root. */
  readonly shared = new SharedValues();
  private readonly parts = new StringSink();
  private count = 0;

  /** Nodes written so far. */
  get written(): number {
    return this.count;
  }
  /** Characters of the nodes' markup written so far (definitions not counted). */
  get length(): number {
    return this.parts.length;
  }
  /** Each node's element names its node (`SvgExportOptions.nodeIds`); the file's writer only. */
  markNodes = false;
  /** Hears the nodes written so far, now and then; the file's writer only. */
  progress: ((done: number) => void) | null = null;

  /**
   * `outer`: the writer of the file whose pattern's content this one writes; `ids`: the ids of
   * the SVGs this one is drawn beside (`SvgExportOptions.ids`).
   */
  constructor(
    private readonly source: ExportSource,
    private readonly measure: TextMeasure,
    private readonly maxNodes: number,
    readonly linework: boolean,
    private readonly glyphs: GlyphFonts | null,
    outer?: SvgWriter,
    ids?: IdAllocator,
  ) {
    this.ids = outer?.ids ?? ids ?? new IdAllocator();
    this.defs = outer?.defs ?? new Defs(this.ids, (paint) => this.patternContent(paint));
    this.warnings = outer?.warnings ?? [];
  }

  /**
   * A pattern's content as SVG, for its `<pattern>`: its nodes as any others, without their
   * Linework data (the shape's own data holds the pattern whole).
   */
  private patternContent(paint: PatternPaint): string {
    const children = patternChildren(paint);
    const source: ExportSource = {
      get: (id) => paint.content.find((node) => node.id === id),
      childrenOf: (id) => children.get(id) ?? [],
    };
    const writer = new SvgWriter(source, this.measure, this.maxNodes, false, this.glyphs, this);
    // A tile's few nodes are written at once, inside the step that names the pattern.
    for (const node of children.get(PATTERN_TILE) ?? [])
      runSteps(writer.node(node, IDENTITY_MATRIX, 0));
    return writer.body;
  }

  get body(): string {
    return this.parts.toString();
  }

  get pieces(): string[] {
    return this.parts.pieces();
  }

  /** Nodes whose id the Linework data keeps: those a line in the export is bound to. */
  private keptIds: ReadonlySet<Id> = new Set();

  keepIdsOf(ids: ReadonlySet<Id>): void {
    this.keptIds = ids;
  }

  /** Writes a node and what is inside it, a step for each node. */
  *node(node: SceneNode, outer: Matrix, depth: number): Steps<void> {
    if (node.hidden && !this.linework) return;
    if (depth > MAX_DEPTH) throw new ExportError(`Nodes nest deeper than ${MAX_DEPTH} levels`);
    if (++this.count > this.maxNodes)
      throw new ExportError(`The scope holds more than ${this.maxNodes} nodes`);
    if (this.count % NODES_PER_REPORT === 0) this.progress?.(this.count);
    yield;
    const matrix =
      outer === IDENTITY_MATRIX
        ? toMatrix(node.transform)
        : multiply(outer, toMatrix(node.transform));
    const shape = node.hidden ? null : kindOf(node).svg.shape(node);
    // A painted element's fill attributes and a path's `d` hold those fields: the data leaves
    // them out.
    const painted = shape?.kind === "painted" && shape.style === node;
    const data = this.linework
      ? jsonAttribute(
          LINEWORK_DATA_ATTRIBUTE,
          lineworkData(
            node,
            outer === IDENTITY_MATRIX ? node.transform : fromMatrix(matrix),
            this.shared,
            this.keptIds.has(node.id),
            {
              fill: painted,
              geometry: painted && shape.geometry.element === "path",
              // Every element with data carries transformValue(matrix), as written below.
              translation: true,
            },
          ),
        )
      : "";
    if (shape === null) {
      yield* this.hidden(node, attributes({ transform: transformValue(matrix) }) + data, depth);
      return;
    }
    // Attributes are written as text piece by piece: merging objects per node costs more.
    const common =
      attributes({
        id: this.ids.allocate(node.name, node.type),
        transform: transformValue(matrix),
      }) +
      attributes(
        compositingAttrs(node.opacity, node.blendMode, "isolated" in node && node.isolated),
      ) +
      this.blurAttr(node) +
      (this.markNodes ? attributes({ [NODE_ID_ATTRIBUTE]: node.id }) : "") +
      data;
    const title = isValidId(node.name) ? "" : `<title>${escapeText(node.name)}</title>`;
    switch (shape.kind) {
      case "container":
        yield* this.container(node.id, shape, common, title, depth);
        break;
      case "painted": {
        const style = this.shapeStyle(shape.style);
        const { tag, attrs } = paintedElement(shape.geometry);
        this.leaf(tag, common + attributes(attrs) + style, title);
        break;
      }
      case "ink":
        this.ink(shape.outline, shape.paint, common, title);
        break;
      case "line":
        this.line(shape, common + this.labelGapClip(node), title);
        break;
      case "text":
        this.text(shape.node, common, title);
        break;
      case "image":
        this.image(shape.node, common, title);
        break;
    }
    this.label(node, matrix);
  }

  /** Where a shape's label goes and how its lines measure here; null when it has none. */
  private placedLabel(node: SceneNode): {
    readonly text: TextNode;
    readonly origin: Point;
    readonly size: { readonly width: number; readonly height: number };
    readonly alongLine: boolean;
  } | null {
    const label = labelOf(node);
    const placement = kindOf(node).labelPlacement?.(node) ?? null;
    if (!hasLabel(label) || placement === null) return null;
    const text = labelText(node, label, placement);
    const layout = layoutText(text, this.measure);
    // Centred lines are anchored at the middle of the widest one.
    const size = {
      width: 2 * (layout.lines[0]?.x ?? 0),
      height: layout.lines.length * text.fontSize * text.lineHeight,
    };
    return {
      text,
      origin: labelOrigin(placement, size),
      size,
      alongLine: placement.width === null,
    };
  }

  /**
   * A shape's label: its words as text right over the shape, as the canvas draws them. The mark
   * tells an import of the file that the shape's data already holds them.
   */
  private label(node: SceneNode, matrix: Matrix): void {
    const placed = this.placedLabel(node);
    if (placed === null) return;
    const { x, y } = placed.origin;
    const at = multiply(matrix, { a: 1, b: 0, c: 0, d: 1, e: x, f: y });
    const common =
      attributes({ transform: transformValue(at) }) +
      attributes(compositingAttrs(node.opacity, node.blendMode)) +
      (this.linework ? attributes({ [LINEWORK_LABEL_ATTRIBUTE]: "" }) : "");
    this.text(placed.text, common, "");
  }

  /**
   * The clip that cuts a line where its label's words are, as the canvas cuts it, so they are not
   * struck through whatever lies beneath: an attribute for the line's element, or nothing. A clip
   * path with a hole (even-odd), not a mask: PDF export draws clip paths and drops masks.
   */
  private labelGapClip(node: SceneNode): string {
    const placed = this.placedLabel(node);
    const reach = kindOf(node).localBounds(node);
    if (placed === null || !placed.alongLine || reach === null) return "";
    const gap = lineLabelGap(node, placed.origin, placed.size);
    if (gap === null) return "";
    // In user space: a straight line's own box has no height, and would hide it all.
    const all = {
      minX: Math.min(reach.minX, gap.minX) - 1,
      minY: Math.min(reach.minY, gap.minY) - 1,
      maxX: Math.max(reach.maxX, gap.maxX) + 1,
      maxY: Math.max(reach.maxY, gap.maxY) + 1,
    };
    const ring = (box: Box): string =>
      `M${num(box.minX)} ${num(box.minY)}H${num(box.maxX)}V${num(box.maxY)}H${num(box.minX)}Z`;
    const id = this.defs.add(
      "label-gap",
      (clipId) =>
        `<clipPath${attributes({ id: clipId, clipPathUnits: "userSpaceOnUse" })}>` +
        `<path${attributes({ d: ring(all) + ring(gap), "clip-rule": "evenodd" })}/></clipPath>`,
    );
    return attributes({ "clip-path": `url(#${id})` });
  }

  /** A group or frame: a group around its children, a frame's background and clip with them. */
  private *container(
    id: Id,
    shape: Extract<SvgShape, { kind: "container" }>,
    common: string,
    title: string,
    depth: number,
  ): Steps<void> {
    this.open("g", common, title);
    const { background, clip } = shape;
    // Asking strokeAttrs for an unpainted background would add a gradient to <defs> that
    // nothing refers to: the kind leaves such a background out.
    if (background !== null)
      this.parts.push(
        `<rect${attributes({ width: background.width, height: background.height })}${this.shapeStyle(background.style)}/>`,
      );
    const masked = yield* this.maskedChildren(id, depth);
    if (masked !== null) {
      this.parts.push(masked.open);
      for (const child of masked.children) yield* this.node(child, IDENTITY_MATRIX, depth + 1);
      this.parts.push(masked.close);
    } else if (clip !== null) {
      const clipId = this.defs.add(
        "clip",
        (id) =>
          `<clipPath${attributes({ id })}><rect${attributes({ width: clip.width, height: clip.height })}/></clipPath>`,
      );
      this.parts.push(`<g clip-path="url(#${clipId})">`);
      yield* this.children(id, depth);
      this.parts.push("</g>");
    } else yield* this.children(id, depth);
    this.parts.push("</g>");
  }

  /**
   * A blurred or filtered group's `filter` attribute: a Gaussian blur over what its children
   * draw, or its filter (svgFilters.ts).
   */
  private blurAttr(node: SceneNode): string {
    if (isGroup(node) && node.filter !== undefined)
      return attributes({ filter: `url(#${groupFilter(this.defs, node.filter)})` });
    if (!isGroup(node) || node.blur === undefined) return "";
    let box: Box | null = null;
    for (const child of this.source.childrenOf(node.id))
      box = unionBox(box, drawnBounds(this.source, child, IDENTITY_MATRIX));
    if (box === null) return "";
    const id = blurFilter(this.defs, node.blur, box);
    return attributes({ filter: `url(#${id})` });
  }

  /**
   * A masked group's children but the first, and the group that masks them: a `<clipPath>` for
   * an outline (see svgMasks.ts), a `<mask>` of the first child's drawing for alpha and
   * luminance. The first child also travels, undrawn, with its data, so the import rebuilds the
   * group as it was. Null for a group that is not masked.
   */
  private *maskedChildren(
    id: Id,
    depth: number,
  ): Steps<{
    readonly open: string;
    readonly close: string;
    readonly children: readonly SceneNode[];
  } | null> {
    const node = this.source.get(id);
    if (node === undefined || !isGroup(node) || node.mask === undefined) return null;
    const [first, ...children] = this.source.childrenOf(id);
    if (first === undefined) return null;
    if (this.linework) {
      this.parts.push('<g display="none">');
      yield* this.node(first, IDENTITY_MATRIX, depth + 1);
      this.parts.push("</g>");
    }
    if (node.mask === "outline") {
      const clipIds = outlineClipPaths(
        {
          source: this.source,
          defs: this.defs,
          measure: this.measure,
          warnings: this.warnings,
          maxElements: this.maxNodes,
          transform: transformValue,
        },
        first,
      );
      return {
        open: clipIds.map((clipId) => `<g clip-path="url(#${clipId})">`).join(""),
        close: "</g>".repeat(clipIds.length),
        children,
      };
    }
    const box = drawnBounds(this.source, first, IDENTITY_MATRIX);
    const writer = new SvgWriter(
      this.source,
      this.measure,
      this.maxNodes,
      false,
      this.glyphs,
      this,
    );
    if (!first.hidden) yield* writer.node(first, IDENTITY_MATRIX, depth + 1);
    const kind = node.mask;
    const maskId = this.defs.add(
      "mask",
      (maskId) =>
        `<mask${attributes({
          id: maskId,
          maskUnits: "userSpaceOnUse",
          maskContentUnits: "userSpaceOnUse",
          // Its region is what its content draws on, a unit wider for anti-aliasing.
          x: box === null ? 0 : box.minX - 1,
          y: box === null ? 0 : box.minY - 1,
          width: box === null ? 0 : box.maxX - box.minX + 2,
          height: box === null ? 0 : box.maxY - box.minY + 2,
          "mask-type": kind === "alpha" ? "alpha" : undefined,
          style: kind === "alpha" ? "mask-type:alpha" : undefined,
        })}>${writer.body}</mask>`,
    );
    return { open: `<g mask="url(#${maskId})">`, close: "</g>", children };
  }

  /**
   * A hidden node, written only for its data: an undrawn group with no id, so the drawing and
   * its ids stay as they would be without it. A container keeps its children inside, placed as
   * the container places them.
   */
  private *hidden(node: SceneNode, attrs: string, depth: number): Steps<void> {
    const svg = kindOf(node).svg;
    if (svg.hidden === "picture") {
      // The picture travels with it, or the node could not be rebuilt.
      const shape = svg.shape(node);
      const blob = shape.kind === "image" ? this.source.get(shape.node.blob) : undefined;
      const href = blob?.type === "blob" ? imageHref(blob) : null;
      if (href !== null)
        this.parts.push(`<image display="none"${attrs}${attributes({ "xlink:href": href })}/>`);
      return;
    }
    if (svg.hidden === "empty") {
      this.parts.push(`<g display="none"${attrs}/>`);
      return;
    }
    this.parts.push(`<g display="none"${attrs}>`);
    yield* this.children(node.id, depth);
    this.parts.push("</g>");
  }

  /** A node that draws nothing still travels with its data, as an empty group. */
  private undrawn(common: string, title: string): void {
    if (this.linework) this.leaf("g", common, title);
  }

  private *children(id: Id, depth: number): Steps<void> {
    for (const child of this.source.childrenOf(id))
      yield* this.node(child, IDENTITY_MATRIX, depth + 1);
  }

  /** Opens an element; `attrs` is written attribute text. */
  private open(tag: string, attrs: string, title: string): void {
    this.parts.push(`<${tag}${attrs}>${title}`);
  }

  private leaf(tag: string, attrs: string, title: string): void {
    this.parts.push(title === "" ? `<${tag}${attrs}/>` : `<${tag}${attrs}>${title}</${tag}>`);
  }

  private shapeStyle(node: Styled): string {
    const stroke = strokeAttrs(node.stroke, this.defs);
    return (
      attributes(fillAttrs(node.fill.type === "none" ? null : node.fill, this.defs)) +
      (stroke === null ? "" : attributes(stroke))
    );
  }

  /** The pressure-shaped outline, filled with the stroke's paint, as the renderer colours ink. */
  private ink(
    outline: readonly number[],
    paint: Paint | null,
    common: string,
    title: string,
  ): void {
    if (paint === null) {
      this.undrawn(common, title);
      return;
    }
    if (outline.length < 6) {
      this.undrawn(common, title);
      return;
    }
    const fill = attributes(fillAttrs(paint, this.defs));
    this.leaf("path", common + attributes({ d: polygonPath(outline) }) + fill, title);
  }

  private line(line: Extract<SvgShape, { kind: "line" }>, common: string, title: string): void {
    const stroke = strokeAttrs(line.stroke, this.defs);
    if (stroke === null || line.stroke.paint === null) {
      this.undrawn(common, title);
      return;
    }
    const d = pathData(line);
    const size = headSize(line.stroke.width);
    const heads = line.arrowEnds
      .map((end) => arrowHead(end.head, end.tip, end.from, size))
      .filter((head) => head !== null);
    if (heads.length === 0) {
      this.leaf("path", common + attributes({ d, fill: "none", ...stroke }), title);
      return;
    }
    this.open("g", common, title);
    this.parts.push(`<path${attributes({ d, fill: "none", ...stroke })}/>`);
    // Heads are never dashed: the renderer strokes and fills them whole.
    const solidStroke = strokeAttrs(line.stroke, this.defs, false);
    const headFill = fillAttrs(line.stroke.paint, this.defs);
    for (const head of heads) {
      if (head.kind === "stroke")
        this.parts.push(`<path${attributes({ d: head.d, fill: "none", ...solidStroke })}/>`);
      else if (head.kind === "fill")
        this.parts.push(`<path${attributes({ d: head.d, ...headFill })}/>`);
      else
        this.parts.push(
          `<circle${attributes({ cx: head.cx, cy: head.cy, r: head.r, ...headFill })}/>`,
        );
    }
    this.parts.push("</g>");
  }

  private text(node: TextNode, common: string, title: string): void {
    const layout = layoutText(node, this.measure);
    // A text's stroke outlines its glyphs, over their fill, as the canvas draws it.
    const strokeAttributes = strokeAttrs(node.stroke, this.defs, false);
    const stroke = strokeAttributes === null ? "" : attributes(strokeAttributes);
    if (this.glyphs !== null) {
      const d = outlineText(node, layout, this.glyphs);
      if (d !== null) {
        // The words stay readable to screen readers and searches through aria-label.
        this.parts.push(
          `<path${common}${attributes({
            d: d === "" ? "M0 0" : d,
            "aria-label": node.content,
            ...fillAttrs(node.fill.type === "none" ? null : node.fill, this.defs),
          })}${stroke}>${title}</path>`,
        );
        return;
      }
      this.warnings.push(
        `Text ${node.name || JSON.stringify(node.content.slice(0, 20))} stays text: its font ` +
          `${JSON.stringify(node.fontFamily)} has no outlines here, or lacks one of its characters`,
      );
    }
    this.parts.push(
      `<text${common}${attributes({
        ...textFontAttributes(node, layout),
        ...fillAttrs(node.fill.type === "none" ? null : node.fill, this.defs),
      })}${stroke}>${title}`,
    );
    for (const line of layout.lines) {
      this.parts.push(
        `<tspan${attributes({
          x: line.x,
          y: line.y,
          "word-spacing": line.wordSpacing !== 0 ? line.wordSpacing : undefined,
        })}>${escapeText(line.text)}</tspan>`,
      );
    }
    this.parts.push("</text>");
  }

  private image(node: ImageNode, common: string, title: string): void {
    const blob = this.source.get(node.blob);
    const href = blob?.type === "blob" ? imageHref(blob) : null;
    if (href === null) {
      this.warnings.push(`Image ${node.name} has no embeddable picture data; it was left out`);
      return;
    }
    this.leaf(
      "image",
      common +
        attributes({
          width: node.width,
          height: node.height,
          preserveAspectRatio: "none",
          "xlink:href": href,
        }),
      title,
    );
  }
}

/** The element and its geometry's attributes for a painted shape. */
function paintedElement(geometry: SvgGeometry): {
  tag: string;
  attrs: Record<string, string | number | undefined>;
} {
  switch (geometry.element) {
    case "rect":
      return {
        tag: "rect",
        attrs: { width: geometry.width, height: geometry.height, rx: geometry.rx },
      };
    case "rounded rect":
      return {
        tag: "path",
        attrs: { d: roundedRectPath(geometry.width, geometry.height, geometry.radii) },
      };
    case "ellipse":
      return {
        tag: "ellipse",
        attrs: {
          cx: geometry.width / 2,
          cy: geometry.height / 2,
          rx: geometry.width / 2,
          ry: geometry.height / 2,
        },
      };
    case "polygon":
      return { tag: "polygon", attrs: { points: pointList(geometry.points) } };
    case "path":
      return {
        tag: "path",
        attrs: {
          d: pathData(geometry),
          "fill-rule": geometry.fillRule === "evenodd" ? "evenodd" : undefined,
        },
      };
  }
}

/** A data: URL for a raster picture, or null for data the export will not embed. */
function imageHref(blob: BlobRecord): string | null {
  const mime = blob.mime.toLowerCase();
  if (!RASTER_TYPES.has(mime)) return null;
  const data = blob.data.replace(/\s+/g, "");
  if (!BASE64.test(data)) return null;
  return `data:${mime};base64,${data}`;
}
