import { isSceneNode, type DocRecord, type Id, type SceneNode } from "../../doc/types";
import { isImage } from "../../shapes/image";
import { holdsChildren } from "../../shapes/registry";
import type { ExportScope } from "./scope";
import { NODES_PER_STEP, runSteps, type Steps } from "../steps";
import { MAX_DEPTH, type ExportSource, type VersionedSource } from "./source";

/**
 * What an export of `ids` reads, copied out of `source` now: the nodes (or pages), everything
 * inside them, the images' data and the ancestors up to the page. A copy to the clipboard renders its picture
 * after the copy returns (fonts load, the browser decodes); by then a cut has deleted the nodes
 * and the person may be editing them, and the picture must still be of what was copied. It costs
 * what is copied, not the document.
 */
export function exportSnapshot(source: ExportSource, ids: readonly Id[]): ExportSource {
  return runSteps(snapshotSteps(source, ids));
}

/** `exportSnapshot` in steps of NODES_PER_STEP nodes. */
function* snapshotSteps(source: ExportSource, ids: readonly Id[]): Steps<ExportSource> {
  const records = new Map<Id, DocRecord>();
  const children = new Map<Id, readonly SceneNode[]>();
  const keep = (id: Id): DocRecord | undefined => {
    const record = source.get(id);
    if (record !== undefined) records.set(id, record);
    return record;
  };
  let copied = 0;
  for (const id of ids) {
    let above = source.get(id);
    for (let depth = 0; isSceneNode(above) && depth <= MAX_DEPTH; depth++)
      above = keep(above.parent);
    const first = keep(id);
    const stack = first === undefined ? [] : [first];
    while (stack.length > 0) {
      const record = stack.pop()!;
      if (isImage(record)) keep(record.blob);
      if (++copied % NODES_PER_STEP === 0) yield;
      // A page is copied with everything on it. Only pages and containers are asked for their
      // children: asking for a leaf's would cost the store a cache entry for each of thousands.
      if (record.type !== "page" && !(isSceneNode(record) && holdsChildren(record))) continue;
      if (children.has(record.id)) continue;
      const inside = source.childrenOf(record.id);
      children.set(record.id, inside);
      for (const child of inside) {
        records.set(child.id, child);
        stack.push(child);
      }
    }
  }
  return {
    get: (id) => records.get(id),
    childrenOf: (id) => children.get(id) ?? [],
  };
}

/**
 * What an export of `scopes` reads, copied in steps: an export in steps reads it over many tasks,
 * between which the document may be edited, and the file must be of one moment. Copying a large
 * scope is itself too long for one task; should the document change between its steps, it is
 * copied again at once, in one task.
 */
export function* scopeSnapshotSteps(
  source: VersionedSource,
  scopes: ExportScope | readonly ExportScope[],
): Steps<ExportSource> {
  const list: readonly ExportScope[] = Array.isArray(scopes) ? scopes : [scopes];
  const ids = list.flatMap((scope) =>
    "page" in scope ? [scope.page] : "frame" in scope ? [scope.frame] : scope.nodes,
  );
  const version = source.version;
  const copy = yield* snapshotSteps(source, ids);
  return source.version === version ? copy : exportSnapshot(source, ids);
}
