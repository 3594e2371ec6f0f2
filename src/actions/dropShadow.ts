import { dropShadowFilter } from "../doc/filter";
import type { FilterPrimitive, GroupFilter, GroupNode, RGBA, SceneNode } from "../doc/types";
import { isGroup } from "../shapes/group";
import { geometryBox, type NodeSource } from "./geometry";

/**
 * A group's drop shadow as the properties panel edits it (Figma's "Drop shadow", Inkscape's
 * Filters ▸ Shadows): a filter of one `dropShadow` primitive over the group's drawing. The
 * filter's region is worked out again on each edit from the group's drawing and the shadow, so
 * the shadow never runs past it; a filter of any other shape is left as the import made it.
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

/** The region a shadow needs: the drawing's box widened by a tenth and by the shadow's reach. */
function regionFor(source: NodeSource, node: SceneNode, shadow: DropShadow): GroupFilter["region"] {
  const box = geometryBox(source, node) ?? { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  const size = Math.max(box.maxX - box.minX, box.maxY - box.minY);
  // A tenth of the drawing's size leaves room for strokes, as SVG's default region does.
  const margin = 0.1 * size + 3 * shadow.stdDeviation + Math.hypot(shadow.dx, shadow.dy) + 1;
  return {
    x: box.minX - margin,
    y: box.minY - margin,
    width: box.maxX - box.minX + 2 * margin,
    height: box.maxY - box.minY + 2 * margin,
  };
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
  const filter = dropShadowFilter(regionFor(source, node, shadow), shadow);
  const { blur: _blur, ...rest } = group;
  return { ...rest, filter } as GroupNode;
}

/** A shadow's colour, kept in range. */
export function shadowColor(color: RGBA): RGBA {
  const unit = (v: number): number => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);
  return { r: unit(color.r), g: unit(color.g), b: unit(color.b), a: unit(color.a) };
}
