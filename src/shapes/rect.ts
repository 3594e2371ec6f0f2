import type { RectNode } from "../doc/types";
import { roundedRectOutline, type Polyline } from "../geometry/dash";
import { cornersBox, subpathsBox } from "../geometry/exactBox";
import { hitPainted, roundedRectHitOutline } from "../geometry/hitOutline";
import { roundedRectSubpath } from "../geometry/toPath";
import { NO_ARROW_ENDS, resizedBox, strokedBox, withoutStroke } from "./common";
import { LABEL_FIELD, sizeField } from "./fileFields";
import { isNodeOf, type ShapeKind } from "./kind";
import { boxLabelPlacement, labelledBounds, labelledHit } from "./label";

function localBounds(node: RectNode) {
  return strokedBox(node, node.width, node.height);
}

const labelPlacement = (node: RectNode) => boxLabelPlacement(node.width, node.height, 1);

function subpaths(node: RectNode) {
  return [roundedRectSubpath(node.width, node.height, node.radii)];
}

function polylines(node: RectNode, step: number): Polyline[] {
  return [roundedRectOutline(node.width, node.height, node.radii, step)];
}

function sameRadii(radii: RectNode["radii"]): boolean {
  const [a, b, c, d] = radii;
  return a === b && b === c && c === d;
}

/** The one radius of a rectangle whose corners agree; NaN when they differ (shown as Mixed). */
function uniformRadius(radii: RectNode["radii"]): number {
  const r = radii[0];
  return radii[1] === r && radii[2] === r && radii[3] === r ? r : Number.NaN;
}

function withCorner(node: RectNode, corner: 0 | 1 | 2 | 3, radius: number): RectNode {
  const radii: [number, number, number, number] = [...node.radii];
  radii[corner] = radius;
  return { ...node, radii };
}

export const isRect = isNodeOf("rect");

/**
 * Square corners, what the file reads when a rectangle's radii are left out: shared by every
 * such rectangle, as records are never mutated.
 */
const ZERO_RADII: RectNode["radii"] = Object.freeze([0, 0, 0, 0]);

/** A rectangle (0,0)–(width, height) with a radius at each corner. */
export const rectKind = {
  type: "rect",
  defaultName: "Rectangle",
  defaults: { label: null, radii: ZERO_RADII },
  rules: (_view, node, problems) => {
    if (node.radii.length !== 4 || node.radii.some((r) => r < 0))
      problems.push(`${node.id}: bad corner radii`);
  },
  file: {
    code: "R",
    styled: true,
    fields: [
      sizeField("width", "width"),
      sizeField("height", "height"),
      {
        key: "radii",
        read: "radii",
        absent: { value: ZERO_RADII, inRecords: true, is: (value) => value.every((r) => r === 0) },
      },
      LABEL_FIELD,
    ],
  },
  localBounds: labelledBounds(localBounds, labelPlacement),
  geometryBox: (node) => localBounds(withoutStroke(node)),
  outline: { subpaths, fillRule: () => "nonzero", ink: false },
  hitTest: labelledHit(
    (node, point, tolerance) =>
      hitPainted(
        roundedRectHitOutline(node.width, node.height, node.radii),
        node.stroke,
        node.fill.type !== "none",
        point,
        tolerance,
      ),
    labelPlacement,
  ),
  marqueeOutline: subpaths,
  snapBox: (node, world) =>
    node.radii.every((r) => r <= 0)
      ? cornersBox(node.width, node.height, world)
      : subpathsBox(subpaths(node), world),
  heapBytes: () => 0,
  resized: (node, _box, kx, ky) => resizedBox(node, kx, ky),
  hoverOutline: (node, step) => polylines(node, step),
  labelPlacement,
  children: null,
  // Radii scale with the smaller side, as in other editors.
  scaleFold: {
    flips: false,
    fields: (node, sx, sy) => {
      const k = Math.min(sx, sy);
      const [tl, tr, br, bl] = node.radii;
      return { ...resizedBox(node, sx, sy), radii: [tl * k, tr * k, br * k, bl * k] };
    },
  },
  pathEditing: null,
  render: {
    display: "shape",
    vector: {
      paint: "fill and stroke",
      // Rectangles with one radius, undashed, are one analytically shaded quad.
      quad: (node) =>
        sameRadii(node.radii)
          ? { shape: "box", width: node.width, height: node.height, radius: node.radii[0] }
          : null,
      polylines,
      fillRule: () => "nonzero",
      arrowEnds: () => NO_ARROW_ENDS,
    },
  },
  svg: {
    hidden: "empty",
    shape: (node) => {
      if (!sameRadii(node.radii))
        return {
          kind: "painted",
          geometry: {
            element: "rounded rect",
            width: node.width,
            height: node.height,
            radii: node.radii,
          },
          style: node,
        };
      const r = Math.max(0, Math.min(node.radii[0], Math.min(node.width, node.height) / 2));
      return {
        kind: "painted",
        geometry: {
          element: "rect",
          width: node.width,
          height: node.height,
          rx: r > 0 ? r : undefined,
        },
        style: node,
      };
    },
  },
  fields: [
    {
      field: "radius",
      read: (node) => uniformRadius(node.radii),
      write: (node, r) => ({ ...node, radii: [r, r, r, r] }),
    },
    { field: "cornerTopLeft", read: (node) => node.radii[0], write: (n, r) => withCorner(n, 0, r) },
    {
      field: "cornerTopRight",
      read: (node) => node.radii[1],
      write: (n, r) => withCorner(n, 1, r),
    },
    {
      field: "cornerBottomRight",
      read: (node) => node.radii[2],
      write: (n, r) => withCorner(n, 2, r),
    },
    {
      field: "cornerBottomLeft",
      read: (node) => node.radii[3],
      write: (n, r) => withCorner(n, 3, r),
    },
  ],
} satisfies ShapeKind<RectNode>;
