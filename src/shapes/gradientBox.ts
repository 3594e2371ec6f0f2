import type { SceneNode } from "../doc/types";
import { localBounds } from "./bounds";
import type { Box } from "../math/box";

/**
 * The box a new gradient spans, in the node's local coordinates: a box shape's own rectangle
 * (without the stroke), else the extent of its outline.
 */
export function gradientBox(node: SceneNode): Box {
  if ("width" in node && typeof node.width === "number" && "height" in node)
    return { minX: 0, minY: 0, maxX: node.width, maxY: node.height };
  return localBounds(node) ?? { minX: 0, minY: 0, maxX: 1, maxY: 1 };
}
