import type { Graphics } from "pixi.js";
import type {
  ArrowHead,
  EllipseNode,
  FrameNode,
  LineNode,
  PathNode,
  PolygonNode,
  RectNode,
  StarNode,
  Vec2,
} from "../doc/types";
import {
  dashPolyline,
  ellipseOutline,
  pathOutlines,
  roundedRectOutline,
  type Polyline,
} from "./dash";
import { clampRadii, regularPolygon, starPoints } from "./outline";
import { fillInput, strokeInput } from "./paint";

/** Shapes drawn as vector geometry; text and images are separate display objects. */
export type VectorNode =
  RectNode | FrameNode | EllipseNode | PolygonNode | StarNode | PathNode | LineNode;

/**
 * Traces a node's outline into `g` in its local coordinates, then fills and strokes it. Every
 * box-like shape spans (0, 0)–(width, height) locally; its transform places it.
 */
export function drawVector(g: Graphics, node: VectorNode): void {
  g.clear();
  switch (node.type) {
    case "rect":
      traceRoundedRect(g, node.width, node.height, node.radii);
      break;
    case "frame":
      g.rect(0, 0, node.width, node.height);
      break;
    case "ellipse":
      g.ellipse(node.width / 2, node.height / 2, node.width / 2, node.height / 2);
      break;
    case "polygon":
      g.poly(regularPolygon(node.width, node.height, node.sides), true);
      break;
    case "star":
      g.poly(starPoints(node.width, node.height, node.points, node.innerRatio), true);
      break;
    case "path":
      tracePath(g, node);
      break;
    case "line":
      drawLine(g, node);
      return;
  }
  const fill = fillInput(node.fill);
  if (fill !== null) g.fill(fill);
  const stroke = strokeInput(node.stroke);
  if (stroke === null) return;
  if (!isDashed(node.stroke.dash)) {
    g.stroke(stroke);
    return;
  }
  // PixiJS strokes only solid lines: the outline is cut into its dashes, each stroked open.
  g.beginPath();
  for (const outline of outlines(node)) {
    for (const run of dashPolyline(outline, node.stroke.dash, node.stroke.dashOffset))
      traceRun(g, run);
  }
  g.stroke(stroke);
}

function isDashed(dash: readonly number[]): boolean {
  return dash.length > 0 && dash.some((d) => d > 0) && dash.every((d) => d >= 0);
}

function traceRun(g: Graphics, run: readonly number[]): void {
  g.moveTo(run[0]!, run[1]!);
  for (let i = 2; i < run.length; i += 2) g.lineTo(run[i]!, run[i + 1]!);
}

/** The node's outline as polylines, for cutting into dashes. */
function outlines(node: Exclude<VectorNode, LineNode>): Polyline[] {
  switch (node.type) {
    case "rect":
      return [roundedRectOutline(node.width, node.height, node.radii)];
    case "frame":
      return [roundedRectOutline(node.width, node.height, [0, 0, 0, 0])];
    case "ellipse":
      return [ellipseOutline(node.width, node.height)];
    case "polygon":
      return [{ points: regularPolygon(node.width, node.height, node.sides), closed: true }];
    case "star":
      return [
        { points: starPoints(node.width, node.height, node.points, node.innerRatio), closed: true },
      ];
    case "path":
      return pathOutlines(node);
  }
}

function traceRoundedRect(g: Graphics, w: number, h: number, radii: readonly number[]): void {
  const [tl, tr, br, bl] = clampRadii(w, h, radii) as [number, number, number, number];
  if (tl === 0 && tr === 0 && br === 0 && bl === 0) {
    g.rect(0, 0, w, h);
    return;
  }
  g.moveTo(tl, 0);
  g.lineTo(w - tr, 0);
  if (tr > 0) g.arcTo(w, 0, w, tr, tr);
  g.lineTo(w, h - br);
  if (br > 0) g.arcTo(w, h, w - br, h, br);
  g.lineTo(bl, h);
  if (bl > 0) g.arcTo(0, h, 0, h - bl, bl);
  g.lineTo(0, tl);
  if (tl > 0) g.arcTo(0, 0, tl, 0, tl);
  g.closePath();
}

function tracePath(g: Graphics, node: PathNode): void {
  for (const subpath of node.subpaths) {
    g.moveTo(subpath.start.x, subpath.start.y);
    for (const segment of subpath.segments) {
      if (segment.type === "line") g.lineTo(segment.to.x, segment.to.y);
      else if (segment.type === "quad")
        g.quadraticCurveTo(segment.control.x, segment.control.y, segment.to.x, segment.to.y);
      else {
        g.bezierCurveTo(
          segment.control1.x,
          segment.control1.y,
          segment.control2.x,
          segment.control2.y,
          segment.to.x,
          segment.to.y,
        );
      }
    }
    if (subpath.closed) g.closePath();
  }
}

function drawLine(g: Graphics, node: LineNode): void {
  const stroke = strokeInput(node.stroke);
  if (stroke === null) return;
  const line = { points: [node.start.x, node.start.y, node.end.x, node.end.y], closed: false };
  const runs = isDashed(node.stroke.dash)
    ? dashPolyline(line, node.stroke.dash, node.stroke.dashOffset)
    : [line.points];
  for (const run of runs) traceRun(g, run);
  g.stroke(stroke);
  const size = Math.max(6, node.stroke.width * 3);
  drawHead(g, node.endHead, node.end, node.start, size, node);
  drawHead(g, node.startHead, node.start, node.end, size, node);
}

/** An arrowhead at `tip`, pointing away from `from`. */
function drawHead(
  g: Graphics,
  head: ArrowHead,
  tip: Vec2,
  from: Vec2,
  size: number,
  node: LineNode,
): void {
  if (head === "none") return;
  const stroke = strokeInput(node.stroke);
  const color = node.stroke.paint;
  if (stroke === null || color === null) return;
  const angle = Math.atan2(tip.y - from.y, tip.x - from.x);
  const at = (distance: number, spread: number): [number, number] => [
    tip.x - Math.cos(angle + spread) * distance,
    tip.y - Math.sin(angle + spread) * distance,
  ];
  const solid = fillInput(color) ?? { color: 0 };
  switch (head) {
    case "arrow": {
      const [ax, ay] = at(size, Math.PI / 6);
      const [bx, by] = at(size, -Math.PI / 6);
      g.moveTo(ax, ay).lineTo(tip.x, tip.y).lineTo(bx, by).stroke(stroke);
      break;
    }
    case "triangle":
      g.poly([tip.x, tip.y, ...at(size, Math.PI / 7), ...at(size, -Math.PI / 7)], true).fill(solid);
      break;
    case "circle":
      g.circle(tip.x, tip.y, size / 2.5).fill(solid);
      break;
    case "diamond":
      g.poly(
        [tip.x, tip.y, ...at(size / 2, Math.PI / 4), ...at(size, 0), ...at(size / 2, -Math.PI / 4)],
        true,
      ).fill(solid);
      break;
    case "bar": {
      const [ax, ay] = at(0, Math.PI / 2);
      const nx = Math.cos(angle + Math.PI / 2) * (size / 2);
      const ny = Math.sin(angle + Math.PI / 2) * (size / 2);
      g.moveTo(ax - nx, ay - ny)
        .lineTo(ax + nx, ay + ny)
        .stroke(stroke);
      break;
    }
  }
}
