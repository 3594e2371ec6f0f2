import { NO_STROKE } from "../doc/factory";
import type { Fill, PathNode, SceneNode, Subpath } from "../doc/types";
import { freehandToPath } from "../geometry/freehandFit";
import { pathNodeFrom } from "../geometry/toPath";
import { isFreehand } from "./freehand";
import type { NodeOf, ShapeOutline } from "./kind";
import { kindOf, type TypesWhere } from "./registry";

/** Nodes that have a vector outline (their kind's `outline` is set); text, images and groups do not. */
export type PathConvertible = NodeOf<Exclude<SceneNode["type"], TypesWhere<"outline", null>>>;

export function isPathConvertible(node: SceneNode): node is PathConvertible {
  return kindOf(node).outline !== null;
}

/** The outline of a node that has one. */
export function outlineOf<T extends PathConvertible>(node: T): ShapeOutline<T> {
  const outline = kindOf(node).outline;
  if (outline === null) throw new TypeError(`A ${node.type} has no outline`);
  return outline;
}

/** The node's outline in its local coordinates; null for nodes without one (text, image, group). */
export function toSubpaths(node: SceneNode): Subpath[] | null {
  const outline = kindOf(node).outline;
  return outline === null ? null : outline.subpaths(node);
}

/**
 * The styles a path of the node's outline needs to look the same. Ink (a freehand stroke) has
 * its outline filled with the stroke's paint and no stroke.
 */
export function pathStyles(node: PathConvertible): Pick<PathNode, "fill" | "stroke"> {
  if (!outlineOf(node).ink) return { fill: node.fill, stroke: node.stroke };
  const fill: Fill = node.stroke.paint ?? { type: "none" };
  return { fill, stroke: NO_STROKE };
}

/**
 * The node as a path that draws the same: id, place in the tree, name, transform, opacity, blend
 * mode and styles are kept. Lines keep their stroke but lose arrowheads (a path has none).
 */
export function convertToPath(node: PathConvertible): PathNode {
  return pathNodeFrom(node, {
    ...pathStyles(node),
    subpaths: toSubpaths(node) ?? [],
    fillRule: outlineOf(node).fillRule(node),
  });
}

/**
 * The node as a path to edit: an ink stroke becomes the curve fitted through its centre line,
 * stroked, so its nodes follow the hand; every other kind its outline (`convertToPath`).
 */
export function toEditablePath(node: PathConvertible): PathNode {
  return isFreehand(node) ? freehandToPath(node) : convertToPath(node);
}
