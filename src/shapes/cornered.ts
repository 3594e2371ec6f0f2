import type { PolygonNode, StarNode } from "../doc/types";
import { subpathsBox } from "../geometry/exactBox";
import { hitPainted, pointsHitOutline } from "../geometry/hitOutline";
import { polygonSubpath } from "../geometry/toPath";
import { NO_ARROW_ENDS, resizedBox, strokedBox, withoutStroke } from "./common";
import type { ShapeKind } from "./kind";
import { boxLabelPlacement, labelledBounds, labelledHit } from "./label";

/** The kinds that are one closed outline through corners laid out in their box. */
type CorneredNode = PolygonNode | StarNode;

/**
 * The record of a kind drawn as the closed outline through `corners` (local x, y pairs in the box
 * (0,0)–(width, height)): polygons and stars differ only in where the corners go and in their
 * panel fields.
 */
export function corneredKind<T extends CorneredNode>(
  type: T["type"],
  corners: (node: T) => number[],
  fields: ShapeKind<T>["fields"],
  /** The share of its width clear of its outline at its middle height: where labels wrap. */
  inside: number,
): ShapeKind<T> {
  const localBounds = (node: T) => strokedBox(node, node.width, node.height);
  const labelPlacement = (node: T) => boxLabelPlacement(node.width, node.height, inside);
  const subpaths = (node: T) => {
    const subpath = polygonSubpath(corners(node));
    return subpath === null ? [] : [subpath];
  };
  const polylines = (node: T) => [{ points: corners(node), closed: true }];
  return {
    type,
    localBounds: labelledBounds(localBounds, labelPlacement),
    geometryBox: (node) => localBounds(withoutStroke(node)),
    outline: { subpaths, fillRule: () => "nonzero", ink: false },
    hitTest: labelledHit(
      (node, point, tolerance) =>
        hitPainted(
          pointsHitOutline(corners(node)),
          node.stroke,
          node.fill.type !== "none",
          point,
          tolerance,
        ),
      labelPlacement,
    ),
    marqueeOutline: subpaths,
    snapBox: (node, world) => subpathsBox(subpaths(node), world),
    heapBytes: () => 0,
    // Both kinds hold their geometry in width and height.
    resized: (node, _box, kx, ky) => resizedBox(node, kx, ky) as Partial<T>,
    hoverOutline: (node) => polylines(node),
    labelPlacement,
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
    fields,
  };
}
