import type { ImageNode } from "../doc/types";
import { cornersBox } from "../geometry/exactBox";
import { boxHitOutline, hitWhole } from "../geometry/hitOutline";
import { polygonSubpath } from "../geometry/toPath";
import { resizedBox, strokedBox } from "./common";
import { sizeField } from "./fileFields";
import { isNodeOf, type ShapeKind } from "./kind";

function localBounds(node: ImageNode) {
  return strokedBox(node, node.width, node.height);
}

export const isImage = isNodeOf("image");

/** A raster picture stretched over (0,0)–(width, height), its data in a blob record. */
export const imageKind = {
  type: "image",
  defaultName: "Image",
  defaults: {},
  rules: (view, node, problems) => {
    const blob = view.get(node.blob);
    if (blob === undefined || blob.type !== "blob")
      problems.push(`${node.id}: image data ${node.blob} does not exist`);
  },
  file: {
    code: "I",
    styled: false,
    fields: [
      { key: "blob", read: "id" },
      sizeField("naturalWidth"),
      sizeField("naturalHeight"),
      sizeField("width", "width"),
      sizeField("height", "height"),
    ],
  },
  localBounds,
  geometryBox: localBounds,
  outline: null,
  hitTest: (node, point, tolerance) =>
    hitWhole(boxHitOutline(node.width, node.height), "fill", point, tolerance),
  marqueeOutline: (node) => [
    polygonSubpath([0, 0, node.width, 0, node.width, node.height, 0, node.height])!,
  ],
  snapBox: (node, world) => cornersBox(node.width, node.height, world),
  heapBytes: () => 0,
  resized: (node, _box, kx, ky) => resizedBox(node, kx, ky),
  hoverOutline: () => null,
  labelPlacement: null,
  children: null,
  scaleFold: { flips: false, fields: resizedBox },
  pathEditing: null,
  render: { display: "image" },
  svg: { hidden: "picture", shape: (node) => ({ kind: "image", node }) },
  fields: [],
} satisfies ShapeKind<ImageNode>;
