import type { EditableDocument } from "../editing/editor";
import { worldMatrix } from "../doc/commands";
import { multiply, type Matrix } from "../doc/transform";

import { aboutPoint, boxCenter, boxOfNodes, transformWorld, translateWorld } from "./geometry";
import { editableSelection } from "./targets";
import { frameChildren, keepInPlace } from "./frames";
import { applyWorldChange, originals, rotationAbout, scaleAbout } from "./worldTransform";
import type { Point } from "../math/point";

export type FlipAxis = "horizontal" | "vertical";

/** A world-space change of the selection, as the command line types it. */
export interface SelectionTransform {
  readonly translate?: Point;
  /** Clockwise on screen (y points down). */
  readonly rotateDeg?: number;
  /** One factor, or one per axis. */
  readonly scale?: number | Point;
  /** What rotation and scale keep in place; the centre of the selection's bounds by default. */
  readonly origin?: Point;
}

/** Moves the selection's editable nodes by a world offset (arrow keys: 1, with Shift 10). */
export function nudgeSelection(editor: EditableDocument, dx: number, dy: number): void {
  const { store } = editor;
  const nodes = editableSelection(store);
  if (nodes.length === 0 || (dx === 0 && dy === 0)) return;
  store.transact("Nudge", (tx) => {
    for (const node of nodes) translateWorld(tx, node, dx, dy);
  });
}

/**
 * Mirrors the selection about its centre as a negative scale in world space: rotated nodes and
 * nodes inside transformed groups flip as they appear, not along their own axes.
 */
export function flipSelection(editor: EditableDocument, axis: FlipAxis): void {
  const { store } = editor;
  const nodes = editableSelection(store);
  const box = boxOfNodes(
    store,
    nodes.map((n) => n.id),
  );
  if (box === null) return;
  const mirror: Matrix =
    axis === "horizontal"
      ? { a: -1, b: 0, c: 0, d: 1, e: 0, f: 0 }
      : { a: 1, b: 0, c: 0, d: -1, e: 0, f: 0 };
  const m = aboutPoint(mirror, boxCenter(box));
  store.transact(axis === "horizontal" ? "Flip horizontal" : "Flip vertical", (tx) => {
    for (const node of nodes) transformWorld(tx, node, m);
  });
}

/**
 * The world matrix of a selection transform: scale along axes turned by `frameAngle` (a single
 * shape's own, so a rotated rectangle stretches along its sides, as its handles stretch it, not
 * into a parallelogram) and rotate about the origin, then move.
 */
function selectionMatrix(change: SelectionTransform, origin: Point, frameAngle: number): Matrix {
  const angle = ((change.rotateDeg ?? 0) * Math.PI) / 180;
  const scale = change.scale ?? 1;
  const sx = typeof scale === "number" ? scale : scale.x;
  const sy = typeof scale === "number" ? scale : scale.y;
  const about = multiply(
    rotationAbout(angle, origin.x, origin.y),
    scaleAbout(sx, sy, origin, frameAngle),
  );
  const t = change.translate ?? { x: 0, y: 0 };
  return { ...about, e: about.e + t.x, f: about.f + t.y };
}

function checkTransform(change: SelectionTransform): void {
  const numbers = [
    change.translate?.x,
    change.translate?.y,
    change.rotateDeg,
    change.origin?.x,
    change.origin?.y,
    ...(typeof change.scale === "object" ? [change.scale.x, change.scale.y] : [change.scale]),
  ];
  if (numbers.some((n) => n !== undefined && !Number.isFinite(n)))
    throw new RangeError("Transform values must be finite numbers");
  const scales =
    typeof change.scale === "object" ? [change.scale.x, change.scale.y] : [change.scale];
  if (scales.some((s) => s === 0)) throw new RangeError("A scale of 0 would flatten the selection");
}

/**
 * Moves, rotates and scales the selection's editable nodes as one step. A pure move changes only
 * translations, so nothing else in the transforms drifts by rounding.
 */
export function transformSelection(editor: EditableDocument, change: SelectionTransform): void {
  checkTransform(change);
  const { store } = editor;
  const nodes = editableSelection(store);
  if (nodes.length === 0) return;
  const onlyMoves =
    (change.rotateDeg ?? 0) === 0 &&
    (change.scale === undefined ||
      (typeof change.scale === "number"
        ? change.scale === 1
        : change.scale.x === 1 && change.scale.y === 1));
  const t = change.translate ?? { x: 0, y: 0 };
  if (onlyMoves) {
    if (t.x === 0 && t.y === 0) return;
    store.transact("Move", (tx) => {
      for (const node of nodes) translateWorld(tx, node, t.x, t.y);
    });
    return;
  }
  const box = boxOfNodes(
    store,
    nodes.map((n) => n.id),
  );
  const origin = change.origin ?? (box === null ? { x: 0, y: 0 } : boxCenter(box));
  // One shape scales along its own sides; several along the page's axes, as their frame is drawn.
  const only = nodes.length === 1 ? worldMatrix(store, nodes[0]!.id) : null;
  const m = selectionMatrix(change, origin, only === null ? 0 : Math.atan2(only.b, only.a));
  const label = (change.rotateDeg ?? 0) !== 0 ? "Rotate" : "Scale";
  // As the resize handles do: a scale goes into the shapes' fields where it can, so strokes keep
  // the width the properties panel shows.
  store.transact(label, (tx) => {
    const items = originals(
      tx,
      nodes.map((n) => n.id),
    );
    // A resized frame leaves what it holds where it is, as its handles do.
    const held = frameChildren(tx, items);
    applyWorldChange(tx, items, m);
    keepInPlace(tx, held);
  });
}
