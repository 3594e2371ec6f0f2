import { isSceneNode, type BlobRecord, type Id, type SceneNode } from "../../doc/types";
import { parseDocument } from "../native";
import { NOT_LINEWORK } from "../native/parse";
import { IMPORT_ROOT, type ImportResult } from "./result";
import { isImage } from "../../shapes/image";

/**
 * The drawing on the first page of a `.linework` file, read by the native parser (which checks
 * every field against its own limits), as nodes to place into another document. A refusal names
 * `fileName` and says it is not a Linework file, with the parser's reason (where the JSON ends
 * early, which field is wrong).
 */
export function importLinework(text: string, fileName = "The file"): ImportResult {
  const loaded = parseDocument(text);
  if (!loaded.ok) return { ok: false, error: refusal(fileName, loaded.error) };
  const pages = loaded.records
    .filter((r) => r.type === "page")
    .sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : 0));
  const page = pages[0];
  if (page === undefined) return { ok: true, nodes: [], blobs: [], warnings: [] };
  const byParent = new Map<Id, SceneNode[]>();
  for (const record of loaded.records) {
    if (!isSceneNode(record)) continue;
    const list = byParent.get(record.parent);
    if (list === undefined) byParent.set(record.parent, [record]);
    else list.push(record);
  }
  const nodes: SceneNode[] = [];
  const usedBlobs = new Set<Id>();
  const queue: Id[] = [page.id];
  while (queue.length > 0) {
    const parent = queue.pop()!;
    for (const node of byParent.get(parent) ?? []) {
      nodes.push(parent === page.id ? { ...node, parent: IMPORT_ROOT } : node);
      if (isImage(node)) usedBlobs.add(node.blob);
      queue.push(node.id);
    }
  }
  const blobs = loaded.records.filter(
    (r): r is BlobRecord => r.type === "blob" && usedBlobs.has(r.id),
  );
  const warnings =
    pages.length > 1
      ? [`Only the first page was imported; the file has ${pages.length} pages.`]
      : [];
  return { ok: true, nodes, blobs, warnings };
}

function refusal(fileName: string, error: string): string {
  const prefix = `${NOT_LINEWORK}: `;
  if (error.startsWith(prefix))
    return `${fileName} is not a valid Linework file: ${error.slice(prefix.length)}`;
  return `${fileName} could not be imported as a Linework file: ${error}`;
}
