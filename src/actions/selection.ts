import type { EditableDocument } from "../editing/editor";
import type { Id } from "../doc/types";

/**
 * Ctrl+A: every unlocked, visible child of the scope (the page, or the group the user entered).
 * The selection is session state, not the document: it changes directly, is no undo step, and
 * works in a read-only document too.
 */
export function selectAll(editor: EditableDocument, scope: Id): void {
  const ids = editor.store
    .childrenOf(scope)
    .filter((node) => !node.locked && !node.hidden)
    .map((node) => node.id);
  editor.store.setSelection(ids);
}

export function selectNone(editor: EditableDocument): void {
  editor.store.setSelection([]);
}
