import { worldMatrix } from "../../doc/commands";
import type { Matrix } from "../../doc/transform";
import { isSceneNode, type Id, type SceneNode } from "../../doc/types";
import { kindOf } from "../../shapes/registry";
import type { CameraState } from "../camera";
import type { Polyline } from "../../geometry/dash";
import { nodeQuad, screenMatrix, type NodeSource, type Quad } from "./geometry";

// The hover highlight traces the node's own outline. Pure: no Pixi, so it is tested in Node.

/**
 * Most points a hover outline may have; a shape needing more is outlined by its box instead, so
 * hovering a path of 100k points costs one count up to the cap, not a 100k-point line mesh.
 */
export const MAX_HOVER_OUTLINE_POINTS = 20_000;

/**
 * Curves are cut into chords about this long on screen. `pathOutlines` subdivides a curve
 * uniformly in t with at least ceil(control polygon / step) chords, which keeps each chord within
 * 3/32 of a step of the curve: 2 px chords stay within 0.19 px. Arcs of ellipses and rounded
 * corners are cut finer still (a tenth of a pixel). Both helpers stop at 1,024 chords a curve: a
 * path curve whose control polygon spans over ~2,000 screen pixels gets longer chords (the error
 * grows only where such a curve bends sharply), an ellipse past a radius of ~50,000 pixels too.
 */
export const HOVER_CHORD_PX = 2;

/**
 * What the hover highlight draws: polylines in the node's local coordinates placed on the page by
 * `matrix`, or a box on the page (groups, frames, text, images, and shapes past the point cap).
 */
export type HoverShape =
  | { readonly kind: "outline"; readonly polylines: readonly Polyline[]; readonly matrix: Matrix }
  | { readonly kind: "box"; readonly quad: Quad };

/** The largest stretch of a matrix: how many units one local unit can span after it. */
export function largestScale(m: Matrix): number {
  const sum = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d;
  const det = m.a * m.d - m.b * m.c;
  return Math.sqrt((sum + Math.sqrt(Math.max(0, sum * sum - 4 * det * det))) / 2);
}

/**
 * Local units per chord for a node drawn `scale` screen pixels per local unit, or null when the
 * scale gives no usable step. The scale is rounded up to a power of two so an outline is rebuilt
 * only when the zoom crosses one, and never cut coarser than HOVER_CHORD_PX.
 */
export function hoverStep(scale: number): number | null {
  if (!(scale > 0) || !Number.isFinite(scale)) return null;
  const step = HOVER_CHORD_PX / 2 ** Math.ceil(Math.log2(scale));
  return step > 0 && Number.isFinite(step) ? step : null;
}

export function pointCount(polylines: readonly Polyline[]): number {
  let count = 0;
  for (const line of polylines) count += line.points.length / 2;
  return count;
}

/**
 * A shape's outline in its local coordinates, curves cut into chords no longer than `step`; null
 * when the node is outlined by its box, or when the outline would pass `limit` points.
 */
export function localOutline(
  node: SceneNode,
  step: number,
  limit = MAX_HOVER_OUTLINE_POINTS,
): Polyline[] | null {
  const outline = kindOf(node).hoverOutline(node, step, limit);
  if (outline === null) return null;
  const count = pointCount(outline);
  return count === 0 || count > limit ? null : outline;
}

/** The hover shape of `id` as the camera at `zoom` should see it; null when it has no extent. */
export function hoverShape(
  source: NodeSource,
  id: Id,
  zoom: number,
  limit = MAX_HOVER_OUTLINE_POINTS,
): HoverShape | null {
  const node = source.get(id);
  if (!isSceneNode(node)) return null;
  const matrix = worldMatrix(source, id);
  return buildShape(source, node, matrix, hoverStep(zoom * largestScale(matrix)), limit);
}

function buildShape(
  source: NodeSource,
  node: SceneNode,
  matrix: Matrix,
  step: number | null,
  limit: number,
): HoverShape | null {
  const polylines = step === null ? null : localOutline(node, step, limit);
  if (polylines !== null) return { kind: "outline", polylines, matrix };
  const quad = nodeQuad(source, node.id);
  return quad === null ? null : { kind: "box", quad };
}

function sameMatrix(m: Matrix, n: Matrix): boolean {
  return m.a === n.a && m.b === n.b && m.c === n.c && m.d === n.d && m.e === n.e && m.f === n.f;
}

/**
 * Keeps the hover shape of one node between frames: rebuilt only when the hovered node, its
 * record, its place on the page or its step (the zoom's power of two) changes, or after `clear`.
 * A group's box also follows its descendants, which only a commit shows: the overlays clear the
 * cache when one touches the hovered node.
 */
export class HoverOutlineCache {
  private entry: {
    readonly id: Id;
    readonly record: SceneNode;
    readonly matrix: Matrix;
    readonly step: number | null;
    readonly shape: HoverShape | null;
  } | null = null;

  constructor(private readonly limit = MAX_HOVER_OUTLINE_POINTS) {}

  private buildCount = 0;

  /** How many times a shape was built: what the cache saves is measured by it. */
  get builds(): number {
    return this.buildCount;
  }

  shape(source: NodeSource, id: Id, zoom: number): HoverShape | null {
    const record = source.get(id);
    if (!isSceneNode(record)) {
      this.entry = null;
      return null;
    }
    const matrix = worldMatrix(source, id);
    const step = hoverStep(zoom * largestScale(matrix));
    const entry = this.entry;
    if (
      entry !== null &&
      entry.id === id &&
      entry.record === record &&
      entry.step === step &&
      sameMatrix(entry.matrix, matrix)
    )
      return entry.shape;
    this.buildCount++;
    const shape = buildShape(source, record, matrix, step, this.limit);
    this.entry = { id, record, matrix, step, shape };
    return shape;
  }

  clear(): void {
    this.entry = null;
  }
}

export interface ScreenPolyline {
  /** x, y pairs in CSS pixels from the canvas's origin. */
  readonly points: number[];
  readonly closed: boolean;
}

/** The hover shape in screen pixels. */
export function hoverToScreen(shape: HoverShape, camera: CameraState): ScreenPolyline[] {
  if (shape.kind === "box") {
    const points: number[] = [];
    for (const p of shape.quad)
      points.push(p.x * camera.zoom + camera.x, p.y * camera.zoom + camera.y);
    return [{ points, closed: true }];
  }
  const m = screenMatrix(camera, shape.matrix);
  return shape.polylines.map((line) => {
    const local = line.points;
    const points = new Array<number>(local.length);
    for (let i = 0; i < local.length; i += 2) {
      const x = local[i]!;
      const y = local[i + 1]!;
      points[i] = m.a * x + m.c * y + m.e;
      points[i + 1] = m.b * x + m.d * y + m.f;
    }
    return { points, closed: line.closed };
  });
}
