import type { PolygonNode } from "../doc/types";
import { regularPolygon } from "../geometry/outline";
import { asStar, corneredKind, withPointCount } from "./cornered";

/** A regular polygon of `sides` corners in the box (0,0)–(width, height). */
export const polygonKind = corneredKind<PolygonNode>(
  "polygon",
  (node) => regularPolygon(node.width, node.height, node.sides),
  [
    { field: "sides", read: (node) => node.sides, write: withPointCount },
    { field: "pointCount", read: (node) => node.sides, write: withPointCount },
    { field: "star", read: () => false, write: (node, star) => (star ? asStar(node) : node) },
  ],
  0.75,
);
