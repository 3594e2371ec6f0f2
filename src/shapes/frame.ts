import { NO_RULES } from "../doc/invariants";
import type { FrameNode } from "../doc/types";
import { roundedRectOutline } from "../geometry/dash";
import { cornersBox } from "../geometry/exactBox";
import { boxHitOutline, hitPainted } from "../geometry/hitOutline";
import { roundedRectSubpath } from "../geometry/toPath";
import { NO_ARROW_ENDS, resizedBox, strokedBox, withoutStroke } from "./common";
import { sizeField } from "./fileFields";
import { isNodeOf, type ShapeKind } from "./kind";

function localBounds(node: FrameNode) {
  return strokedBox(node, node.width, node.height);
}

function subpaths(node: FrameNode) {
  return [roundedRectSubpath(node.width, node.height, [0, 0, 0, 0])];
}

export const isFrame = isNodeOf("frame");

/**
 * A box with a fill and stroke under its children, which it may clip. It is its own box
 * whatever its children reach.
 */
export const frameKind = {
  type: "frame",
  defaultName: "Frame",
  defaults: {},
  rules: NO_RULES,
  file: {
    code: "F",
    styled: true,
    fields: [
      sizeField("width", "width"),
      sizeField("height", "height"),
      { key: "clip", read: "bool" },
    ],
  },
  localBounds,
  geometryBox: (node) => localBounds(withoutStroke(node)),
  outline: { subpaths, fillRule: () => "nonzero", ink: false },
  hitTest: (node, point, tolerance) =>
    hitPainted(
      boxHitOutline(node.width, node.height),
      node.stroke,
      node.fill.type !== "none",
      point,
      tolerance,
    ),
  marqueeOutline: subpaths,
  snapBox: (node, world) => cornersBox(node.width, node.height, world),
  heapBytes: () => 0,
  resized: (node, _box, kx, ky) => resizedBox(node, kx, ky),
  // Outlined by its box.
  hoverOutline: () => null,
  labelPlacement: null,
  children: { clips: (node) => node.clip },
  scaleFold: { flips: false, fields: resizedBox },
  pathEditing: null,
  render: {
    display: "frame",
    vector: {
      paint: "fill and stroke",
      quad: (node) => ({ shape: "box", width: node.width, height: node.height, radius: 0 }),
      polylines: (node, step) => [roundedRectOutline(node.width, node.height, [0, 0, 0, 0], step)],
      fillRule: () => "nonzero",
      arrowEnds: () => NO_ARROW_ENDS,
    },
  },
  svg: {
    hidden: "children",
    shape: (node) => {
      const size = { width: node.width, height: node.height };
      const painted =
        node.fill.type !== "none" || (node.stroke.paint !== null && node.stroke.width > 0);
      return {
        kind: "container",
        background: painted ? { ...size, style: node } : null,
        clip: node.clip ? size : null,
      };
    },
  },
  fields: [],
} satisfies ShapeKind<FrameNode>;
