import type { PaintTarget } from "../../doc/gradient";
import { apply, invert, type Matrix } from "../../doc/transform";
import type {
  GradientStop,
  LinearGradientPaint,
  RadialGradientPaint,
  RGBA,
  SceneNode,
} from "../../doc/types";
import { snapAngle } from "../../geometry/angle";
import type { CameraState } from "../camera";
import { worldToScreen } from "./geometry";
import type { Point } from "../../math/point";
import { drawsFill } from "../../shapes/registry";

// Pure geometry of on-canvas gradient editing: no Pixi, so the tool and the tests load it in Node.
// Paint geometry lives in the node's local coordinates; handles are shown and dragged in world
// coordinates through the node's world matrix.

export type GradientPaint = LinearGradientPaint | RadialGradientPaint;

/** What a press can grab: an end of the gradient's line, its focal point, or a stop on the line. */
export type GradientHandle =
  | { readonly kind: "from" }
  | { readonly kind: "to" }
  | { readonly kind: "center" }
  | { readonly kind: "radius" }
  | { readonly kind: "focal" }
  | { readonly kind: "stop"; readonly index: number };

export interface GradientEnd {
  readonly handle: GradientHandle;
  /** World coordinates. */
  readonly at: Point;
  /** The gradient's colour at this end, so the handle shows what it drags. */
  readonly color: RGBA;
  /** The handle the keyboard acts on. */
  readonly selected: boolean;
}

export interface GradientStopMarker {
  /** Index into the paint's stops. */
  readonly index: number;
  readonly at: Point;
  readonly color: RGBA;
  readonly selected: boolean;
}

/** Everything the overlay draws for one gradient, in world coordinates. */
export interface GradientMarkers {
  /** From → to of a linear gradient; centre → radius handle of a radial one. */
  readonly line: readonly [Point, Point];
  readonly ends: readonly [GradientEnd, GradientEnd];
  /** Stops strictly between the ends; stops at 0 and 1 are the ends themselves. */
  readonly stops: readonly GradientStopMarker[];
  /** A radial gradient's focal point when it is off the centre. */
  readonly focal: Point | null;
  readonly focalSelected: boolean;
  /** A radial gradient's circle as the page shows it (an ellipse under a skew or scale). */
  readonly ring: readonly Point[] | null;
}

/** Screen pixels around a handle's centre that grab it. */
export const GRADIENT_HIT_PX = 7;
/** Points on the drawn ring of a radial gradient. */
export const RING_POINTS = 64;
/** Local coordinates a drag may write: far inside the native format's magnitude limit. */
export const MAX_COORDINATE = 1e9;

export function isGradient(paint: unknown): paint is GradientPaint {
  const type = (paint as { type?: unknown } | null)?.type;
  return type === "linear" || type === "radial";
}

/** The node's gradient in the fill or the stroke, or null when that paint is not a gradient. */
export function gradientOf(node: SceneNode, target: PaintTarget): GradientPaint | null {
  if (!("fill" in node)) return null;
  const paint = target === "fill" ? node.fill : node.stroke.paint;
  return isGradient(paint) ? paint : null;
}

/** The node with its fill or stroke paint replaced. */
export function withGradient(
  node: SceneNode,
  target: PaintTarget,
  paint: GradientPaint,
): SceneNode {
  if (!("fill" in node)) return node;
  return target === "fill"
    ? { ...node, fill: paint }
    : { ...node, stroke: { ...node.stroke, paint } };
}

/** Which paint to edit when none was asked for: the fill's gradient, else the stroke's. */
export function defaultTarget(node: SceneNode): PaintTarget | null {
  if (gradientOf(node, "fill") !== null) return "fill";
  if (gradientOf(node, "stroke") !== null) return "stroke";
  return null;
}

/** The paint a new gradient goes into: lines and freehand ink draw only their stroke. */
export function newGradientTarget(node: SceneNode): PaintTarget {
  return drawsFill(node) ? "fill" : "stroke";
}

function endColors(stops: readonly GradientStop[]): [RGBA, RGBA] {
  let first: GradientStop | null = null;
  let last: GradientStop | null = null;
  for (const stop of stops) {
    if (first === null || stop.offset < first.offset) first = stop;
    if (last === null || stop.offset >= last.offset) last = stop;
  }
  const fallback: RGBA = { r: 0, g: 0, b: 0, a: 1 };
  return [first?.color ?? fallback, last?.color ?? fallback];
}

/** The local point where a radial gradient's radius handle sits: on the circle, along local +x. */
function radiusPoint(paint: RadialGradientPaint): Point {
  return { x: paint.center.x + paint.radius, y: paint.center.y };
}

/** The gradient's line in local coordinates: where offsets 0 and 1 lie for the stop markers. */
function localLine(paint: GradientPaint): [Point, Point] {
  return paint.type === "linear" ? [paint.from, paint.to] : [paint.center, radiusPoint(paint)];
}

const lerp = (a: Point, b: Point, t: number): Point => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
});

export function sameHandle(a: GradientHandle | null, b: GradientHandle | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === "stop" || b.kind === "stop")
    return a.kind === "stop" && b.kind === "stop" && a.index === b.index;
  return a.kind === b.kind;
}

export function gradientMarkers(
  paint: GradientPaint,
  world: Matrix,
  selected: GradientHandle | null,
): GradientMarkers {
  const [a, b] = localLine(paint).map((p) => apply(world, p)) as [Point, Point];
  const [startColor, endColor] = endColors(paint.stops);
  const end = (handle: GradientHandle, at: Point, color: RGBA): GradientEnd => ({
    handle,
    at,
    color,
    selected: sameHandle(handle, selected),
  });
  const ends: [GradientEnd, GradientEnd] =
    paint.type === "linear"
      ? [end({ kind: "from" }, a, startColor), end({ kind: "to" }, b, endColor)]
      : [end({ kind: "center" }, a, startColor), end({ kind: "radius" }, b, endColor)];
  const stops: GradientStopMarker[] = [];
  paint.stops.forEach((stop, index) => {
    if (stop.offset > 0 && stop.offset < 1)
      stops.push({
        index,
        at: lerp(a, b, stop.offset),
        color: stop.color,
        selected: selected?.kind === "stop" && selected.index === index,
      });
  });
  if (paint.type === "linear")
    return { line: [a, b], ends, stops, focal: null, focalSelected: false, ring: null };
  const offCentre = paint.focal.x !== paint.center.x || paint.focal.y !== paint.center.y;
  const ring: Point[] = [];
  for (let i = 0; i < RING_POINTS; i++) {
    const angle = (i / RING_POINTS) * Math.PI * 2;
    ring.push(
      apply(world, {
        x: paint.center.x + Math.cos(angle) * paint.radius,
        y: paint.center.y + Math.sin(angle) * paint.radius,
      }),
    );
  }
  return {
    line: [a, b],
    ends,
    stops,
    focal: offCentre ? apply(world, paint.focal) : null,
    focalSelected: offCentre && selected?.kind === "focal",
    ring,
  };
}

/**
 * What a screen point grabs: the ends first (they carry the geometry), then the focal point, then
 * a stop; the nearest of each kind within `GRADIENT_HIT_PX`.
 */
export function hitGradient(
  markers: GradientMarkers,
  camera: CameraState,
  screen: Point,
): GradientHandle | null {
  const near = (at: Point): number => {
    const s = worldToScreen(camera, at);
    return Math.hypot(s.x - screen.x, s.y - screen.y);
  };
  const nearest = <T>(items: readonly T[], at: (item: T) => Point): T | null => {
    let best: T | null = null;
    let bestDistance = GRADIENT_HIT_PX;
    for (const item of items) {
      const d = near(at(item));
      if (d <= bestDistance) {
        best = item;
        bestDistance = d;
      }
    }
    return best;
  };
  const end = nearest(markers.ends, (e) => e.at);
  if (end !== null) return end.handle;
  if (markers.focal !== null && near(markers.focal) <= GRADIENT_HIT_PX) return { kind: "focal" };
  const stop = nearest(markers.stops, (s) => s.at);
  return stop === null ? null : { kind: "stop", index: stop.index };
}

/** The handles in the order Tab visits them: the ends, the focal point, the inner stops. */
export function handleOrder(markers: GradientMarkers): GradientHandle[] {
  const out: GradientHandle[] = markers.ends.map((e) => e.handle);
  if (markers.focal !== null) out.push({ kind: "focal" });
  for (const stop of markers.stops) out.push({ kind: "stop", index: stop.index });
  return out;
}

/** Where a geometry handle is on the page (the radius handle on the circle along local +x). */
export function handlePoint(
  markers: GradientMarkers,
  handle: Exclude<GradientHandle, { kind: "stop" }>,
): Point | null {
  if (handle.kind === "focal") return markers.focal ?? markers.ends[0].at;
  return markers.ends.find((e) => sameHandle(e.handle, handle))?.at ?? null;
}

/** Where along the gradient's line (0 at its start, 1 at its end) a world point projects. */
export function offsetOnLine(markers: GradientMarkers, point: Point): number {
  const [a, b] = markers.line;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  if (!(length2 > 0)) return 0;
  return ((point.x - a.x) * dx + (point.y - a.y) * dy) / length2;
}

/** Within the distance a click on the line counts, in screen pixels: whether it is on the line. */
export function onLine(markers: GradientMarkers, camera: CameraState, screen: Point): boolean {
  const a = worldToScreen(camera, markers.line[0]);
  const b = worldToScreen(camera, markers.line[1]);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? ((screen.x - a.x) * dx + (screen.y - a.y) * dy) / length2 : 0;
  if (t <= 0 || t >= 1) return false;
  return Math.hypot(a.x + t * dx - screen.x, a.y + t * dy - screen.y) <= GRADIENT_HIT_PX;
}

/** A drag of `to` about `anchor`, its angle rounded to 15° steps, its length kept. */
export function constrainAngle(anchor: Point, to: Point): Point {
  const dx = to.x - anchor.x;
  const dy = to.y - anchor.y;
  const length = Math.hypot(dx, dy);
  if (length === 0) return to;
  const angle = snapAngle(Math.atan2(dy, dx));
  return { x: anchor.x + Math.cos(angle) * length, y: anchor.y + Math.sin(angle) * length };
}

function clampCoordinate(value: number): number {
  return Math.min(MAX_COORDINATE, Math.max(-MAX_COORDINATE, value));
}

function toLocal(inverse: Matrix, world: Point): Point | null {
  const p = apply(inverse, world);
  if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return null;
  return { x: clampCoordinate(p.x), y: clampCoordinate(p.y) };
}

export interface DragOptions {
  /** Shift: the line's angle in 15° steps (world angles, as the page shows them). */
  readonly constrain: boolean;
}

/**
 * The paint after dragging one of its geometry handles to a world point; `original` is the paint
 * when the drag began, so every move starts from it and nothing drifts. Stops are moved with
 * the stop logic of the panel instead. Null when the node's matrix cannot be inverted.
 */
export function dragGeometry(
  original: GradientPaint,
  handle: Exclude<GradientHandle, { kind: "stop" }>,
  point: Point,
  world: Matrix,
  options: DragOptions,
): GradientPaint | null {
  const inverse = invert(world);
  if (inverse === null) return null;
  if (original.type === "linear") {
    if (handle.kind !== "from" && handle.kind !== "to") return original;
    const anchor = apply(world, handle.kind === "from" ? original.to : original.from);
    const target = options.constrain ? constrainAngle(anchor, point) : point;
    const local = toLocal(inverse, target);
    if (local === null) return null;
    return handle.kind === "from" ? { ...original, from: local } : { ...original, to: local };
  }
  const local = toLocal(inverse, point);
  if (local === null) return null;
  switch (handle.kind) {
    case "center": {
      // The focal point travels with the centre, so an off-centre highlight keeps its place.
      const dx = local.x - original.center.x;
      const dy = local.y - original.center.y;
      const focal = {
        x: clampCoordinate(original.focal.x + dx),
        y: clampCoordinate(original.focal.y + dy),
      };
      return { ...original, center: local, focal };
    }
    case "radius": {
      const radius = Math.min(
        MAX_COORDINATE,
        Math.hypot(local.x - original.center.x, local.y - original.center.y),
      );
      return { ...original, radius, focal: insideCircle(original.center, radius, original.focal) };
    }
    case "focal":
      return { ...original, focal: insideCircle(original.center, original.radius, local) };
    default:
      return original;
  }
}

/**
 * A gradient laid anew by a drag from `start` to `end` (world points): a linear one runs along
 * the drag (Shift: its angle in 15° steps), a radial one is centred at the start with the drag's
 * length as radius (in local units). Stops are kept. Null when the matrix cannot be inverted.
 */
export function layGradient(
  base: GradientPaint,
  start: Point,
  end: Point,
  world: Matrix,
  options: DragOptions,
): GradientPaint | null {
  const inverse = invert(world);
  if (inverse === null) return null;
  const from = toLocal(inverse, start);
  const to = toLocal(inverse, options.constrain ? constrainAngle(start, end) : end);
  if (from === null || to === null) return null;
  if (base.type === "linear") return { ...base, from, to };
  const radius = Math.min(MAX_COORDINATE, Math.hypot(to.x - from.x, to.y - from.y));
  return { ...base, center: from, focal: from, radius };
}

/**
 * A focal point outside the circle turns a radial gradient into a cone, which SVG and the
 * renderer draw differently; it is kept on or inside the circle.
 */
function insideCircle(center: Point, radius: number, focal: Point): Point {
  const dx = focal.x - center.x;
  const dy = focal.y - center.y;
  const d = Math.hypot(dx, dy);
  if (d <= radius) return focal;
  if (d === 0) return center;
  return { x: center.x + (dx / d) * radius, y: center.y + (dy / d) * radius };
}
