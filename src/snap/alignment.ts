import type { Guide } from "../render/overlays/overlays";

import { crossSpan, features, mainSpan, pointOn, type Axis } from "./axis";
import type { Box } from "../math/box";

/**
 * One guide per edge or centre of the moving box that lines up (within `epsilon`) with edges or
 * centres of targets: a line at that position across the moving box and every target on it.
 */
export function alignmentGuides(
  axis: Axis,
  moving: Box,
  targets: readonly Box[],
  epsilon: number,
): Guide[] {
  const guides: Guide[] = [];
  const done: number[] = [];
  const movingCross = crossSpan(moving, axis);
  for (const value of features(mainSpan(moving, axis))) {
    if (done.some((d) => Math.abs(d - value) <= epsilon)) continue;
    done.push(value);
    let lo = movingCross.lo;
    let hi = movingCross.hi;
    let aligned = false;
    for (const target of targets) {
      if (!features(mainSpan(target, axis)).some((f) => Math.abs(f - value) <= epsilon)) continue;
      const cross = crossSpan(target, axis);
      lo = Math.min(lo, cross.lo);
      hi = Math.max(hi, cross.hi);
      aligned = true;
    }
    if (aligned) guides.push({ from: pointOn(axis, value, lo), to: pointOn(axis, value, hi) });
  }
  return guides;
}
