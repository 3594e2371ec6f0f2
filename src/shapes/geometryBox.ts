import { toMatrix } from "../doc/transform";
import type { DocRecord, Id, SceneNode } from "../doc/types";
import { transformBox } from "../geometry/bounds";
import type { Box } from "../math/box";
import { childrenExtent } from "./bounds";
import { kindOf } from "./registry";

/** What the geometry reads of the document: the store and a transaction both fit. */
export interface NodeSource {
  get(id: Id): DocRecord | undefined;
  childrenOf(id: Id): readonly SceneNode[];
}

/** Deeper nesting than the file format allows is not followed. */
const MAX_DEPTH = 256;

/**
 * The box of a node's geometry in its own coordinates, strokes left out (what the numbers and
 * alignment of drawing programs measure): a frame is its own box whatever its children reach,
 * a group is its children's union, a line is its two end points.
 */
export function geometryBox(source: NodeSource, node: SceneNode, depth = 0): Box | null {
  return kindOf(node).geometryBox(node, () => childrenBox(source, node, depth));
}

/**
 * The union of a node's children's geometry boxes, in the node's coordinates (a masked group's:
 * where its mask's and the rest's meet).
 */
function childrenBox(source: NodeSource, node: SceneNode, depth: number): Box | null {
  if (depth > MAX_DEPTH) return null;
  return childrenExtent(node, source.childrenOf(node.id), (child) => {
    const inner = geometryBox(source, child, depth + 1);
    return inner === null ? null : transformBox(inner, toMatrix(child.transform));
  });
}
