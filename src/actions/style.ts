import { inkSizeFor } from "../geometry/freehand";
import type { EditableDocument } from "../editing/editor";
import type { Transaction } from "../doc/store";
import type { Fill, Id, SceneNode, Stroke } from "../doc/types";
import { isLockedInTree, topLevelNodes } from "./targets";
import { isFreehand } from "../shapes/freehand";
import { isGroup } from "../shapes/group";

/** The styled nodes a style change reaches: the nodes themselves, or a group's styled contents. */
function styledTargets(tx: Transaction, roots: readonly SceneNode[]): SceneNode[] {
  const result: SceneNode[] = [];
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isGroup(node)) {
      for (const child of tx.childrenOf(node.id).reverse()) {
        if (!isLockedInTree(tx, child)) stack.push(child);
      }
    } else if ("fill" in node) result.push(node);
  }
  return result;
}

function checkFill(fill: Fill): void {
  if (fill.type === "none") return;
  // A pattern's colours are its content's, checked where the pattern was made.
  if (fill.type === "pattern") return;
  const colors = fill.type === "solid" ? [fill.color] : fill.stops.map((s) => s.color);
  for (const c of colors) {
    if (![c.r, c.g, c.b, c.a].every((v) => Number.isFinite(v) && v >= 0 && v <= 1))
      throw new RangeError("Colour channels must be numbers from 0 to 1");
  }
}

/** Sets the fill of the nodes (a group passes it to the shapes inside it). */
export function setFill(editor: EditableDocument, ids: readonly Id[], fill: Fill): void {
  checkFill(fill);
  const { store } = editor;
  const roots = topLevelNodes(store, ids, { editable: true });
  if (roots.length === 0) return;
  store.transact("Set fill", (tx) => {
    for (const node of styledTargets(tx, roots)) {
      if ("fill" in node) tx.update<typeof node>(node.id, { fill });
    }
  });
}

/** Changes some properties of the nodes' strokes, keeping the rest of each. */
export function setStroke(
  editor: EditableDocument,
  ids: readonly Id[],
  change: Partial<Stroke>,
): void {
  if (change.width !== undefined && !(Number.isFinite(change.width) && change.width >= 0))
    throw new RangeError("Stroke width must be a number of 0 or more");
  const { store } = editor;
  const roots = topLevelNodes(store, ids, { editable: true });
  if (roots.length === 0) return;
  store.transact("Set stroke", (tx) => {
    for (const node of styledTargets(tx, roots)) {
      if (!("stroke" in node)) continue;
      const restroked = { ...node, stroke: { ...node.stroke, ...change } };
      tx.put(change.width === undefined ? restroked : withStrokeWidth(restroked, change.width));
    }
  });
}

/**
 * A node with its stroke width set. Freehand ink is an outline filled with the stroke's paint,
 * so its width is the ink's size: the Stroke width a person sets is what they see.
 */
export function withStrokeWidth<T extends SceneNode & { stroke: Stroke }>(
  node: T,
  width: number,
): T {
  const restroked: T = { ...node, stroke: { ...node.stroke, width } };
  if (!isFreehand(restroked)) return restroked;
  return { ...restroked, settings: { ...restroked.settings, size: inkSizeFor(width) } };
}
