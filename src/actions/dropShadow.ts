import { dropShadowFilter } from "../doc/filter";
import type {
  FilterFit,
  FilterPrimitive,
  GroupFilter,
  GroupNode,
  RGBA,
  SceneNode,
} from "../doc/types";
import { isGroup } from "../shapes/group";
import { regionFitted } from "../shapes/filterRegion";
import type { NodeSource } from "./geometry";

/**
 * A group's drop shadow as the properties panel edits it (Figma's "Drop shadow", Inkscape's
 * Filters ▸ Shadows): a filter of one `dropShadow` primitive over the group's drawing. The
 * filter's region is fitted to the group's drawing and the shadow's reach (`SHADOW_FIT`), and
 * follows the drawing afterwards (`editing/filterFitter.ts`), so the shadow never runs past it;
 * a filter of any other shape is left as the import made it.
 */

export type DropShadow = Omit<Extract<FilterPrimitive, { type: "dropShadow" }>, "type" | "in">;

/** The drop shadow a new one starts as: down and right, soft, a quarter black. */
export const DEFAULT_SHADOW: DropShadow = {
  dx: 4,
  dy: 4,
  stdDeviation: 4,
  color: { r: 0, g: 0, b: 0, a: 0.25 },
};

/** What a node carries as the panel sees it: no filter, a drop shadow, or another filter. */
export function shadowOf(node: SceneNode): DropShadow | "other" | null {
  if (!isGroup(node)) return null;
  const filter = node.filter;
  if (filter === undefined) return null;
  const [only, ...rest] = filter.primitives;
  if (only?.type !== "dropShadow" || only.in !== "SourceGraphic" || rest.length > 0) return "other";
  const { dx, dy, stdDeviation, color } = only;
  return { dx, dy, stdDeviation, color };
}

/** A panel's shadow reaches as far as it goes past what the group draws, wherever that moves. */
export const SHADOW_FIT: FilterFit = { x: 0, y: 0, width: 1, height: 1, reach: true };

/** The filter holding `shadow`, its region fitted to `group`'s drawing now. */
function shadowFilter(source: NodeSource, group: GroupNode, shadow: DropShadow): GroupFilter {
  const unfitted = {
    ...dropShadowFilter({ x: 0, y: 0, width: 1, height: 1 }, shadow),
    fit: SHADOW_FIT,
  };
  const region = regionFitted(source, group, unfitted) ?? unfitted.region;
  return { ...unfitted, region };
}

/**
 * The group with `shadow` as its filter (its blur dropped: a group carries one or the other),
 * or without its filter (null); null for a node that is not a group.
 */
export function withShadow(
  source: NodeSource,
  node: SceneNode,
  shadow: DropShadow | null,
): SceneNode | null {
  if (!isGroup(node)) return null;
  const group = node;
  if (shadow === null) {
    if (group.filter === undefined) return null;
    const { filter: _dropped, ...rest } = group;
    return rest as GroupNode;
  }
  const filter = shadowFilter(source, group, shadow);
  const { blur: _blur, ...rest } = group;
  return { ...rest, filter } as GroupNode;
}

/** A shadow's colour, kept in range. */
export function shadowColor(color: RGBA): RGBA {
  const unit = (v: number): number => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);
  return { r: unit(color.r), g: unit(color.g), b: unit(color.b), a: unit(color.a) };
}
