import { IDENTITY_MATRIX, type Matrix } from "../../doc/transform";
import { isSceneNode, type Id, type PageRecord, type SceneNode } from "../../doc/types";
import { ExportError } from "./errors";
import { MAX_DEPTH, pageOf, parentMatrix, type ExportSource } from "./source";
import { isFrame } from "../../shapes/frame";

/** What to export: a whole page, one frame, or some nodes (a selection) of one page. */
export type ExportScope =
  { readonly page: Id } | { readonly frame: Id } | { readonly nodes: readonly Id[] };

export interface Root {
  readonly node: SceneNode;
  /** From the node's parent's coordinates to the page's. */
  readonly outer: Matrix;
}

/** The nodes a scope draws, in paint order, each with its parent's page transform. */
export function resolveScope(
  source: ExportSource,
  scope: ExportScope,
): { page: PageRecord; roots: Root[] } {
  if ("page" in scope) {
    const page = source.get(scope.page);
    if (page?.type !== "page") throw new ExportError(`There is no page ${scope.page}`);
    return {
      page,
      roots: source.childrenOf(page.id).map((node) => ({ node, outer: IDENTITY_MATRIX })),
    };
  }
  if ("frame" in scope) {
    const frame = source.get(scope.frame);
    if (!isFrame(frame)) throw new ExportError(`There is no frame ${scope.frame}`);
    const page = pageOf(source, frame.id);
    if (page === null) throw new ExportError(`Frame ${frame.id} is not on a page`);
    return { page, roots: [{ node: frame, outer: parentMatrix(source, frame) }] };
  }
  const chosen = new Set(scope.nodes);
  let page: PageRecord | null = null;
  const keyed: { key: string[]; root: Root }[] = [];
  for (const id of chosen) {
    const node = source.get(id);
    if (!isSceneNode(node)) throw new ExportError(`There is no node ${id}`);
    const nodePage = pageOf(source, id);
    if (nodePage === null) throw new ExportError(`Node ${id} is not on a page`);
    if (page !== null && nodePage.id !== page.id)
      throw new ExportError("The selection spans more than one page");
    page = nodePage;
    const key = paintOrderKey(source, node);
    // A node inside another chosen one is already drawn with it.
    if (key.ancestors.some((ancestor) => chosen.has(ancestor))) continue;
    keyed.push({ key: key.indexes, root: { node, outer: parentMatrix(source, node) } });
  }
  if (page === null) throw new ExportError("Nothing is selected");
  keyed.sort((a, b) => compareKeys(a.key, b.key));
  return { page, roots: keyed.map((entry) => entry.root) };
}

/** Sibling indexes from the page down to the node, and the ids above it. */
function paintOrderKey(
  source: ExportSource,
  node: SceneNode,
): { indexes: string[]; ancestors: Id[] } {
  const indexes = [node.index, node.id];
  const ancestors: Id[] = [];
  let parent = source.get(node.parent);
  for (let depth = 0; isSceneNode(parent) && depth <= MAX_DEPTH; depth++) {
    indexes.unshift(parent.index, parent.id);
    ancestors.push(parent.id);
    parent = source.get(parent.parent);
  }
  return { indexes, ancestors };
}

function compareKeys(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}
