import type { Binding, Id, LineNode, SceneNode } from "./types";

/** The shapes a node's ends are bound to (only lines have ends). */
export function boundTargets(node: SceneNode | null | undefined): Id[] {
  if (node?.type !== "line") return [];
  const targets: Id[] = [];
  if (node.startBinding !== null) targets.push(node.startBinding.node);
  if (node.endBinding !== null && node.endBinding.node !== node.startBinding?.node)
    targets.push(node.endBinding.node);
  return targets;
}

function remapped(binding: Binding | null, ids: ReadonlyMap<Id, Id>): Binding | null {
  if (binding === null) return null;
  const node = ids.get(binding.node);
  return node === undefined ? null : { ...binding, node };
}

/**
 * A copied node's bindings under the copy's ids: an end bound to a shape copied with it is bound
 * to that shape's copy; an end bound to a shape left behind comes free, where it is.
 */
export function withBindingsRemapped<T extends SceneNode>(node: T, ids: ReadonlyMap<Id, Id>): T {
  if (node.type !== "line") return node;
  const line: LineNode = node;
  const startBinding = remapped(line.startBinding, ids);
  const endBinding = remapped(line.endBinding, ids);
  if (startBinding === line.startBinding && endBinding === line.endBinding) return node;
  return { ...line, startBinding, endBinding } as T;
}
