import { isSceneNode, type DocRecord, type Id, type SceneNode } from "../../doc/types";
import { isImage } from "../../shapes/image";
import type { ExportScope } from "./scope";
import { MAX_DEPTH, type ExportSource } from "./source";

/**
 * What an export of `ids` reads, copied out of `source` now: the nodes (or pages), everything
 * inside them, the images' data and the ancestors up to the page. A copy to the clipboard renders its picture
 * after the copy returns (fonts load, the browser decodes); by then a cut has deleted the nodes
 * and the person may be editing them, and the picture must still be of what was copied. It costs
 * what is copied, not the document.
 */
export function exportSnapshot(source: ExportSource, ids: readonly Id[]): ExportSource {
  const records = new Map<Id, DocRecord>();
  const children = new Map<Id, readonly SceneNode[]>();
  const keep = (id: Id): DocRecord | undefined => {
    const record = source.get(id);
    if (record !== undefined) records.set(id, record);
    return record;
  };
  for (const id of ids) {
    let above = source.get(id);
    for (let depth = 0; isSceneNode(above) && depth <= MAX_DEPTH; depth++)
      above = keep(above.parent);
    const stack = [id];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (children.has(next)) continue;
      const record = keep(next);
      // A page is copied with everything on it.
      if (!isSceneNode(record) && record?.type !== "page") continue;
      if (isImage(record)) keep(record.blob);
      const inside = source.childrenOf(next);
      children.set(next, inside);
      for (const child of inside) stack.push(child.id);
    }
  }
  return {
    get: (id) => records.get(id),
    childrenOf: (id) => children.get(id) ?? [],
  };
}

/**
 * What an export of `scope` reads, copied now: an export in steps reads it over many tasks,
 * between which the document may be edited, and the file must be of one moment.
 */
export function scopeSnapshot(source: ExportSource, scope: ExportScope): ExportSource {
  if ("page" in scope) return exportSnapshot(source, [scope.page]);
  if ("frame" in scope) return exportSnapshot(source, [scope.frame]);
  return exportSnapshot(source, scope.nodes);
}
