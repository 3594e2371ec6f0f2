import { NO_RULES } from "../doc/invariants";
import type { PathNode, PathSegment } from "../doc/types";
import { flattenSubpaths } from "../geometry/bezier";
import { strokePad } from "../geometry/bounds";
import { pathOutlines } from "../geometry/dash";
import { subpathsBox } from "../geometry/exactBox";
import { hitPainted, polylineHitOutline } from "../geometry/hitOutline";
import type { Point } from "../math/point";
import type { Box } from "../math/box";
import { HEAP_OBJECT_BYTES, NO_ARROW_ENDS, scalePoint } from "./common";
import { absentAs } from "./fileFields";
import { isNodeOf, type ShapeKind } from "./kind";

function localBounds(node: PathNode): Box | null {
  return pointsBoxOf(node, strokePad(node));
}

/**
 * The box around a path's points grown by `pad`: written out, with no closure or copy of the
 * node, since it runs for every path when a page is indexed and for every child of a selected
 * group each time the selection is measured.
 */
function pointsBoxOf(node: PathNode, pad: number): Box | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let points = 0;
  for (const sub of node.subpaths) {
    const start = sub.start;
    if (start.x < minX) minX = start.x;
    if (start.x > maxX) maxX = start.x;
    if (start.y < minY) minY = start.y;
    if (start.y > maxY) maxY = start.y;
    points += 1;
    for (const seg of sub.segments) {
      const to = seg.to;
      if (to.x < minX) minX = to.x;
      if (to.x > maxX) maxX = to.x;
      if (to.y < minY) minY = to.y;
      if (to.y > maxY) maxY = to.y;
      if (seg.type === "quad") {
        const c = seg.control;
        if (c.x < minX) minX = c.x;
        if (c.x > maxX) maxX = c.x;
        if (c.y < minY) minY = c.y;
        if (c.y > maxY) maxY = c.y;
      } else if (seg.type === "cubic") {
        const c1 = seg.control1;
        const c2 = seg.control2;
        if (c1.x < minX) minX = c1.x;
        if (c1.x > maxX) maxX = c1.x;
        if (c1.y < minY) minY = c1.y;
        if (c1.y > maxY) maxY = c1.y;
        if (c2.x < minX) minX = c2.x;
        if (c2.x > maxX) maxX = c2.x;
        if (c2.y < minY) minY = c2.y;
        if (c2.y > maxY) maxY = c2.y;
      }
      points += 1;
    }
  }
  return points === 0
    ? null
    : { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
}

function subpaths(node: PathNode) {
  return node.subpaths.slice();
}

/** The node's subpaths with every point, control points included, taken through `f`. */
function mappedSubpaths(node: PathNode, f: (p: Point) => Point): PathNode["subpaths"] {
  return node.subpaths.map((sub) => ({
    ...sub,
    start: f(sub.start),
    segments: sub.segments.map((s) => scaleSegment(s, f)),
  }));
}

function scaleSegment(s: PathSegment, f: (p: Point) => Point): PathSegment {
  switch (s.type) {
    case "line":
      return { type: "line", to: f(s.to) };
    case "quad":
      return { type: "quad", control: f(s.control), to: f(s.to) };
    case "cubic":
      return { type: "cubic", control1: f(s.control1), control2: f(s.control2), to: f(s.to) };
  }
}

/**
 * Fewest chords `pathOutlines` cuts a curve into: counting with it bounds the work up front. The
 * cap itself is checked again on the flattened outline, so it holds whatever the helper does.
 */
const MIN_CHORDS_PER_CURVE = 8;

/**
 * An upper bound of the points `pathOutlines` gives at `step`, counted only until it passes
 * `limit`: a path far over the cap is refused after `limit` segments, without being flattened.
 */
export function pathPointBound(node: PathNode, step: number, limit: number): number {
  let count = 0;
  for (const subpath of node.subpaths) {
    count += 1;
    let x = subpath.start.x;
    let y = subpath.start.y;
    for (const seg of subpath.segments) {
      if (seg.type === "line") count += 1;
      else {
        const polygon =
          seg.type === "quad"
            ? Math.hypot(seg.control.x - x, seg.control.y - y) +
              Math.hypot(seg.to.x - seg.control.x, seg.to.y - seg.control.y)
            : Math.hypot(seg.control1.x - x, seg.control1.y - y) +
              Math.hypot(seg.control2.x - seg.control1.x, seg.control2.y - seg.control1.y) +
              Math.hypot(seg.to.x - seg.control2.x, seg.to.y - seg.control2.y);
        count += Math.ceil(polygon / step) + MIN_CHORDS_PER_CURVE;
      }
      if (count > limit) return count;
      x = seg.to.x;
      y = seg.to.y;
    }
  }
  return count;
}

export const isPath = isNodeOf("path");

/** Subpaths of lines, quadratic and cubic Béziers, open or closed, filled by `fillRule`. */
export const pathKind = {
  type: "path",
  defaultName: "Path",
  defaults: {},
  rules: NO_RULES,
  file: {
    code: "A",
    styled: true,
    fields: [
      { key: "subpaths", read: "subpaths", column: "subpaths" },
      { key: "fillRule", read: "fillRule", absent: absentAs("nonzero", false) },
    ],
  },
  localBounds,
  geometryBox: (node) => pointsBoxOf(node, 0),
  outline: { subpaths, fillRule: (node) => node.fillRule, ink: false },
  // Curves are flattened to a tenth of the tolerance.
  hitTest: (node, point, tolerance) =>
    hitPainted(
      polylineHitOutline(
        flattenSubpaths(node.subpaths, Math.max(tolerance / 10, 1e-9)),
        node.fillRule,
      ),
      node.stroke,
      node.fill.type !== "none",
      point,
      tolerance,
    ),
  marqueeOutline: subpaths,
  snapBox: (node, world) => subpathsBox(subpaths(node), world),
  heapBytes: (node) => {
    let segments = 0;
    for (const subpath of node.subpaths) segments += subpath.segments.length;
    return (node.subpaths.length + segments * 2) * HEAP_OBJECT_BYTES;
  },
  resized: (node, box, kx, ky) => {
    const anchor = { x: box.minX, y: box.minY };
    return { subpaths: mappedSubpaths(node, (p) => scalePoint(p, anchor, kx, ky)) };
  },
  hoverOutline: (node, step, limit) =>
    pathPointBound(node, step, limit) > limit ? null : pathOutlines(node, step),
  labelPlacement: null,
  children: null,
  // A flip goes into the points too: mirrored points fill the same area under either rule.
  scaleFold: {
    flips: true,
    fields: (node, sx, sy) => ({
      subpaths: mappedSubpaths(node, (p) => ({ x: p.x * sx, y: p.y * sy })),
    }),
  },
  pathEditing: {
    subpaths: (node) => node.subpaths,
    withSubpaths: (node, subpaths) => ({ ...node, subpaths }),
  },
  render: {
    display: "shape",
    vector: {
      paint: "fill and stroke",
      quad: () => null,
      polylines: (node, step) => pathOutlines(node, step),
      fillRule: (node) => node.fillRule,
      arrowEnds: () => NO_ARROW_ENDS,
    },
  },
  svg: {
    hidden: "empty",
    shape: (node) => ({
      kind: "painted",
      geometry: { element: "path", subpaths: node.subpaths, fillRule: node.fillRule },
      style: node,
    }),
  },
  fields: [],
} satisfies ShapeKind<PathNode>;
