import type { SceneNode } from "../doc/types";
import type { Box } from "../math/box";
import { isGroup } from "./group";

/**
 * The box, in a node's own units, that its effect draws within, or null for a node with none:
 * a filtered group's region (a shadow past its content, a flood over all of it). The region
 * follows the content (`editing/filterFitter.ts`), so this is where the group draws; content
 * outside it is not drawn at all.
 */
export function effectBox(node: SceneNode): Box | null {
  if (!isGroup(node) || node.filter === undefined || node.hidden) return null;
  const { x, y, width, height } = node.filter.region;
  return { minX: x, minY: y, maxX: x + width, maxY: y + height };
}
