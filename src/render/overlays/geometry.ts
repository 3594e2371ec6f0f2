import { worldMatrix } from "../../doc/commands";
import { apply, multiply, toMatrix, type Matrix } from "../../doc/transform";
import { isSceneNode, type DocRecord, type Id, type SceneNode } from "../../doc/types";
import { transformBox, unionBox } from "../../geometry/bounds";
import { childrenExtent, localBounds } from "../../shapes/bounds";
import { bendHandle } from "../../shapes/lineRoute";
import type { CameraState } from "../camera";
import type { Point } from "../../math/point";
import type { Box } from "../../math/box";
import { isLine } from "../../shapes/line";
import { childrenReachOut } from "../../shapes/registry";

// Pure geometry of the overlays: no Pixi here, so the tools and the unit tests can use it in Node.

/** Corners in order nw, ne, se, sw of the node's own frame (clockwise unless flipped). */
export type Quad = readonly [Point, Point, Point, Point];

export type ResizeHandle = "nw" | "n" | "ne" | "e" | "se" | "s" | "sw" | "w";
export type RotateHandle = "rotate-nw" | "rotate-ne" | "rotate-se" | "rotate-sw";
export type HandleHit = ResizeHandle | RotateHandle;

/** What the geometry reads of the document: the store and a transaction both fit. */
export interface NodeSource {
  get(id: Id): DocRecord | undefined;
  childrenOf(id: Id): readonly SceneNode[];
}

/** Outer size of a resize handle, in CSS pixels. */
export const HANDLE_SIZE = 8;
/** A handle is grabbed this far from its centre: a little more than it shows, for touchpads. */
export const HANDLE_HIT = 6;
/** An edge is grabbed this far either side of its line. */
export const EDGE_HIT = 4;
/** The rotation zone reaches this far from a corner, outside the selection. */
export const ROTATE_REACH = 20;

/** How far from a handle, from an edge and out from a corner a pointer grabs them (CSS px). */
export interface HandleReach {
  readonly handle: number;
  readonly edge: number;
  readonly rotate: number;
}

/**
 * By the kind of pointer: a fingertip covers about ten pixels, and lands off what it aims at by
 * as much (Excalidraw gives touch handles 28 px), a pen tip less.
 */
export const HANDLE_REACH: Readonly<Record<"mouse" | "pen" | "touch", HandleReach>> = {
  mouse: { handle: HANDLE_HIT, edge: EDGE_HIT, rotate: ROTATE_REACH },
  pen: { handle: 9, edge: 6, rotate: 26 },
  touch: { handle: 16, edge: 10, rotate: 36 },
};
/**
 * Side handles are left out of an edge shorter than this on screen: they would cover the corner
 * handles and hide the shape; the edge itself still resizes.
 */
export const MIN_EDGE_FOR_SIDE_HANDLE = HANDLE_SIZE * 3;

export const CORNERS = ["nw", "ne", "se", "sw"] as const;
export type Corner = (typeof CORNERS)[number];
export const SIDES = ["n", "e", "s", "w"] as const;
export type Side = (typeof SIDES)[number];

function mid(p: Point, q: Point): Point {
  return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
}

function quadOf(box: Box, m: Matrix): Quad {
  return [
    apply(m, { x: box.minX, y: box.minY }),
    apply(m, { x: box.maxX, y: box.minY }),
    apply(m, { x: box.maxX, y: box.maxY }),
    apply(m, { x: box.minX, y: box.maxY }),
  ];
}

export function boxQuad(box: Box): Quad {
  return [
    { x: box.minX, y: box.minY },
    { x: box.maxX, y: box.minY },
    { x: box.maxX, y: box.maxY },
    { x: box.minX, y: box.maxY },
  ];
}

/**
 * What a node covers in its own coordinates, its descendants included: a group has no bounds of
 * its own (a masked one's are where its mask and the rest meet), and a frame's children may
 * reach past it when it does not clip.
 */
export function ownBounds(source: NodeSource, node: SceneNode, depth = 0): Box | null {
  const box = localBounds(node);
  if (depth > 256 || !childrenReachOut(node)) return box;
  return unionBox(
    box,
    childrenExtent(node, source.childrenOf(node.id), (child) => {
      const inner = ownBounds(source, child, depth + 1);
      return inner === null ? null : transformBox(inner, toMatrix(child.transform));
    }),
  );
}

/** A node's bounds as the page sees them: rotated, skewed or flipped with it. */
export function nodeQuad(source: NodeSource, id: Id): Quad | null {
  const node = source.get(id);
  if (!isSceneNode(node)) return null;
  const box = ownBounds(source, node);
  if (box === null) return null;
  return quadOf(box, worldMatrix(source, id));
}

export function quadBox(quad: Quad): Box {
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  return {
    minX: Math.min(...xs),
    minY: Math.min(...ys),
    maxX: Math.max(...xs),
    maxY: Math.max(...ys),
  };
}

/**
 * The frame the handles sit on, in world units: one node's own rotated bounds, or the
 * axis-aligned union of several nodes' bounds. Null when nothing selected has an extent.
 */
export function selectionQuad(source: NodeSource, ids: readonly Id[]): Quad | null {
  const quads = ids.map((id) => nodeQuad(source, id)).filter((q): q is Quad => q !== null);
  if (quads.length === 0) return null;
  if (quads.length === 1) return quads[0]!;
  let box: Box | null = null;
  for (const quad of quads) box = unionBox(box, quadBox(quad));
  return boxQuad(box!);
}

export function worldToScreen(camera: CameraState, p: Point): Point {
  return { x: p.x * camera.zoom + camera.x, y: p.y * camera.zoom + camera.y };
}

export function quadToScreen(camera: CameraState, quad: Quad): Quad {
  return [
    worldToScreen(camera, quad[0]),
    worldToScreen(camera, quad[1]),
    worldToScreen(camera, quad[2]),
    worldToScreen(camera, quad[3]),
  ];
}

/** Composes a world matrix with the camera, for drawing a node's local geometry on screen. */
export function screenMatrix(camera: CameraState, world: Matrix): Matrix {
  return multiply({ a: camera.zoom, b: 0, c: 0, d: camera.zoom, e: camera.x, f: camera.y }, world);
}

export function cornerPoints(quad: Quad): Record<Corner, Point> {
  return { nw: quad[0], ne: quad[1], se: quad[2], sw: quad[3] };
}

export function sidePoints(quad: Quad): Record<Side, Point> {
  return {
    n: mid(quad[0], quad[1]),
    e: mid(quad[1], quad[2]),
    s: mid(quad[2], quad[3]),
    w: mid(quad[3], quad[0]),
  };
}

function distance(p: Point, q: Point): number {
  return Math.hypot(p.x - q.x, p.y - q.y);
}

/** The ends of each side's edge, in quad order. */
function sideEdge(quad: Quad, side: Side): [Point, Point] {
  const i = SIDES.indexOf(side);
  return [quad[i]!, quad[(i + 1) % 4]!];
}

/** Whether a side is long enough on screen to carry its handle. */
export function showsSideHandle(screenQuad: Quad, side: Side): boolean {
  const [p, q] = sideEdge(screenQuad, side);
  return distance(p, q) >= MIN_EDGE_FOR_SIDE_HANDLE;
}

/**
 * The resize handles drawn for a screen-space frame, by name, with their centres. Names are in
 * the frame's own orientation: "n" of a node turned upside down is at the bottom of the screen.
 */
export function handlePositions(screenQuad: Quad): Partial<Record<ResizeHandle, Point>> {
  const out: Partial<Record<ResizeHandle, Point>> = { ...cornerPoints(screenQuad) };
  const sides = sidePoints(screenQuad);
  for (const side of SIDES) if (showsSideHandle(screenQuad, side)) out[side] = sides[side];
  return out;
}

/** The angle of the frame's top edge on screen, in radians: how far the handles are turned. */
export function quadAngle(quad: Quad): number {
  const dx = quad[1].x - quad[0].x;
  const dy = quad[1].y - quad[0].y;
  if (dx === 0 && dy === 0) {
    // Zero width: take the left edge, which points down in the frame.
    const ex = quad[3].x - quad[0].x;
    const ey = quad[3].y - quad[0].y;
    return ex === 0 && ey === 0 ? 0 : Math.atan2(ey, ex) - Math.PI / 2;
  }
  return Math.atan2(dy, dx);
}

/** Whether a point is inside a convex quad, whichever way it winds. */
export function insideQuad(quad: Quad, p: Point): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (cross === 0) continue;
    const s = Math.sign(cross);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return sign !== 0;
}

function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2;
  const c = Math.max(0, Math.min(1, t));
  return distance(p, { x: a.x + c * dx, y: a.y + c * dy });
}

/** Distance along the frame's own axes (Chebyshev), so a turned handle is hit as it is drawn. */
function handleDistance(p: Point, centre: Point, angle: number): number {
  const dx = p.x - centre.x;
  const dy = p.y - centre.y;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return Math.max(Math.abs(dx * cos + dy * sin), Math.abs(-dx * sin + dy * cos));
}

/**
 * The rotation zone of each corner: a disc of `radius` around it, less the inside of the frame
 * and the handles, which take precedence.
 */
export function rotationZones(
  screenQuad: Quad,
): Array<{ readonly handle: RotateHandle; readonly centre: Point; readonly radius: number }> {
  const corners = cornerPoints(screenQuad);
  return CORNERS.map((corner) => ({
    handle: `rotate-${corner}` as const,
    centre: corners[corner],
    radius: ROTATE_REACH,
  }));
}

/**
 * What a screen point grabs of a selection frame (screen space): a resize handle, then an edge
 * (as its side), then a rotation zone; null elsewhere, the inside included, so the tool moves.
 * Nearer wins among handles of one kind, so tiny frames still offer every corner.
 */
export function hitHandle(
  screenQuad: Quad,
  p: Point,
  reach: HandleReach = HANDLE_REACH.mouse,
): HandleHit | null {
  const angle = quadAngle(screenQuad);
  let best: HandleHit | null = null;
  let bestDistance = Infinity;
  const corners = cornerPoints(screenQuad);
  // Inside the frame a wide reach gives way to the move, so a finger can still drag a small
  // shape by its middle: no more than a quarter of its shorter side.
  const inside = insideQuad(screenQuad, p);
  const quarter = Math.min(distance(corners.nw, corners.ne), distance(corners.nw, corners.sw)) / 4;
  const handleReach = inside ? Math.min(reach.handle, Math.max(HANDLE_HIT, quarter)) : reach.handle;
  const edgeReach = inside ? Math.min(reach.edge, Math.max(EDGE_HIT, quarter)) : reach.edge;
  for (const corner of CORNERS) {
    const d = handleDistance(p, corners[corner], angle);
    if (d <= handleReach && d < bestDistance) {
      best = corner;
      bestDistance = d;
    }
  }
  if (best !== null) return best;
  const handles = handlePositions(screenQuad);
  for (const side of SIDES) {
    const centre = handles[side];
    if (centre === undefined) continue;
    const d = handleDistance(p, centre, angle);
    if (d <= handleReach && d < bestDistance) {
      best = side;
      bestDistance = d;
    }
  }
  if (best !== null) return best;
  for (const side of SIDES) {
    const [a, b] = sideEdge(screenQuad, side);
    const d = segmentDistance(p, a, b);
    if (d <= edgeReach && d < bestDistance) {
      best = side;
      bestDistance = d;
    }
  }
  if (best !== null) return best;
  if (inside) return null;
  for (const zone of rotationZones(screenQuad)) {
    const d = distance(p, zone.centre);
    if (d <= Math.max(zone.radius, reach.rotate) && d < bestDistance) {
      best = zone.handle;
      bestDistance = d;
    }
  }
  return best;
}

function unit(p: Point): Point | null {
  const length = Math.hypot(p.x, p.y);
  return length > 1e-9 ? { x: p.x / length, y: p.y / length } : null;
}

/**
 * The frame's own axes on screen: `u` along its top edge (towards "e"), `v` down its left edge
 * (towards "s"). Taken from the quad, so a flipped frame's axes flip with it; an edge of no
 * length borrows the other edge turned a quarter.
 */
function frameAxes(quad: Quad): { u: Point; v: Point } {
  const top = unit({ x: quad[1].x - quad[0].x, y: quad[1].y - quad[0].y });
  const left = unit({ x: quad[3].x - quad[0].x, y: quad[3].y - quad[0].y });
  const u = top ?? (left ? { x: left.y, y: -left.x } : { x: 1, y: 0 });
  const v = left ?? { x: -u.y, y: u.x };
  return { u, v };
}

/**
 * The direction a handle pulls, out of the frame, as a unit vector on screen: along the frame's
 * axes for a side, between them for a corner, so it turns and flips with the selection.
 */
export function handleDirection(screenQuad: Quad, handle: ResizeHandle): Point {
  const { u, v } = frameAxes(screenQuad);
  const along = handle.includes("e") ? 1 : handle.includes("w") ? -1 : 0;
  const down = handle.includes("s") ? 1 : handle.includes("n") ? -1 : 0;
  return unit({ x: along * u.x + down * v.x, y: along * u.y + down * v.y }) ?? { x: 1, y: 0 };
}

/** The four double-arrow cursors, by the direction (mod 180°) in 45° steps from east. */
const RESIZE_CURSORS = ["ew-resize", "nwse-resize", "ns-resize", "nesw-resize"] as const;

/** The CSS resize cursor whose arrows lie nearest a handle's pull on screen. */
export function resizeCursor(screenQuad: Quad, handle: ResizeHandle): string {
  const d = handleDirection(screenQuad, handle);
  const eighths = Math.round(Math.atan2(d.y, d.x) / (Math.PI / 4));
  return RESIZE_CURSORS[((eighths % 4) + 4) % 4]!;
}

/** The corner a rotation zone belongs to. */
export function rotateCorner(handle: RotateHandle): Corner {
  return handle.slice("rotate-".length) as Corner;
}

/** Keyword used where the browser cannot show the rotate cursor's image. */
export const ROTATE_CURSOR_FALLBACK = "crosshair";
const rotateCursors = new Map<number, string>();

/**
 * A rotate cursor for a corner: a curved double arrow bowed away from the selection (an inline
 * SVG, as browsers have no rotate keyword), white under black so it shows on any colour. Kept
 * per 15° so moving about a corner does not rebuild the string.
 */
export function rotateCursor(screenQuad: Quad, handle: RotateHandle): string {
  const d = handleDirection(screenQuad, rotateCorner(handle));
  const degrees = (Math.round((Math.atan2(d.y, d.x) * 180) / Math.PI / 15) * 15 + 360) % 360;
  let cursor = rotateCursors.get(degrees);
  if (cursor === undefined) {
    const shape = "M9 4A10 10 0 0 1 9 20M12 1L9 4L12 7M12 17L9 20L12 23";
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">` +
      `<g transform="rotate(${degrees} 12 12)" fill="none" stroke-linecap="round" stroke-linejoin="round">` +
      `<path d="${shape}" stroke="#fff" stroke-width="4"/>` +
      `<path d="${shape}" stroke="#000" stroke-width="1.6"/></g></svg>`;
    cursor = `url("data:image/svg+xml,${encodeURIComponent(svg)}") 12 12, ${ROTATE_CURSOR_FALLBACK}`;
    rotateCursors.set(degrees, cursor);
  }
  return cursor;
}

/** The cursor for what a handle hit grabs. */
export function handleCursor(screenQuad: Quad, hit: HandleHit): string {
  return hit.startsWith("rotate-")
    ? rotateCursor(screenQuad, hit as RotateHandle)
    : resizeCursor(screenQuad, hit as ResizeHandle);
}

/** How far outside its corner the rotate affordance's arc runs, and how far it sweeps. */
export const ROTATE_HINT_RADIUS = 13;
const ROTATE_HINT_SWEEP = (50 * Math.PI) / 180;

/**
 * The rotate affordance shown while a rotation zone is hovered: an arc about the corner, outside
 * the frame, from `start` to `end` (radians, screen angles), with arrowheads at both ends.
 */
export function rotateHint(
  screenQuad: Quad,
  handle: RotateHandle,
): {
  readonly centre: Point;
  readonly radius: number;
  readonly start: number;
  readonly end: number;
} {
  const corner = rotateCorner(handle);
  const d = handleDirection(screenQuad, corner);
  const angle = Math.atan2(d.y, d.x);
  return {
    centre: cornerPoints(screenQuad)[corner],
    radius: ROTATE_HINT_RADIUS,
    start: angle - ROTATE_HINT_SWEEP,
    end: angle + ROTATE_HINT_SWEEP,
  };
}

/** A line's ends in page (or screen) coordinates, and whether each is bound to a shape. */
export interface LineEnds {
  readonly start: Point;
  readonly end: Point;
  readonly startBound: boolean;
  readonly endBound: boolean;
  /** The handle that bends a curved or elbow line; null for a straight one. */
  readonly bend: Point | null;
}

/** The ends of line `id` in page coordinates; null when it is not a line. */
export function lineEnds(source: Pick<NodeSource, "get">, id: Id): LineEnds | null {
  const node = source.get(id);
  if (!isLine(node)) return null;
  const world = worldMatrix(source, id);
  const bendAt = bendHandle(node);
  return {
    start: apply(world, node.start),
    end: apply(world, node.end),
    startBound: node.startBinding !== null,
    endBound: node.endBinding !== null,
    bend: bendAt === null ? null : apply(world, bendAt),
  };
}
