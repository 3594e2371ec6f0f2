import type { StarNode } from "../doc/types";
import { starPoints } from "../geometry/outline";
import { corneredKind } from "./cornered";

/** A star of `points` tips in the box (0,0)–(width, height), its inner corners at `innerRatio`. */
export const starKind = corneredKind<StarNode>(
  "star",
  (node) => starPoints(node.width, node.height, node.points, node.innerRatio),
  [
    { field: "points", read: (node) => node.points },
    { field: "pointCount", read: (node) => node.points },
    { field: "star", read: () => true },
    { field: "innerRatio", read: (node) => node.innerRatio },
  ],
  0.5,
);
