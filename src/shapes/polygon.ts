import type { PolygonNode } from "../doc/types";
import { subpathsBox } from "../geometry/exactBox";
import { hitPainted, pointsHitOutline } from "../geometry/hitOutline";
import { regularPolygon } from "../geometry/outline";
import { polygonSubpath } from "../geometry/toPath";
import { NO_ARROW_ENDS, resizedBox, strokedBox, withoutStroke } from "./common";
import type { ShapeKind } from "./kind";

function localBounds(node: PolygonNode) {
  return strokedBox(node, node.width, node.height);
}

function corners(node: PolygonNode): number[] {
  return regularPolygon(node.width, node.height, node.sides);
}

function subpaths(node: PolygonNode) {
  const subpath = polygonSubpath(corners(node));
  return subpath === null ? [] : [subpath];
}

function polylines(node: PolygonNode) {
  return [{ points: corners(node), closed: true }];
}

/** A regular polygon of `sides` corners in the box (0,0)–(width, height). */
export const polygonKind = {
  type: "polygon",
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
    { field: "sides", read: (node) => node.sides },
    { field: "pointCount", read: (node) => node.sides },
    { field: "star", read: () => false },
  ],
} satisfies ShapeKind<PolygonNode>;
