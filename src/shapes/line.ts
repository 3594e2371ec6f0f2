import { boundEndRules } from "../doc/invariants";
import type { LineNode, Subpath } from "../doc/types";
import { headSize } from "../geometry/arrowHeads";
import { pointsBox, strokePad } from "../geometry/bounds";
import { subpathsBox } from "../geometry/exactBox";
import { hitPainted, polylineHitOutline } from "../geometry/hitOutline";
import { IDENTITY_MATRIX } from "../doc/transform";
import { pathOutlines } from "../geometry/dash";
import { pathNodeFrom } from "../geometry/toPath";
import { scalePoint } from "./common";
import { absentAs, LABEL_FIELD } from "./fileFields";
import { routePoints, routeSubpath, routeTangents, withRoute } from "./lineRoute";
import { isNodeOf, type ArrowEnd, type ShapeKind } from "./kind";
import { labelledBounds, labelledHit, lineLabelPlacement } from "./label";

function subpaths(node: LineNode): Subpath[] {
  return [routeSubpath(node)];
}

function polylines(node: LineNode, step?: number) {
  return node.route === "straight"
    ? [{ points: routePoints(node), closed: false }]
    : pathOutlines({ subpaths: subpaths(node) }, step);
}

/** Its arrowheads, end first: the order the canvas and the SVG export draw them in. */
function arrowEnds(node: LineNode): readonly ArrowEnd[] {
  const { afterStart, beforeEnd } = routeTangents(node);
  return [
    { head: node.endHead, tip: node.end, from: beforeEnd },
    { head: node.startHead, tip: node.start, from: afterStart },
  ];
}

const labelPlacement = (node: LineNode) => lineLabelPlacement(node, node.label?.position ?? 0.5);

function localBounds(node: LineNode) {
  const heads =
    node.startHead !== "none" || node.endHead !== "none" ? headSize(node.stroke.width) : 0;
  const box = subpathsBox(subpaths(node), IDENTITY_MATRIX);
  if (box === null) return null;
  const pad = strokePad(node) + heads;
  return pointsBox([box.minX, box.maxX], [box.minY, box.maxY], pad);
}

export const isLine = isNodeOf("line");

/**
 * A line from `start` to `end`, straight, curved or in elbows (`lineRoute.ts`); an arrow is a
 * line with a head at one or both ends.
 */
export const lineKind = {
  type: "line",
  defaultName: "Line",
  defaults: {
    startHead: "none",
    endHead: "none",
    startBinding: null,
    endBinding: null,
    route: "straight",
    bend: 0.5,
    label: null,
  },
  rules: boundEndRules,
  file: {
    code: "L",
    styled: true,
    fields: [
      { key: "start", read: "vec2" },
      { key: "end", read: "vec2" },
      { key: "startHead", read: "arrowHead" },
      { key: "endHead", read: "arrowHead" },
      // Free ends, straight and bent halfway: what lines were before connectors.
      { key: "startBinding", read: "binding", absent: absentAs(null) },
      { key: "endBinding", read: "binding", absent: absentAs(null) },
      { key: "route", read: "lineRoute", absent: absentAs("straight") },
      { key: "bend", read: "coordinate", absent: absentAs(0.5) },
      LABEL_FIELD,
    ],
  },
  localBounds: labelledBounds(localBounds, labelPlacement),
  // Where it runs: arrowheads belong to the stroke.
  geometryBox: (node) => subpathsBox(subpaths(node), IDENTITY_MATRIX),
  outline: { subpaths, fillRule: () => "nonzero", ink: false },
  // A line has no area to fill.
  hitTest: labelledHit(
    (node, point, tolerance) =>
      hitPainted(
        polylineHitOutline([{ points: routePoints(node), closed: false }], "nonzero"),
        node.stroke,
        false,
        point,
        tolerance,
      ),
    labelPlacement,
  ),
  marqueeOutline: subpaths,
  snapBox: (node, world) => subpathsBox(subpaths(node), world),
  heapBytes: () => 0,
  resized: (node, box, kx, ky) => {
    const anchor = { x: box.minX, y: box.minY };
    return {
      start: scalePoint(node.start, anchor, kx, ky),
      end: scalePoint(node.end, anchor, kx, ky),
    };
  },
  hoverOutline: (node) => polylines(node),
  labelPlacement,
  children: null,
  // A flip goes into its ends: a line has no inside to turn over.
  scaleFold: {
    flips: true,
    fields: (node, sx, sy) => ({
      start: { x: node.start.x * sx, y: node.start.y * sy },
      end: { x: node.end.x * sx, y: node.end.y * sy },
    }),
  },
  // Edited as its one segment from start to end; anything more makes it a path.
  pathEditing: {
    subpaths: (node) => [
      { start: node.start, segments: [{ type: "line", to: node.end }], closed: false },
    ],
    withSubpaths: (node, subpaths) => {
      const only = subpaths.length === 1 ? subpaths[0]! : null;
      const segment = only?.segments.length === 1 ? only.segments[0]! : null;
      if (only !== null && !only.closed && segment?.type === "line")
        return { ...node, start: only.start, end: segment.to };
      return pathNodeFrom(node, {
        fill: node.fill,
        stroke: node.stroke,
        subpaths: [...subpaths],
        fillRule: "nonzero",
      });
    },
  },
  render: {
    display: "shape",
    vector: {
      paint: "stroke",
      quad: () => null,
      polylines,
      fillRule: () => "nonzero",
      arrowEnds,
    },
  },
  svg: {
    hidden: "empty",
    shape: (node) => ({
      kind: "line",
      subpaths: subpaths(node),
      stroke: node.stroke,
      arrowEnds: arrowEnds(node),
    }),
  },
  fields: [
    {
      field: "startHead",
      read: (node) => node.startHead,
      write: (node, startHead) => ({ ...node, startHead }),
    },
    {
      field: "endHead",
      read: (node) => node.endHead,
      write: (node, endHead) => ({ ...node, endHead }),
    },
    { field: "route", read: (node) => node.route, write: withRoute },
  ],
} satisfies ShapeKind<LineNode>;
