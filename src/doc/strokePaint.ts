import type { Fill, Paint, RGBA } from "./types";
import type { Box } from "../math/box";

const NONE: Fill = { type: "none" };

/** A stroke made from none starts black, as unchecking "No stroke" makes it. */
export const UNPAINTED_STROKE: RGBA = { r: 0, g: 0, b: 0, a: 1 };

/**
 * A fill editor's change applied to a stroke's paint, where "no stroke" is null rather than the
 * fill kind "none". A change that leaves the paint alone leaves a missing stroke missing.
 */
export function strokePaintChange(
  change: (paint: Fill, box: Box) => Fill,
): (paint: Paint | null, box: Box) => Paint | null {
  return (current, box) => {
    const base = current ?? NONE;
    const next = change(base, box);
    if (next === base) return current;
    return next.type === "none" ? null : next;
  };
}
