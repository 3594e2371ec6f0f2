import { earcut } from "pixi.js";
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
import { EdgeMesh } from "../stroke/edgeMesh";
import { fillRegions } from "../stroke/fillRegions";
import { fillFringe } from "../stroke/fringe";
import { strokePolyline } from "../stroke/stroker";
import type { BatchWriter } from "./writer";
import {
  NO_COLOR,
  SHAPE_BOX,
  SHAPE_ELLIPSE,
  SHAPE_FRINGE,
  SHAPE_MITRED_BOX,
  SHAPE_STROKE,
} from "./writer";

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
 * anti-aliasing fringes a screen pixel wide); boxes and ellipses are exact at every zoom.
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

/** One scratch mesh for every stroke and rim, so encoding a chunk allocates almost nothing. */
const scratch = new EdgeMesh();

/**
 * The size of a screen pixel in the node's local units at the zoom the chunk is built for, taken
 * along the direction the node's matrix shrinks most, so a one-pixel fringe is at least a pixel
 * wide every way (limited to 8× the widest direction's, for nodes squashed nearly flat).
 * Null when the matrix collapses the node to nothing.
 */
function unitsPerPixel(m: Matrix, pixelsPerUnit: number): number | null {
  const sum = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d;
  const det = m.a * m.d - m.b * m.c;
  const root = Math.sqrt(Math.max(0, sum * sum - 4 * det * det));
  const largest = Math.sqrt((sum + root) / 2);
  const smallest = Math.sqrt(Math.max(0, (sum - root) / 2));
  if (!(largest > 0) || !Number.isFinite(largest)) return null;
  return 1 / (pixelsPerUnit * Math.max(smallest, largest / 8));
}

/**
 * Whether a fill needs its anti-aliased rim: not when an opaque, solid stroke at least two
 * pixels wide lies over its edge and nothing shows through.
 */
function needsFillRim(node: BatchNode, stroke: RGBA | null, pixel: number): boolean {
  if (stroke === null || stroke.a < 1 || node.opacity < 1 || isDashed(node.stroke)) return true;
  return node.stroke.width / 2 < pixel;
}

/**
 * Appends a node to the batch in world coordinates (`m` is its world matrix). Boxes and ellipses
 * become one quad; other shapes are filled with earcut, given an anti-aliased rim, and stroked
 * by our own stroker (joins, caps, miter limit, dashes cut first), whose vertices carry their
 * distance from the stroke's centre line so the shader anti-aliases every edge. Hidden nodes add
 * nothing.
 */
export function encodeNode(writer: BatchWriter, node: BatchNode, m: Matrix, detail: Detail): void {
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
  const pixel = unitsPerPixel(m, detail.pixelsPerUnit);
  if (pixel === null) return;
  const lines: Polyline[] =
    node.type === "line"
      ? [{ points: [node.start.x, node.start.y, node.end.x, node.end.y], closed: false }]
      : outlines(node, detail.step);
  if (fill !== null && node.type !== "line") {
    const rim = needsFillRim(node, stroke, pixel);
    const plan = fillRegions(
      lines.map((line) => line.points),
      node.type === "path" ? node.fillRule : "nonzero",
    );
    for (const region of plan.regions) {
      const points = [...region.outer];
      const holeStarts: number[] = [];
      for (const hole of region.holes) {
        holeStarts.push(points.length / 2);
        points.push(...hole);
      }
      writer.triangles(m, points, earcut(points, holeStarts), fill, node.opacity);
    }
    scratch.reset();
    if (rim)
      for (const edge of plan.edges) fillFringe(scratch, edge.points, pixel, !edge.filledInside);
    writer.edges(m, scratch, SHAPE_FRINGE, 0, fill, node.opacity);
  }
  if (stroke === null) return;
  const dashed = isDashed(node.stroke);
  scratch.reset();
  for (const line of lines) {
    if (!dashed) {
      strokePolyline(scratch, line.points, line.closed, node.stroke, pixel);
      continue;
    }
    for (const run of dashPolyline(line, node.stroke.dash, node.stroke.dashOffset))
      strokePolyline(scratch, run, false, node.stroke, pixel);
  }
  writer.edges(m, scratch, SHAPE_STROKE, node.stroke.width / 2, stroke, node.opacity);
}
