import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";
import type { Transaction } from "./store";
import { fromMatrix, IDENTITY_MATRIX, invert, multiply, toMatrix, type Matrix } from "./transform";
import { isContainer, isSceneNode, type GroupNode, type Id, type SceneNode } from "./types";
import { nodeBase } from "./factory";

/**
 * The editing operations, each a function of a transaction so several compose into one commit.
 * Tools, the chrome and tests all edit through these.
 */

/** A node cannot keep its place inside a container scaled to (almost) nothing. */
export class CollapsedParentError extends Error {
  constructor(id: Id, parent: Id) {
    super(`Cannot move ${id} into ${parent}: it is scaled to nothing`);
    this.name = "CollapsedParentError";
  }
}

export type Placement = { readonly before: Id } | { readonly after: Id } | "front" | "back";

/** An index for a new child of `parent` at `placement` (default: in front of everything). */
export function indexFor(
  tx: Transaction,
  parent: Id,
  placement: Placement = "front",
  count = 1,
  exclude: ReadonlySet<Id> = new Set(),
): string[] {
  const siblings = tx.childrenOf(parent).filter((s) => !exclude.has(s.id));
  let low: string | null = null;
  let high: string | null = null;
  if (placement === "front") low = siblings.at(-1)?.index ?? null;
  else if (placement === "back") high = siblings[0]?.index ?? null;
  else {
    const anchorId = "before" in placement ? placement.before : placement.after;
    const at = siblings.findIndex((s) => s.id === anchorId);
    if (at < 0) throw new Error(`${anchorId} is not a child of ${parent}`);
    if ("before" in placement) {
      low = siblings[at - 1]?.index ?? null;
      high = siblings[at]!.index;
    } else {
      low = siblings[at]!.index;
      high = siblings[at + 1]?.index ?? null;
    }
  }
  return count === 1 ? [generateKeyBetween(low, high)] : generateNKeysBetween(low, high, count);
}

/** Adds nodes (already complete records) under `parent`, in order, at `placement`. */
export function addNodes(
  tx: Transaction,
  parent: Id,
  nodes: readonly SceneNode[],
  placement: Placement = "front",
): void {
  assertContainerOrPage(tx, parent);
  const indexes = indexFor(tx, parent, placement, nodes.length);
  nodes.forEach((node, i) => tx.put({ ...node, parent, index: indexes[i]! }));
}

/** Deletes nodes and everything under them. */
export function deleteNodes(tx: Transaction, ids: readonly Id[]): void {
  const stack = [...ids];
  while (stack.length > 0) {
    const id = stack.pop()!;
    const node = tx.get(id);
    if (!isSceneNode(node)) continue;
    // Only containers hold children. Asking for a leaf's reads every record this transaction
    // has written: a cut of 20,000 rectangles took 15 s doing that for each.
    if (isContainer(node)) for (const child of tx.childrenOf(id)) stack.push(child.id);
    tx.remove(id);
  }
}

/** The node's transform to page coordinates. */
export function worldMatrix(tx: Pick<Transaction, "get">, id: Id): Matrix {
  let matrix = IDENTITY_MATRIX;
  let record = tx.get(id);
  for (let guard = 0; isSceneNode(record) && guard < 100_000; guard++) {
    matrix = multiply(toMatrix(record.transform), matrix);
    record = tx.get(record.parent);
  }
  return matrix;
}

/** Whether `ancestor` is `id` or one of its parents. */
export function isAncestorOrSelf(tx: Pick<Transaction, "get">, ancestor: Id, id: Id): boolean {
  let record = tx.get(id);
  for (let guard = 0; record !== undefined && guard < 100_000; guard++) {
    if (record.id === ancestor) return true;
    if (!isSceneNode(record)) return false;
    record = tx.get(record.parent);
  }
  return false;
}

/**
 * Moves nodes under a new parent at `placement`, keeping where they appear on the page: their
 * transforms are re-expressed in the new parent's coordinates. Moving a node into itself or its
 * own descendants is refused.
 */
export function moveNodes(
  tx: Transaction,
  ids: readonly Id[],
  parent: Id,
  placement: Placement = "front",
): void {
  assertContainerOrPage(tx, parent);
  const nodes = orderedNodes(tx, ids);
  for (const node of nodes) {
    if (isAncestorOrSelf(tx, node.id, parent))
      throw new Error(`Cannot move ${node.id} into itself`);
  }
  const anchor =
    typeof placement === "object"
      ? "before" in placement
        ? placement.before
        : placement.after
      : null;
  const moving = new Set(nodes.map((n) => n.id));
  const effectivePlacement = anchor !== null && moving.has(anchor) ? "front" : placement;
  const parentWorld = isSceneNode(tx.get(parent)) ? worldMatrix(tx, parent) : IDENTITY_MATRIX;
  const toParent = invert(parentWorld);
  const transforms = nodes.map((node) => {
    if (node.parent === parent) return node.transform;
    const transform =
      toParent === null ? null : fromMatrix(multiply(toParent, worldMatrix(tx, node.id)));
    // A container scaled to (almost) nothing has no coordinates to keep a node's place in.
    if (transform === null || !Object.values(transform).every(Number.isFinite))
      throw new CollapsedParentError(node.id, parent);
    return transform;
  });
  // The moving nodes' old indexes must not count as neighbours of their new ones.
  const indexes = indexFor(tx, parent, effectivePlacement, nodes.length, moving);
  nodes.forEach((node, i) =>
    tx.update(node.id, { parent, index: indexes[i]!, transform: transforms[i]! }),
  );
}

export type Reorder = "forward" | "backward" | "front" | "back";

/** Changes a node's place among its siblings (Ctrl+] / Ctrl+[, with Shift for front and back). */
export function reorderNode(tx: Transaction, id: Id, how: Reorder): void {
  const node = tx.get(id);
  if (!isSceneNode(node)) return;
  const all = tx.childrenOf(node.parent);
  const at = all.findIndex((s) => s.id === id);
  const last = all.length - 1;
  const key = (i: number): string | null => all[i]?.index ?? null;
  let between: [string | null, string | null];
  switch (how) {
    case "forward":
      if (at === last) return;
      between = [key(at + 1), key(at + 2)];
      break;
    case "backward":
      if (at === 0) return;
      between = [key(at - 2), key(at - 1)];
      break;
    case "front":
      if (at === last) return;
      between = [key(last), null];
      break;
    case "back":
      if (at === 0) return;
      between = [null, key(0)];
      break;
  }
  tx.update(id, { index: generateKeyBetween(between[0], between[1]) });
}

/**
 * Groups nodes under a new group placed where the frontmost of them was, in the frontmost's
 * parent. The group starts with an identity transform, so nothing moves on the page.
 */
export function groupNodes(
  tx: Transaction,
  ids: readonly Id[],
  groupId: Id,
  name = "Group",
): GroupNode | null {
  const nodes = orderedNodes(tx, ids);
  const front = nodes.at(-1);
  if (front === undefined) return null;
  const [index] = indexFor(tx, front.parent, { after: front.id });
  const group: GroupNode = {
    ...nodeBase(groupId, front.parent, index!, name),
    type: "group",
    isolated: false,
  };
  tx.put(group);
  moveNodes(
    tx,
    nodes.map((n) => n.id),
    groupId,
    "front",
  );
  return group;
}

/** Dissolves a group: its children take its place in its parent, keeping where they appear. */
export function ungroup(tx: Transaction, groupId: Id): Id[] {
  const group = tx.get(groupId);
  if (group === undefined || group.type !== "group") return [];
  const children = tx.childrenOf(groupId);
  const groupMatrix = toMatrix(group.transform);
  const indexes = indexFor(tx, group.parent, { after: groupId }, Math.max(1, children.length));
  children.forEach((child, i) => {
    tx.update(child.id, {
      parent: group.parent,
      index: indexes[i]!,
      transform: fromMatrix(multiply(groupMatrix, toMatrix(child.transform))),
      opacity: child.opacity * group.opacity,
      hidden: child.hidden || group.hidden,
      locked: child.locked || group.locked,
    });
  });
  tx.remove(groupId);
  return children.map((c) => c.id);
}

/** The existing scene nodes among `ids` that are not inside another of them, back to front per parent. */
function orderedNodes(tx: Transaction, ids: readonly Id[]): SceneNode[] {
  const wanted = new Set<Id>();
  for (const id of ids) if (isSceneNode(tx.get(id))) wanted.add(id);
  const nodes: SceneNode[] = [];
  const parentRank = new Map<Id, number>();
  for (const id of wanted) {
    const node = tx.get(id) as SceneNode;
    // A node inside another selected node travels with it.
    let ancestor = tx.get(node.parent);
    let nested = false;
    for (let guard = 0; isSceneNode(ancestor) && guard < 100_000; guard++) {
      if (wanted.has(ancestor.id)) {
        nested = true;
        break;
      }
      ancestor = tx.get(ancestor.parent);
    }
    if (nested) continue;
    if (!parentRank.has(node.parent)) parentRank.set(node.parent, parentRank.size);
    nodes.push(node);
  }
  return nodes.sort((a, b) => {
    const rank = parentRank.get(a.parent)! - parentRank.get(b.parent)!;
    if (rank !== 0) return rank;
    return a.index < b.index ? -1 : a.index > b.index ? 1 : 0;
  });
}

function assertContainerOrPage(tx: Transaction, id: Id): void {
  const record = tx.get(id);
  if (record?.type !== "page" && !isContainer(record)) throw new Error(`${id} cannot hold nodes`);
}
