import type { SceneNode } from "../doc/types";
import type { Box } from "../math/box";
import { kindOf } from "./registry";

/**
 * A box that contains everything the node draws, in its local coordinates; null for groups,
 * whose extent is their children's. Conservative: curves use their control points.
 */
export function localBounds(node: SceneNode): Box | null {
  return kindOf(node).localBounds(node);
}
