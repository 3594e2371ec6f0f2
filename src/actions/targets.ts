import type { DocumentStore } from "../doc/store";
import { isSceneNode, type DocRecord, type Id, type SceneNode } from "../doc/types";

/** What target selection reads: the store and a transaction both fit. */
export interface RecordSource {
  get(id: Id): DocRecord | undefined;
}

const MAX_DEPTH = 100_000;

/** Whether the node or any container above it is locked: locked things do not move or change. */
export function isLockedInTree(source: RecordSource, node: SceneNode): boolean {
  let record: DocRecord | undefined = node;
  for (let guard = 0; isSceneNode(record) && guard < MAX_DEPTH; guard++) {
    if (record.locked) return true;
    record = source.get(record.parent);
  }
  return false;
}

/**
 * The existing nodes among `ids` that are not inside another of them (a child travels with its
 * selected ancestor), in the order given. `editable` also leaves out locked nodes.
 */
export function topLevelNodes(
  source: RecordSource,
  ids: readonly Id[],
  options: { readonly editable?: boolean } = {},
): SceneNode[] {
  const wanted = new Set(ids);
  const result: SceneNode[] = [];
  const seen = new Set<Id>();
  for (const id of ids) {
    const node = source.get(id);
    if (!isSceneNode(node) || seen.has(id)) continue;
    seen.add(id);
    if (hasSelectedAncestor(source, node, wanted)) continue;
    if (options.editable === true && isLockedInTree(source, node)) continue;
    result.push(node);
  }
  return result;
}

/** The selection's nodes that edits may change. */
export function editableSelection(store: DocumentStore): SceneNode[] {
  return topLevelNodes(store, store.selection, { editable: true });
}

/** Whether an edit of the selection can run now: something editable and a writable store. */
export function canEditSelection(store: DocumentStore, minimum = 1): boolean {
  return !store.readOnly && editableSelection(store).length >= minimum;
}

function hasSelectedAncestor(
  source: RecordSource,
  node: SceneNode,
  wanted: ReadonlySet<Id>,
): boolean {
  let ancestor = source.get(node.parent);
  for (let guard = 0; isSceneNode(ancestor) && guard < MAX_DEPTH; guard++) {
    if (wanted.has(ancestor.id)) return true;
    ancestor = source.get(ancestor.parent);
  }
  return false;
}
