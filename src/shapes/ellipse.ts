import { NO_RULES } from "../doc/invariants";
import type { EllipseNode } from "../doc/types";
import { ellipseOutline } from "../geometry/dash";
import { ellipseBox } from "../geometry/exactBox";
import { ellipseHitOutline, hitPainted } from "../geometry/hitOutline";
import { ellipseSubpath } from "../geometry/toPath";
import { NO_ARROW_ENDS, resizedBox, strokedBox, withoutStroke } from "./common";
import { LABEL_FIELD, sizeField } from "./fileFields";
import type { ShapeKind } from "./kind";
import { boxLabelPlacement, labelledBounds, labelledHit } from "./label";

function localBounds(node: EllipseNode) {
  return strokedBox(node, node.width, node.height);
}

// The box inscribed in an ellipse is 1/√2 of its width.
const labelPlacement = (node: EllipseNode) =>
  boxLabelPlacement(node.width, node.height, Math.SQRT1_2);

function subpaths(node: EllipseNode) {
  return [ellipseSubpath(node.width, node.height)];
}

function polylines(node: EllipseNode, step: number) {
  return [ellipseOutline(node.width, node.height, step)];
}

/** The ellipse inscribed in the box (0,0)–(width, height). */
export const ellipseKind = {
  type: "ellipse",
  defaultName: "Ellipse",
  defaults: { label: null },
  rules: NO_RULES,
  file: {
    code: "E",
    styled: true,
    fields: [sizeField("width", "width"), sizeField("height", "height"), LABEL_FIELD],
  },
  localBounds: labelledBounds(localBounds, labelPlacement),
  geometryBox: (node) => localBounds(withoutStroke(node)),
  outline: { subpaths, fillRule: () => "nonzero", ink: false },
  hitTest: labelledHit(
    (node, point, tolerance) =>
      hitPainted(
        ellipseHitOutline(node.width, node.height),
        node.stroke,
        node.fill.type !== "none",
        point,
        tolerance,
      ),
    labelPlacement,
  ),
  marqueeOutline: subpaths,
  snapBox: (node, world) => ellipseBox(node.width, node.height, world),
  heapBytes: () => 0,
  resized: (node, _box, kx, ky) => resizedBox(node, kx, ky),
  hoverOutline: (node, step) => polylines(node, step),
  labelPlacement,
  children: null,
  scaleFold: { flips: false, fields: resizedBox },
  pathEditing: null,
  render: {
    display: "shape",
    vector: {
      paint: "fill and stroke",
      // Exact at every zoom: one analytically shaded quad.
      quad: (node) => ({ shape: "ellipse", width: node.width, height: node.height, radius: 0 }),
      polylines,
      fillRule: () => "nonzero",
      arrowEnds: () => NO_ARROW_ENDS,
    },
  },
  svg: {
    hidden: "empty",
    shape: (node) => ({
      kind: "painted",
      geometry: { element: "ellipse", width: node.width, height: node.height },
      style: node,
    }),
  },
  fields: [],
} satisfies ShapeKind<EllipseNode>;
