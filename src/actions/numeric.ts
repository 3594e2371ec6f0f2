import type { EditableDocument } from "../editing/editor";
import { worldMatrix } from "../doc/commands";
import type { Transaction } from "../doc/store";
import { apply, invert } from "../doc/transform";
import { isSceneNode, type Id, type SceneNode } from "../doc/types";
import { kindOf } from "../shapes/registry";

import {
  aboutPoint,
  geometryBox,
  transformWorld,
  translateWorld,
  type NodeSource,
} from "./geometry";
import { topLevelNodes } from "./targets";
import {
  applyWorldChange,
  originals,
  restoreOriginals,
  scaleAbout,
  translation,
} from "./worldTransform";
import { multiply } from "../doc/transform";
import type { Box } from "../math/box";

/**
 * A node's frame as the numeric fields show it, in world units and degrees. The frame is the
 * node's own unrotated geometry box (strokes left out) carried onto the page: x and y are where
 * its top-left corner lands (rotated with it, as in Figma), width and height are the lengths of
 * its edges, rotation is the angle of its top edge, clockwise.
 */
export interface NodeGeometry {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly rotation: number;
}

export type GeometryChange = Partial<NodeGeometry>;

const DEGREES = 180 / Math.PI;

export function getGeometry(source: NodeSource, id: Id): NodeGeometry | null {
  const node = source.get(id);
  if (!isSceneNode(node)) return null;
  const box = geometryBox(source, node);
  if (box === null) return null;
  const m = worldMatrix(source, id);
  const corner = apply(m, { x: box.minX, y: box.minY });
  return {
    x: corner.x,
    y: corner.y,
    width: (box.maxX - box.minX) * Math.hypot(m.a, m.b),
    height: (box.maxY - box.minY) * Math.hypot(m.c, m.d),
    rotation: Math.atan2(m.b, m.a) * DEGREES,
  };
}

function checkChange(change: GeometryChange): void {
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value))
      throw new RangeError(`${key} must be a finite number`);
    if ((key === "width" || key === "height") && value <= 0)
      throw new RangeError(`${key} must be greater than 0`);
  }
}

/**
 * Sets the numeric frame of each node (see NodeGeometry) as one step: rotation first, about the
 * frame's centre; then size, keeping the top-left corner; then position. Sizes change geometry
 * (a rectangle's width, a path's points), so strokes keep their width; a group scales as a whole.
 * Text takes a width only (its height follows its lines). A dimension that is 0 now cannot be
 * scaled to a size and is left alone; locked nodes are left alone.
 */
export function setGeometry(
  editor: Pick<EditableDocument, "store">,
  ids: readonly Id[],
  change: GeometryChange,
): void {
  checkChange(change);
  const { store } = editor;
  const nodes = topLevelNodes(store, ids, { editable: true });
  if (nodes.length === 0) return;
  store.transact("Set geometry", (tx) => {
    for (const { id } of nodes) applyChange(tx, id, change);
  });
}

function current(tx: Transaction, id: Id): SceneNode | null {
  const node = tx.get(id);
  return isSceneNode(node) ? node : null;
}

function applyChange(tx: Transaction, id: Id, change: GeometryChange): void {
  let node = current(tx, id);
  if (node === null) return;
  if (change.rotation !== undefined) {
    const now = getGeometry(tx, id);
    const box = geometryBox(tx, node);
    if (now !== null && box !== null) {
      const angle = (change.rotation - now.rotation) / DEGREES;
      const center = apply(worldMatrix(tx, id), {
        x: (box.minX + box.maxX) / 2,
        y: (box.minY + box.maxY) / 2,
      });
      const cos = Math.cos(angle);
      const sin = Math.sin(angle);
      transformWorld(tx, node, aboutPoint({ a: cos, b: sin, c: -sin, d: cos, e: 0, f: 0 }, center));
    }
  }
  node = current(tx, id);
  if (node === null) return;
  if (change.width !== undefined || change.height !== undefined) {
    const now = getGeometry(tx, id);
    const box = geometryBox(tx, node);
    if (now !== null && box !== null) {
      const kx = factor(change.width, now.width);
      const ky = factor(change.height, now.height);
      if ((kx !== 1 || ky !== 1) && resizeStaysFinite(box, kx, ky))
        resizeLocal(tx, node, box, kx, ky);
    }
  }
  node = current(tx, id);
  if (node === null) return;
  if (change.x !== undefined || change.y !== undefined) {
    const now = getGeometry(tx, id);
    if (now !== null) {
      const dx = change.x === undefined ? 0 : change.x - now.x;
      const dy = change.y === undefined ? 0 : change.y - now.y;
      translateWorld(tx, node, dx, dy);
    }
  }
}

/** How much a dimension must grow to reach `wanted`; 1 when it cannot be scaled there. */
function factor(wanted: number | undefined, now: number): number {
  if (wanted === undefined || !(now > 0)) return 1;
  const k = wanted / now;
  return Number.isFinite(k) && k > 0 ? k : 1;
}

/**
 * A node scaled almost flat (a denormal scale) shows a tiny size, so reaching an ordinary size
 * needs a factor near the float limit, and its local geometry would overflow to Infinity.
 */
function resizeStaysFinite(box: Box, kx: number, ky: number): boolean {
  const far = (lo: number, hi: number, k: number): boolean =>
    Number.isFinite(lo + (hi - lo) * k) && Number.isFinite((hi - lo) * k);
  return far(box.minX, box.maxX, kx) && far(box.minY, box.maxY, ky);
}

/** Scales a node's own geometry by kx, ky about its box's top-left corner, in local units. */
function resizeLocal(tx: Transaction, node: SceneNode, box: Box, kx: number, ky: number): void {
  const kind = kindOf(node);
  if (kind.children === null || kind.scaleFold !== null) {
    const fields = kind.resized(node, box, kx, ky);
    if (fields === null) return;
    const resized = tx.update<SceneNode>(node.id, fields);
    // The box's top-left corner stays put, wherever the kind's own origin is (a pentagon's box
    // starts inside the box it was drawn in).
    const after = geometryBox(tx, resized);
    if (after === null) return;
    const world = worldMatrix(tx, node.id);
    const was = apply(world, { x: box.minX, y: box.minY });
    const now = apply(world, { x: after.minX, y: after.minY });
    if (was.x !== now.x || was.y !== now.y)
      translateWorld(tx, resized, was.x - now.x, was.y - now.y);
    return;
  }
  // Only its children (a group): they are resized as its handles resize them, each keeping its
  // stroke (see applyWorldChange), along the group's own axes.
  const world = worldMatrix(tx, node.id);
  const toLocal = invert(world);
  if (toLocal === null) return;
  const items = originals(tx, [node.id]);
  const local = aboutPoint({ a: kx, b: 0, c: 0, d: ky, e: 0, f: 0 }, { x: box.minX, y: box.minY });
  applyWorldChange(tx, items, multiply(world, multiply(local, toLocal)));
  const grown = current(tx, node.id);
  const after = grown === null ? null : geometryBox(tx, grown);
  if (after !== null && sameSize(after, box, kx, ky)) return;
  // A group inside it turned against it measures by its own turned box, so resizing what it
  // holds missed the size asked for: the group is scaled whole instead, strokes and all.
  restoreOriginals(tx, items);
  const whole = kind.resized(node, box, kx, ky);
  if (whole !== null) tx.update<SceneNode>(node.id, whole);
}

function sameSize(after: Box, before: Box, kx: number, ky: number): boolean {
  const close = (a: number, b: number): boolean =>
    Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  return (
    close(after.maxX - after.minX, (before.maxX - before.minX) * kx) &&
    close(after.maxY - after.minY, (before.maxY - before.minY) * ky)
  );
}

/** The page box several nodes' frames span, as a multi-selection's fields show it (Figma). */
export interface SelectionBounds {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Widens `box` (minX, minY, maxX, maxY) to hold a node's frame, corners turned by its angle. */
export function addFrameCorners(box: number[], frame: NodeGeometry): void {
  const angle = frame.rotation / DEGREES;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  for (const [u, v] of [
    [0, 0],
    [frame.width, 0],
    [0, frame.height],
    [frame.width, frame.height],
  ] as const) {
    const px = frame.x + u * cos - v * sin;
    const py = frame.y + u * sin + v * cos;
    box[0] = Math.min(box[0]!, px);
    box[1] = Math.min(box[1]!, py);
    box[2] = Math.max(box[2]!, px);
    box[3] = Math.max(box[3]!, py);
  }
}

export function selectionBounds(source: NodeSource, ids: readonly Id[]): SelectionBounds | null {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { id } of topLevelNodes(source, ids)) {
    const frame = getGeometry(source, id);
    if (frame !== null) addFrameCorners(box, frame);
  }
  if (!(box[2]! >= box[0]!)) return null;
  return { x: box[0]!, y: box[1]!, width: box[2]! - box[0]!, height: box[3]! - box[1]! };
}

/**
 * Moves and sizes several nodes as one: X and Y move the box they span, W and H scale them all
 * about its top-left corner, as the selection's resize handles do. One undo step.
 */
export function setSelectionBounds(
  editor: Pick<EditableDocument, "store">,
  ids: readonly Id[],
  change: Partial<SelectionBounds>,
): void {
  checkChange(change);
  const { store } = editor;
  const nodes = topLevelNodes(store, ids, { editable: true });
  const bounds = selectionBounds(
    store,
    nodes.map((node) => node.id),
  );
  if (nodes.length === 0 || bounds === null) return;
  const sx = change.width !== undefined && bounds.width > 0 ? change.width / bounds.width : 1;
  const sy = change.height !== undefined && bounds.height > 0 ? change.height / bounds.height : 1;
  if (!Number.isFinite(sx * bounds.width) || !Number.isFinite(sy * bounds.height)) return;
  const dx = change.x === undefined ? 0 : change.x - bounds.x;
  const dy = change.y === undefined ? 0 : change.y - bounds.y;
  const matrix = multiply(translation(dx, dy), scaleAbout(sx, sy, bounds));
  store.transact("Set geometry", (tx) => {
    applyWorldChange(
      tx,
      originals(
        tx,
        nodes.map((node) => node.id),
      ),
      matrix,
    );
  });
}
