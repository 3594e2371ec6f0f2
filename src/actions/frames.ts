import { moveNodes, worldMatrix } from "../doc/commands";
import type { Transaction } from "../doc/store";
import { fromMatrix, IDENTITY_MATRIX, invert, multiply } from "../doc/transform";
import { isSceneNode, type Id, type SceneNode } from "../doc/types";
import { boxCenter, isFiniteTransform, worldBox, type NodeSource } from "./geometry";
import { topLevelNodes } from "./targets";
import { originals, type Original } from "./worldTransform";
import type { Point } from "../math/point";
import { isFrame } from "../shapes/frame";

/**
 * The frame a point lies in (the innermost, as Figma takes it), never one of `exclude` nor
 * inside one of them; null where no frame is. The picker answers it from the spatial index.
 */
export type FrameAt = (point: Point, exclude: ReadonlySet<Id>) => Id | null;

/** Deeper than the file format allows; stops a walk on a broken parent chain. */
const MAX_DEPTH = 100_000;

/**
 * Where a node goes when it leaves its frames: the nearest container above it that is not a
 * frame (the page, or a group), so leaving a frame inside a group keeps it in the group.
 */
export function frameBase(tx: Pick<Transaction, "get">, node: SceneNode): Id {
  let parent = tx.get(node.parent);
  for (let guard = 0; isFrame(parent) && guard < MAX_DEPTH; guard++) {
    parent = tx.get(parent.parent);
  }
  return parent?.id ?? node.parent;
}

/** Whether a node's place follows the frames it lies in: straight on a page or in a frame. */
function followsFrames(tx: Pick<Transaction, "get">, node: SceneNode): boolean {
  const parent = tx.get(node.parent);
  return parent?.type === "page" || isFrame(parent);
}

/**
 * Makes each of `ids` (their top-level ones) a child of the frame it lies in, or takes it out to
 * its base when it lies in none, keeping where it appears on the page. Where it lies is
 * `pointOf(node)` (the pointer of a drag), else the centre of its geometry (a paste). Nodes inside
 * groups keep their group: a group is moved as a whole. Returns the ids whose parent changed.
 */
export function adoptIntoFrames(
  tx: Transaction,
  ids: readonly Id[],
  frameAt: FrameAt,
  pointOf?: (node: SceneNode) => Point | null,
): Id[] {
  const nodes = topLevelNodes(tx, ids);
  const exclude = new Set(nodes.map((n) => n.id));
  const byTarget = new Map<Id, Id[]>();
  for (const node of nodes) {
    if (!followsFrames(tx, node)) continue;
    const box = (): Point | null => {
      const extent = worldBox(tx, node.id);
      return extent === null ? null : boxCenter(extent);
    };
    const point = pointOf?.(node) ?? box();
    if (point === null) continue;
    const target = frameAt(point, exclude) ?? frameBase(tx, node);
    if (target === node.parent || !canHold(tx, target, node)) continue;
    const list = byTarget.get(target) ?? [];
    list.push(node.id);
    byTarget.set(target, list);
  }
  const moved: Id[] = [];
  for (const [target, list] of byTarget) {
    moveNodes(tx, list, target, "front");
    moved.push(...list);
  }
  return moved;
}

/**
 * Whether `target` can take the node without it jumping on the page: a frame scaled to nothing
 * has no coordinates to keep its place in.
 */
function canHold(tx: Pick<Transaction, "get">, target: Id, node: SceneNode): boolean {
  const record = tx.get(target);
  if (!isSceneNode(record)) return true;
  const toTarget = invert(worldMatrix(tx, target));
  return (
    toTarget !== null && isFiniteTransform(fromMatrix(multiply(toTarget, worldMatrix(tx, node.id))))
  );
}

/**
 * The children of the frames among `items`, as they were when a resize began, for
 * `keepInPlace`: Figma's default is that resizing a frame leaves what it holds where it is.
 * Children that are themselves items are left out; they are being resized.
 */
export function frameChildren(tx: NodeSource, items: readonly Original[]): Original[] {
  const moving = new Set(items.map((item) => item.node.id));
  const ids: Id[] = [];
  for (const { node } of items) {
    if (!isFrame(node)) continue;
    for (const child of tx.childrenOf(node.id)) if (!moving.has(child.id)) ids.push(child.id);
  }
  return originals(tx, ids);
}

/**
 * Puts each node back where it was on the page under its parent as the parent is now: after a
 * frame's resize moved its origin, its children stay put.
 */
export function keepInPlace(tx: Transaction, items: readonly Original[]): void {
  for (const { node, world } of items) {
    const parent = tx.get(node.parent);
    const parentWorld = isSceneNode(parent) ? worldMatrix(tx, parent.id) : IDENTITY_MATRIX;
    const toParent = invert(parentWorld);
    if (toParent === null) continue;
    const transform = fromMatrix(multiply(toParent, world));
    if (!isFiniteTransform(transform)) continue;
    const current = tx.get(node.id);
    if (isSceneNode(current)) tx.put({ ...current, transform });
  }
}
