import type { Matrix } from "../doc/transform";
import type { SceneNode } from "../doc/types";
import type { Box } from "../math/box";
import { kindOf } from "../shapes/registry";

/**
 * The page-space box of what a node's geometry covers, strokes left out: what users align edges
 * and centres to. Each kind gives its own (`ShapeKind.snapBox`): outlines are exact (curve
 * extrema solved after the transform, so a rotated ellipse gets a tight box); text and freehand
 * ink use their local box.
 */
export function shapeBox(node: SceneNode, world: Matrix): Box | null {
  return kindOf(node).snapBox(node, world);
}
