import type { Matrix } from "../doc/transform";
import type { SceneNode } from "../doc/types";
import type { Box } from "../math/box";

/** The smallest box around both; null when neither exists. */
export function unionBox(a: Box | null, b: Box | null): Box | null {
  if (a === null) return b;
  if (b === null) return a;
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}

/** How far a node's stroke reaches past its outline; 0 without a painted stroke. */
export function strokePad(node: SceneNode): number {
  if (!("stroke" in node) || node.stroke.paint === null) return 0;
  // Miter joins of sharp corners reach past half the width; the limit bounds how far.
  const reach = node.stroke.join === "miter" ? Math.max(1, node.stroke.miterLimit / 2) : 0.5;
  return node.stroke.width * reach;
}

/** The box around the points (x and y given apart), grown by `pad` on every side. */
export function pointsBox(xs: number[], ys: number[], pad: number): Box {
  return {
    minX: Math.min(...xs) - pad,
    minY: Math.min(...ys) - pad,
    maxX: Math.max(...xs) + pad,
    maxY: Math.max(...ys) + pad,
  };
}

/** The axis-aligned box around a local box once transformed. */
export function transformBox(box: Box, m: Matrix): Box {
  // The corners as `apply` maps them, written out: no points or arrays for each of a page's nodes.
  const x0 = m.a * box.minX + m.c * box.minY + m.e;
  const y0 = m.b * box.minX + m.d * box.minY + m.f;
  const x1 = m.a * box.maxX + m.c * box.minY + m.e;
  const y1 = m.b * box.maxX + m.d * box.minY + m.f;
  const x2 = m.a * box.maxX + m.c * box.maxY + m.e;
  const y2 = m.b * box.maxX + m.d * box.maxY + m.f;
  const x3 = m.a * box.minX + m.c * box.maxY + m.e;
  const y3 = m.b * box.minX + m.d * box.maxY + m.f;
  return {
    minX: Math.min(x0, x1, x2, x3),
    minY: Math.min(y0, y1, y2, y3),
    maxX: Math.max(x0, x1, x2, x3),
    maxY: Math.max(y0, y1, y2, y3),
  };
}
