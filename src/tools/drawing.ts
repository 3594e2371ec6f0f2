import { worldMatrix } from "../doc/commands";
import { apply, IDENTITY_MATRIX, invert, type Matrix } from "../doc/transform";
import { isSceneNode, type Id } from "../doc/types";

import type { ToolContext } from "./types";
import type { Point } from "../math/point";

/**
 * Where a shape begun at `at` (page coordinates) goes: the innermost frame there, as in Figma,
 * inside the group or frame the user has entered, else that scope (or the page).
 */
export function drawingParent(ctx: Pick<ToolContext, "scope" | "scene">, at: Point): Id {
  const scope = ctx.scope();
  return ctx.scene.frameAt(at, { scope }) ?? scope;
}

/** The page-to-parent matrix, so a shape drawn inside a rotated group lands under the pointer. */
export function parentInverse(ctx: Pick<ToolContext, "editor">, parent: Id): Matrix {
  const store = ctx.editor.store;
  if (!isSceneNode(store.get(parent))) return IDENTITY_MATRIX;
  return invert(worldMatrix(store, parent)) ?? IDENTITY_MATRIX;
}

export function toLocal(m: Matrix, p: Point): Point {
  return apply(m, p);
}

/** Shift while drawing a line: the direction snaps to multiples of 15°. */
export function constrainAngle(from: Point, to: Point, stepDeg = 15): Point {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy);
  const step = (stepDeg * Math.PI) / 180;
  const angle = Math.round(Math.atan2(dy, dx) / step) * step;
  return { x: from.x + Math.cos(angle) * length, y: from.y + Math.sin(angle) * length };
}

/**
 * The box dragged from `anchor` to `to`: Shift makes it square, Alt grows it from the anchor as
 * the centre. Returns the top-left corner and the size.
 */
export function dragBox(
  anchor: Point,
  to: Point,
  square: boolean,
  fromCentre: boolean,
): { x: number; y: number; width: number; height: number } {
  let dx = to.x - anchor.x;
  let dy = to.y - anchor.y;
  if (square) {
    const side = Math.max(Math.abs(dx), Math.abs(dy));
    dx = Math.sign(dx || 1) * side;
    dy = Math.sign(dy || 1) * side;
  }
  if (fromCentre) {
    return {
      x: anchor.x - Math.abs(dx),
      y: anchor.y - Math.abs(dy),
      width: Math.abs(dx) * 2,
      height: Math.abs(dy) * 2,
    };
  }
  return {
    x: Math.min(anchor.x, anchor.x + dx),
    y: Math.min(anchor.y, anchor.y + dy),
    width: Math.abs(dx),
    height: Math.abs(dy),
  };
}
