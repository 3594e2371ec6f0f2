import type { FillRule } from "../../doc/types";
import type { FillPlan } from "./fillPlan";
import { doubleSignedArea } from "./polyline";
import { withoutSpikes } from "./spikes";
import { tessellate } from "./tessellate";

/**
 * The fill of outlines that cross themselves or each other, touch, or are too many to nest,
 * resolved by the tessellator under the fill rule. The filled area is its triangles, one region
 * each: the outlines of the filled area it gives can touch themselves where an input vertex lies
 * on an edge, and earcut overlaps triangles there. The rim runs along those outlines, which
 * are counter-clockwise round filled area and clockwise round holes, with the spikes cut that
 * overlapping edges leave where they do not quite cancel. Returns null when the tessellator
 * cannot be run or gives up.
 */
export function resolveCrossings(
  outlines: readonly (readonly number[])[],
  rule: FillRule,
): FillPlan | null {
  const boundaries = tessellate(outlines, rule, "boundaries");
  if (boundaries === null) return null;
  const triangles = tessellate(outlines, rule, "triangles");
  if (triangles === null) return null;
  const edges = boundaries
    .map(withoutSpikes)
    .filter((points) => points.length > 0)
    .map((points) => ({ points, filledInside: doubleSignedArea(points) > 0 }));
  return { regions: triangles.map((outer) => ({ outer, holes: [] })), edges };
}
