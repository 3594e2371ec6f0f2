import type { FillRule } from "../../doc/types";
import { outlinesCross } from "./crossings";
import { nestOutlines } from "./nesting";
import { distinctPoints, doubleSignedArea } from "./polyline";
import { resolveCrossings } from "./resolveCrossings";
import type { FillPlan } from "./fillPlan";

/**
 * Past this many outlines they are not nested by containment (it costs their number squared):
 * the tessellator fills them instead.
 */
export const MAX_NESTED_OUTLINES = 256;

/**
 * The areas a path's closed outlines fill under its fill rule, as outlines with holes for the
 * triangulator, and the outlines that separate filled from unfilled area for the anti-aliased
 * rim. Outlines that neither cross nor touch (letters, rings, cut-outs) take the fast way: they
 * are nested by containment. Outlines that cross or touch themselves or each other (a star
 * drawn as one outline, a figure-eight, overlapping shapes), or are too many to nest, are
 * resolved by the tessellator: its triangles are the regions, its outlines of the filled area
 * the rim. Points that are not finite and repeated points are dropped; outlines left with fewer
 * than three points fill nothing. If the tessellator cannot be run (past its limits), the
 * outlines are filled as if they were simple.
 */
export function fillRegions(outlines: readonly (readonly number[])[], rule: FillRule): FillPlan {
  const clean = outlines
    .map((points) => (isClean(points) ? points : distinctPoints(points, true, 0)))
    .filter((points) => points.length >= 6);
  if (clean.length <= MAX_NESTED_OUTLINES && !outlinesCross(clean))
    return nestOutlines(clean, rule);
  return resolveCrossings(clean, rule) ?? fillAsSimple(clean, rule);
}

/** The fallback when the tessellator cannot help: nested if few enough, else each on its own. */
function fillAsSimple(outlines: readonly (readonly number[])[], rule: FillRule): FillPlan {
  if (outlines.length <= MAX_NESTED_OUTLINES) return nestOutlines(outlines, rule);
  const usable = outlines.filter((points) => doubleSignedArea(points) !== 0);
  return {
    regions: usable.map((outer) => ({ outer, holes: [] })),
    edges: usable.map((points) => ({ points, filledInside: true })),
  };
}

/** Whether an outline has only finite points and no point repeating the one before it. */
function isClean(points: readonly number[]): boolean {
  const n = points.length >> 1;
  if (points.length !== n * 2) return false;
  for (let i = 0; i < n; i += 1) {
    const x = points[i * 2]!;
    const y = points[i * 2 + 1]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
    const j = (i + n - 1) % n;
    if (x === points[j * 2] && y === points[j * 2 + 1]) return false;
  }
  return true;
}
