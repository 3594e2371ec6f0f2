import { apply, invert, type Matrix } from "../doc/transform";
import type { Binding, SceneNode } from "../doc/types";
import { flattenSubpaths, type FlatSubpath } from "../geometry/bezier";
import { transformBox } from "../geometry/bounds";
import type { Box } from "../math/box";
import type { Point } from "../math/point";
import { kindOf } from "./registry";

/** How closely curved outlines are followed when an end is placed on them, in local units. */
const OUTLINE_TOLERANCE = 0.05;

/** Whether a line end can be bound to the node: a shape, not a line (no chains) or a group. */
export function canBindTo(node: SceneNode): boolean {
  return node.type !== "line" && node.type !== "group";
}

/** Geometry boxes already worked out, by node record (immutable, like `flattened` below). */
const boxes = new WeakMap<SceneNode, Box | null>();

/** The node's geometry box in its own coordinates; frames and shapes have one of their own. */
function geometryBox(node: SceneNode): Box | null {
  let box = boxes.get(node);
  if (box === undefined) {
    const measured = kindOf(node).geometryBox(node, () => null);
    box =
      measured !== null && measured.maxX >= measured.minX && measured.maxY >= measured.minY
        ? measured
        : null;
    boxes.set(node, box);
  }
  return box;
}

/**
 * Outlines already flattened, by node record: records are immutable, so an entry stays right for
 * as long as its record lives, and a shape that many connectors meet is flattened once.
 */
const flattened = new WeakMap<SceneNode, FlatSubpath[]>();

/** The outline an end meets: the kind's own, or its box for kinds that have none (text, images). */
function outlineOf(node: SceneNode): FlatSubpath[] {
  let outline = flattened.get(node);
  if (outline === undefined) flattened.set(node, (outline = flattenOutline(node)));
  return outline;
}

function flattenOutline(node: SceneNode): FlatSubpath[] {
  const outline = kindOf(node).outline;
  if (outline !== null && !outline.ink) {
    const flat = flattenSubpaths(outline.subpaths(node), OUTLINE_TOLERANCE);
    if (flat.length > 0) return flat;
  }
  const box = geometryBox(node);
  if (box === null) return [];
  const { minX, minY, maxX, maxY } = box;
  return [{ points: [minX, minY, maxX, minY, maxX, maxY, minX, maxY], closed: true }];
}

/** The anchor's point in the target's own coordinates. */
export function anchorLocal(target: SceneNode, anchor: Point): Point | null {
  const box = geometryBox(target);
  if (box === null) return null;
  return {
    x: box.minX + anchor.x * (box.maxX - box.minX),
    y: box.minY + anchor.y * (box.maxY - box.minY),
  };
}

/** The anchor (fractions of the geometry box) of a point in the target's own coordinates. */
export function anchorOf(target: SceneNode, local: Point): Point {
  const box = geometryBox(target);
  if (box === null) return { x: 0.5, y: 0.5 };
  const w = box.maxX - box.minX;
  const h = box.maxY - box.minY;
  return {
    x: w > 0 ? (local.x - box.minX) / w : 0.5,
    y: h > 0 ? (local.y - box.minY) / h : 0.5,
  };
}

/**
 * Where along a → b (0 at a, 1 at b) the segment first crosses the outline, or -1. Used from
 * the far end of a line towards its anchor: the first crossing is where the line meets the shape.
 * A loop of its own rather than `forEachEdge`'s callback: a drag step places thousands of ends.
 */
function firstCrossing(
  outline: readonly FlatSubpath[],
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  let best = -1;
  let found = false;
  const dx = bx - ax;
  const dy = by - ay;
  for (const { points, closed } of outline) {
    const n = points.length / 2;
    const edges = closed ? n : n - 1;
    for (let i = 0; i < edges; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      const px = points[2 * i]!;
      const py = points[2 * i + 1]!;
      const ex = points[2 * j]! - px;
      const ey = points[2 * j + 1]! - py;
      const denominator = dx * ey - dy * ex;
      if (denominator === 0) continue;
      const t = ((px - ax) * ey - (py - ay) * ex) / denominator;
      const u = ((px - ax) * dy - (py - ay) * dx) / denominator;
      if (t < 0 || t > 1 || u < 0 || u > 1) continue;
      if (!found || t < best) best = t;
      found = true;
    }
  }
  return found ? best : -1;
}

/** Calls `edge` with each outline edge's start and its vector to the end. */
function forEachEdge(
  outline: readonly FlatSubpath[],
  edge: (x: number, y: number, dx: number, dy: number) => void,
): void {
  for (const { points, closed } of outline) {
    const n = points.length / 2;
    const edges = closed ? n : n - 1;
    for (let i = 0; i < edges; i++) {
      const j = (i + 1) % n;
      const x = points[2 * i]!;
      const y = points[2 * i + 1]!;
      edge(x, y, points[2 * j]! - x, points[2 * j + 1]! - y);
    }
  }
}

/** The anchor of a binding in page coordinates, or null when the target has no extent. */
export function anchorWorld(target: SceneNode, world: Matrix, binding: Binding): Point | null {
  const local = anchorLocal(target, binding.anchor);
  return local === null ? null : apply(world, local);
}

/**
 * Where a bound end goes, in page coordinates: on the anchor for an exact binding, else where
 * the line from `toward` (the other end) to the anchor first meets the target's outline; on the
 * anchor when it never does (the other end is inside the shape). `world` is the target's
 * transform to the page, `inverse` its inverse when the caller has it.
 */
export function boundEnd(
  target: SceneNode,
  world: Matrix,
  binding: Binding,
  toward: Point,
  inverse: Matrix | null = invert(world),
): Point | null {
  const box = geometryBox(target);
  if (box === null) return null;
  // The anchor in the target's own coordinates, as `anchorLocal` puts it.
  const ax = box.minX + binding.anchor.x * (box.maxX - box.minX);
  const ay = box.minY + binding.anchor.y * (box.maxY - box.minY);
  let x = ax;
  let y = ay;
  if (!binding.exact && inverse !== null) {
    const fx = inverse.a * toward.x + inverse.c * toward.y + inverse.e;
    const fy = inverse.b * toward.x + inverse.d * toward.y + inverse.f;
    const t = firstCrossing(outlineOf(target), fx, fy, ax, ay);
    if (t >= 0) {
      x = fx + (ax - fx) * t;
      y = fy + (ay - fy) * t;
    }
  }
  return { x: world.a * x + world.c * y + world.e, y: world.b * x + world.d * y + world.f };
}

/**
 * The point of a shape's outline (in local units) nearest `local`, when it is within `tolerance`
 * of it, else null: where an end dropped by the outline binds exactly, so it meets the outline
 * rather than stopping short of it or poking in.
 */
export function nearestOnOutline(target: SceneNode, local: Point, tolerance: number): Point | null {
  let best: Point | null = null;
  let bestDistance = tolerance;
  forEachEdge(outlineOf(target), (ax, ay, ex, ey) => {
    const length2 = ex * ex + ey * ey;
    const t =
      length2 > 0
        ? Math.max(0, Math.min(1, ((local.x - ax) * ex + (local.y - ay) * ey) / length2))
        : 0;
    const x = ax + ex * t;
    const y = ay + ey * t;
    const distance = Math.hypot(x - local.x, y - local.y);
    if (distance <= bestDistance) {
      best = { x, y };
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * Where a bound end of an elbow line goes, in page coordinates: the middle of the side of the
 * target's box that faces `toward` along the elbow's first axis, so the route leaves the shape
 * square and clear of it. Exact bindings keep their anchor.
 */
export function elbowEnd(
  target: SceneNode,
  world: Matrix,
  binding: Binding,
  toward: Point,
  horizontal: boolean,
): Point | null {
  const anchor = anchorWorld(target, world, binding);
  const local = geometryBox(target);
  if (anchor === null || local === null || binding.exact) return anchor;
  const box = transformBox(local, world);
  if (horizontal) return { x: toward.x >= anchor.x ? box.maxX : box.minX, y: anchor.y };
  return { x: anchor.x, y: toward.y >= anchor.y ? box.maxY : box.minY };
}
