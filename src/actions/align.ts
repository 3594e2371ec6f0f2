import type { EditableDocument } from "../editing/editor";
import { worldMatrix } from "../doc/commands";
import type { Transaction } from "../doc/store";
import { isSceneNode, type SceneNode } from "../doc/types";
import { transformBox } from "../geometry/bounds";
import { boxOfNodes, translateWorld, worldBox, type NodeSource } from "./geometry";
import { editableSelection } from "./targets";
import type { Box } from "../math/box";
import { isFrame } from "../shapes/frame";

export const ALIGN_EDGES = ["left", "center", "right", "top", "middle", "bottom"] as const;
export type AlignEdge = (typeof ALIGN_EDGES)[number];

export const DISTRIBUTE_AXES = ["horizontal", "vertical"] as const;
export type DistributeAxis = (typeof DISTRIBUTE_AXES)[number];

const LABELS: Record<AlignEdge, string> = {
  left: "Align left",
  center: "Align centre",
  right: "Align right",
  top: "Align top",
  middle: "Align middle",
  bottom: "Align bottom",
};

/** The nearest frame above a node, as a world box: what a lone node aligns to. */
function enclosingFrameBox(source: NodeSource, node: SceneNode): Box | null {
  let record = source.get(node.parent);
  for (let guard = 0; isSceneNode(record) && guard < 100_000; guard++) {
    if (isFrame(record)) {
      const own = { minX: 0, minY: 0, maxX: record.width, maxY: record.height };
      return transformBox(own, worldMatrix(source, record.id));
    }
    record = source.get(record.parent);
  }
  return null;
}

/** How far a box must move along one axis so its `edge` meets the reference's. */
function offsetFor(edge: AlignEdge, box: Box, reference: Box): { dx: number; dy: number } {
  switch (edge) {
    case "left":
      return { dx: reference.minX - box.minX, dy: 0 };
    case "right":
      return { dx: reference.maxX - box.maxX, dy: 0 };
    case "center":
      return { dx: (reference.minX + reference.maxX - box.minX - box.maxX) / 2, dy: 0 };
    case "top":
      return { dx: 0, dy: reference.minY - box.minY };
    case "bottom":
      return { dx: 0, dy: reference.maxY - box.maxY };
    case "middle":
      return { dx: 0, dy: (reference.minY + reference.maxY - box.minY - box.maxY) / 2 };
  }
}

/**
 * Aligns the selection's editable nodes to the bounds of all of them, or a lone node to its
 * enclosing frame (nothing happens to a lone node with no frame around it). Boxes are world
 * geometry without strokes, so rotated and nested nodes line up as they appear.
 */
export function alignSelection(editor: EditableDocument, edge: AlignEdge): void {
  const { store } = editor;
  const nodes = editableSelection(store);
  if (nodes.length === 0) return;
  const reference =
    nodes.length === 1
      ? enclosingFrameBox(store, nodes[0]!)
      : boxOfNodes(
          store,
          nodes.map((n) => n.id),
        );
  if (reference === null) return;
  store.transact(LABELS[edge], (tx) => {
    for (const node of nodes) {
      const box = worldBox(tx, node.id);
      if (box === null) continue;
      const { dx, dy } = offsetFor(edge, box, reference);
      translateWorld(tx, node, dx, dy);
    }
  });
}

interface Placed {
  readonly node: SceneNode;
  readonly box: Box;
}

/**
 * Spreads three or more nodes so the gaps between neighbours are equal; the outermost edges stay
 * where they are. Neighbours are ordered by their centres.
 */
export function distributeSelection(editor: EditableDocument, axis: DistributeAxis): void {
  const { store } = editor;
  const placed: Placed[] = [];
  for (const node of editableSelection(store)) {
    const box = worldBox(store, node.id);
    if (box !== null) placed.push({ node, box });
  }
  if (placed.length < 3) return;
  const horizontal = axis === "horizontal";
  const low = (b: Box): number => (horizontal ? b.minX : b.minY);
  const high = (b: Box): number => (horizontal ? b.maxX : b.maxY);
  placed.sort((p, q) => low(p.box) + high(p.box) - (low(q.box) + high(q.box)));
  const start = Math.min(...placed.map((p) => low(p.box)));
  const end = Math.max(...placed.map((p) => high(p.box)));
  const total = placed.reduce((sum, p) => sum + high(p.box) - low(p.box), 0);
  const gap = (end - start - total) / (placed.length - 1);
  store.transact(horizontal ? "Distribute horizontally" : "Distribute vertically", (tx) => {
    let cursor = start;
    for (const { node, box } of placed) {
      const delta = cursor - low(box);
      moveAlong(tx, node, horizontal, delta);
      cursor += high(box) - low(box) + gap;
    }
  });
}

function moveAlong(tx: Transaction, node: SceneNode, horizontal: boolean, delta: number): void {
  if (horizontal) translateWorld(tx, node, delta, 0);
  else translateWorld(tx, node, 0, delta);
}
