import { apply, type Matrix } from "../doc/transform";
import type { Subpath } from "../doc/types";
import type { Point } from "../math/point";
import type { Box } from "../math/box";

// Exact page-space boxes of outlines: curve extrema are solved after the transform, so a rotated
// ellipse or curve gets a tight box, not the box of its control points.

/** Grows a box, kept as a mutable accumulator so one node costs no allocations per point. */
class Extent {
  minX = Infinity;
  minY = Infinity;
  maxX = -Infinity;
  maxY = -Infinity;

  add(x: number, y: number): void {
    if (x < this.minX) this.minX = x;
    if (x > this.maxX) this.maxX = x;
    if (y < this.minY) this.minY = y;
    if (y > this.maxY) this.maxY = y;
  }

  box(): Box | null {
    if (!(this.minX <= this.maxX && this.minY <= this.maxY)) return null;
    return { minX: this.minX, minY: this.minY, maxX: this.maxX, maxY: this.maxY };
  }
}

/** Parameters in (0, 1) where one coordinate of a quadratic or cubic Bézier turns. */
function turningPoints(values: readonly number[]): number[] {
  if (values.length === 3) {
    const [p0, p1, p2] = values as [number, number, number];
    const denominator = p0 - 2 * p1 + p2;
    if (denominator === 0) return [];
    const t = (p0 - p1) / denominator;
    return t > 0 && t < 1 ? [t] : [];
  }
  const [p0, p1, p2, p3] = values as [number, number, number, number];
  // B'(t)/3 = (a − 2b + c)t² + 2(b − a)t + a with a, b, c the differences of the control points.
  const a = p1 - p0;
  const b = p2 - p1;
  const c = p3 - p2;
  const qa = a - 2 * b + c;
  const qb = 2 * (b - a);
  const roots: number[] = [];
  if (Math.abs(qa) < 1e-12 * (Math.abs(a) + Math.abs(b) + Math.abs(c) + 1e-300)) {
    if (qb !== 0) roots.push(-a / qb);
  } else {
    const discriminant = qb * qb - 4 * qa * a;
    if (discriminant >= 0) {
      const root = Math.sqrt(discriminant);
      roots.push((-qb + root) / (2 * qa), (-qb - root) / (2 * qa));
    }
  }
  return roots.filter((t) => t > 0 && t < 1);
}

function bezierAt(values: readonly number[], t: number): number {
  const u = 1 - t;
  if (values.length === 3) return u * u * values[0]! + 2 * u * t * values[1]! + t * t * values[2]!;
  return (
    u * u * u * values[0]! +
    3 * u * u * t * values[1]! +
    3 * u * t * t * values[2]! +
    t * t * t * values[3]!
  );
}

/** Adds a curve's true extent: an affine map of a Bézier is the Bézier of the mapped points. */
function addCurve(extent: Extent, points: readonly Point[]): void {
  const last = points[points.length - 1]!;
  extent.add(last.x, last.y);
  if (points.length < 3) return;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  for (const t of turningPoints(xs)) extent.add(bezierAt(xs, t), bezierAt(ys, t));
  for (const t of turningPoints(ys)) extent.add(bezierAt(xs, t), bezierAt(ys, t));
}

function addSubpaths(extent: Extent, subpaths: readonly Subpath[], m: Matrix): void {
  for (const sub of subpaths) {
    let from = apply(m, sub.start);
    extent.add(from.x, from.y);
    for (const seg of sub.segments) {
      const to = apply(m, seg.to);
      if (seg.type === "line") addCurve(extent, [from, to]);
      else if (seg.type === "quad") addCurve(extent, [from, apply(m, seg.control), to]);
      else addCurve(extent, [from, apply(m, seg.control1), apply(m, seg.control2), to]);
      from = to;
    }
  }
}

/** A w×h box's corners through the matrix: exact for anything drawn as that parallelogram. */
export function cornersBox(w: number, h: number, m: Matrix): Box {
  const xs = [m.e, m.a * w + m.e, m.c * h + m.e, m.a * w + m.c * h + m.e];
  const ys = [m.f, m.b * w + m.f, m.d * h + m.f, m.b * w + m.d * h + m.f];
  return {
    minX: Math.min(...xs),
    minY: Math.min(...ys),
    maxX: Math.max(...xs),
    maxY: Math.max(...ys),
  };
}

/**
 * The exact box of the ellipse inscribed in a w×h box, through the matrix: the image of a
 * circle's point at angle t is c + u·cos t + v·sin t, which reaches √(uₓ² + vₓ²) from the centre.
 */
export function ellipseBox(w: number, h: number, m: Matrix): Box {
  const rx = w / 2;
  const ry = h / 2;
  const cx = m.a * rx + m.c * ry + m.e;
  const cy = m.b * rx + m.d * ry + m.f;
  const ex = Math.hypot(m.a * rx, m.c * ry);
  const ey = Math.hypot(m.b * rx, m.d * ry);
  return { minX: cx - ex, minY: cy - ey, maxX: cx + ex, maxY: cy + ey };
}

/** The exact box of the subpaths through the matrix; null when they have no points. */
export function subpathsBox(subpaths: readonly Subpath[], m: Matrix): Box | null {
  const extent = new Extent();
  addSubpaths(extent, subpaths, m);
  return extent.box();
}
