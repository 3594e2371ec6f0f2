import type { LineNode, Subpath } from "../doc/types";
import { headSize } from "../geometry/arrowHeads";
import { pointsBox, strokePad } from "../geometry/bounds";
import { subpathsBox } from "../geometry/exactBox";
import { hitPainted, polylineHitOutline } from "../geometry/hitOutline";
import { scalePoint } from "./common";
import type { ArrowEnd, ShapeKind } from "./kind";

function subpaths(node: LineNode): Subpath[] {
  return [{ start: node.start, segments: [{ type: "line", to: node.end }], closed: false }];
}

function polylines(node: LineNode) {
  return [{ points: [node.start.x, node.start.y, node.end.x, node.end.y], closed: false }];
}

/** Its arrowheads, end first: the order the canvas and the SVG export draw them in. */
function arrowEnds(node: LineNode): readonly ArrowEnd[] {
  return [
    { head: node.endHead, tip: node.end, from: node.start },
    { head: node.startHead, tip: node.start, from: node.end },
  ];
}

/** A straight line from `start` to `end`; an arrow is a line with a head at one or both ends. */
export const lineKind = {
  type: "line",
  localBounds: (node) => {
    const heads =
      node.startHead !== "none" || node.endHead !== "none" ? headSize(node.stroke.width) : 0;
    return pointsBox(
      [node.start.x, node.end.x],
      [node.start.y, node.end.y],
      strokePad(node) + heads,
    );
  },
  // Its two end points: arrowheads belong to the stroke.
  geometryBox: (node) => ({
    minX: Math.min(node.start.x, node.end.x),
    minY: Math.min(node.start.y, node.end.y),
    maxX: Math.max(node.start.x, node.end.x),
    maxY: Math.max(node.start.y, node.end.y),
  }),
  outline: { subpaths, fillRule: () => "nonzero", ink: false },
  // A line has no area to fill.
  hitTest: (node, point, tolerance) =>
    hitPainted(
      polylineHitOutline(
        [{ points: [node.start.x, node.start.y, node.end.x, node.end.y], closed: false }],
        "nonzero",
      ),
      node.stroke,
      false,
      point,
      tolerance,
    ),
  marqueeOutline: subpaths,
  snapBox: (node, world) => subpathsBox(subpaths(node), world),
  heapBytes: () => 0,
  resized: (node, box, kx, ky) => {
    const anchor = { x: box.minX, y: box.minY };
    return {
      start: scalePoint(node.start, anchor, kx, ky),
      end: scalePoint(node.end, anchor, kx, ky),
    };
  },
  hoverOutline: (node) => polylines(node),
  render: {
    display: "shape",
    vector: {
      paint: "stroke",
      quad: () => null,
      polylines,
      fillRule: () => "nonzero",
      arrowEnds,
    },
  },
  svg: {
    hidden: "empty",
    shape: (node) => ({
      kind: "line",
      start: node.start,
      end: node.end,
      stroke: node.stroke,
      arrowEnds: arrowEnds(node),
    }),
  },
  fields: [
    { field: "startHead", read: (node) => node.startHead },
    { field: "endHead", read: (node) => node.endHead },
  ],
} satisfies ShapeKind<LineNode>;
