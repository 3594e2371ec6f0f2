import { worldMatrix } from "../doc/commands";
import { apply, invert } from "../doc/transform";
import { isSceneNode, type Binding, type Id } from "../doc/types";
import type { Point } from "../math/point";
import { anchorOf, canBindTo, nearestOnOutline } from "../shapes/bindings";
import type { ToolContext } from "./types";
import { isFrame } from "../shapes/frame";

/** How near a shape (screen pixels) a line end binds to it. */
const REACH_PX = 6;
/** How near its outline (screen pixels) an end binds exactly where it is, not to the centre. */
const EDGE_PX = 8;

/**
 * The binding a line end dropped at `world` gets: the shape under it (not a frame, a group or a
 * line, and not one of `exclude`), at the nearest point of its outline when it is near it, else
 * aimed at the centre. Null over empty canvas.
 */
export function bindingAt(
  ctx: ToolContext,
  world: Point,
  exclude: ReadonlySet<Id>,
): Binding | null {
  const zoom = ctx.camera.zoom;
  const id = ctx.scene.pick(world, REACH_PX / zoom, { deep: true, exclude });
  if (id === null) return null;
  const store = ctx.editor.store;
  const target = store.get(id);
  if (!isSceneNode(target) || !canBindTo(target) || isFrame(target)) return null;
  const matrix = worldMatrix(store, id);
  const toLocal = invert(matrix);
  if (toLocal === null) return null;
  const local = apply(toLocal, world);
  // Edge reach in local units: the local distance one screen pixel covers, roughly.
  const scale = Math.sqrt(Math.abs(matrix.a * matrix.d - matrix.b * matrix.c)) * zoom;
  const onOutline = nearestOnOutline(target, local, EDGE_PX / Math.max(scale, 1e-9));
  if (onOutline !== null) return { node: id, anchor: anchorOf(target, onOutline), exact: true };
  return { node: id, anchor: { x: 0.5, y: 0.5 }, exact: false };
}
