import type { FreehandNode } from "../doc/types";
import { transformBox } from "../geometry/bounds";
import { freehandNodeOutline } from "../geometry/freehand";
import { hitWhole, pointsHitOutline } from "../geometry/hitOutline";
import { polygonSubpath } from "../geometry/toPath";
import type { Box } from "../math/box";
import { HEAP_NUMBER_BYTES, scalePoint, withoutStroke } from "./common";
import { isNodeOf, type ShapeKind } from "./kind";

function localBounds(node: FreehandNode): Box | null {
  if (node.points.length < 3) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < node.points.length; i += 3) {
    const x = node.points[i]!;
    const y = node.points[i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const r = node.settings.size / 2;
  return { minX: minX - r, minY: minY - r, maxX: maxX + r, maxY: maxY + r };
}

function subpaths(node: FreehandNode) {
  const subpath = polygonSubpath(freehandNodeOutline(node));
  return subpath === null ? [] : [subpath];
}

export const isFreehand = isNodeOf("freehand");

/**
 * A pressure-sensitive stroke: its points shaped into an outline by perfect-freehand. It is ink:
 * the outline is filled with the stroke's paint, and the whole of it is hit as "stroke".
 */
export const freehandKind = {
  type: "freehand",
  defaultName: "Drawing",
  defaults: {},
  rules: (_view, node, problems) => {
    if (node.points.length % 3 !== 0)
      problems.push(`${node.id}: freehand points are not x, y, pressure triples`);
  },
  file: {
    code: "D",
    styled: true,
    fields: [
      { key: "points", read: "freehandPoints" },
      { key: "settings", read: "freehandSettings" },
    ],
  },
  localBounds,
  geometryBox: (node) => localBounds(withoutStroke(node)),
  outline: { subpaths, fillRule: () => "nonzero", ink: true },
  hitTest: (node, point, tolerance) =>
    hitWhole(pointsHitOutline(freehandNodeOutline(node)), "stroke", point, tolerance),
  marqueeOutline: subpaths,
  // The ink's local box: solving its outline exactly would cost perfect-freehand per snap.
  snapBox: (node, world) => {
    const local = localBounds(node);
    return local === null ? null : transformBox(local, world);
  },
  heapBytes: (node) => node.points.length * HEAP_NUMBER_BYTES,
  resized: (node, box, kx, ky) => {
    // The outline's radius does not scale; the points span what is left of the box.
    const r = node.settings.size / 2;
    const spanX = box.maxX - box.minX - 2 * r;
    const spanY = box.maxY - box.minY - 2 * r;
    const px = spanX > 0 ? Math.max(0, ((box.maxX - box.minX) * kx - 2 * r) / spanX) : 1;
    const py = spanY > 0 ? Math.max(0, ((box.maxY - box.minY) * ky - 2 * r) / spanY) : 1;
    const origin = { x: box.minX + r, y: box.minY + r };
    const points = node.points.slice();
    for (let i = 0; i + 2 < points.length; i += 3) {
      const p = scalePoint({ x: points[i]!, y: points[i + 1]! }, origin, px, py);
      points[i] = p.x;
      points[i + 1] = p.y;
    }
    return { points };
  },
  // perfect-freehand gives about two outline points per input point, and more to round the
  // ends: refuse before running it on a stroke that is sure to be over the cap.
  hoverOutline: (node, _step, limit) =>
    node.points.length / 3 > limit / 2
      ? null
      : [{ points: freehandNodeOutline(node), closed: true }],
  labelPlacement: null,
  children: null,
  // The ink's width stays, as `resized` keeps it, and its box scales exactly about the local
  // origin: the points spread by what is left once the ink's radius is taken off each side, so
  // the handle being dragged stays on the ink's edge. A flip stays in the transform.
  scaleFold: {
    flips: false,
    fields: (node, sx, sy) => {
      const r = node.settings.size / 2;
      const points = node.points.slice();
      for (const [axis, k] of [
        [0, sx],
        [1, sy],
      ] as const) {
        let min = Infinity;
        let max = -Infinity;
        for (let i = axis; i < points.length; i += 3) {
          min = Math.min(min, points[i]!);
          max = Math.max(max, points[i]!);
        }
        const span = max - min;
        const spread = span > 0 ? (k * (span + 2 * r) - 2 * r) / span : -1;
        // Too small to hold the ink across (or a dot, or a flat line): the points gather about
        // the scaled middle instead of at one side.
        const middle = (min + max) / 2;
        for (let i = axis; i < points.length; i += 3)
          points[i] =
            spread >= 0
              ? k * (min - r) + r + (points[i]! - min) * spread
              : k * middle + (points[i]! - middle) * Math.max(0, k);
      }
      return { points };
    },
  },
  pathEditing: null,
  render: {
    display: "shape",
    vector: { paint: "ink", inkOutline: freehandNodeOutline },
  },
  svg: {
    hidden: "empty",
    // Without a paint it draws nothing: its outline is not worth computing.
    shape: (node) => ({
      kind: "ink",
      outline: node.stroke.paint === null ? [] : freehandNodeOutline(node),
      paint: node.stroke.paint,
    }),
  },
  fields: [],
} satisfies ShapeKind<FreehandNode>;
