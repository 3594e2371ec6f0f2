import { nodeBase } from "../doc/factory";
import type { Id, NodeBase, SceneNode } from "../doc/types";
import { SHAPE_KINDS } from "./registry";

/** The fields the node's kind gives a default to (`ShapeKind.defaults`). */
type Defaulted<T extends SceneNode> = keyof (typeof SHAPE_KINDS)[T["type"]]["defaults"] & keyof T;

type Extra<T extends SceneNode> = Omit<T, keyof NodeBase | "type" | Defaulted<T>> &
  Partial<Pick<T, Defaulted<T>>> &
  Partial<NodeBase>;

/**
 * A node of the given type named as its kind names new nodes, with its kind's defaults; `fields`
 * supplies what the type needs.
 */
export function makeNode<T extends SceneNode>(
  type: T["type"],
  id: Id,
  parent: Id,
  index: string,
  fields: Extra<T>,
): T {
  const kind = SHAPE_KINDS[type];
  return {
    ...nodeBase(id, parent, index, kind.defaultName),
    ...kind.defaults,
    ...fields,
    type,
  } as unknown as T;
}
