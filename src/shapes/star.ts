import type { StarNode } from "../doc/types";
import { subpathsBox } from "../geometry/exactBox";
import { hitPainted, pointsHitOutline } from "../geometry/hitOutline";
import { starPoints } from "../geometry/outline";
import { polygonSubpath } from "../geometry/toPath";
import { NO_ARROW_ENDS, resizedBox, strokedBox, withoutStroke } from "./common";
import type { ShapeKind } from "./kind";

function localBounds(node: StarNode) {
  return strokedBox(node, node.width, node.height);
}

function corners(node: StarNode): number[] {
  return starPoints(node.width, node.height, node.points, node.innerRatio);
}

function subpaths(node: StarNode) {
  const subpath = polygonSubpath(corners(node));
  return subpath === null ? [] : [subpath];
}

function polylines(node: StarNode) {
  return [{ points: corners(node), closed: true }];
}

/** A star of `points` tips in the box (0,0)–(width, height), its inner corners at `innerRatio`. */
export const starKind = {
  type: "star",
  localBounds,
  geometryBox: (node) => localBounds(withoutStroke(node)),
  outline: { subpaths, fillRule: () => "nonzero", ink: false },
  hitTest: (node, point, tolerance) =>
    hitPainted(
      pointsHitOutline(corners(node)),
      node.stroke,
      node.fill.type !== "none",
      point,
      tolerance,
    ),
  marqueeOutline: subpaths,
  snapBox: (node, world) => subpathsBox(subpaths(node), world),
  heapBytes: () => 0,
  resized: (node, _box, kx, ky) => resizedBox(node, kx, ky),
  hoverOutline: (node) => polylines(node),
  render: {
    display: "shape",
    vector: {
      paint: "fill and stroke",
      quad: () => null,
      polylines,
      fillRule: () => "nonzero",
      arrowEnds: () => NO_ARROW_ENDS,
    },
  },
  svg: {
    hidden: "empty",
    shape: (node) => ({
      kind: "painted",
      geometry: { element: "polygon", points: corners(node) },
      style: node,
    }),
  },
  fields: [
    { field: "points", read: (node) => node.points },
    { field: "pointCount", read: (node) => node.points },
    { field: "star", read: () => true },
    { field: "innerRatio", read: (node) => node.innerRatio },
  ],
} satisfies ShapeKind<StarNode>;
