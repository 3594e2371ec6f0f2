import type { StarNode } from "../doc/types";
import { starPoints } from "../geometry/outline";
import { asPolygon, clampInnerRatio, corneredKind, withPointCount } from "./cornered";

/** A star of `points` tips in the box (0,0)–(width, height), its inner corners at `innerRatio`. */
export const starKind = corneredKind<StarNode>(
  "star",
  (node) => starPoints(node.width, node.height, node.points, node.innerRatio),
  [
    { field: "points", read: (node) => node.points, write: withPointCount },
    { field: "pointCount", read: (node) => node.points, write: withPointCount },
    { field: "star", read: () => true, write: (node, star) => (star ? node : asPolygon(node)) },
    {
      field: "innerRatio",
      read: (node) => node.innerRatio,
      write: (node, ratio) => ({ ...node, innerRatio: clampInnerRatio(ratio) }),
    },
  ],
  0.5,
);
