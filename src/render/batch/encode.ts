import { buildLine, earcut } from "pixi.js";
import type { Matrix } from "../../doc/transform";
import type { Fill, LineNode, RGBA, SceneNode, Stroke } from "../../doc/types";
import {
  dashPolyline,
  ellipseOutline,
  pathOutlines,
  roundedRectOutline,
  type Polyline,
} from "../dash";
import { regularPolygon, starPoints } from "../outline";
import type { BatchWriter } from "./writer";
import { NO_COLOR, SHAPE_BOX, SHAPE_ELLIPSE, SHAPE_MITRED_BOX } from "./writer";

/** Shapes a chunk's batch can draw; anything else keeps a display object of its own. */
export type BatchNode = Extract<
  SceneNode,
  { type: "rect" | "ellipse" | "polygon" | "star" | "path" | "line" }
>;

function solidOrNone(fill: Fill): boolean {
  return fill.type === "none" || fill.type === "solid";
}

function solidStroke(stroke: Stroke): boolean {
  return stroke.paint === null || stroke.paint.type === "solid";
}

/**
 * Whether a node draws in its chunk's batch: a vector shape painted in solid colours with the
 * normal blend mode. Gradients, other blend modes, arrowheads, text, images, freehand strokes,
 * groups and frames need what only their own display objects give.
 */
export function isBatchable(node: SceneNode): node is BatchNode {
  switch (node.type) {
    case "rect":
    case "ellipse":
    case "polygon":
    case "star":
    case "path":
      break;
    case "line":
      if (node.startHead !== "none" || node.endHead !== "none") return false;
      break;
    default:
      return false;
  }
  return node.blendMode === "normal" && solidOrNone(node.fill) && solidStroke(node.stroke);
}

/**
 * Whether a node's geometry depends on the zoom it is built for (curves cut finer or coarser,
 * strokes thin on screen drawn without joins); boxes and ellipses are exact at every zoom.
 */
export function dependsOnZoom(node: BatchNode): boolean {
  return !usesBox(node);
}

function isDashed(stroke: Stroke): boolean {
  return (
    stroke.dash.length > 0 && stroke.dash.some((d) => d > 0) && stroke.dash.every((d) => d >= 0)
  );
}

function strokeColor(stroke: Stroke): RGBA | null {
  if (stroke.paint === null || stroke.paint.type !== "solid" || stroke.width <= 0) return null;
  return stroke.paint.color;
}

function fillColor(fill: Fill): RGBA | null {
  return fill.type === "solid" ? fill.color : null;
}

/** Rectangles with one radius and ellipses, undashed, are one analytically shaded quad. */
function usesBox(node: BatchNode): boolean {
  if (isDashed(node.stroke)) return false;
  if (node.type === "ellipse") return true;
  if (node.type !== "rect") return false;
  const [a, b, c, d] = node.radii;
  return a === b && b === c && c === d;
}

/**
 * A square corner turns 90°, so a miter join stays square while the miter limit is at least
 * √2; under that, and for bevel joins, the corner is cut, which the rounded form approximates.
 */
function boxKind(
  node: BatchNode,
): typeof SHAPE_BOX | typeof SHAPE_ELLIPSE | typeof SHAPE_MITRED_BOX {
  if (node.type !== "rect") return SHAPE_ELLIPSE;
  return node.stroke.join === "miter" && node.stroke.miterLimit >= Math.SQRT2
    ? SHAPE_MITRED_BOX
    : SHAPE_BOX;
}

/** The node's outlines for flat drawing, curves cut into segments `step` local units long. */
function outlines(node: Exclude<BatchNode, LineNode>, step: number): Polyline[] {
  switch (node.type) {
    case "rect":
      return [roundedRectOutline(node.width, node.height, node.radii, step)];
    case "ellipse":
      return [ellipseOutline(node.width, node.height, step)];
    case "polygon":
      return [{ points: regularPolygon(node.width, node.height, node.sides), closed: true }];
    case "star":
      return [
        { points: starPoints(node.width, node.height, node.points, node.innerRatio), closed: true },
      ];
    case "path":
      return pathOutlines(node, step);
  }
}

/** How finely a chunk is drawn: set from the camera's zoom bucket. */
export interface Detail {
  /** Curve segment length, in local units. */
  readonly step: number;
  /** Screen pixels per world unit the chunk is drawn for. */
  readonly pixelsPerUnit: number;
}

/**
 * Strokes at most this wide on screen are drawn as one quad per segment: their joins and caps
 * are narrower than a pixel, and PixiJS's line builder spends most of its vertices on them.
 */
export const THIN_STROKE_PX = 1.5;

/** One quad per segment, `width` wide: a stroke too thin on screen for joins to show. */
function thinStroke(
  writer: BatchWriter,
  m: Matrix,
  points: readonly number[],
  closed: boolean,
  width: number,
  color: RGBA,
  opacity: number,
): void {
  const n = points.length >> 1;
  const segments = closed ? n : n - 1;
  const quad: number[] = [];
  const indices: number[] = [];
  for (let i = 0; i < segments; i += 1) {
    const j = (i + 1) % n;
    const x0 = points[i * 2]!;
    const y0 = points[i * 2 + 1]!;
    const x1 = points[j * 2]!;
    const y1 = points[j * 2 + 1]!;
    const length = Math.hypot(x1 - x0, y1 - y0);
    if (length === 0) continue;
    const nx = (-(y1 - y0) / length) * (width / 2);
    const ny = ((x1 - x0) / length) * (width / 2);
    const base = quad.length >> 1;
    quad.push(x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny);
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  writer.triangles(m, quad, indices, color, opacity);
}

/**
 * Appends a node to the batch in world coordinates (`m` is its world matrix). Boxes and ellipses
 * become one quad; other shapes are filled with earcut and stroked with PixiJS's own line builder
 * (its joins, caps and miter limit), dashes cut first, or with a quad per segment when the stroke
 * is thinner on screen than `THIN_STROKE_PX`. Hidden nodes add nothing.
 */
export function encodeNode(writer: BatchWriter, node: BatchNode, m: Matrix, detail: Detail): void {
  const step = detail.step;
  if (node.hidden || node.opacity <= 0) return;
  const fill = fillColor(node.fill);
  const stroke = strokeColor(node.stroke);
  if (fill === null && stroke === null) return;
  if (usesBox(node) && (node.type === "rect" || node.type === "ellipse")) {
    writer.box(m, {
      kind: boxKind(node),
      width: node.width,
      height: node.height,
      radius: node.type === "rect" ? node.radii[0] : 0,
      strokeWidth: stroke === null ? 0 : node.stroke.width,
      fill: fill ?? NO_COLOR,
      stroke: stroke ?? NO_COLOR,
      opacity: node.opacity,
    });
    return;
  }
  const lines: Polyline[] =
    node.type === "line"
      ? [{ points: [node.start.x, node.start.y, node.end.x, node.end.y], closed: false }]
      : outlines(node, step);
  if (fill !== null && node.type !== "line") {
    for (const line of lines) {
      if (line.points.length < 6) continue;
      writer.triangles(m, line.points, earcut(line.points as number[]), fill, node.opacity);
    }
  }
  if (stroke === null) return;
  const style = {
    width: node.stroke.width,
    alignment: 0.5,
    cap: node.stroke.cap,
    join: node.stroke.join,
    miterLimit: node.stroke.miterLimit,
  };
  const dashed = isDashed(node.stroke);
  const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
  const thin = node.stroke.width * scale * detail.pixelsPerUnit <= THIN_STROKE_PX;
  for (const line of lines) {
    const runs = dashed
      ? dashPolyline(line, node.stroke.dash, node.stroke.dashOffset).map((points) => ({
          points,
          closed: false,
        }))
      : [line];
    for (const run of runs) {
      if (run.points.length < 4) continue;
      if (thin) {
        thinStroke(writer, m, run.points, run.closed, node.stroke.width, stroke, node.opacity);
        continue;
      }
      const vertices: number[] = [];
      const indices: number[] = [];
      buildLine(run.points as number[], style, false, run.closed, vertices, indices);
      writer.triangles(m, vertices, indices, stroke, node.opacity);
    }
  }
}
