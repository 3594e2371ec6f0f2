import { withBindingsRemapped } from "../doc/bindings";
import type { Id, SceneNode } from "../doc/types";
import type { NodeSource } from "./geometry";

const MAX_DEPTH = 256;

/**
 * A node and everything under it, parents before children, each child keeping its sibling
 * index (unique among its siblings already, so still unique under the copied parent).
 */
export function subtree(source: NodeSource, root: SceneNode): SceneNode[] {
  const result: SceneNode[] = [];
  const walk = (node: SceneNode, depth: number): void => {
    result.push(node);
    if (depth >= MAX_DEPTH) return;
    for (const child of source.childrenOf(node.id)) walk(child, depth + 1);
  };
  walk(root, 0);
  return result;
}

/**
 * The records of a subtree under fresh ids: children point at their copied parents, the root
 * keeps its parent (the caller places it). Image data is shared, not copied. Line ends bound to a
 * node copied along are bound to its copy; the others come free. `ids` (old to new) may be shared
 * by several subtrees copied together, filled in for all of them first, so that a line and the
 * shape it is bound to stay bound when they are separate roots.
 */
export function cloneWithFreshIds(
  nodes: readonly SceneNode[],
  makeId: () => Id,
  ids: Map<Id, Id> = new Map(),
): SceneNode[] {
  for (const node of nodes) if (!ids.has(node.id)) ids.set(node.id, makeId());
  return nodes.map((node) =>
    withBindingsRemapped(
      { ...node, id: ids.get(node.id)!, parent: ids.get(node.parent) ?? node.parent },
      ids,
    ),
  );
}
