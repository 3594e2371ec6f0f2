import type { FillRule } from "../../doc/types";
import type { FillPlan } from "./fillPlan";
import { doubleSignedArea } from "./polyline";
import { withoutSpikes } from "./spikes";
import { tessellate } from "./tessellate";

/**
 * The fill of outlines that cross themselves or each other, touch, or are too many to nest,
 * resolved by the tessellator under the fill rule. The filled area is triangles, one region
 * each: the outlines of the filled area it gives can touch themselves where an input vertex lies
 * on an edge, and earcut overlaps triangles there. The rim runs along those outlines, which
 * are counter-clockwise round filled area and clockwise round holes, with the spikes cut that
 * overlapping edges leave where they do not quite cancel. The triangles are the tessellator's of
 * those outlines rather than of the given ones, so every corner of them is a point of the rim
 * (the given outlines' points inside the filled area, where an outline folds over itself, are
 * left out): the renderer insets the triangles with the rim. Returns null when the tessellator
 * cannot be run or gives up.
 */
export function resolveCrossings(
  outlines: readonly (readonly number[])[],
  rule: FillRule,
): FillPlan | null {
  const boundaries = tessellate(outlines, rule, "boundaries");
  if (boundaries === null) return null;
  const edges = boundaries
    .map(withoutSpikes)
    .filter((points) => points.length > 0)
    .map((points) => ({ points, filledInside: doubleSignedArea(points) > 0 }));
  if (edges.length === 0) return { regions: [], edges };
  // Outer outlines turn counter-clockwise and holes clockwise: nonzero fills between them.
  const triangles = tessellate(
    edges.map((edge) => edge.points),
    "nonzero",
    "triangles",
  );
  if (triangles === null) return null;
  return { regions: triangles.map((outer) => ({ outer, holes: [] })), edges };
}
