import type { FreehandNode, PathNode, PathSegment } from "../doc/types";
import { NO_FILL } from "../doc/factory";
import { leastSquaresCubic } from "./curveFit";
import { pathNodeFrom } from "./toPath";
import type { Point } from "../math/point";

/**
 * Greatest distance (local units) between a stroke's centre line and the Bézier path fitted to it.
 * Half a unit is below what a stroke of the default 8-unit pen shows, and keeps a long scribble
 * to a few dozen nodes.
 */
export const FREEHAND_FIT_TOLERANCE = 0.5;
/** Re-parameterisation rounds before a piece that does not fit is split. */
const FIT_ROUNDS = 4;
/** Errors under this many tolerances are worth re-parameterising (Schneider's suggestion). */
const REPARAMETERISE_BELOW = 4;

/**
 * A freehand stroke as an editable path that draws its centre line: cubic Béziers fitted to the
 * sampled points within FREEHAND_FIT_TOLERANCE (P. J. Schneider's algorithm: least-squares
 * handles along fixed tangents, split at the worst point until every piece fits). The stroke's
 * nominal size becomes the path's stroke width with round caps and joins, which is how the stroke
 * is drawn; pressure variation is not kept. Id, place in the tree, name and transform are kept.
 */
export function freehandToPath(node: FreehandNode): PathNode {
  const points = distinctPoints(node.points);
  const segments: PathSegment[] = [];
  if (points.length === 1) segments.push({ type: "line", to: points[0]! });
  else fitPieces(points, 0, points.length - 1, null, null, segments);
  return pathNodeFrom(node, {
    fill: NO_FILL,
    stroke: { ...node.stroke, width: node.settings.size, cap: "round", join: "round" },
    subpaths: [{ start: points[0] ?? { x: 0, y: 0 }, segments, closed: false }],
    fillRule: "nonzero",
  });
}

function distinctPoints(flat: readonly number[]): Point[] {
  const out: Point[] = [];
  for (let i = 0; i + 2 < flat.length; i += 3) {
    const p = { x: flat[i]!, y: flat[i + 1]! };
    const prev = out[out.length - 1];
    if (prev === undefined || prev.x !== p.x || prev.y !== p.y) out.push(p);
  }
  return out;
}

function sub(a: Point, b: Point): Point {
  return { x: a.x - b.x, y: a.y - b.y };
}

function normalised(v: Point): Point {
  const length = Math.hypot(v.x, v.y);
  return length > 0 ? { x: v.x / length, y: v.y / length } : { x: 0, y: 0 };
}

/** Fits points[first..last] with cubics, appending them to `out`; tangents point into the piece. */
function fitPieces(
  points: readonly Point[],
  first: number,
  last: number,
  startTangent: Point | null,
  endTangent: Point | null,
  out: PathSegment[],
): void {
  const t1 = startTangent ?? normalised(sub(points[first + 1]!, points[first]!));
  const t2 = endTangent ?? normalised(sub(points[last - 1]!, points[last]!));
  const p0 = points[first]!;
  const p3 = points[last]!;
  if (last - first === 1) {
    const third = Math.hypot(p3.x - p0.x, p3.y - p0.y) / 3;
    out.push(cubic(p0, t1, t2, p3, third, third));
    return;
  }
  let params = chordParams(points, first, last);
  let curve = leastSquares(points, first, last, params, t1, t2);
  let worst = maxError(points, first, last, curve, params);
  // Re-parameterising only pays when the fit is nearly there; otherwise splitting is cheaper.
  for (
    let round = 0;
    round < FIT_ROUNDS &&
    worst.error > FREEHAND_FIT_TOLERANCE &&
    worst.error < FREEHAND_FIT_TOLERANCE * REPARAMETERISE_BELOW;
    round++
  ) {
    params = newtonRound(curve, points, first, params);
    curve = leastSquares(points, first, last, params, t1, t2);
    worst = maxError(points, first, last, curve, params);
  }
  if (worst.error <= FREEHAND_FIT_TOLERANCE) {
    out.push({ type: "cubic", control1: curve[1], control2: curve[2], to: curve[3] });
    return;
  }
  // Split at the worst point with one tangent through it, so the two pieces meet smoothly.
  const split = Math.min(last - 1, Math.max(first + 1, worst.index));
  const centre = normalised(sub(points[split - 1]!, points[split + 1]!));
  fitPieces(points, first, split, t1, centre, out);
  fitPieces(points, split, last, { x: -centre.x, y: -centre.y }, t2, out);
}

type Cubic = readonly [Point, Point, Point, Point];

function cubic(p0: Point, t1: Point, t2: Point, p3: Point, a1: number, a2: number): PathSegment {
  return {
    type: "cubic",
    control1: { x: p0.x + t1.x * a1, y: p0.y + t1.y * a1 },
    control2: { x: p3.x + t2.x * a2, y: p3.y + t2.y * a2 },
    to: p3,
  };
}

function chordParams(points: readonly Point[], first: number, last: number): number[] {
  const params = [0];
  for (let i = first + 1; i <= last; i++) {
    const d = Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
    params.push(params[params.length - 1]! + d);
  }
  const total = params[params.length - 1]!;
  return params.map((u) => (total > 0 ? u / total : 0));
}

function leastSquares(
  points: readonly Point[],
  first: number,
  last: number,
  params: readonly number[],
  t1: Point,
  t2: Point,
): Cubic {
  const p0 = points[first]!;
  const p3 = points[last]!;
  const chord = Math.hypot(p3.x - p0.x, p3.y - p0.y);
  return leastSquaresCubic(p0, p3, t1, t2, points.slice(first, last + 1), params, chord);
}

function maxError(
  points: readonly Point[],
  first: number,
  last: number,
  curve: Cubic,
  params: readonly number[],
): { error: number; index: number } {
  let error = 0;
  let index = Math.floor((first + last) / 2);
  for (let i = 1; i < params.length - 1; i++) {
    const q = cubicAt(curve, params[i]!);
    const p = points[first + i]!;
    const d = Math.hypot(q.x - p.x, q.y - p.y);
    if (d > error) {
      error = d;
      index = first + i;
    }
  }
  return { error, index };
}

/** The cubic's point at u, from its Bernstein form (no allocation: called for every sample). */
function cubicAt(c: Cubic, u: number): Point {
  const v = 1 - u;
  const b0 = v * v * v;
  const b1 = 3 * u * v * v;
  const b2 = 3 * u * u * v;
  const b3 = u * u * u;
  return {
    x: b0 * c[0].x + b1 * c[1].x + b2 * c[2].x + b3 * c[3].x,
    y: b0 * c[0].y + b1 * c[1].y + b2 * c[2].y + b3 * c[3].y,
  };
}

/** One Newton step for every sample toward the parameter of the curve's nearest point. */
function newtonRound(
  c: Cubic,
  points: readonly Point[],
  first: number,
  params: readonly number[],
): number[] {
  // First and second derivatives: a quadratic and a line, in Bernstein form.
  const d1 = [sub(c[1], c[0]), sub(c[2], c[1]), sub(c[3], c[2])].map((v) => ({
    x: 3 * v.x,
    y: 3 * v.y,
  }));
  const d2 = [sub(d1[1]!, d1[0]!), sub(d1[2]!, d1[1]!)].map((v) => ({ x: 2 * v.x, y: 2 * v.y }));
  return params.map((u, i) => {
    const p = points[first + i]!;
    const v = 1 - u;
    const q = cubicAt(c, u);
    const q1x = v * v * d1[0]!.x + 2 * u * v * d1[1]!.x + u * u * d1[2]!.x;
    const q1y = v * v * d1[0]!.y + 2 * u * v * d1[1]!.y + u * u * d1[2]!.y;
    const q2x = v * d2[0]!.x + u * d2[1]!.x;
    const q2y = v * d2[0]!.y + u * d2[1]!.y;
    const numerator = (q.x - p.x) * q1x + (q.y - p.y) * q1y;
    const denominator = q1x * q1x + q1y * q1y + (q.x - p.x) * q2x + (q.y - p.y) * q2y;
    if (denominator === 0 || !Number.isFinite(denominator)) return u;
    return Math.max(0, Math.min(1, u - numerator / denominator));
  });
}
