import type { EdgeMesh } from "./edgeMesh";
import type { FillEdge } from "./fillPlan";
import { doubleSignedArea, segmentDirections } from "./polyline";
import { FRINGE_PX } from "./stroker";
import { separatePinches } from "./pinches";
import { SegmentTree } from "./segmentTree";

/** A convex corner whose offset miter would reach further than this many fringes is bevelled. */
const FRINGE_MITER_LIMIT = 2;

/**
 * How far a fill's thickness is measured, in screen pixels at the zoom the rim is built for:
 * thicker, a fill is over a pixel thick at every zoom of the bucket (down to half of it), which is
 * all that matters, and reads as `SOLID`.
 */
export const THICKNESS_CAP_PX = 4;

/** The thickness of a fill measured thicker than the cap (finite, so the GPU interpolates it). */
export const SOLID = 1e30;

/**
 * A vertex looks for the far side of the fill along its inset direction no further than this
 * many times the thickness cap: past a corner sharper than that (about 14°) it may be inset by
 * less than half a pixel.
 */
const SEARCH_MITER_LIMIT = 8;

/**
 * One outline between filled and unfilled area, ready for its rim: its distinct points, their
 * segments, and per vertex where the shader insets it and how thick the fill is there.
 */
export interface RimOutline {
  /** The fill plan's outline it was built from, where it is one as given (set by `fillRims`). */
  edge: readonly number[] | null;
  /** Distinct points, x, y pairs, taken as closed. */
  readonly points: readonly number[];
  /** The raw outline's points, x, y pairs, each with the distinct vertex it became (`source`). */
  readonly raw: readonly number[];
  readonly source: readonly number[];
  /** Unit direction and length of segment i, from point i to point i + 1. */
  readonly dx: readonly number[];
  readonly dy: readonly number[];
  readonly len: readonly number[];
  /** +1 or −1: the left normal (−dy, dx) times this points out of the fill. */
  readonly side: number;
  /**
   * Per vertex, x, y: the direction the vertex moves in per local unit the fill is inset: into
   * the fill, along the corner's bisector, with a component of 1 across both edges at the vertex
   * (so both edges move in by the inset). 0, 0 at a vertex where the outline folds back.
   */
  readonly inset: number[];
  /** Per vertex: whether the fill's corner there is convex (under 180°). */
  readonly convex: boolean[];
  /**
   * Per vertex: how thick the fill is there, in local units: across to the far side of the fill
   * (along the inset direction), or `SOLID` past `THICKNESS_CAP_PX` pixels. Filled in by
   * `measureThickness`.
   */
  readonly thickness: number[];
  /**
   * Per vertex: the most it may be inset, in local units: half the thickness (half as far as
   * measured, for a `SOLID` one), so the insides of a fill thinner than a pixel close up along its
   * middle instead of turning inside out, and at a convex corner no more than keeps the inset
   * point within half of each edge. Filled in by `measureThickness`.
   */
  readonly limit: number[];
}

/**
 * An outline (local x, y pairs, taken as closed) as the rim sees it: filled inside, or outside
 * for the outline of a hole. Null when it has fewer than three distinct points or no area.
 */
export function rimOutline(
  points: readonly number[],
  filledInside: boolean,
  unitsPerPixel: number,
): RimOutline | null {
  if (!(unitsPerPixel > 0)) return null;
  const epsilon = unitsPerPixel * 1e-6;
  // Distinct points (as `distinctPoints` keeps them), remembering which each raw point became.
  const pts: number[] = [];
  const raw: number[] = [];
  const source: number[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) {
    const x = points[i]!;
    const y = points[i + 1]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const k = pts.length;
    raw.push(x, y);
    if (k >= 2 && distance(x - pts[k - 2]!, y - pts[k - 1]!) <= epsilon) {
      source.push((k >> 1) - 1);
      continue;
    }
    source.push(k >> 1);
    pts.push(x, y);
  }
  while (pts.length >= 4 && distance(pts[0]! - pts.at(-2)!, pts[1]! - pts.at(-1)!) <= epsilon) {
    const last = (pts.length >> 1) - 1;
    pts.length -= 2;
    for (let i = 0; i < source.length; i += 1) if (source[i] === last) source[i] = 0;
  }
  const n = pts.length >> 1;
  if (n < 3) return null;
  const area = doubleSignedArea(pts);
  if (area === 0) return null;
  // Left normals (−dy, dx) point inside a counter-clockwise (positive area) outline.
  const side = (area > 0 ? -1 : 1) * (filledInside ? 1 : -1);
  const { dx, dy, len } = segmentDirections(pts, n);
  const inset: number[] = [];
  const convex: boolean[] = [];
  for (let i = 0; i < n; i += 1) {
    const a = (i + n - 1) % n;
    const ax = dx[a]!;
    const ay = dy[a]!;
    const bx = dx[i]!;
    const by = dy[i]!;
    const onePlusDot = 1 + ax * bx + ay * by;
    // A corner is convex when the outline turns away from the outside.
    convex.push((ax * by - ay * bx) * side < 0);
    if (onePlusDot > 1e-12) {
      // The inward normals (side·dy, −side·dx) of both edges, summed, over 1 + their dot product.
      inset.push((side * (ay + by)) / onePlusDot, (-side * (ax + bx)) / onePlusDot);
    } else {
      inset.push(0, 0);
    }
  }
  const thickness = new Array<number>(n).fill(SOLID);
  const limit = new Array<number>(n).fill((THICKNESS_CAP_PX * unitsPerPixel) / 2);
  return {
    edge: null,
    points: pts,
    raw,
    source,
    dx,
    dy,
    len,
    side,
    inset,
    convex,
    thickness,
    limit,
  };
}

/** The segments thickness is measured against, kept between fills. */
let segmentBuffer = new Float64Array(256);

/**
 * Measures the fill's thickness at every vertex of the outlines (all those of one fill: the far
 * side may be another outline, as across a ring): along the vertex's inset direction to the first
 * outline it meets, divided by that direction's length, so a band of parallel edges reads its
 * width at every vertex. The shader insets a vertex by at most half of it, so the insides of a
 * fill thinner than a pixel close up along its middle instead of turning inside out, and the rim
 * fades such a fill by its thickness.
 */
export function measureThickness(outlines: readonly RimOutline[], unitsPerPixel: number): void {
  const cap = THICKNESS_CAP_PX * unitsPerPixel;
  let total = 0;
  for (const outline of outlines) total += outline.points.length >> 1;
  if (segmentBuffer.length < total * 4)
    segmentBuffer = new Float64Array(Math.max(total * 4, 2 * segmentBuffer.length));
  const segments = segmentBuffer;
  let start = 0;
  for (const outline of outlines) {
    const pts = outline.points;
    const n = pts.length >> 1;
    for (let i = 0; i < n; i += 1) {
      const j = i + 1 === n ? 0 : i + 1;
      const o = (start + i) * 4;
      segments[o] = pts[i * 2]!;
      segments[o + 1] = pts[i * 2 + 1]!;
      segments[o + 2] = pts[j * 2]!;
      segments[o + 3] = pts[j * 2 + 1]!;
    }
    start += n;
  }
  const tree = new SegmentTree(segments, total);
  start = 0;
  for (const outline of outlines) {
    const pts = outline.points;
    const n = pts.length >> 1;
    for (let i = 0; i < n; i += 1) {
      const ix = outline.inset[i * 2]!;
      const iy = outline.inset[i * 2 + 1]!;
      const length = distance(ix, iy);
      if (!(length > 0)) {
        outline.thickness[i] = 0;
        outline.limit[i] = 0;
        continue;
      }
      const a = i === 0 ? n - 1 : i - 1;
      const reach = Math.min(length, SEARCH_MITER_LIMIT) * cap;
      const x = pts[i * 2]!;
      const y = pts[i * 2 + 1]!;
      const hit = tree.nearestHit(x, y, ix / length, iy / length, reach, start + a, start + i);
      const thickness = hit < reach ? hit / length : SOLID;
      let limit = hit / (2 * length);
      if (outline.convex[i]) {
        // The inset point moves along each edge by the inset times tan(turn / 2).
        const ax = outline.dx[a]!;
        const ay = outline.dy[a]!;
        const bx = outline.dx[i]!;
        const by = outline.dy[i]!;
        const cross = Math.abs(ax * by - ay * bx);
        if (cross > 0) {
          const shorter = Math.min(outline.len[a]!, outline.len[i]!);
          limit = Math.min(limit, (shorter * (1 + ax * bx + ay * by)) / (2 * cross));
        }
      }
      outline.thickness[i] = thickness;
      outline.limit[i] = limit;
    }
    start += n;
  }
}

/**
 * The anti-aliased rim of an outline: a strip from the outline (lateral distance 0) to one
 * screen pixel outside it (`unitsPerPixel` local units), whose inner edge the shader moves half
 * a screen pixel into the fill (at most half the fill's thickness; see `RimOutline`) together
 * with the fill's own triangles, lowering the lateral distance there by as much. So the rim
 * covers from half a pixel inside the outline to half a pixel outside it, where the shader's
 * coverage runs from 1 to 0 with 0.5 on the outline, and the insides and the rim meet without
 * overlapping: a translucent fill keeps one shade.
 */
export function rimMesh(out: EdgeMesh, outline: RimOutline, unitsPerPixel: number): void {
  const pts = outline.points;
  const n = pts.length >> 1;
  const f = FRINGE_PX * unitsPerPixel;
  const { dx, dy, len, side } = outline;
  // Per outline vertex: its inner vertex (inset by the shader), the vertex itself where the rim's
  // strips meet there along more than one line (else the inner vertex), and the offset vertices
  // its incoming and outgoing edges end at.
  const inner: number[] = [];
  const on: number[] = [];
  const incoming: number[] = [];
  const outgoing: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const a = (i + n - 1) % n;
    const x = pts[i * 2]!;
    const y = pts[i * 2 + 1]!;
    const t = outline.thickness[i]!;
    const ax = dx[a]!;
    const ay = dy[a]!;
    const bx = dx[i]!;
    const by = dy[i]!;
    const oax = -ay * side * f;
    const oay = ax * side * f;
    const obx = -by * side * f;
    const oby = bx * side * f;
    const insetX = outline.inset[i * 2]!;
    const insetY = outline.inset[i * 2 + 1]!;
    inner.push(out.insetVertex(x, y, t, insetX, insetY, outline.limit[i]!));
    const cross = ax * by - ay * bx;
    const onePlusDot = 1 + ax * bx + ay * by;
    const convex = outline.convex[i]!;
    const miterRatio = onePlusDot > 1e-12 ? Math.sqrt(2 / onePlusDot) : Infinity;
    const innerReach = onePlusDot > 1e-12 ? (Math.abs(cross) / onePlusDot) * f : Infinity;
    const miter = convex
      ? miterRatio <= FRINGE_MITER_LIMIT
      : innerReach <= Math.min(len[a]!, len[i]!) / 2;
    if (miter && onePlusDot > 1e-12) {
      // The inner vertex, the vertex and the tip lie on the corner's bisector: each strip's
      // distances are exact up to it.
      const tip = out.rimVertex(x + (oax + obx) / onePlusDot, y + (oay + oby) / onePlusDot, f, t);
      on.push(inner[i]!);
      incoming.push(tip);
      outgoing.push(tip);
      continue;
    }
    // The strips end at the vertex's perpendiculars to each edge, and on the vertex itself, so
    // each keeps its own edge's distance; a convex corner's wedge between them is bevelled.
    const corner = out.rimVertex(x, y, 0, t);
    const endA = out.rimVertex(x + oax, y + oay, f, t);
    const startB = out.rimVertex(x + obx, y + oby, f, t);
    on.push(corner);
    incoming.push(endA);
    outgoing.push(startB);
    // Concave corners this sharp leave the two strips overlapping outside the outline, which a
    // pixel's width hides.
    if (convex) bevelFan(out, corner, x, y, oax, oay, obx, oby, endA, startB, t);
  }
  for (let i = 0; i < n; i += 1) {
    const j = (i + 1) % n;
    // Outside the outline (or from the inner vertex where the strip ends on a bisector), then the
    // band inside it, split along the vertices that are not inset.
    out.quad(on[i]!, outgoing[i]!, incoming[j]!, on[j]!);
    if (on[i] !== inner[i]) out.triangle(inner[i]!, on[i]!, on[j]!);
    if (on[j] !== inner[j]) out.triangle(inner[i]!, on[j]!, inner[j]!);
  }
}

/** The widest angle one triangle of a bevelled corner's fan spans. */
const FAN_STEP = Math.PI / 6;

/**
 * The rim round a convex corner the strips do not meet at, from its vertex (`corner`, at x, y)
 * out to the offsets (oax, oay) of the incoming edge (vertex `endA`) and (obx, oby) of the
 * outgoing one (`startB`), as a fan of narrow triangles: across each, the distance the shader
 * reads runs from 0 at the vertex to the fringe on the far side at nearly the rate of the true
 * distance from the vertex, which one wide triangle over the whole wedge would overstate many
 * times for a sharp corner.
 */
function bevelFan(
  out: EdgeMesh,
  corner: number,
  x: number,
  y: number,
  oax: number,
  oay: number,
  obx: number,
  oby: number,
  endA: number,
  startB: number,
  thickness: number,
): void {
  const f = distance(oax, oay);
  const from = Math.atan2(oay, oax);
  let turn = Math.atan2(oby, obx) - from;
  if (turn > Math.PI) turn -= 2 * Math.PI;
  if (turn < -Math.PI) turn += 2 * Math.PI;
  const steps = Math.max(1, Math.ceil(Math.abs(turn) / FAN_STEP));
  let previous = endA;
  for (let k = 1; k <= steps; k += 1) {
    const angle = from + (turn * k) / steps;
    const next =
      k === steps
        ? startB
        : out.rimVertex(x + Math.cos(angle) * f, y + Math.sin(angle) * f, f, thickness);
    out.triangle(corner, previous, next);
    previous = next;
  }
}

/**
 * The rims of all the outlines between a fill's filled and unfilled area, into `out`; returns
 * the outlines as built (less those with no area), which say where the fill's own triangles'
 * vertices are inset. Outlines that may touch (`mayTouch`: those the tessellator gives) are
 * relinked where they do first (see `separatePinches`).
 */
export function fillRims(
  out: EdgeMesh,
  edges: readonly FillEdge[],
  unitsPerPixel: number,
  mayTouch = false,
): RimOutline[] {
  const separate = mayTouch ? separatePinches(edges) : null;
  const outlines: RimOutline[] = [];
  for (const edge of separate ?? edges) {
    const outline = rimOutline(edge.points, edge.filledInside, unitsPerPixel);
    if (outline === null) continue;
    if (separate === null) outline.edge = edge.points;
    outlines.push(outline);
  }
  measureThickness(outlines, unitsPerPixel);
  for (const outline of outlines) rimMesh(out, outline, unitsPerPixel);
  return outlines;
}

/**
 * The anti-aliased rim of one filled outline (local x, y pairs, taken as closed), on its own:
 * outside the outline, or inside it for the outline of a hole (`inward`). See `rimMesh`.
 */
export function fillFringe(
  out: EdgeMesh,
  points: readonly number[],
  unitsPerPixel: number,
  inward = false,
): void {
  fillRims(out, [{ points, filledInside: !inward }], unitsPerPixel);
}

/** The length of (x, y) (`Math.hypot` is slow, and these never overflow). */
function distance(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}

/** One vertex of a rim outline that a point of the fill's triangles may be. */
export interface RimCorner {
  readonly outline: RimOutline;
  readonly index: number;
}

/**
 * Finds, for the points of a fill's own triangles, the rim vertex each one is, so it is inset
 * with it: the insides must end exactly where the rim's inner edge does. Points are matched by
 * position (the triangles and the rims come from the same outlines, or for outlines resolved by
 * the tessellator, from its two runs over the same snapped points). Where outlines touch, one
 * position is several vertices (`pick` chooses among them).
 */
export class RimCorners {
  private readonly corners = new Map<number, Map<number, RimCorner[]>>();

  constructor(outlines: readonly RimOutline[]) {
    for (const outline of outlines) {
      for (let k = 0; k < outline.source.length; k += 1) {
        const x = outline.raw[k * 2]!;
        const y = outline.raw[k * 2 + 1]!;
        let column = this.corners.get(x);
        if (column === undefined) {
          column = new Map();
          this.corners.set(x, column);
        }
        const here = column.get(y);
        const corner = { outline, index: outline.source[k]! };
        if (here === undefined) column.set(y, [corner]);
        else if (!here.some((c) => c.outline === outline && c.index === corner.index))
          here.push(corner);
      }
    }
  }

  /** The rim vertices at (x, y): none, one, or several where outlines touch. */
  at(x: number, y: number): readonly RimCorner[] {
    return this.corners.get(x)?.get(y) ?? NONE;
  }

  /** Of several rim vertices at (x, y), the one whose corner of the fill holds (tx, ty). */
  pick(corners: readonly RimCorner[], x: number, y: number, tx: number, ty: number): RimCorner {
    let best = corners[0]!;
    let bestScore = -Infinity;
    for (const corner of corners) {
      const score = cornerHolds(corner, x, y, tx, ty);
      if (score > bestScore) {
        bestScore = score;
        best = corner;
      }
    }
    return best;
  }
}

const NONE: readonly RimCorner[] = [];

/**
 * How far (tx, ty) lies into the fill's corner at a vertex (x, y) of an outline: the distance
 * in from both of its edges for a convex corner, from either for a concave one.
 */
function cornerHolds(corner: RimCorner, x: number, y: number, tx: number, ty: number): number {
  const { outline, index } = corner;
  const n = outline.points.length >> 1;
  const a = (index + n - 1) % n;
  const s = outline.side;
  // Inward normals (side·dy, −side·dx).
  const inA = (tx - x) * s * outline.dy[a]! - (ty - y) * s * outline.dx[a]!;
  const inB = (tx - x) * s * outline.dy[index]! - (ty - y) * s * outline.dx[index]!;
  return outline.convex[index] ? Math.min(inA, inB) : Math.max(inA, inB);
}
