import type { Transform } from "./types";
import type { Point } from "../math/point";

/** A 2D affine matrix [a c e; b d f; 0 0 1], as canvas and SVG use it. */
export interface Matrix {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly e: number;
  readonly f: number;
}

export const IDENTITY_TRANSFORM: Transform = {
  x: 0,
  y: 0,
  rotation: 0,
  scaleX: 1,
  scaleY: 1,
  skewX: 0,
};
export const IDENTITY_MATRIX: Matrix = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

/** translate · rotate · skewX · scale. */
export function toMatrix(t: Transform): Matrix {
  // Most nodes are neither turned nor skewed: cos 0, sin ±0 and tan ±0 are exact, so skipping
  // the trigonometry gives the same bits, and a drag step makes thousands of these.
  const still = t.rotation === 0 && t.skewX === 0;
  const cos = still ? 1 : Math.cos(t.rotation);
  const sin = still ? t.rotation : Math.sin(t.rotation);
  const tan = still ? t.skewX : Math.tan(t.skewX);
  // rotate · skewX = [cos, cos·tan − sin; sin, sin·tan + cos]
  const c0 = cos * tan - sin;
  const d0 = sin * tan + cos;
  return {
    a: cos * t.scaleX,
    b: sin * t.scaleX,
    c: c0 * t.scaleY,
    d: d0 * t.scaleY,
    e: t.x,
    f: t.y,
  };
}

/**
 * The parts of a matrix. Any invertible affine matrix is a rotation, a skew and a scale; a flip
 * comes back as a negative scaleY with the rotation that goes with it.
 */
export function fromMatrix(m: Matrix): Transform {
  const scaleX = Math.hypot(m.a, m.b);
  if (scaleX === 0)
    return { x: m.e, y: m.f, rotation: 0, scaleX: 0, scaleY: Math.hypot(m.c, m.d), skewX: 0 };
  const rotation = Math.atan2(m.b, m.a);
  const cos = m.a / scaleX;
  const sin = m.b / scaleX;
  // Undo the rotation on the second column: [cos sin; −sin cos] · (c, d) = (tan·sy, sy).
  const sy = -sin * m.c + cos * m.d;
  const shear = cos * m.c + sin * m.d;
  const skewX = sy === 0 ? 0 : Math.atan(shear / sy);
  return { x: m.e, y: m.f, rotation, scaleX, scaleY: sy, skewX };
}

export function multiply(m: Matrix, n: Matrix): Matrix {
  return {
    a: m.a * n.a + m.c * n.b,
    b: m.b * n.a + m.d * n.b,
    c: m.a * n.c + m.c * n.d,
    d: m.b * n.c + m.d * n.d,
    e: m.a * n.e + m.c * n.f + m.e,
    f: m.b * n.e + m.d * n.f + m.f,
  };
}

export function invert(m: Matrix): Matrix | null {
  const det = m.a * m.d - m.b * m.c;
  if (det === 0 || !Number.isFinite(det)) return null;
  const inverse = {
    a: m.d / det,
    b: -m.b / det,
    c: -m.c / det,
    d: m.a / det,
    e: (m.c * m.f - m.d * m.e) / det,
    f: (m.b * m.e - m.a * m.f) / det,
  };
  // A nearly singular matrix has an "inverse" of infinities: as unusable as none.
  const finite = Object.values(inverse).every(Number.isFinite);
  return finite ? inverse : null;
}

export function apply(m: Matrix, p: Point): Point {
  return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
}

/** Whether every part of the transform is a finite number: the only kind a record may hold. */
export function isFiniteTransform(t: Transform): boolean {
  return (
    Number.isFinite(t.x) &&
    Number.isFinite(t.y) &&
    Number.isFinite(t.rotation) &&
    Number.isFinite(t.scaleX) &&
    Number.isFinite(t.scaleY) &&
    Number.isFinite(t.skewX)
  );
}
