import { generateNKeysBetween } from "fractional-indexing";
import type { EditableDocument } from "../editing/editor";
import type { Reorder } from "../doc/commands";
import type { Transaction } from "../doc/store";
import type { Id, SceneNode } from "../doc/types";
import { editableSelection } from "./targets";

export type { Reorder };

const LABELS: Record<Reorder, string> = {
  forward: "Bring forward",
  backward: "Send backward",
  front: "Bring to front",
  back: "Send to back",
};

/**
 * The new back-to-front order of siblings when the chosen ones move one step or to an end.
 * Chosen neighbours move as a block: one already at the end holds the ones behind it back.
 */
export function reorderedSiblings<T>(
  siblings: readonly T[],
  chosen: (item: T) => boolean,
  how: Reorder,
): T[] {
  const list = [...siblings];
  switch (how) {
    case "front":
      return [...list.filter((s) => !chosen(s)), ...list.filter(chosen)];
    case "back":
      return [...list.filter(chosen), ...list.filter((s) => !chosen(s))];
    case "forward":
      for (let i = list.length - 2; i >= 0; i--) {
        if (chosen(list[i]!) && !chosen(list[i + 1]!))
          [list[i], list[i + 1]] = [list[i + 1]!, list[i]!];
      }
      return list;
    case "backward":
      for (let i = 1; i < list.length; i++) {
        if (chosen(list[i]!) && !chosen(list[i - 1]!))
          [list[i], list[i - 1]] = [list[i - 1]!, list[i]!];
      }
      return list;
  }
}

/**
 * Gives new indexes to the chosen siblings so they sit in `order`; the others keep theirs, so a
 * reorder changes only the nodes that moved.
 */
function reindex(tx: Transaction, order: readonly SceneNode[], chosen: ReadonlySet<Id>): void {
  let i = 0;
  while (i < order.length) {
    if (!chosen.has(order[i]!.id)) {
      i++;
      continue;
    }
    let end = i;
    while (end < order.length && chosen.has(order[end]!.id)) end++;
    const low = order[i - 1]?.index ?? null;
    const high = order[end]?.index ?? null;
    const keys = generateNKeysBetween(low, high, end - i);
    for (let k = i; k < end; k++) {
      const node = order[k]!;
      if (node.index !== keys[k - i]) tx.update<SceneNode>(node.id, { index: keys[k - i]! });
    }
    i = end;
  }
}

/** Moves the selection's editable nodes among their siblings, each parent on its own. */
export function arrangeSelection(editor: EditableDocument, how: Reorder): void {
  const { store } = editor;
  const nodes = editableSelection(store);
  if (nodes.length === 0) return;
  const byParent = new Map<Id, Set<Id>>();
  for (const node of nodes) {
    const set = byParent.get(node.parent) ?? new Set<Id>();
    set.add(node.id);
    byParent.set(node.parent, set);
  }
  store.transact(LABELS[how], (tx) => {
    for (const [parent, chosen] of byParent) {
      const siblings = tx.childrenOf(parent);
      const order = reorderedSiblings(siblings, (s) => chosen.has(s.id), how);
      if (order.every((s, i) => s === siblings[i])) continue;
      reindex(tx, order, chosen);
    }
  });
}
