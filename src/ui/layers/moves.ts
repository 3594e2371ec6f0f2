import { moveNodes, reorderNode, type Placement } from "../../doc/commands";
import type { DocumentStore, Transaction } from "../../doc/store";
import { isContainer, isSceneNode, type Id, type SceneNode } from "../../doc/types";
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

/**
 * A move from the keyboard on a focused row: up and down swap it with the sibling above or below
 * (the list runs front to back, so up is forward), out takes it out of its group or frame to
 * just above it, in puts it into the group or frame right above it, at the bottom of that one's
 * children, so it stays where it was in the list.
 */
export type KeyMove = "up" | "down" | "out" | "in";

/**
 * Makes a keyboard move as one transaction. Returns the node's parent after the move (the panel
 * expands it, so the row stays in view and keeps focus), or null when there is nowhere to go:
 * the front, the back, the top level of the page, no group or frame above.
 */
export function moveByKey(store: DocumentStore, id: Id, move: KeyMove): Id | null {
  const node = store.get(id);
  if (!isSceneNode(node)) return null;
  const siblings = store.childrenOf(node.parent);
  const at = siblings.findIndex((sibling) => sibling.id === id);
  const parent = store.get(node.parent);
  const above = siblings[at + 1];
  const moved = (label: string, edit: (tx: Transaction) => void): Id | null => {
    try {
      return store.transact(label, edit) === null ? null : (store.get(id) as SceneNode).parent;
    } catch {
      // A container scaled to nothing cannot take the node; nothing changed.
      return null;
    }
  };
  switch (move) {
    case "up":
      return at < 0 || at === siblings.length - 1
        ? null
        : moved("Move in layers", (tx) => reorderNode(tx, id, "forward"));
    case "down":
      return at <= 0 ? null : moved("Move in layers", (tx) => reorderNode(tx, id, "backward"));
    case "out":
      return isContainer(parent)
        ? moved("Move out of group", (tx) =>
            moveNodes(tx, [id], parent.parent, { after: parent.id }),
          )
        : null;
    case "in":
      return isContainer(above)
        ? moved("Move into group", (tx) => moveNodes(tx, [id], above.id, "back"))
        : null;
  }
}
