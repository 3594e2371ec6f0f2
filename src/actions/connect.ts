import { addNodes, indexFor } from "../doc/commands";
import { DEFAULT_STROKE } from "../doc/factory";
import { makeNode } from "../shapes/makeNode";
import { newId } from "../doc/ids";
import type { Transaction } from "../doc/store";
import { isSceneNode, type Id, type LineNode, type SceneNode, type Stroke } from "../doc/types";
import type { EditableDocument } from "../editing/editor";
import type { Box } from "../math/box";
import type { Point } from "../math/point";
import { isLine } from "../shapes/line";
import { holdsChildren } from "../shapes/registry";
import { canBindTo } from "../shapes/bindings";
import { cloneWithFreshIds, subtree } from "./copyTree";
import { translateWorld, worldBox } from "./geometry";
import { topLevelNodes } from "./targets";

/** Space left between a shape and its connected copy, in page units. */
export const CONNECTED_COPY_GAP = 60;

export type Direction = "left" | "right" | "up" | "down";

const CENTRE = { x: 0.5, y: 0.5 };

/** Why two nodes cannot be connected, or null when they can. */
function connectProblem(editor: EditableDocument, from: Id, to: Id): string | null {
  const { store } = editor;
  if (store.readOnly) return "the document is read-only";
  const a = store.get(from);
  const b = store.get(to);
  if (!isSceneNode(a) || !isSceneNode(b)) return "both shapes must exist";
  if (from === to) return "a shape cannot be connected to itself";
  if (!canBindTo(a) || !canBindTo(b)) return "lines and groups cannot be connected";
  if (store.pageOf(from)?.id !== store.pageOf(to)?.id) return "the shapes are on different pages";
  return null;
}

function addArrow(tx: Transaction, page: Id, from: Id, to: Id, stroke: Stroke, id: Id): void {
  const centre = (node: Id): Point => {
    const box = worldBox(tx, node);
    return box === null
      ? { x: 0, y: 0 }
      : { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
  };
  // The ends are placed on the outlines by the bindings when the transaction ends.
  addNodes(tx, page, [
    makeNode<LineNode>("line", id, page, "", {
      name: "Arrow",
      fill: { type: "none" },
      stroke,
      start: centre(from),
      end: centre(to),
      startHead: "none",
      endHead: "arrow",
      startBinding: { node: from, anchor: CENTRE, exact: false },
      endBinding: { node: to, anchor: CENTRE, exact: false },
    }),
  ]);
}

/**
 * An arrow from one shape to another, bound at both ends, on top of their page, selected; one
 * undo step.
 * Returns the arrow's id, or a sentence saying why there is none.
 */
export function connectShapes(
  editor: EditableDocument,
  from: Id,
  to: Id,
  stroke: Stroke = DEFAULT_STROKE,
  makeId: () => Id = newId,
): { ok: true; id: Id } | { ok: false; error: string } {
  const problem = connectProblem(editor, from, to);
  if (problem !== null) return { ok: false, error: problem };
  const { store } = editor;
  const page = store.pageOf(from)!.id;
  const id = makeId();
  store.transact("Connect", (tx) => {
    addArrow(tx, page, from, to, stroke, id);
    tx.select([id]);
  });
  return { ok: true, id };
}

/** The nodes whose boxes meet a page box, on the page shown: the spatial index's answer. */
export type NodesIn = (box: Box) => readonly Id[];

/** Tries at placing a connected copy clear of other shapes before it goes where it would. */
const FREE_SPOT_TRIES = 20;

/**
 * With one shape selected: a copy of it placed beside it in `direction` (its size plus a gap
 * away) and an arrow from the shape to the copy, which becomes the selection, so repeating it
 * builds a chain. Where a shape is already there (a second copy the same way), the copy steps
 * aside across the direction until it is clear, as the branches of a flowchart do; `nodesIn`
 * says what is where (without it, nothing is in the way). One undo step. Returns the copy's box
 * on the page, or null when the selection is not one connectable shape.
 */
export function connectedCopy(
  editor: EditableDocument,
  direction: Direction,
  stroke: Stroke = DEFAULT_STROKE,
  makeId: () => Id = newId,
  nodesIn: NodesIn = () => [],
): Box | null {
  const { store } = editor;
  const selected = topLevelNodes(store, store.selection);
  if (store.readOnly || selected.length !== 1 || !canBindTo(selected[0]!)) return null;
  const original = selected[0]!.id;
  const box = worldBox(store, original);
  if (box === null) return null;
  const step = copyStep(box, direction);
  const page = store.pageOf(original)?.id;
  if (page === undefined) return null;
  const offset = freeOffset(editor, box, step, nodesIn);
  let copy: Id | null = null;
  store.transact("Connected copy", (tx) => {
    const node = tx.get(original);
    if (!isSceneNode(node)) return;
    const records = cloneWithFreshIds(subtree(tx, node), makeId);
    const root = records[0]!;
    const [index] = indexFor(tx, node.parent, { after: node.id });
    // The next step of a flowchart: the same shape, without the words, for its own.
    const next = "label" in root ? { ...root, label: null } : root;
    for (const record of records) tx.put(record === root ? { ...next, index: index! } : record);
    translateWorld(tx, tx.get(root.id) as SceneNode, offset.x, offset.y);
    addArrow(tx, page, original, root.id, stroke, makeId());
    tx.select([root.id]);
    copy = root.id;
  });
  return copy === null ? null : moved(box, offset);
}

/** How far a copy goes from the shape: its size and the gap, and which way across steps aside. */
function copyStep(box: Box, direction: Direction): { along: Point; across: Point } {
  const width = box.maxX - box.minX;
  const height = box.maxY - box.minY;
  const sideways = { x: 0, y: height + CONNECTED_COPY_GAP };
  const downwards = { x: width + CONNECTED_COPY_GAP, y: 0 };
  return {
    left: { along: { x: -(width + CONNECTED_COPY_GAP), y: 0 }, across: sideways },
    right: { along: { x: width + CONNECTED_COPY_GAP, y: 0 }, across: sideways },
    up: { along: { x: 0, y: -(height + CONNECTED_COPY_GAP) }, across: downwards },
    down: { along: { x: 0, y: height + CONNECTED_COPY_GAP }, across: downwards },
  }[direction];
}

/**
 * The first offset along the step, then stepped aside once, twice…, where no shape (lines left
 * out: arrows may pass under a box) meets the copy's box; the first when none is clear.
 */
function freeOffset(
  editor: EditableDocument,
  box: Box,
  { along, across }: { along: Point; across: Point },
  nodesIn: NodesIn,
): Point {
  for (let i = 0; i < FREE_SPOT_TRIES; i++) {
    const offset = { x: along.x + across.x * i, y: along.y + across.y * i };
    const taken = nodesIn(moved(box, offset)).some((id) => {
      const node = editor.store.get(id);
      return isSceneNode(node) && !isLine(node) && !holdsChildren(node);
    });
    if (!taken) return offset;
  }
  return along;
}

function moved(box: Box, by: Point): Box {
  return {
    minX: box.minX + by.x,
    minY: box.minY + by.y,
    maxX: box.maxX + by.x,
    maxY: box.maxY + by.y,
  };
}
