import { MAX_SHADOWS, shadowPrimitives, shadowsOf, type ShadowEffect } from "../doc/shadows";
import type { FilterFit, GroupFilter, GroupNode, RGBA, SceneNode } from "../doc/types";
import { regionFitted } from "../shapes/filterRegion";
import { isGroup } from "../shapes/group";
import type { NodeSource } from "./geometry";

/**
 * A group's drop shadows as the properties panel edits them (Figma's Effects, Inkscape's
 * Filters ▸ Shadows): a filter that `doc/shadows.ts` reads as a list of shadows under the
 * group's drawing, however it was spelled. Each edit writes the list back as one graph, its
 * region fitted to the group's drawing and the shadows' reach (`SHADOW_FIT`), which follows the
 * drawing afterwards (`editing/filterFitter.ts`), so no shadow is ever cut. A filter of any
 * other shape is left as the import made it, and can only be removed.
 */

export type DropShadow = ShadowEffect;

/** The drop shadow a new one starts as: down and right, soft, a quarter black, SVG's kind. */
export const DEFAULT_SHADOW: DropShadow = {
  dx: 4,
  dy: 4,
  stdDeviation: 4,
  color: { r: 0, g: 0, b: 0, a: 0.25 },
  solid: false,
  clipped: false,
};

/** A panel's shadow reaches as far as it goes past what the group draws, wherever that moves. */
export const SHADOW_FIT: FilterFit = { x: 0, y: 0, width: 1, height: 1, reach: true };

/**
 * What a node carries as the panel sees it: no filter (null), its drop shadows bottom first, or
 * another filter ("other").
 */
export function shadowsOfNode(node: SceneNode): readonly DropShadow[] | "other" | null {
  if (!isGroup(node)) return null;
  const filter = node.filter;
  if (filter === undefined) return null;
  return shadowsOf(filter) ?? "other";
}

/**
 * The group with `shadows` as its filter (its blur dropped: a group carries one or the other;
 * the colour space of a filter read as shadows kept), or without a filter for none; null for a
 * node that is not a group, or for more shadows than a group holds.
 */
export function withShadows(
  source: NodeSource,
  node: SceneNode,
  shadows: readonly DropShadow[],
): SceneNode | null {
  if (!isGroup(node) || shadows.length > MAX_SHADOWS) return null;
  const group = node;
  if (shadows.length === 0) {
    if (group.filter === undefined) return null;
    const { filter: _dropped, ...rest } = group;
    return rest as GroupNode;
  }
  const kept = group.filter !== undefined && shadowsOf(group.filter) !== null;
  const unfitted: GroupFilter = {
    region: { x: 0, y: 0, width: 1, height: 1 },
    linearRGB: kept ? group.filter!.linearRGB : true,
    primitives: shadowPrimitives(shadows),
    fit: SHADOW_FIT,
  };
  const filter = { ...unfitted, region: regionFitted(source, group, unfitted) ?? unfitted.region };
  const { blur: _blur, ...rest } = group;
  return { ...rest, filter } as GroupNode;
}

/** The group without its filter, whatever it is (the panel's Remove of a custom filter). */
export function withoutFilter(node: SceneNode): SceneNode | null {
  if (!isGroup(node) || node.filter === undefined) return null;
  const { filter: _dropped, ...rest } = node;
  return rest as GroupNode;
}

/** A shadow's colour, kept in range. */
export function shadowColor(color: RGBA): RGBA {
  const unit = (v: number): number => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);
  return { r: unit(color.r), g: unit(color.g), b: unit(color.b), a: unit(color.a) };
}
