import type { EdgeMesh } from "../../../src/render/stroke/edgeMesh";

/** What the mesh says about one point: the triangles over it and their interpolated distances. */
export interface Probe {
  readonly triangles: number;
  /** Smallest interpolated |lateral| over the point (Infinity when no triangle covers it). */
  readonly lateral: number;
  /** In that triangle: how far |along| stays inside its limit (positive = inside). */
  readonly alongMargin: number;
}

/**
 * Interpolates the mesh's attributes at (x, y) as the GPU would, over every triangle holding the
 * point (edges included, within `epsilon` in barycentric terms).
 */
export function probe(mesh: EdgeMesh, x: number, y: number, epsilon = 1e-9): Probe {
  let triangles = 0;
  let lateral = Infinity;
  let alongMargin = -Infinity;
  const { xy, indices } = mesh;
  for (let i = 0; i < indices.length; i += 3) {
    const a = indices[i]!;
    const b = indices[i + 1]!;
    const c = indices[i + 2]!;
    const weights = barycentric(xy, a, b, c, x, y);
    if (weights === null) continue;
    const [wa, wb, wc] = weights;
    if (wa < -epsilon || wb < -epsilon || wc < -epsilon) continue;
    triangles += 1;
    const d = Math.abs(wa * mesh.lateral[a]! + wb * mesh.lateral[b]! + wc * mesh.lateral[c]!);
    const t = Math.abs(wa * mesh.along[a]! + wb * mesh.along[b]! + wc * mesh.along[c]!);
    const limit = wa * mesh.alongLimit[a]! + wb * mesh.alongLimit[b]! + wc * mesh.alongLimit[c]!;
    if (d < lateral) {
      lateral = d;
      alongMargin = limit - t;
    }
  }
  return { triangles, lateral, alongMargin };
}

/** Counts triangles holding (x, y) strictly inside (not on an edge). */
export function strictCover(mesh: EdgeMesh, x: number, y: number): number {
  let count = 0;
  const { xy, indices } = mesh;
  for (let i = 0; i < indices.length; i += 3) {
    const weights = barycentric(xy, indices[i]!, indices[i + 1]!, indices[i + 2]!, x, y);
    if (weights !== null && weights.every((w) => w > 1e-6)) count += 1;
  }
  return count;
}

function barycentric(
  xy: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  x: number,
  y: number,
): [number, number, number] | null {
  const ax = xy[a * 2]!;
  const ay = xy[a * 2 + 1]!;
  const bx = xy[b * 2]!;
  const by = xy[b * 2 + 1]!;
  const cx = xy[c * 2]!;
  const cy = xy[c * 2 + 1]!;
  const det = (by - cy) * (ax - cx) + (cx - bx) * (ay - cy);
  if (Math.abs(det) < 1e-12) return null;
  const wa = ((by - cy) * (x - cx) + (cx - bx) * (y - cy)) / det;
  const wb = ((cy - ay) * (x - cx) + (ax - cx) * (y - cy)) / det;
  return [wa, wb, 1 - wa - wb];
}

/** Total area of the mesh's triangles. */
export function meshArea(mesh: EdgeMesh): number {
  const { xy, indices } = mesh;
  let area = 0;
  for (let i = 0; i < indices.length; i += 3) {
    const [a, b, c] = [indices[i]!, indices[i + 1]!, indices[i + 2]!];
    area += Math.abs(
      (xy[b * 2]! - xy[a * 2]!) * (xy[c * 2 + 1]! - xy[a * 2 + 1]!) -
        (xy[c * 2]! - xy[a * 2]!) * (xy[b * 2 + 1]! - xy[a * 2 + 1]!),
    );
  }
  return area / 2;
}
