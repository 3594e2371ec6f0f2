import { distance, pointAt, type Curve } from "./bezier";
import type { Point } from "../math/point";

/** Samples taken along each curve being replaced. */
const SAMPLES_PER_CURVE = 16;
/** Newton re-parameterisation rounds (Schneider's method converges in a few). */
const REFINE_ROUNDS = 4;

function unit(from: Point, to: Point): Point | null {
  const length = distance(from, to);
  return length > 0 ? { x: (to.x - from.x) / length, y: (to.y - from.y) / length } : null;
}

/** Direction leaving a curve's start: toward the first control point distinct from it. */
export function startTangent(curve: Curve): Point | null {
  for (let i = 1; i < curve.length; i++) {
    const t = unit(curve[0]!, curve[i]!);
    if (t !== null) return t;
  }
  return null;
}

export function endTangent(curve: Curve): Point | null {
  return startTangent(curve.slice().reverse());
}

/**
 * One cubic from the first curve's start to the last curve's end that follows the chain of
 * curves as closely as it can while keeping both end tangents (so the neighbouring curves meet it
 * as they met the chain): a least-squares fit of the two handle lengths over samples of the
 * chain (P. J. Schneider, "An Algorithm for Automatically Fitting Digitized Curves", 1990).
 */
export function fitCubicToChain(chain: readonly Curve[]): [Point, Point, Point, Point] {
  const p0 = chain[0]![0]!;
  const last = chain[chain.length - 1]!;
  const p3 = last[last.length - 1]!;
  const samples: Point[] = [];
  for (const curve of chain) {
    for (let i = 0; i < SAMPLES_PER_CURVE; i++) samples.push(pointAt(curve, i / SAMPLES_PER_CURVE));
  }
  samples.push(p3);
  const chord = distance(p0, p3);
  const t1 = startTangent(chain[0]!) ?? unit(p0, p3) ?? { x: 0, y: 0 };
  const t2 = endTangent(last) ?? unit(p3, p0) ?? { x: 0, y: 0 };

  // Chord-length parameters for the samples.
  const params: number[] = [0];
  for (let i = 1; i < samples.length; i++)
    params.push(params[i - 1]! + distance(samples[i - 1]!, samples[i]!));
  const total = params[params.length - 1]!;
  for (let i = 0; i < params.length; i++) params[i] = total > 0 ? params[i]! / total : 0;

  let fitted = leastSquaresCubic(p0, p3, t1, t2, samples, params, chord);
  for (let round = 0; round < REFINE_ROUNDS; round++) {
    for (let i = 0; i < samples.length; i++)
      params[i] = newtonStep(fitted, samples[i]!, params[i]!);
    fitted = leastSquaresCubic(p0, p3, t1, t2, samples, params, chord);
  }
  return fitted;
}

/**
 * The cubic from p0 to p3 leaving along t1 and arriving along t2 whose two handle lengths bring
 * it nearest (least squares) to `samples` at parameters `params`; a third of the chord when the
 * fit would turn a handle backwards.
 */
export function leastSquaresCubic(
  p0: Point,
  p3: Point,
  t1: Point,
  t2: Point,
  samples: readonly Point[],
  params: readonly number[],
  chord: number,
): [Point, Point, Point, Point] {
  let c11 = 0;
  let c12 = 0;
  let c22 = 0;
  let x1 = 0;
  let x2 = 0;
  for (let i = 0; i < samples.length; i++) {
    const u = params[i]!;
    const v = 1 - u;
    const b0 = v * v * v;
    const b1 = 3 * u * v * v;
    const b2 = 3 * u * u * v;
    const b3 = u * u * u;
    const a1 = { x: t1.x * b1, y: t1.y * b1 };
    const a2 = { x: t2.x * b2, y: t2.y * b2 };
    const rx = samples[i]!.x - (p0.x * (b0 + b1) + p3.x * (b2 + b3));
    const ry = samples[i]!.y - (p0.y * (b0 + b1) + p3.y * (b2 + b3));
    c11 += a1.x * a1.x + a1.y * a1.y;
    c12 += a1.x * a2.x + a1.y * a2.y;
    c22 += a2.x * a2.x + a2.y * a2.y;
    x1 += a1.x * rx + a1.y * ry;
    x2 += a2.x * rx + a2.y * ry;
  }
  const det = c11 * c22 - c12 * c12;
  let alpha1 = det !== 0 ? (x1 * c22 - c12 * x2) / det : 0;
  let alpha2 = det !== 0 ? (c11 * x2 - c12 * x1) / det : 0;
  // A degenerate or backwards fit falls back to the usual third of the chord.
  const floor = chord * 1e-6;
  if (!(alpha1 > floor) || !(alpha2 > floor) || !Number.isFinite(alpha1 + alpha2)) {
    alpha1 = chord / 3;
    alpha2 = chord / 3;
  }
  return [
    p0,
    { x: p0.x + t1.x * alpha1, y: p0.y + t1.y * alpha1 },
    { x: p3.x + t2.x * alpha2, y: p3.y + t2.y * alpha2 },
    p3,
  ];
}

/** One Newton step toward the parameter of the cubic's point nearest to p. */
function newtonStep(c: readonly Point[], p: Point, u: number): number {
  const q = pointAt(c, u);
  const d1 = derivative(c);
  const d2 = derivative(d1);
  const q1 = pointAt(d1, u);
  const q2 = pointAt(d2, u);
  const numerator = (q.x - p.x) * q1.x + (q.y - p.y) * q1.y;
  const denominator = q1.x * q1.x + q1.y * q1.y + (q.x - p.x) * q2.x + (q.y - p.y) * q2.y;
  if (denominator === 0 || !Number.isFinite(denominator)) return u;
  return Math.max(0, Math.min(1, u - numerator / denominator));
}

/** The hodograph: control points of a Bézier's derivative. */
export function derivative(c: readonly Point[]): Point[] {
  const n = c.length - 1;
  const out: Point[] = [];
  for (let i = 0; i < n; i++)
    out.push({ x: n * (c[i + 1]!.x - c[i]!.x), y: n * (c[i + 1]!.y - c[i]!.y) });
  return out.length > 0 ? out : [{ x: 0, y: 0 }];
}
