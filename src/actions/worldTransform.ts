import { worldMatrix } from "../doc/commands";
import type { Transaction } from "../doc/store";
import { fromMatrix, IDENTITY_MATRIX, invert, multiply, type Matrix } from "../doc/transform";
import { isSceneNode, type Id, type SceneNode } from "../doc/types";
import { kindOf } from "../shapes/registry";

/** A node as it was when a gesture began, with its matrix to the page. */
export interface Original {
  readonly node: SceneNode;
  readonly world: Matrix;
  readonly parentWorld: Matrix;
}

export function originals(tx: Pick<Transaction, "get">, ids: readonly Id[]): Original[] {
  const out: Original[] = [];
  for (const id of ids) {
    const node = tx.get(id);
    if (!isSceneNode(node)) continue;
    const parent = tx.get(node.parent);
    out.push({
      node,
      world: worldMatrix(tx, id),
      parentWorld: isSceneNode(parent) ? worldMatrix(tx, parent.id) : IDENTITY_MATRIX,
    });
  }
  return out;
}

export function translation(dx: number, dy: number): Matrix {
  return { a: 1, b: 0, c: 0, d: 1, e: dx, f: dy };
}

export function rotationAbout(angle: number, cx: number, cy: number): Matrix {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return multiply(
    translation(cx, cy),
    multiply({ a: cos, b: sin, c: -sin, d: cos, e: 0, f: 0 }, translation(-cx, -cy)),
  );
}

/** Scales by (sx, sy) along the axes of `frame` (a rotation, or identity), about `origin`. */
export function scaleAbout(
  sx: number,
  sy: number,
  origin: { x: number; y: number },
  frameAngle = 0,
): Matrix {
  const toFrame = rotationAbout(-frameAngle, origin.x, origin.y);
  const back = rotationAbout(frameAngle, origin.x, origin.y);
  const scale = multiply(
    translation(origin.x, origin.y),
    multiply({ a: sx, b: 0, c: 0, d: sy, e: 0, f: 0 }, translation(-origin.x, -origin.y)),
  );
  return multiply(back, multiply(scale, toFrame));
}

/**
 * Puts `change` (a page-space matrix) on top of each original node. A translation or rotation
 * only moves the transform; a scale is folded into a box shape's size where that keeps the
 * transform free of skew, so a resized rectangle has a new width, not a stretched outline.
 */
export function applyWorldChange(
  tx: Transaction,
  items: readonly Original[],
  change: Matrix,
): void {
  for (const { node, world, parentWorld } of items) {
    const toParent = invert(parentWorld);
    if (toParent === null) continue;
    const local = multiply(toParent, multiply(change, world));
    tx.put(withMatrix(node, local));
  }
}

function withMatrix(node: SceneNode, local: Matrix): SceneNode {
  const t = fromMatrix(local);
  const fold = kindOf(node).scaleFold;
  if (fold === null || Math.abs(t.skewX) >= 1e-9) return { ...node, transform: t };
  if (fold.flips)
    return {
      ...node,
      ...fold.fields(node, t.scaleX, t.scaleY),
      transform: { ...t, scaleX: 1, scaleY: 1 },
    } as SceneNode;
  // The flip stays in the transform.
  const transform = { ...t, scaleX: Math.sign(t.scaleX) || 1, scaleY: Math.sign(t.scaleY) || 1 };
  return {
    ...node,
    ...fold.fields(node, Math.abs(t.scaleX), Math.abs(t.scaleY)),
    transform,
  } as SceneNode;
}
