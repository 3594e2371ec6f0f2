import type { PathSegment, Subpath } from "../doc/types";
import type { Point } from "../math/point";

/** One Bézier piece with its start point made explicit: 2 (line), 3 (quad) or 4 (cubic) points. */
export type Curve = readonly Point[];

/** Upper bound on pieces per flattened curve, so a huge curve at a tiny tolerance stays bounded. */
export const MAX_FLATTEN_PIECES = 4096;

export function lerp(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

export function samePoint(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}

/** The segment as a curve starting at `from`. */
export function segmentCurve(from: Point, segment: PathSegment): Curve {
  switch (segment.type) {
    case "line":
      return [from, segment.to];
    case "quad":
      return [from, segment.control, segment.to];
    case "cubic":
      return [from, segment.control1, segment.control2, segment.to];
  }
}

/** The curve's point at t by de Casteljau's construction (exact for every degree). */
export function pointAt(curve: Curve, t: number): Point {
  let points = curve.slice();
  while (points.length > 1) {
    const next: Point[] = [];
    for (let i = 0; i + 1 < points.length; i++) next.push(lerp(points[i]!, points[i + 1]!, t));
    points = next;
  }
  return points[0]!;
}

/** De Casteljau split at t: the two halves trace exactly the same points as the whole. */
export function splitCurve(curve: Curve, t: number): [Curve, Curve] {
  const left: Point[] = [curve[0]!];
  const right: Point[] = [curve[curve.length - 1]!];
  let points = curve.slice();
  while (points.length > 1) {
    const next: Point[] = [];
    for (let i = 0; i + 1 < points.length; i++) next.push(lerp(points[i]!, points[i + 1]!, t));
    left.push(next[0]!);
    right.push(next[next.length - 1]!);
    points = next;
  }
  right.reverse();
  return [left, right];
}

/** A quadratic as the cubic that traces it exactly (degree elevation). */
export function quadToCubic(p0: Point, c: Point, p1: Point): [Point, Point] {
  return [
    { x: p0.x + ((c.x - p0.x) * 2) / 3, y: p0.y + ((c.y - p0.y) * 2) / 3 },
    { x: p1.x + ((c.x - p1.x) * 2) / 3, y: p1.y + ((c.y - p1.y) * 2) / 3 },
  ];
}

/**
 * How many equal-parameter pieces keep a flattened curve within `tolerance` of it: a chord of a
 * curve with second derivative at most M deviates at most M·h²/8 over a parameter step h.
 */
export function piecesFor(curve: Curve, tolerance: number): number {
  if (curve.length <= 2) return 1;
  let m = 0;
  for (let i = 0; i + 2 < curve.length; i++) {
    const a = curve[i]!;
    const b = curve[i + 1]!;
    const c = curve[i + 2]!;
    m = Math.max(m, Math.hypot(a.x - 2 * b.x + c.x, a.y - 2 * b.y + c.y));
  }
  const degree = curve.length - 1;
  const secondDerivative = degree * (degree - 1) * m;
  const tol = Math.max(tolerance, 1e-12);
  const n = Math.ceil(Math.sqrt(secondDerivative / (8 * tol)));
  if (!Number.isFinite(n)) return MAX_FLATTEN_PIECES;
  return Math.min(MAX_FLATTEN_PIECES, Math.max(1, n));
}

/** Points of the curve after its start, within `tolerance` of it; appended to `out` as x, y. */
export function flattenCurveInto(curve: Curve, tolerance: number, out: number[]): void {
  const n = piecesFor(curve, tolerance);
  for (let i = 1; i < n; i++) {
    const p = pointAt(curve, i / n);
    out.push(p.x, p.y);
  }
  const end = curve[curve.length - 1]!;
  out.push(end.x, end.y);
}

/** Halvings allowed in adaptive flattening: at most 2^16 pieces per curve. */
const MAX_ADAPTIVE_DEPTH = 16;

/**
 * Like flattenCurveInto, but halving the curve only where it is not yet flat: a piece is flat
 * when its control points are within `tolerance` of its chord (the curve lies in the hull of its
 * control points, and the distance to a segment is largest at a corner of that hull). Far fewer
 * points than uniform steps on curves that are tight in one place and flat elsewhere.
 */
export function flattenCurveAdaptiveInto(
  curve: Curve,
  tolerance: number,
  out: number[],
  depth = 0,
): void {
  const a = curve[0]!;
  const b = curve[curve.length - 1]!;
  let flat = true;
  for (let i = 1; i + 1 < curve.length && flat; i++) {
    const c = curve[i]!;
    flat = nearestOnSegment(c, a.x, a.y, b.x, b.y).distanceSq <= tolerance * tolerance;
  }
  if (flat || depth >= MAX_ADAPTIVE_DEPTH) {
    out.push(b.x, b.y);
    return;
  }
  const [left, right] = splitCurve(curve, 0.5);
  flattenCurveAdaptiveInto(left, tolerance, out, depth + 1);
  flattenCurveAdaptiveInto(right, tolerance, out, depth + 1);
}

/** A flattened subpath: x, y pairs; a closed one does not repeat its start at the end. */
export interface FlatSubpath {
  readonly points: number[];
  readonly closed: boolean;
}

/** Every subpath flattened to within `tolerance` (same units as the points). */
export function flattenSubpaths(subpaths: readonly Subpath[], tolerance: number): FlatSubpath[] {
  return subpaths.map((sub) => {
    const points = [sub.start.x, sub.start.y];
    let from = sub.start;
    for (const seg of sub.segments) {
      flattenCurveInto(segmentCurve(from, seg), tolerance, points);
      from = seg.to;
    }
    if (sub.closed && points.length >= 4) {
      const n = points.length;
      if (points[n - 2] === points[0] && points[n - 1] === points[1]) points.length = n - 2;
    }
    return { points, closed: sub.closed };
  });
}

/** Signed area of a closed polygon of x, y pairs (positive when clockwise with y down). */
export function polygonArea(points: readonly number[]): number {
  let sum = 0;
  const n = points.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    sum += points[i * 2]! * points[j * 2 + 1]! - points[j * 2]! * points[i * 2 + 1]!;
  }
  return sum / 2;
}

/**
 * Area a set of subpaths fills under a rule, every subpath taken as closed: the signed areas
 * summed, which is exact for nonzero when the subpaths do not cross and holes wind the other way
 * (as booleans produce), and used only there and in tests.
 */
export function signedAreaOfSubpaths(subpaths: readonly Subpath[], tolerance: number): number {
  let sum = 0;
  for (const flat of flattenSubpaths(subpaths, tolerance)) sum += polygonArea(flat.points);
  return sum;
}

/** Squared distance from p to the segment a–b, and the parameter of the nearest point. */
export function nearestOnSegment(
  p: Point,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): { distanceSq: number; t: number } {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSq = dx * dx + dy * dy;
  let t = lengthSq === 0 ? 0 : ((p.x - ax) * dx + (p.y - ay) * dy) / lengthSq;
  t = Math.max(0, Math.min(1, t));
  const x = ax + dx * t - p.x;
  const y = ay + dy * t - p.y;
  return { distanceSq: x * x + y * y, t };
}
