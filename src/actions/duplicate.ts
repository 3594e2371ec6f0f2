import type { EditableDocument } from "../editing/editor";
import { indexFor, worldMatrix } from "../doc/commands";
import type { DocumentStore } from "../doc/store";
import { newId } from "../doc/ids";
import { isSceneNode, type Id, type SceneNode } from "../doc/types";
import { cloneWithFreshIds, subtree } from "./copyTree";
import { translateWorld } from "./geometry";
import { topLevelNodes } from "./targets";
import type { Point } from "../math/point";

/** Where a first duplicate goes relative to its original, in world units. */
export const DUPLICATE_OFFSET: Point = { x: 10, y: 10 };

function origin(store: DocumentStore, id: Id): Point | null {
  if (!isSceneNode(store.get(id))) return null;
  const m = worldMatrix(store, id);
  return { x: m.e, y: m.f };
}

/**
 * Like Figma: when the selection is exactly the copies the last duplicate made, the next copies
 * are offset as far from them as those now are from their originals; otherwise by 10, 10.
 */
function nextOffset(editor: EditableDocument): Point {
  const { store, lastDuplicate: last } = editor;
  const selection = store.selection;
  if (
    last === null ||
    last.copies.length === 0 ||
    last.copies.length !== selection.length ||
    !last.copies.every((id, i) => id === selection[i])
  )
    return DUPLICATE_OFFSET;
  const copy = origin(store, last.copies[0]!);
  const original = origin(store, last.originals[0]!);
  if (copy === null || original === null) return DUPLICATE_OFFSET;
  return { x: copy.x - original.x, y: copy.y - original.y };
}

/**
 * Ctrl+D: copies of the selected nodes (with everything inside them), each placed just above its
 * original and offset; the copies become the selection.
 */
export function duplicateSelection(editor: EditableDocument, makeId: () => Id = newId): void {
  const { store } = editor;
  const nodes = topLevelNodes(store, store.selection);
  if (nodes.length === 0) return;
  const offset = nextOffset(editor);
  let copies: Id[] = [];
  const commit = store.transact("Duplicate", (tx) => {
    copies = [];
    const trees = nodes.map((node) => subtree(tx, node));
    const ids = new Map<Id, Id>();
    for (const tree of trees) for (const member of tree) ids.set(member.id, makeId());
    for (const [i, node] of nodes.entries()) {
      const records = cloneWithFreshIds(trees[i]!, makeId, ids);
      const root = records[0]!;
      const [index] = indexFor(tx, node.parent, { after: node.id });
      for (const record of records) tx.put(record === root ? { ...root, index: index! } : record);
      translateWorld(tx, tx.get(root.id) as SceneNode, offset.x, offset.y);
      copies.push(root.id);
    }
    tx.select(copies);
  });
  if (commit !== null) editor.lastDuplicate = { originals: nodes.map((n) => n.id), copies };
}
