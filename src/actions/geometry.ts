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
import { isSceneNode, type Id, type SceneNode } from "../doc/types";
import { transformBox, unionBox } from "../geometry/bounds";
import { geometryBox, type NodeSource } from "../shapes/geometryBox";
import type { Point } from "../math/point";
import type { Box } from "../math/box";

// The geometry box lives with the shapes, so that the document's own followers measure alike.
export { geometryBox, type NodeSource } from "../shapes/geometryBox";

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
