import type { Matrix } from "../doc/transform";
import type { SceneNode } from "../doc/types";
import { transformSubpaths } from "../geometry/affine";
import { flattenSubpaths, type FlatSubpath } from "../geometry/bezier";
import type { HitPart } from "../geometry/hitOutline";
import { insideFill, outlineInsideRect, outlineTouchesRect } from "../geometry/polylines";
import type { Point } from "../math/point";
import type { Box } from "../math/box";
import { kindOf } from "./registry";

/**
 * Point and marquee hit tests for selection. Each kind decides how a point hits it
 * (`ShapeKind.hitTest`). The marquee tests flatten the kind's marquee outline in page space; they
 * look at geometry only (not stroke width), and a closed outline counts as the area it
 * encloses, filled or not.
 */

export type { HitPart } from "../geometry/hitOutline";

/**
 * What of the node is under `point` (local coordinates), allowing `tolerance` (local units):
 * "stroke" within half the stroke width plus the tolerance of the outline, "fill" inside the
 * filled area or within the tolerance of it. A freehand stroke is ink: its outline polygon is hit
 * as "stroke". A shape with neither fill nor stroke can still be picked at its outline.
 */
export function hitNode(node: SceneNode, point: Point, tolerance: number): HitPart | null {
  return kindOf(node).hitTest(node, point, tolerance);
}

/** The outline the marquee compares with, flattened in page space; null when there is none. */
function worldOutline(node: SceneNode, world: Matrix, tolerance: number): FlatSubpath[] | null {
  const local = kindOf(node).marqueeOutline(node);
  if (local === null || local.length === 0) return null;
  return flattenSubpaths(transformSubpaths(local, world), tolerance);
}

/**
 * Whether the node touches the page-space rectangle: an edge crosses or lies in it, or the
 * rectangle lies in the area a closed outline encloses. `tolerance` is the flattening tolerance
 * in page units.
 */
export function nodeIntersectsRect(
  node: SceneNode,
  world: Matrix,
  rect: Box,
  tolerance = 0.1,
): boolean {
  const flat = worldOutline(node, world, tolerance);
  if (flat === null) return false;
  if (outlineTouchesRect(flat, rect)) return true;
  const closed = flat.filter((f) => f.closed);
  const rule = kindOf(node).outline?.fillRule(node) ?? "nonzero";
  return closed.length > 0 && insideFill(closed, { x: rect.minX, y: rect.minY }, rule);
}

/** Whether the node's whole outline lies in the page-space rectangle. */
export function nodeInsideRect(
  node: SceneNode,
  world: Matrix,
  rect: Box,
  tolerance = 0.1,
): boolean {
  const flat = worldOutline(node, world, tolerance);
  return flat !== null && outlineInsideRect(flat, rect);
}
