import type { FillRule } from "../../doc/types";
import type { FillEdge, FillPlan, FillRegion } from "./fillPlan";
import { doubleSignedArea } from "./polyline";

/** Whether (x, y) is inside the closed outline `points` (crossing count). */
function contains(points: readonly number[], x: number, y: number): boolean {
  let inside = false;
  const n = points.length >> 1;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = points[i * 2]!;
    const yi = points[i * 2 + 1]!;
    const xj = points[j * 2]!;
    const yj = points[j * 2 + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Fills simple outlines that neither cross nor touch each other (letters, rings, cut-outs):
 * each is nested in the smallest outline containing it, the area just inside it has the winding
 * of it and everything around it, and the rule says which of those areas are filled. Costs the
 * number of outlines squared; outlines of zero area are dropped.
 */
export function nestOutlines(outlines: readonly (readonly number[])[], rule: FillRule): FillPlan {
  const usable = outlines.filter((points) => points.length >= 6 && doubleSignedArea(points) !== 0);
  if (usable.length <= 1)
    return {
      regions: usable.map((outer) => ({ outer, holes: [] })),
      edges: usable.map((points) => ({ points, filledInside: true })),
    };
  const areas = usable.map((points) => Math.abs(doubleSignedArea(points)));
  const directions = usable.map((points) => Math.sign(doubleSignedArea(points)));
  // Each outline's parent: the smallest other outline that contains its first point.
  const parent = usable.map((points, i) => {
    let best = -1;
    for (let j = 0; j < usable.length; j += 1) {
      if (j === i || !(areas[j]! > areas[i]!)) continue;
      if (best >= 0 && !(areas[j]! < areas[best]!)) continue;
      if (contains(usable[j]!, points[0]!, points[1]!)) best = j;
    }
    return best;
  });
  // Winding just inside each outline: its own direction plus its ancestors'.
  const winding = new Array<number | null>(usable.length).fill(null);
  const windingOf = (i: number): number => {
    const known = winding[i];
    if (known !== null && known !== undefined) return known;
    const value = directions[i]! + (parent[i]! >= 0 ? windingOf(parent[i]!) : 0);
    winding[i] = value;
    return value;
  };
  const filled = (w: number): boolean => (rule === "evenodd" ? w % 2 !== 0 : w !== 0);
  const regions: FillRegion[] = [];
  const edges: FillEdge[] = [];
  usable.forEach((points, i) => {
    const inside = filled(windingOf(i));
    const outside = parent[i]! >= 0 ? filled(windingOf(parent[i]!)) : false;
    if (inside !== outside) edges.push({ points, filledInside: inside });
    if (!inside) return;
    // Every outline nested directly inside cuts its band out; a filled one is a region itself.
    const holes = usable.filter((_, k) => parent[k] === i);
    regions.push({ outer: points, holes });
  });
  return { regions, edges };
}
