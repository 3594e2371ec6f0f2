import { worldMatrix } from "../../src/doc/commands";
import type { DocumentStore } from "../../src/doc/store";
import { isSceneNode, type Id } from "../../src/doc/types";
import { transformBox } from "../../src/geometry/bounds";
import { localBounds } from "../../src/shapes/bounds";
import type { Box } from "../../src/math/box";

export function touches(a: Box, b: Box): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

/** The obvious answer a spatial index must give: every node's world box, tested one by one. */
export function bruteForce(store: DocumentStore, page: Id, query: Box): Id[] {
  const hits: Id[] = [];
  for (const node of store.all()) {
    if (!isSceneNode(node) || store.pageOf(node.id)?.id !== page) continue;
    const local = localBounds(node);
    if (local && touches(transformBox(local, worldMatrix(store, node.id)), query))
      hits.push(node.id);
  }
  return hits.sort();
}
