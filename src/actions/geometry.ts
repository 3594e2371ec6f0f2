import { worldMatrix } from "../doc/commands";
import type { Transaction } from "../doc/store";
import {
  apply,
  fromMatrix,
  invert,
  isFiniteTransform,
  multiply,
  toMatrix,
  type Matrix,
} from "../doc/transform";
import { isSceneNode, type DocRecord, type Id, type SceneNode } from "../doc/types";
import { transformBox, unionBox } from "../geometry/bounds";
import { childrenExtent } from "../shapes/bounds";
import { kindOf } from "../shapes/registry";
import type { Point } from "../math/point";
import type { Box } from "../math/box";

/** What the geometry reads of the document: the store and a transaction both fit. */
export interface NodeSource {
  get(id: Id): DocRecord | undefined;
  childrenOf(id: Id): readonly SceneNode[];
}

/** Deeper nesting than the file format allows is not followed. */
const MAX_DEPTH = 256;

/**
 * A node's geometric extent in its own coordinates, strokes left out (as the numeric fields and
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

/** The axis-aligned world box around a node's geometry; null when it has no extent. */
export function worldBox(source: NodeSource, id: Id): Box | null {
  const node = source.get(id);
  if (!isSceneNode(node)) return null;
  const box = geometryBox(source, node);
  return box === null ? null : transformBox(box, worldMatrix(source, id));
}

/** The union of the nodes' world boxes. */
export function boxOfNodes(source: NodeSource, ids: readonly Id[]): Box | null {
  let box: Box | null = null;
  for (const id of ids) box = unionBox(box, worldBox(source, id));
  return box;
}

export function boxCenter(box: Box): Point {
  return { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
}

/** The matrix from a node's parent's coordinates to the page. */
export function parentMatrix(source: Pick<NodeSource, "get">, node: SceneNode): Matrix {
  return worldMatrix(source, node.parent);
}

// Kept here too: the actions that check transforms import it with the rest of their geometry.
export { isFiniteTransform };

/**
 * Moves a node by a world-space offset, changing only its translation so every other part of its
 * transform stays exactly as stored. Nodes under a collapsed (non-invertible) parent cannot move.
 */
export function translateWorld(tx: Transaction, node: SceneNode, dx: number, dy: number): void {
  const inverse = invert(parentMatrix(tx, node));
  if (inverse === null) return;
  const local = apply({ ...inverse, e: 0, f: 0 }, { x: dx, y: dy });
  const x = node.transform.x + local.x;
  const y = node.transform.y + local.y;
  if (!Number.isFinite(x) || !Number.isFinite(y)) return;
  if (x === node.transform.x && y === node.transform.y) return;
  tx.update<SceneNode>(node.id, { transform: { ...node.transform, x, y } });
}

/**
 * Applies a world-space matrix to a node: it ends up where `m` takes it on the page, its
 * transform re-expressed in its parent's coordinates. Results that are not finite are refused.
 */
export function transformWorld(tx: Transaction, node: SceneNode, m: Matrix): void {
  const parent = parentMatrix(tx, node);
  const inverse = invert(parent);
  if (inverse === null) return;
  const local = multiply(inverse, multiply(m, multiply(parent, toMatrix(node.transform))));
  const transform = fromMatrix(local);
  if (!isFiniteTransform(transform)) return;
  tx.update<SceneNode>(node.id, { transform });
}

/** The world matrix that does `inner` about `origin`: T(origin) · inner · T(−origin). */
export function aboutPoint(inner: Matrix, origin: Point): Matrix {
  return multiply(
    { a: 1, b: 0, c: 0, d: 1, e: origin.x, f: origin.y },
    multiply(inner, { a: 1, b: 0, c: 0, d: 1, e: -origin.x, f: -origin.y }),
  );
}
