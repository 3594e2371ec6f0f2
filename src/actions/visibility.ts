import type { EditableDocument } from "../editing/editor";
import type { Id, SceneNode } from "../doc/types";
import { topLevelNodes } from "./targets";

type Flag = "locked" | "hidden";

const LABELS: Record<Flag, [string, string]> = {
  locked: ["Lock", "Unlock"],
  hidden: ["Hide", "Show"],
};

function setFlag(editor: EditableDocument, ids: readonly Id[], flag: Flag, value: boolean): void {
  const { store } = editor;
  const nodes = topLevelNodes(store, ids);
  if (nodes.length === 0) return;
  store.transact(LABELS[flag][value ? 0 : 1], (tx) => {
    for (const node of nodes) {
      if (node[flag] !== value) tx.update<SceneNode>(node.id, { [flag]: value });
    }
  });
}

/** Toggles like the menus: if any selected node lacks the flag, all get it; else all lose it. */
function toggleFlag(editor: EditableDocument, flag: Flag): void {
  const nodes = topLevelNodes(editor.store, editor.store.selection);
  if (nodes.length === 0) return;
  const value = nodes.some((n) => !n[flag]);
  setFlag(
    editor,
    nodes.map((n) => n.id),
    flag,
    value,
  );
}

export function setLocked(editor: EditableDocument, ids: readonly Id[], locked: boolean): void {
  setFlag(editor, ids, "locked", locked);
}

export function setHidden(editor: EditableDocument, ids: readonly Id[], hidden: boolean): void {
  setFlag(editor, ids, "hidden", hidden);
}

/** Ctrl+Shift+L. Locked nodes stay selected, so the same keys unlock them. */
export function toggleLockedSelection(editor: EditableDocument): void {
  toggleFlag(editor, "locked");
}

/** Ctrl+Shift+H. Hidden nodes stay selected, so the same keys show them again. */
export function toggleHiddenSelection(editor: EditableDocument): void {
  toggleFlag(editor, "hidden");
}
