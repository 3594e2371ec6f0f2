import type { StarNode } from "../doc/types";
import { starPoints } from "../geometry/outline";
import {
  asPolygon,
  clampInnerRatio,
  corneredKind,
  DEFAULT_INNER_RATIO,
  STAR_NAME,
  withPointCount,
} from "./cornered";
import { LABEL_FIELD, sizeField } from "./fileFields";
import type { ShapeKind } from "./kind";

/** A star of `points` tips in the box (0,0)–(width, height), its inner corners at `innerRatio`. */
export const starKind = {
  ...corneredKind<StarNode>(
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
  ),
  defaultName: STAR_NAME,
  defaults: { label: null, innerRatio: DEFAULT_INNER_RATIO },
  rules: (_view, node, problems) => {
    if (!Number.isInteger(node.points) || node.points < 3)
      problems.push(`${node.id}: star needs ≥ 3 points`);
    if (node.innerRatio <= 0 || node.innerRatio > 1)
      problems.push(`${node.id}: star inner ratio outside (0, 1]`);
  },
  file: {
    code: "S",
    styled: true,
    fields: [
      sizeField("width", "width"),
      sizeField("height", "height"),
      { key: "points", read: "corners" },
      { key: "innerRatio", read: "innerRatio" },
      LABEL_FIELD,
    ],
  },
} satisfies ShapeKind<StarNode>;
