import type { DocumentStore } from "../../doc/store";
import { IDENTITY_MATRIX, multiply, toMatrix, type Matrix } from "../../doc/transform";
import { isSceneNode, type Id, type PageRecord, type SceneNode } from "../../doc/types";

/** What export reads from a document: records by id and children in back-to-front order. */
export type ExportSource = Pick<DocumentStore, "get" | "childrenOf">;

/** A source that tells when it changes: its version moves with each change. */
export type VersionedSource = ExportSource & Pick<DocumentStore, "version">;

/** Deepest nesting export follows; a valid document is far shallower. */
export const MAX_DEPTH = 4096;

/** The page a node (or page) belongs to, or null for a detached or unknown id. */
export function pageOf(source: ExportSource, id: Id): PageRecord | null {
  let record = source.get(id);
  for (let depth = 0; record !== undefined && depth <= MAX_DEPTH; depth++) {
    if (record.type === "page") return record;
    if (!isSceneNode(record)) return null;
    record = source.get(record.parent);
  }
  return null;
}

/** The transform from a node's parent's coordinates to the page's. */
export function parentMatrix(source: ExportSource, node: SceneNode): Matrix {
  const chain: Matrix[] = [];
  let parent = source.get(node.parent);
  for (let depth = 0; isSceneNode(parent) && depth <= MAX_DEPTH; depth++) {
    chain.push(toMatrix(parent.transform));
    parent = source.get(parent.parent);
  }
  let m = IDENTITY_MATRIX;
  for (let i = chain.length - 1; i >= 0; i--) m = multiply(m, chain[i]!);
  return m;
}
