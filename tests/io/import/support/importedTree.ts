import { multiply, toMatrix, type Matrix } from "../../../../src/doc/transform";
import type { SceneNode } from "../../../../src/doc/types";
import { IMPORT_ROOT } from "../../../../src/io/import/result";

/** From a node's local space to the imported drawing's top group. */
export function toTop(nodes: readonly SceneNode[], node: SceneNode): Matrix {
  let m = toMatrix(node.transform);
  let parent = nodes.find((n) => n.id === node.parent);
  while (parent !== undefined && parent.parent !== IMPORT_ROOT) {
    m = multiply(toMatrix(parent.transform), m);
    parent = nodes.find((n) => n.id === parent!.parent);
  }
  return m;
}
