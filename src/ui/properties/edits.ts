import type { DocumentStore } from "../../doc/store";
import { isSceneNode, type Id, type SceneNode } from "../../doc/types";

/**
 * Applies a change to each selected node that the change fits, in one transaction (one undo
 * step). `change` returns the new node, or null to leave a node alone; nodes that come back equal
 * are dropped by the transaction, so only what really changes is written.
 */
export function editNodes(
  store: DocumentStore,
  label: string,
  ids: readonly Id[],
  change: (node: SceneNode) => SceneNode | null,
): void {
  store.transact(label, (tx) => {
    for (const id of ids) {
      const node = tx.get(id);
      if (!isSceneNode(node) || node.locked) continue;
      const next = change(node);
      if (next !== null) tx.put(next);
    }
  });
}

/** Bounds for values people type, so one field cannot break a document's invariants. */
export const LIMITS = {
  size: { min: 0, max: 1e6 },
  strokeWidth: { min: 0, max: 1000 },
  radius: { min: 0, max: 1e6 },
  sides: { min: 3, max: 100 },
  points: { min: 3, max: 100 },
  position: { min: -1e7, max: 1e7 },
} as const;

export function clamp(value: number, range: { min: number; max: number }): number {
  return Math.min(range.max, Math.max(range.min, value));
}
