import type { DocumentStore, Transaction } from "../doc/store";
import { isSceneNode, type GroupNode, type Id } from "../doc/types";
import { isGroup } from "../shapes/group";
import { regionFitted } from "../shapes/filterRegion";

/** Deeper nesting than the file format allows is not followed. */
const MAX_DEPTH = 256;

function sameRegion(a: GroupNode["filter"], b: NonNullable<GroupNode["filter"]>["region"]) {
  const r = a?.region;
  return (
    r !== undefined && r.x === b.x && r.y === b.y && r.width === b.width && r.height === b.height
  );
}

/**
 * Keeps fitted filter regions (`GroupFilter.fit`) around what their groups hold. At the end of
 * every transaction, each group with a fitted filter that holds a node the transaction wrote
 * (before or after the write: a child moved out shrinks it) or that was itself written gets its
 * region resolved again from its geometry box, in the same transaction: one undo step takes the
 * edit and the region back together, and everything that reads the region (the canvas, the
 * export and its bounds, culling, autosave) sees a concrete one. Patches from history or another
 * tab already hold the result and are not finished again. The work is the written nodes' depth
 * once each (ancestors are visited once) plus the fitted groups' geometry boxes.
 */
export function followFilterRegions(store: DocumentStore): () => void {
  return store.addFinisher((tx) => fitRegions(store, tx));
}

function fitRegions(store: DocumentStore, tx: Transaction): void {
  const seen = new Set<Id>();
  const fitted: Id[] = [];
  const climb = (from: Id | undefined): void => {
    for (let id = from, depth = 0; id !== undefined && depth <= MAX_DEPTH; depth++) {
      if (seen.has(id)) return;
      seen.add(id);
      const node = tx.get(id);
      if (!isSceneNode(node)) return;
      if (isGroup(node) && node.filter?.fit !== undefined) fitted.push(id);
      id = node.parent;
    }
  };
  for (const id of [...tx.written()]) {
    climb(id);
    const before = store.get(id);
    if (isSceneNode(before)) climb(before.parent);
  }
  for (const id of fitted) {
    const group = tx.get(id);
    // A group this transaction makes (an import, a paste) comes with the region it was given.
    if (!isSceneNode(group) || !isGroup(group) || store.get(id) === undefined) continue;
    const filter = group.filter;
    if (filter === undefined) continue;
    const region = regionFitted(tx, group, filter);
    if (region === null || sameRegion(filter, region)) continue;
    tx.put({ ...group, filter: { ...filter, region } });
  }
}
