import type { EditableDocument } from "../editing/editor";
import { CollapsedParentError, deleteNodes, groupNodes, ungroup } from "../doc/commands";
import { newId } from "../doc/ids";
import { InvariantError } from "../doc/invariants";
import type { Id } from "../doc/types";
import { editableSelection } from "./targets";
import { isGroup } from "../shapes/group";

/** Deletes the selection's editable nodes with everything inside them; nothing stays selected. */
export function deleteSelection(editor: EditableDocument): void {
  const { store } = editor;
  const nodes = editableSelection(store);
  if (nodes.length === 0) return;
  const deleted = new Set(nodes.map((n) => n.id));
  const kept = store.selection.filter((id) => !deleted.has(id));
  store.transact("Delete", (tx) => {
    deleteNodes(
      tx,
      nodes.map((n) => n.id),
    );
    tx.select(kept.filter((id) => tx.has(id)));
  });
}

/**
 * Groups the selection's editable nodes where the frontmost of them was; the new group is
 * selected. `makeId` is for tests that need known ids.
 */
export function groupSelection(editor: EditableDocument, makeId: () => Id = newId): void {
  const { store } = editor;
  const nodes = editableSelection(store);
  if (nodes.length === 0) return;
  try {
    store.transact("Group", (tx) => {
      const group = groupNodes(
        tx,
        nodes.map((n) => n.id),
        makeId(),
      );
      if (group === null) return;
      tx.select([group.id]);
    });
  } catch (error) {
    // Inside a container scaled to almost nothing the nodes have no coordinates to keep their
    // places in; the store applied nothing, so the document is as it was.
    if (!(error instanceof CollapsedParentError || error instanceof InvariantError)) throw error;
  }
}

/** Dissolves every selected group; their children join the rest of the selection. */
export function ungroupSelection(editor: EditableDocument): void {
  const { store } = editor;
  const nodes = editableSelection(store);
  const groups = nodes.filter(isGroup);
  if (groups.length === 0) return;
  store.transact("Ungroup", (tx) => {
    const selection: Id[] = [];
    for (const node of nodes) {
      if (isGroup(node)) selection.push(...ungroup(tx, node.id));
      else selection.push(node.id);
    }
    tx.select(selection);
  });
}
