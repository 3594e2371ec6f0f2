import {
  fromMatrix,
  IDENTITY_MATRIX,
  invert,
  multiply,
  toMatrix,
  type Matrix,
} from "../../../doc/transform";
import type { Transform } from "../../../doc/types";
import { parseLength, type Viewport } from "./lengths";

/**
 * SVG transforms as node transforms: an element's own transform about its origin, and whether a
 * node can hold what the matrices multiply to.
 */

/** Where a node goes, and the map from its element's user space to its local space (gradients). */
export interface Placement {
  readonly transform: Transform;
  readonly userToLocal: Matrix;
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

export function isIdentity(m: Matrix): boolean {
  return m.a === 1 && m.b === 0 && m.c === 0 && m.d === 1 && m.e === 0 && m.f === 0;
}

/** Places nodes, remembering the last matrix placed without an offset. */
export class Placer {
  private last: { readonly matrix: Matrix; readonly placed: Placement | null } | null = null;

  /**
   * Where a node goes whose local origin is at `offset` in the user space that `matrix` maps;
   * null when the transform cannot be held by a node.
   */
  place(matrix: Matrix, offset: Matrix): Placement | null {
    // Siblings share their context's matrix: paths (no offset) decompose it once.
    if (offset === IDENTITY_MATRIX && this.last?.matrix === matrix) return this.last.placed;
    const transform = expressible(multiply(matrix, offset));
    const userToLocal = invert(offset);
    const placed = transform === null || userToLocal === null ? null : { transform, userToLocal };
    if (offset === IDENTITY_MATRIX) this.last = { matrix, placed };
    return placed;
  }
}

/** `transform-origin`: the transform applied about a point instead of the origin. */
export function aroundOrigin(m: Matrix, origin: string | undefined, viewport: Viewport): Matrix {
  if (origin === undefined) return m;
  const keywords: Readonly<Record<string, string>> = {
    left: "0%",
    top: "0%",
    center: "50%",
    right: "100%",
    bottom: "100%",
  };
  // One or two values (a third, z, has no effect in 2D); keywords say which axis they are on:
  // "top" alone is the top centre, and "top left" names y first.
  const words = origin.trim().toLowerCase().split(/\s+/).slice(0, 2);
  const vertical = (w: string | undefined): boolean => w === "top" || w === "bottom";
  const horizontal = (w: string | undefined): boolean => w === "left" || w === "right";
  const [first, second] = words;
  let xWord: string;
  let yWord: string;
  if (second === undefined)
    [xWord, yWord] = vertical(first) ? ["center", first!] : [first!, "center"];
  else if (vertical(first) || horizontal(second)) [xWord, yWord] = [second, first!];
  else [xWord, yWord] = [first!, second];
  const ox = parseLength(keywords[xWord] ?? xWord, 0, viewport, "x");
  const oy = parseLength(keywords[yWord] ?? yWord, 0, viewport, "y");
  if (ox === 0 && oy === 0) return m;
  return multiply(multiply({ ...IDENTITY_MATRIX, e: ox, f: oy }, m), {
    ...IDENTITY_MATRIX,
    e: -ox,
    f: -oy,
  });
}
