import type { DocRecord, PolygonNode, StarNode } from "../doc/types";
import { IDENTITY_MATRIX } from "../doc/transform";
import { subpathsBox } from "../geometry/exactBox";
import { hitPainted, pointsHitOutline } from "../geometry/hitOutline";
import { polygonSubpath } from "../geometry/toPath";
import { strokePad } from "../geometry/bounds";
import { NO_ARROW_ENDS, resizedBox } from "./common";
import { isNodeOf, type ShapeKind } from "./kind";
import { boxLabelPlacement, labelledBounds, labelledHit } from "./label";

/** The kinds that are one closed outline through corners laid out in their box. */
type CorneredNode = PolygonNode | StarNode;

/** A polygon or a star: the two kinds the polygon tool makes and the Star toggle flips between. */
export type PolygonLike = CorneredNode;

/** What new polygons and stars are called: their kinds' default names, which renaming follows. */
export const POLYGON_NAME = "Polygon";
export const STAR_NAME = "Star";

/** Inner radius over outer radius of a star made without one given. */
export const DEFAULT_INNER_RATIO = 0.5;

/** What people may type for the point count and the inner ratio; the invariants allow no less. */
export const STAR_LIMITS = {
  count: { min: 3, max: 100 },
  /** The invariants reject 0 (no star left) and more than 1 (the tips would point inwards). */
  innerRatio: { min: 0.01, max: 1 },
} as const;

export const isPolygon = isNodeOf("polygon");
export const isStar = isNodeOf("star");

export function isPolygonLike(node: DocRecord | null | undefined): node is PolygonLike {
  return isPolygon(node) || isStar(node);
}

/** The number a person calls the shape's points: a polygon's corners or a star's tips. */
export function pointCount(node: PolygonLike): number {
  return isPolygon(node) ? node.sides : node.points;
}

function clampCount(count: number): number {
  const n = Math.round(Number.isFinite(count) ? count : STAR_LIMITS.count.min);
  return Math.min(STAR_LIMITS.count.max, Math.max(STAR_LIMITS.count.min, n));
}

export function clampInnerRatio(ratio: number): number {
  const r = Number.isFinite(ratio) ? ratio : DEFAULT_INNER_RATIO;
  return Math.min(STAR_LIMITS.innerRatio.max, Math.max(STAR_LIMITS.innerRatio.min, r));
}

/** The same shape with another number of corners or tips, clamped to what a document allows. */
export function withPointCount<T extends PolygonLike>(node: T, count: number): T {
  const n = clampCount(count);
  return isPolygon(node) ? { ...node, sides: n } : { ...node, points: n };
}

/** A name the program gave follows the kind; one the person typed stays. */
function renamed(name: string, from: string, to: string): string {
  return name === from ? to : name;
}

/**
 * The shape as a star in the same box, id, place and style: a polygon's corners become its tips.
 * A star stays one, taking the count and ratio when given.
 */
export function asStar(
  node: PolygonLike,
  options: { readonly points?: number; readonly innerRatio?: number } = {},
): StarNode {
  const points = clampCount(options.points ?? pointCount(node));
  const innerRatio = clampInnerRatio(
    options.innerRatio ?? (isStar(node) ? node.innerRatio : DEFAULT_INNER_RATIO),
  );
  if (isStar(node)) return { ...node, points, innerRatio };
  const { sides: _sides, ...rest } = node;
  return {
    ...rest,
    type: "star",
    name: renamed(node.name, POLYGON_NAME, STAR_NAME),
    points,
    innerRatio,
  };
}

/** The shape as a regular polygon, its tips becoming corners. */
export function asPolygon(node: PolygonLike): PolygonNode {
  if (isPolygon(node)) return node;
  const { points, innerRatio: _ratio, ...rest } = node;
  return {
    ...rest,
    type: "polygon",
    name: renamed(node.name, STAR_NAME, POLYGON_NAME),
    sides: points,
  };
}

/** What each of the two kinds says of itself: its name, defaults, rules and file fields. */
type OwnParts = "defaultName" | "defaults" | "rules" | "file";

/**
 * The record of a kind drawn as the closed outline through `corners` (local x, y pairs in the box
 * (0,0)–(width, height)), less its `OwnParts`: polygons and stars differ only in where the
 * corners go, in their panel fields and in those.
 */
export function corneredKind<T extends CorneredNode>(
  type: T["type"],
  corners: (node: T) => number[],
  fields: ShapeKind<T>["fields"],
  /** The share of its width clear of its outline at its middle height: where labels wrap. */
  inside: number,
): Omit<ShapeKind<T>, OwnParts> {
  // Its corners' own box, which the selection frame, the handles and the X, Y, W and H fields
  // all measure: a pentagon does not reach the sides of the box it was drawn in, and a frame
  // round that box left a gap the handles pulled across.
  const cornersBox = (node: T) => subpathsBox(subpaths(node), IDENTITY_MATRIX);
  const localBounds = (node: T) => {
    const box = cornersBox(node);
    const pad = strokePad(node);
    return box === null
      ? null
      : { minX: box.minX - pad, minY: box.minY - pad, maxX: box.maxX + pad, maxY: box.maxY + pad };
  };
  const labelPlacement = (node: T) => boxLabelPlacement(node.width, node.height, inside);
  const subpaths = (node: T) => {
    const subpath = polygonSubpath(corners(node));
    return subpath === null ? [] : [subpath];
  };
  const polylines = (node: T) => [{ points: corners(node), closed: true }];
  return {
    type,
    localBounds: labelledBounds(localBounds, labelPlacement),
    geometryBox: cornersBox,
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
    children: null,
    scaleFold: { flips: false, fields: (node, sx, sy) => resizedBox(node, sx, sy) as Partial<T> },
    pathEditing: null,
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
