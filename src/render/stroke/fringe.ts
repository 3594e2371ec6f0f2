import type { EdgeMesh } from "./edgeMesh";
import { doubleSignedArea, distinctPoints, segmentDirections } from "./polyline";
import { FRINGE_PX } from "./stroker";

/** A convex corner whose offset miter would reach further than this many fringes is bevelled. */
const FRINGE_MITER_LIMIT = 2;

/**
 * The anti-aliased rim of a filled outline (local x, y pairs, taken as closed): a strip from the
 * outline (lateral distance 0) to one screen pixel outside it (`unitsPerPixel` local units),
 * which the shader fades from the fill's colour to nothing. The fill's own triangles stop at the
 * outline, so the strip never covers them and a translucent fill keeps one shade; the price is
 * that a fill's edge sits about half a pixel further out than an exact coverage would put it.
 *
 * The rim goes outside the outline, or inside it for the outline of a hole (`inward`).
 */
export function fillFringe(
  out: EdgeMesh,
  points: readonly number[],
  unitsPerPixel: number,
  inward = false,
): void {
  if (!(unitsPerPixel > 0)) return;
  const pts = distinctPoints(points, true, unitsPerPixel * 1e-6);
  const n = pts.length >> 1;
  if (n < 3) return;
  const area = doubleSignedArea(pts);
  if (area === 0) return;
  const f = FRINGE_PX * unitsPerPixel;
  // Left normals (−dy, dx) point inside a counter-clockwise (positive area) outline.
  const side = (area > 0 ? -1 : 1) * (inward ? -1 : 1);
  const { dx, dy, len } = segmentDirections(pts, n);
  // Per outline vertex: itself, and the offset vertices its incoming and outgoing edges end at.
  const on: number[] = [];
  const incoming: number[] = [];
  const outgoing: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const a = (i + n - 1) % n;
    const x = pts[i * 2]!;
    const y = pts[i * 2 + 1]!;
    const ax = dx[a]!;
    const ay = dy[a]!;
    const bx = dx[i]!;
    const by = dy[i]!;
    const oax = -ay * side * f;
    const oay = ax * side * f;
    const obx = -by * side * f;
    const oby = bx * side * f;
    on.push(out.vertex(x, y, 0));
    const cross = ax * by - ay * bx;
    const onePlusDot = 1 + ax * bx + ay * by;
    // A corner is convex when the outline turns away from the outside.
    const convex = cross * side < 0;
    const miterRatio = onePlusDot > 1e-12 ? Math.sqrt(2 / onePlusDot) : Infinity;
    const innerReach = onePlusDot > 1e-12 ? (Math.abs(cross) / onePlusDot) * f : Infinity;
    const miter = convex
      ? miterRatio <= FRINGE_MITER_LIMIT
      : innerReach <= Math.min(len[a]!, len[i]!) / 2;
    if (miter && onePlusDot > 1e-12) {
      const tip = out.vertex(x + (oax + obx) / onePlusDot, y + (oay + oby) / onePlusDot, f);
      incoming.push(tip);
      outgoing.push(tip);
      continue;
    }
    const endA = out.vertex(x + oax, y + oay, f);
    const startB = out.vertex(x + obx, y + oby, f);
    incoming.push(endA);
    outgoing.push(startB);
    // Concave corners this sharp leave the two strips overlapping, which a pixel's width hides.
    if (convex) out.triangle(on[i]!, endA, startB);
  }
  for (let i = 0; i < n; i += 1) {
    const j = (i + 1) % n;
    out.quad(on[i]!, outgoing[i]!, incoming[j]!, on[j]!);
  }
}
