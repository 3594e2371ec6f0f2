import { withBindingsRemapped } from "../../doc/bindings";
import { indexFor } from "../../doc/commands";
import { newId } from "../../doc/ids";
import { InvariantError } from "../../doc/invariants";
import type { DocumentStore } from "../../doc/store";
import { isContainer, type Id, type SceneNode } from "../../doc/types";
import { drawingBounds } from "./drawingBounds";
import { IMPORT_ROOT, type ImportSuccess } from "./result";
import type { Point } from "../../math/point";
import { isImage } from "../../shapes/image";

export interface ImportPlacement {
  /** A page, frame or group of the document. */
  readonly parent: Id;
  /** Where the middle of the imported drawing goes, in the parent's coordinates. */
  readonly at?: Point;
}

export type PlaceResult =
  { readonly ok: true; readonly ids: Id[] } | { readonly ok: false; readonly error: string };

/**
 * Puts an import into the document as one transaction (one undo step): fresh ids, indexes in
 * front of the parent's children, the new top-level nodes selected. On any failure the
 * document is untouched.
 */
export function importIntoDocument(
  store: DocumentStore,
  result: ImportSuccess,
  placement: ImportPlacement,
): PlaceResult {
  if (store.readOnly) return { ok: false, error: "The document is read-only." };
  if (result.nodes.length === 0) return { ok: false, error: "The file holds nothing to import." };
  const ids = new Map<Id, Id>();
  for (const node of result.nodes) ids.set(node.id, newId());
  for (const blob of result.blobs) ids.set(blob.id, newId());
  const shift = placement.at === undefined ? { x: 0, y: 0 } : offsetToCentre(result, placement.at);
  const top: SceneNode[] = [];
  const inner: SceneNode[] = [];
  for (const node of result.nodes) {
    const id = ids.get(node.id)!;
    const isTop = node.parent === IMPORT_ROOT;
    const parent = isTop ? placement.parent : ids.get(node.parent);
    if (parent === undefined)
      return { ok: false, error: `A node refers to a missing parent ${node.parent}.` };
    let blob: Id | undefined;
    if (isImage(node)) {
      blob = ids.get(node.blob);
      if (blob === undefined)
        return { ok: false, error: `An image refers to missing data ${node.blob}.` };
    }
    const t = node.transform;
    // One copy per node: the id, parent, image data and position change together.
    const record = withBindingsRemapped(
      {
        ...node,
        id,
        parent,
        ...(blob === undefined ? {} : { blob }),
        ...(isTop ? { transform: { ...t, x: t.x + shift.x, y: t.y + shift.y } } : {}),
      } as SceneNode,
      ids,
    );
    (isTop ? top : inner).push(record);
  }
  try {
    const commit = store.transact("Import", (tx) => {
      const target = tx.get(placement.parent);
      if (target?.type !== "page" && !isContainer(target))
        throw new Error(`${placement.parent} is not a page, frame or group`);
      for (const blob of result.blobs) tx.put({ ...blob, id: ids.get(blob.id)! });
      const indexes = indexFor(tx, placement.parent, "front", top.length);
      top.forEach((node, i) => tx.put({ ...node, index: indexes[i]! }));
      for (const record of inner) tx.put(record);
      tx.select(top.map((n) => n.id));
    });
    if (commit === null) return { ok: false, error: "The document did not accept the import." };
  } catch (error) {
    const detail =
      error instanceof InvariantError
        ? error.violations.slice(0, 3).join("; ")
        : error instanceof Error
          ? error.message
          : String(error);
    return { ok: false, error: `The import could not be added to the document: ${detail}` };
  }
  return { ok: true, ids: top.map((n) => n.id) };
}

/** How far to move the top-level nodes so the middle of everything lands on `at`. */
function offsetToCentre(result: ImportSuccess, at: Point): Point {
  // A worker measures the drawing before sending it, off the page's thread.
  const box = result.bounds !== undefined ? result.bounds : drawingBounds(result.nodes);
  if (box === null) return { x: 0, y: 0 };
  return { x: at.x - (box.minX + box.maxX) / 2, y: at.y - (box.minY + box.maxY) / 2 };
}
