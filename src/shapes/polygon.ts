import type { PolygonNode } from "../doc/types";
import { regularPolygon } from "../geometry/outline";
import { asStar, corneredKind, POLYGON_NAME, withPointCount } from "./cornered";
import { LABEL_FIELD, sizeField } from "./fileFields";
import type { ShapeKind } from "./kind";

/** A regular polygon of `sides` corners in the box (0,0)–(width, height). */
export const polygonKind = {
  ...corneredKind<PolygonNode>(
    "polygon",
    (node) => regularPolygon(node.width, node.height, node.sides),
    [
      { field: "sides", read: (node) => node.sides, write: withPointCount },
      { field: "pointCount", read: (node) => node.sides, write: withPointCount },
      { field: "star", read: () => false, write: (node, star) => (star ? asStar(node) : node) },
    ],
    0.75,
  ),
  defaultName: POLYGON_NAME,
  defaults: { label: null },
  rules: (_view, node, problems) => {
    if (!Number.isInteger(node.sides) || node.sides < 3)
      problems.push(`${node.id}: polygon needs ≥ 3 sides`);
  },
  file: {
    code: "P",
    styled: true,
    fields: [
      sizeField("width", "width"),
      sizeField("height", "height"),
      { key: "sides", read: "corners" },
      LABEL_FIELD,
    ],
  },
} satisfies ShapeKind<PolygonNode>;
