import { worldMatrix } from "../doc/commands";
import type { Transaction } from "../doc/store";
import {
  fromMatrix,
  IDENTITY_MATRIX,
  invert,
  isFiniteTransform,
  multiply,
  toMatrix,
  type Matrix,
} from "../doc/transform";
import { isSceneNode, type Id, type SceneNode } from "../doc/types";
import type { NodeSource } from "../shapes/geometryBox";
import { isGroup } from "../shapes/group";
import { kindOf } from "../shapes/registry";
import { scaledPaints } from "../shapes/mappedPaint";

/** A node as it was when a gesture began, with its matrix to the page. */
export interface Original {
  readonly node: SceneNode;
  readonly world: Matrix;
  readonly parentWorld: Matrix;
  /**
   * A group's children as they were, for a scale to go into them (see `applyWorldChange`), or
   * null where the group holds too much for that. Read on first use, before the gesture has
   * changed them, so a move never walks a big group.
   */
  readonly children: (() => readonly Original[] | null) | null;
  /** What `children` has read: undefined until it is first asked. */
  read: readonly Original[] | null | undefined;
}

export function originals(tx: NodeSource, ids: readonly Id[]): Original[] {
  const out: Original[] = [];
  for (const id of ids) {
    const node = tx.get(id);
    if (!isSceneNode(node)) continue;
    const parent = tx.get(node.parent);
    out.push(
      original(tx, node, isSceneNode(parent) ? worldMatrix(tx, parent.id) : IDENTITY_MATRIX),
    );
  }
  return out;
}

function original(tx: NodeSource, node: SceneNode, parentWorld: Matrix): Original {
  const world = multiply(parentWorld, toMatrix(node.transform));
  const item: Original = {
    node,
    world,
    parentWorld,
    read: undefined,
    children: scalesItsChildren(node)
      ? () =>
          item.read !== undefined
            ? item.read
            : (item.read = passesScaleDown(tx, node.id)
                ? tx.childrenOf(node.id).map((child) => original(tx, child, world))
                : null)
      : null,
  };
  return item;
}

/** Puts back every node `applyWorldChange` could have changed from `items` as they were. */
export function restoreOriginals(tx: Transaction, items: readonly Original[]): void {
  for (const item of items) {
    tx.put(item.node);
    if (item.read) restoreOriginals(tx, item.read);
  }
}

/**
 * The most shapes, and the most of their geometry (as history counts heap bytes), a resized
 * group rewrites: each is rebuilt every frame of the gesture. A bigger one (a whole imported
 * illustration, say) takes the scale in its transform, strokes and all, as Inkscape scales a
 * group.
 */
const MAX_RESIZED_DESCENDANTS = 2000;
const MAX_RESIZED_BYTES = 4 << 20;

/**
 * Whether the scale can go into what `id` holds: not too much of it, and no frame among it (a
 * frame keeps what it holds in place when it is resized, which a resize passed down would not).
 */
function passesScaleDown(tx: NodeSource, id: Id): boolean {
  let count = 0;
  let bytes = 0;
  const stack = [id];
  while (stack.length > 0) {
    for (const child of tx.childrenOf(stack.pop()!)) {
      const kind = kindOf(child);
      count += 1;
      bytes += kind.heapBytes(child);
      if (count > MAX_RESIZED_DESCENDANTS || bytes > MAX_RESIZED_BYTES) return false;
      if (kind.children !== null && kind.scaleFold !== null) return false;
      stack.push(child.id);
    }
  }
  return true;
}

/**
 * A group whose scale goes into its children, as Figma and Excalidraw resize a group: each keeps
 * its stroke width. Not one whose blur or filter is measured in its own units, which would then
 * stay as they were while the drawing grew.
 */
function scalesItsChildren(node: SceneNode): boolean {
  return isGroup(node) && node.blur === undefined && node.filter === undefined;
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
 * only moves the transform; a scale is folded into a shape's fields (a box's size, a path's
 * points) where that keeps the transform free of skew, so a resized rectangle has a new width
 * and a resized drawing new points, not a stretched outline: strokes keep their width, as in
 * Figma and Excalidraw. Gradients and patterns are scaled with the fields.
 */
export function applyWorldChange(
  tx: Transaction,
  items: readonly Original[],
  change: Matrix,
): void {
  const rigid = isRigid(change);
  for (const item of items) {
    // Once a gesture has passed a group's scale to its children, every later step goes to them
    // too, the group's own transform put back: a step that happens to be rigid (a handle dragged
    // back to where it started, or through an exact mirror) must not leave the last scale on the
    // children and put the change on the group as well.
    const children =
      item.children === null || (rigid && item.read === undefined) ? null : item.children();
    if (children !== null) {
      tx.put(item.node);
      applyWorldChange(tx, children, change);
      continue;
    }
    const toParent = invert(item.parentWorld);
    if (toParent === null) continue;
    const local = multiply(toParent, multiply(change, item.world));
    const moved = withMatrix(item.node, local);
    if (moved !== null) tx.put(moved);
  }
}

/** Whether `m` only moves, turns or mirrors: lengths and angles stay as they are. */
function isRigid(m: Matrix): boolean {
  const EPSILON = 1e-12;
  return (
    Math.abs(m.a * m.a + m.b * m.b - 1) < EPSILON &&
    Math.abs(m.c * m.c + m.d * m.d - 1) < EPSILON &&
    Math.abs(m.a * m.c + m.b * m.d) < EPSILON
  );
}

/** `node` placed by `local` in its parent, or null where that would not be finite. */
function withMatrix(node: SceneNode, local: Matrix): SceneNode | null {
  const t = fromMatrix(local);
  if (!isFiniteTransform(t)) return null;
  const fold = kindOf(node).scaleFold;
  if (fold === null || Math.abs(t.skewX) >= 1e-9) return { ...node, transform: t };
  if (fold.flips)
    return {
      ...node,
      ...fold.fields(node, t.scaleX, t.scaleY),
      ...scaledPaints(node, t.scaleX, t.scaleY),
      transform: { ...t, scaleX: 1, scaleY: 1 },
    } as SceneNode;
  // The flip stays in the transform.
  const transform = { ...t, scaleX: Math.sign(t.scaleX) || 1, scaleY: Math.sign(t.scaleY) || 1 };
  return {
    ...node,
    ...fold.fields(node, Math.abs(t.scaleX), Math.abs(t.scaleY)),
    ...scaledPaints(node, Math.abs(t.scaleX), Math.abs(t.scaleY)),
    transform,
  } as SceneNode;
}
