import type { PolygonNode } from "../doc/types";
import { regularPolygon } from "../geometry/outline";
import { corneredKind } from "./cornered";

/** A regular polygon of `sides` corners in the box (0,0)–(width, height). */
export const polygonKind = corneredKind<PolygonNode>(
  "polygon",
  (node) => regularPolygon(node.width, node.height, node.sides),
  [
    { field: "sides", read: (node) => node.sides },
    { field: "pointCount", read: (node) => node.sides },
    { field: "star", read: () => false },
  ],
  0.75,
);
