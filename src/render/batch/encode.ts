import { earcut } from "pixi.js";
import type { Matrix } from "../../doc/transform";
import type { FillRule, Paint, RGBA, SceneNode, Stroke } from "../../doc/types";
import { headGeometry, headSize } from "../../geometry/arrowHeads";
import { dashPolyline, ellipseOutline, type Polyline } from "../../geometry/dash";
import type { ArrowEnd, NodeOf, QuadShape, VectorDrawing } from "../../shapes/kind";
import { hasLabel, labelOf } from "../../shapes/label";
import { kindOf, type TypesWhere } from "../../shapes/registry";
import { EdgeMesh } from "../stroke/edgeMesh";
import { fillRegions } from "../stroke/fillRegions";
import { delaunayFlip } from "../stroke/delaunay";
import { fillRims, RimCorners, SOLID, type RimCorner, type RimOutline } from "../stroke/fringe";
import { strokePolyline } from "../stroke/stroker";
import type { BatchWriter, FillInsetData, PaintSlot } from "./writer";
import {
  NO_COLOR,
  PAINT_FILL,
  PAINT_STROKE,
  SHAPE_BOX,
  SHAPE_ELLIPSE,
  SHAPE_FRINGE,
  SHAPE_MITRED_BOX,
  SHAPE_STROKE,
} from "./writer";
import type { FillPlan } from "../stroke/fillPlan";

/**
 * Nodes drawn as anti-aliased triangles, by their chunk's batch or by a mesh of their own: the
 * kinds whose rendering has a vector drawing.
 */
export type VectorNode = NodeOf<TypesWhere<"render", { readonly vector: unknown }>>;

/** Shapes a chunk's batch can draw (not frames); anything else keeps a display object of its own. */
export type BatchNode = NodeOf<TypesWhere<"render", { readonly display: "shape" }>>;

export function isVectorNode(node: SceneNode): node is VectorNode {
  return "vector" in kindOf(node).render;
}

/** How the node's kind draws it as triangles. */
function drawingOf(node: VectorNode): VectorDrawing<VectorNode> {
  const render = kindOf(node).render;
  if (!("vector" in render)) throw new TypeError(`A ${node.type} is not drawn as a vector shape`);
  return render.vector;
}

function isSolid(paint: Paint | null): boolean {
  return paint === null || paint.type === "solid";
}

/**
 * Whether a node draws in its chunk's batch: a vector shape painted in solid colours with the
 * normal blend mode (a freehand stroke's only paint is its stroke's). Gradients and other blend
 * modes get a mesh of their own; text, images, groups and frames need display objects.
 */
export function isBatchable(node: SceneNode): node is BatchNode {
  if (!isVectorNode(node) || node.blendMode !== "normal") return false;
  // Its words are a text object that must draw right above it, in its place among its siblings.
  if (hasLabel(labelOf(node))) return false;
  const render = kindOf(node).render;
  if (render.display !== "shape" || !("vector" in render)) return false;
  if (render.vector.paint === "ink") return isSolid(node.stroke.paint);
  return (node.fill.type === "none" || isSolid(node.fill)) && isSolid(node.stroke.paint);
}

/**
 * Whether a node's geometry depends on the zoom it is built for (curves cut finer or coarser,
 * anti-aliasing fringes a screen pixel wide); boxes and ellipses are exact at every zoom.
 */
export function dependsOnZoom(node: VectorNode): boolean {
  return boxQuad(node, drawingOf(node)) === null;
}

function isDashed(stroke: Stroke): boolean {
  return (
    stroke.dash.length > 0 && stroke.dash.some((d) => d > 0) && stroke.dash.every((d) => d >= 0)
  );
}

/**
 * The vertex colour of a paint. A gradient's is opaque white, a placeholder that only says the
 * paint is there: the paint shader evaluates the gradient itself from the vertex's paint slot.
 */
function paintColor(paint: Paint): RGBA {
  return paint.type === "solid" ? paint.color : GRADIENT_PLACEHOLDER;
}

const GRADIENT_PLACEHOLDER: RGBA = { r: 1, g: 1, b: 1, a: 1 };

function isOpaque(paint: Paint): boolean {
  if (paint.type === "pattern") return false;
  return paint.type === "solid" ? paint.color.a >= 1 : paint.stops.every((s) => s.color.a >= 1);
}

function strokeColor(stroke: Stroke): RGBA | null {
  if (stroke.paint === null || stroke.width <= 0) return null;
  return paintColor(stroke.paint);
}

/** Rectangles with one radius, ellipses and frames, undashed, are one analytically shaded quad. */
function boxQuad(node: VectorNode, drawing: VectorDrawing<VectorNode>): QuadShape | null {
  if (isDashed(node.stroke) || drawing.paint === "ink") return null;
  return drawing.quad(node);
}

/**
 * A square corner turns 90°, so a miter join stays square while the miter limit is at least
 * √2; under that, and for bevel joins, the corner is cut, which the rounded form approximates.
 */
function boxKind(
  quad: QuadShape,
  stroke: Stroke,
): typeof SHAPE_BOX | typeof SHAPE_ELLIPSE | typeof SHAPE_MITRED_BOX {
  if (quad.shape === "ellipse") return SHAPE_ELLIPSE;
  return stroke.join === "miter" && stroke.miterLimit >= Math.SQRT2 ? SHAPE_MITRED_BOX : SHAPE_BOX;
}

/** How finely a chunk is drawn: set from the camera's zoom bucket. */
export interface Detail {
  /** Curve segment length, in local units. */
  readonly step: number;
  /** Screen pixels per world unit the chunk is drawn for. */
  readonly pixelsPerUnit: number;
}

/** Scratch meshes for rims and strokes, so encoding a chunk allocates almost nothing. */
const scratch = new EdgeMesh();
const strokeScratch = new EdgeMesh();

/**
 * The size of a screen pixel in the node's local units at the zoom the chunk is built for, taken
 * along the direction the node's matrix shrinks most, so a one-pixel fringe is at least a pixel
 * wide every way (limited to 8× the widest direction's, for nodes squashed nearly flat).
 * Null when the matrix collapses the node to nothing.
 */
function unitsPerPixel(m: Matrix, pixelsPerUnit: number): number | null {
  const sum = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d;
  const det = m.a * m.d - m.b * m.c;
  const root = Math.sqrt(Math.max(0, sum * sum - 4 * det * det));
  const largest = Math.sqrt((sum + root) / 2);
  const smallest = Math.sqrt(Math.max(0, (sum - root) / 2));
  if (!(largest > 0) || !Number.isFinite(largest)) return null;
  return 1 / (pixelsPerUnit * Math.max(smallest, largest / 8));
}

/**
 * Whether a fill needs its anti-aliased rim: not when an opaque, solid stroke at least two
 * pixels wide lies over its edge and nothing shows through.
 */
function needsFillRim(node: VectorNode, pixel: number): boolean {
  const paint = node.stroke.paint;
  if (paint === null || node.stroke.width <= 0 || !isOpaque(paint)) return true;
  if (node.opacity < 1 || isDashed(node.stroke)) return true;
  return node.stroke.width / 2 < pixel;
}

/**
 * Freehand ink's fill by node. perfect-freehand is costly, and its outlines nearly always fold
 * over themselves, so they are resolved by the tessellator (about 1 ms for a 100-point stroke);
 * neither depends on the zoom, and a chunk is re-encoded for every zoom bucket and every edit
 * of any of its members.
 */
const inkFills = new WeakMap<SceneNode, FillPlan>();

function inkFill(node: VectorNode, inkOutline: (node: VectorNode) => number[]): FillPlan {
  let plan = inkFills.get(node);
  if (plan === undefined) {
    plan = fillRegions([inkOutline(node)], "nonzero");
    inkFills.set(node, plan);
  }
  return plan;
}

/** A fill's paint, and the size of a screen pixel in its local units (see `unitsPerPixel`). */
interface FillStyle {
  readonly color: RGBA;
  readonly opacity: number;
  readonly slot: PaintSlot;
  readonly pixel: number;
  /** Local units per world unit, the way the node's matrix shrinks most: `pixel` times the zoom. */
  readonly scale: number;
}

/**
 * Fills outlines (local x, y pairs) with earcut, region by region as `fillRegions` resolves them
 * under `rule`, and gives them their anti-aliased rim unless `rim` is false.
 */
function fillOutlines(
  writer: BatchWriter,
  m: Matrix,
  shapes: readonly (readonly number[])[],
  rule: FillRule,
  style: FillStyle,
  rim: boolean,
): void {
  fillPlan(writer, m, fillRegions(shapes, rule), style, rim);
}

/**
 * Fills the regions of a plan with earcut and gives its edges their rim unless `rim` is false.
 * With a rim, the shader insets the triangles' vertices on the plan's edges with the rim's inner
 * edge, half a screen pixel into the fill (see `fillRims`), so the rim's coverage straddles the
 * outline; the triangles are made Delaunay first, so where the fill is thinner than a pixel and
 * its vertices meet along its middle, they close up rather than leave slivers over the rims.
 */
function fillPlan(
  writer: BatchWriter,
  m: Matrix,
  plan: FillPlan,
  style: FillStyle,
  rim: boolean,
): void {
  if (!rim) {
    for (const region of plan.regions) {
      const { points, holeStarts } = regionPoints(region);
      const indices = earcut(points, holeStarts);
      writer.triangles(m, points, indices, style.color, style.opacity, style.slot);
    }
    return;
  }
  scratch.reset();
  const outlinesGiven = new Set(plan.edges.map((edge) => edge.points));
  // The tessellator's triangles: each a region of its own, not one of the plan's outlines.
  const isLoose = (region: FillPlan["regions"][number]) =>
    region.holes.length === 0 && region.outer.length === 6 && !outlinesGiven.has(region.outer);
  // Its outlines can touch; nested ones never do.
  const outlines = fillRims(scratch, plan.edges, style.pixel, plan.regions.some(isLoose));
  const rimOf = new Map<readonly number[], RimOutline>();
  for (const outline of outlines) if (outline.edge) rimOf.set(outline.edge, outline);
  const { color, opacity, slot, scale } = style;
  // The tessellator's triangles are made Delaunay together.
  const loose: number[][] = [];
  for (const region of plan.regions) {
    if (isLoose(region)) {
      loose.push([...region.outer]);
      continue;
    }
    const { points, holeStarts } = regionPoints(region);
    const indices = earcut(points, holeStarts);
    delaunayFlip(points, indices);
    const count = points.length >> 1;
    const directions = new Array<number>(count * 2).fill(0);
    const thickness = new Array<number>(count).fill(SOLID);
    const limits = new Array<number>(count).fill(0);
    let at = 0;
    for (const ring of [region.outer, ...region.holes]) {
      const n = ring.length >> 1;
      const outline = rimOf.get(ring);
      // An outline with the fill on both sides has no rim: its points stay put, the insides
      // solid there (as at points inside the fill).
      if (outline && outline.source.length === n) {
        for (let i = 0; i < n; i += 1) {
          const v = outline.source[i]!;
          directions[(at + i) * 2] = outline.inset[v * 2]!;
          directions[(at + i) * 2 + 1] = outline.inset[v * 2 + 1]!;
          thickness[at + i] = outline.thickness[v]!;
          limits[at + i] = outline.limit[v]!;
        }
      }
      at += n;
    }
    const inset = { directions, thickness, limits };
    writer.triangles(m, points, indices, color, opacity, slot, inset, scale);
  }
  if (loose.length > 0) {
    const [points, indices, inset] = looseTriangles(new RimCorners(outlines), loose);
    writer.triangles(m, points, indices, color, opacity, slot, inset, scale);
  }
  writer.edges(m, scratch, SHAPE_FRINGE, 0, color, opacity, slot, scale);
}

/**
 * Triangles given one by one (x, y of each corner), merged where their corners meet and made
 * Delaunay, with where each point is inset: with the rim vertex at its position, if any (the
 * tessellator keeps the points of outlines that fold inside the fill, which are on no rim). A
 * position where outlines touch is several rim vertices; each triangle there gets its own copy of
 * the point, inset with the vertex whose corner the triangle lies in.
 */
function looseTriangles(
  corners: RimCorners,
  loose: readonly (readonly number[])[],
): [number[], number[], FillInsetData] {
  const xy: number[] = [];
  const ids = new Map<number, Map<number, number>>();
  const idOf = (x: number, y: number): number => {
    let column = ids.get(x);
    if (column === undefined) {
      column = new Map();
      ids.set(x, column);
    }
    let id = column.get(y);
    if (id === undefined) {
      id = xy.length >> 1;
      column.set(y, id);
      xy.push(x, y);
    }
    return id;
  };
  const triangles: number[] = [];
  for (const corner of loose) {
    const a = idOf(corner[0]!, corner[1]!);
    const b = idOf(corner[2]!, corner[3]!);
    const c = idOf(corner[4]!, corner[5]!);
    if (a !== b && b !== c && c !== a) triangles.push(a, b, c);
  }
  delaunayFlip(xy, triangles);
  const points: number[] = [];
  const indices: number[] = [];
  const directions: number[] = [];
  const thickness: number[] = [];
  const limits: number[] = [];
  const shared = new Map<number, number>();
  const add = (x: number, y: number, corner: RimCorner | undefined): number => {
    const k = points.length >> 1;
    points.push(x, y);
    directions.push(
      corner?.outline.inset[corner.index * 2] ?? 0,
      corner?.outline.inset[corner.index * 2 + 1] ?? 0,
    );
    thickness.push(corner?.outline.thickness[corner.index] ?? SOLID);
    limits.push(corner?.outline.limit[corner.index] ?? 0);
    return k;
  };
  for (let t = 0; t < triangles.length; t += 3) {
    for (let e = 0; e < 3; e += 1) {
      const v = triangles[t + e]!;
      const x = xy[v * 2]!;
      const y = xy[v * 2 + 1]!;
      const here = corners.at(x, y);
      if (here.length <= 1) {
        let k = shared.get(v);
        if (k === undefined) {
          k = add(x, y, here[0]);
          shared.set(v, k);
        }
        indices.push(k);
        continue;
      }
      let cx = 0;
      let cy = 0;
      for (let f = 0; f < 3; f += 1) {
        cx += xy[triangles[t + f]! * 2]! / 3;
        cy += xy[triangles[t + f]! * 2 + 1]! / 3;
      }
      indices.push(add(x, y, corners.pick(here, x, y, cx, cy)));
    }
  }
  return [points, indices, { directions, thickness, limits }];
}

/** A region's outer outline and holes as one list of points for earcut. */
function regionPoints(region: FillPlan["regions"][number]): {
  points: number[];
  holeStarts: number[];
} {
  const points = [...region.outer];
  const holeStarts: number[] = [];
  for (const hole of region.holes) {
    holeStarts.push(points.length / 2);
    points.push(...hole);
  }
  return { points, holeStarts };
}

/**
 * A line's arrowheads as the exports draw them: marks stroked with the line's stroke (undashed)
 * go into `strokes`; discs and polygons are filled with the stroke's paint at once.
 */
function encodeHeads(
  writer: BatchWriter,
  node: VectorNode,
  ends: readonly ArrowEnd[],
  m: Matrix,
  strokes: EdgeMesh,
  ink: FillStyle,
  detail: Detail,
): void {
  const pixel = ink.pixel;
  const size = headSize(node.stroke.width);
  const heads = ends.map((end) => headGeometry(end.head, end.tip, end.from, size));
  const filled: number[][] = [];
  for (const head of heads) {
    if (head === null) continue;
    if (head.kind === "stroke") strokePolyline(strokes, head.points, false, node.stroke, pixel);
    else if (head.kind === "fill") filled.push([...head.points]);
    else {
      const disc = ellipseOutline(2 * head.r, 2 * head.r, detail.step).points;
      const dx = head.cx - head.r;
      const dy = head.cy - head.r;
      filled.push(disc.map((v, i) => v + (i % 2 === 0 ? dx : dy)));
    }
  }
  // Each head fills on its own, so two heads that meet on a short line do not cancel out.
  for (const shape of filled) fillOutlines(writer, m, [shape], "nonzero", ink, true);
}

/**
 * Appends a node to the batch in world coordinates (`m` is its world matrix). Boxes, ellipses and
 * frames become one quad; other shapes are filled with earcut, given an anti-aliased rim, and
 * stroked by our own stroker (joins, caps, miter limit, dashes cut first), whose vertices carry
 * their distance from the stroke's centre line so the shader anti-aliases every edge. Lines add
 * their arrowheads; freehand strokes fill their pressure-shaped outline with the stroke's paint.
 * Gradient paints are written as placeholders for the paint shader. `opacity` replaces the
 * node's where a container applies it instead. Hidden nodes add nothing.
 */
export function encodeNode(
  writer: BatchWriter,
  node: VectorNode,
  m: Matrix,
  detail: Detail,
  opacity: number = node.opacity,
): void {
  if (node.hidden || opacity <= 0) return;
  const drawing = drawingOf(node);
  if (drawing.paint === "ink") {
    encodeInk(writer, node, drawing.inkOutline, m, detail, opacity);
    return;
  }
  const fill =
    drawing.paint === "stroke" || node.fill.type === "none" ? null : paintColor(node.fill);
  const stroke = strokeColor(node.stroke);
  if (fill === null && stroke === null) return;
  const quad = boxQuad(node, drawing);
  if (quad !== null) {
    writer.box(
      m,
      {
        kind: boxKind(quad, node.stroke),
        width: quad.width,
        height: quad.height,
        radius: quad.radius,
        strokeWidth: stroke === null ? 0 : node.stroke.width,
        fill: fill ?? NO_COLOR,
        stroke: stroke ?? NO_COLOR,
        opacity,
      },
      detail.pixelsPerUnit,
    );
    return;
  }
  const pixel = unitsPerPixel(m, detail.pixelsPerUnit);
  if (pixel === null) return;
  const scale = pixel * detail.pixelsPerUnit;
  const lines: Polyline[] = drawing.polylines(node, detail.step);
  if (fill !== null) {
    fillOutlines(
      writer,
      m,
      lines.map((line) => line.points),
      drawing.fillRule(node),
      { color: fill, opacity, slot: PAINT_FILL, pixel, scale },
      needsFillRim(node, pixel),
    );
  }
  if (stroke === null) return;
  const dashed = isDashed(node.stroke);
  const strokes = strokeScratch;
  strokes.reset();
  for (const line of lines) {
    if (!dashed) {
      strokePolyline(strokes, line.points, line.closed, node.stroke, pixel);
      continue;
    }
    for (const run of dashPolyline(line, node.stroke.dash, node.stroke.dashOffset))
      strokePolyline(strokes, run, false, node.stroke, pixel);
  }
  const ink = { color: stroke, opacity, slot: PAINT_STROKE, pixel, scale } as const;
  const ends = drawing.arrowEnds(node);
  if (ends.length > 0) encodeHeads(writer, node, ends, m, strokes, ink, detail);
  writer.edges(m, strokes, SHAPE_STROKE, node.stroke.width / 2, stroke, opacity);
}

/** Ink (a freehand stroke): its pressure-shaped outline filled (nonzero) with the stroke's paint. */
function encodeInk(
  writer: BatchWriter,
  node: VectorNode,
  inkOutline: (node: VectorNode) => number[],
  m: Matrix,
  detail: Detail,
  opacity: number,
): void {
  const paint = node.stroke.paint;
  if (paint === null) return;
  const pixel = unitsPerPixel(m, detail.pixelsPerUnit);
  if (pixel === null) return;
  const scale = pixel * detail.pixelsPerUnit;
  const ink = { color: paintColor(paint), opacity, slot: PAINT_STROKE, pixel, scale } as const;
  fillPlan(writer, m, inkFill(node, inkOutline), ink, true);
}
