import { moveNodes, type Placement } from "../../doc/commands";
import type { DocumentStore } from "../../doc/store";
import { isContainer, type Id, type SceneNode } from "../../doc/types";
import type { DropPosition } from "./tree";

/**
 * Moves the dragged nodes to a drop point in the layers panel. Rows run front to back, so "above"
 * a row is in front of it and "below" is behind it. Returns false when the move is refused (a
 * node into itself, or a drop onto one of the dragged nodes).
 */
export function dropNodes(
  store: DocumentStore,
  ids: readonly Id[],
  target: SceneNode,
  position: DropPosition,
): boolean {
  if (ids.includes(target.id)) return false;
  const inside = position === "inside" && isContainer(target);
  const parent = inside ? target.id : target.parent;
  const placement: Placement = inside
    ? "front"
    : position === "above"
      ? { after: target.id }
      : { before: target.id };
  try {
    return store.transact("Move in layers", (tx) => moveNodes(tx, ids, parent, placement)) !== null;
  } catch {
    return false;
  }
}
