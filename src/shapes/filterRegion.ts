import { fittedRegion } from "../doc/filter";
import { IDENTITY_MATRIX } from "../doc/transform";
import type { GroupFilter, GroupNode } from "../doc/types";
import { coveredBox } from "./bounds";
import { geometryBox, type NodeSource } from "./geometryBox";

/**
 * The region `filter`'s fit gives over what `group` holds now (in the group's units): fractions
 * of its geometry box (SVG's bounding box), or, for a fit that reaches, of what it draws
 * (strokes included) widened by the primitives' reach; null when the filter is not fitted or
 * there is nothing to measure.
 */
export function regionFitted(
  source: NodeSource,
  group: GroupNode,
  filter: GroupFilter,
): GroupFilter["region"] | null {
  const fit = filter.fit;
  if (fit === undefined) return null;
  const box = fit.reach ? coveredBox(source, group, IDENTITY_MATRIX) : geometryBox(source, group);
  return box === null ? null : fittedRegion(filter, fit, box);
}
