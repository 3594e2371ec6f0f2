import type { LineCap, LineJoin } from "../doc/types";

/*
 * The area a stroke covers, as polygons whose nonzero fill is exactly that area (before the
 * overlaps are resolved by a boolean union).
 *
 * Why this is right: think of the stroke of a polyline with half-width h as pieces, all wound the
 * same way: one rectangle per edge, a join piece on the outer side of each vertex (fan from the
 * vertex), and a cap at each open end. Each point of the stroke is covered by at least one piece
 * and the sum of their winding numbers is nonzero there, zero elsewhere. Adding the pieces as
 * chains, the segments they share cancel, and what is left is one polygon per run: along the
 * left offset forward, the join on the outer side of each turn and a detour through the vertex
 * itself on the inner side, the end cap, and back along the right offset the same way, then the
 * start cap (a closed run gives two loops instead). No offset curve is clipped or trimmed, which
 * is what keeps this right where a curve bends tighter than the stroke is wide: naive offsetting
 * folds back there and leaves holes. Where it provably changes nothing (see vertexSide), the inner
 * side takes the crossing of the two offsets instead of the detour, which keeps paper.js's work
 * small on gentle curves.
 */

export interface StrokeStyle {
  readonly halfWidth: number;
  readonly cap: LineCap;
  readonly join: LineJoin;
  /** Miter length over stroke width beyond which a miter join is drawn as a bevel (SVG rule). */
  readonly miterLimit: number;
  /** Largest distance between a round cap or join and its polygon. */
  readonly tolerance: number;
}

/** A polyline to stroke: x, y pairs; `corner[i]` says whether vertex i is a real corner. */
export interface StrokeRun {
  readonly points: readonly number[];
  readonly closed: boolean;
  /** Vertices that come only from flattening a curve get a round join (the curve is smooth). */
  readonly corner: readonly boolean[];
}

interface V {
  readonly x: number;
  readonly y: number;
}

/** Turns smaller than this (radians) are straight: both offsets meet at one point. */
const STRAIGHT_TURN = 1e-12;

/** Points on an arc around c of radius r from angle a0 turning by sweep, both ends included. */
function arc(out: number[], c: V, r: number, a0: number, sweep: number, tolerance: number): void {
  // A chord spanning angle φ on radius r is at most r(1 − cos(φ/2)) from the arc.
  const step = r > tolerance ? 2 * Math.acos(1 - tolerance / r) : Math.PI / 2;
  const n = Math.max(1, Math.ceil(Math.abs(sweep) / Math.max(step, 1e-4)));
  for (let i = 0; i <= n; i++) {
    const a = a0 + (sweep * i) / n;
    out.push(c.x + Math.cos(a) * r, c.y + Math.sin(a) * r);
  }
}

/** Drops repeated points, so every edge has a direction. */
function distinct(run: StrokeRun): { pts: V[]; corners: boolean[] } {
  const pts: V[] = [];
  const corners: boolean[] = [];
  for (let i = 0; i + 1 < run.points.length; i += 2) {
    const p = { x: run.points[i]!, y: run.points[i + 1]! };
    const isCorner = run.corner[i / 2] ?? true;
    const last = pts[pts.length - 1];
    if (last !== undefined && last.x === p.x && last.y === p.y) {
      corners[corners.length - 1] = corners[corners.length - 1]! || isCorner;
      continue;
    }
    pts.push(p);
    corners.push(isCorner);
  }
  const first = pts[0];
  const last = pts[pts.length - 1];
  if (run.closed && pts.length > 1 && first!.x === last!.x && first!.y === last!.y) {
    pts.pop();
    corners[0] = corners[0]! || corners.pop()!;
  }
  return { pts, corners };
}

/**
 * One side of the stroke at vertex v, arriving with offset `from` (v + from is on the side) and
 * leaving with offset `to`; `outer` says whether the turn bends away from this side.
 */
function vertexSide(
  out: number[],
  v: V,
  from: V,
  to: V,
  outer: boolean,
  join: LineJoin,
  style: StrokeStyle,
  shortestEdge: number,
): void {
  const cross = from.x * to.y - from.y * to.x;
  const dot = from.x * to.x + from.y * to.y;
  const turn = Math.atan2(cross, dot);
  if (Math.abs(turn) < STRAIGHT_TURN) {
    out.push(v.x + from.x, v.y + from.y);
    return;
  }
  if (!outer) {
    const reach = style.halfWidth / Math.cos(turn / 2);
    // The inner offsets cross at X. The piece between the detour and X (vertex, both inner offset
    // ends, X) lies in both edge rectangles when the offset ends reach no further along the other
    // edge than its length (h·sin|turn|) and X lies on both (h·tan(|turn|/2)); then X may replace
    // the detour.
    const spread = Math.max(Math.sin(Math.abs(turn)), Math.tan(Math.abs(turn) / 2));
    if (style.halfWidth * spread <= shortestEdge) {
      const bx = from.x + to.x;
      const by = from.y + to.y;
      const length = Math.hypot(bx, by);
      out.push(v.x + (bx / length) * reach, v.y + (by / length) * reach);
    } else out.push(v.x + from.x, v.y + from.y, v.x, v.y, v.x + to.x, v.y + to.y);
    return;
  }
  if (join === "round") {
    arc(out, v, style.halfWidth, Math.atan2(from.y, from.x), turn, style.tolerance);
    return;
  }
  out.push(v.x + from.x, v.y + from.y);
  // Miter length over stroke width is 1/sin(θ/2) for the angle θ between the edges, which is
  // 1/cos(turn/2) for the turn between them.
  const ratio = 1 / Math.cos(turn / 2);
  if (join === "miter" && ratio <= style.miterLimit) {
    const bx = from.x + to.x;
    const by = from.y + to.y;
    const length = Math.hypot(bx, by);
    const reach = style.halfWidth * ratio;
    out.push(v.x + (bx / length) * reach, v.y + (by / length) * reach);
  }
  out.push(v.x + to.x, v.y + to.y);
}

/** The cap at end p, `d` the direction leaving the line there, from side +n round to side −n. */
function cap(out: number[], p: V, d: V, n: V, style: StrokeStyle): void {
  const h = style.halfWidth;
  if (style.cap === "round") {
    // n is d turned a quarter turn forward, so turning back by half a turn passes through d.
    arc(out, p, h, Math.atan2(n.y, n.x), -Math.PI, style.tolerance);
  } else if (style.cap === "square") {
    out.push(p.x + n.x + d.x * h, p.y + n.y + d.y * h, p.x - n.x + d.x * h, p.y - n.y + d.y * h);
  } else out.push(p.x + n.x, p.y + n.y, p.x - n.x, p.y - n.y);
}

/**
 * A subpath of one point: round caps draw a dot, square caps a square along the x axis (SVG's
 * rule for zero-length subpaths), butt caps nothing.
 */
function dot(p: V, style: StrokeStyle): number[][] {
  const h = style.halfWidth;
  const out: number[] = [];
  if (style.cap === "round") arc(out, p, h, 0, 2 * Math.PI, style.tolerance);
  else if (style.cap === "square")
    out.push(p.x - h, p.y - h, p.x + h, p.y - h, p.x + h, p.y + h, p.x - h, p.y + h);
  return out.length > 0 ? [out] : [];
}

/** Polygons (x, y pairs, closed) whose nonzero fill is the stroke of the run. */
export function strokePolygons(run: StrokeRun, style: StrokeStyle): number[][] {
  const h = style.halfWidth;
  const { pts, corners } = distinct(run);
  const n = pts.length;
  if (n === 0 || !(h > 0)) return [];
  if (n === 1) return dot(pts[0]!, style);
  const closed = run.closed && n > 2;
  const edges = closed ? n : n - 1;
  // Offset of each edge to its + side (a quarter turn from its direction).
  const dirs: V[] = [];
  const normals: V[] = [];
  const lengths: number[] = [];
  for (let i = 0; i < edges; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % n]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const d = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
    dirs.push(d);
    lengths.push(length);
    normals.push({ x: -d.y * h, y: d.x * h });
  }
  const joinAt = (v: number): LineJoin => (corners[v] ? style.join : "round");
  // The turn at v bends toward the + side when cross > 0, making − the outer side.
  const bendsToPlus = (v: number): boolean => {
    const d0 = dirs[(v - 1 + edges) % edges]!;
    const d1 = dirs[v % edges]!;
    return d0.x * d1.y - d0.y * d1.x > 0;
  };
  const neg = (p: V): V => ({ x: -p.x, y: -p.y });
  // Taking the crossing instead of the detour at vertex v removes at most one winding, and only
  // from points both of v's edge rectangles cover. A point in such pieces of k vertices lies in at
  // least k + 1 rectangles, so its winding stays nonzero, unless k is every vertex of a closed
  // run: so vertex 0 of a closed run always takes the detour.
  const shortest = (v: number): number =>
    closed && v === 0 ? 0 : Math.min(lengths[(v - 1 + edges) % edges]!, lengths[v % edges]!);

  const plus: number[] = [];
  const minus: number[] = [];
  const firstVertex = closed ? 0 : 1;
  const lastVertex = closed ? n - 1 : n - 2;
  for (let v = firstVertex; v <= lastVertex; v++) {
    const n0 = normals[(v - 1 + edges) % edges]!;
    const n1 = normals[v]!;
    vertexSide(plus, pts[v]!, n0, n1, !bendsToPlus(v), joinAt(v), style, shortest(v));
  }
  for (let v = lastVertex; v >= firstVertex; v--) {
    const n0 = normals[(v - 1 + edges) % edges]!;
    const n1 = normals[v]!;
    vertexSide(minus, pts[v]!, neg(n1), neg(n0), bendsToPlus(v), joinAt(v), style, shortest(v));
  }
  if (closed) return [plus, minus];

  const start = pts[0]!;
  const end = pts[n - 1]!;
  const polygon = [start.x + normals[0]!.x, start.y + normals[0]!.y, ...plus];
  cap(polygon, end, dirs[edges - 1]!, normals[edges - 1]!, style);
  polygon.push(...minus);
  cap(polygon, start, neg(dirs[0]!), neg(normals[0]!), style);
  return [polygon];
}
