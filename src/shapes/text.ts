import { NO_RULES } from "../doc/invariants";
import { shippedTextBox } from "../fonts/textMetrics";
import type { TextNode } from "../doc/types";
import { transformBox } from "../geometry/bounds";
import { boxHitOutline, hitWhole } from "../geometry/hitOutline";
import { polygonSubpath } from "../geometry/toPath";
import type { Box } from "../math/box";
import { withoutStroke } from "./common";
import { sizeField } from "./fileFields";
import { isNodeOf, type ShapeKind } from "./kind";

/**
 * The box of its lines as the shipped faces set them: wrapped at its width when it has one (then
 * as wide as that), else as wide as its widest line.
 */
function localBounds(node: TextNode): Box | null {
  const box = shippedTextBox(node);
  return { minX: 0, minY: 0, maxX: node.width ?? box.width, maxY: box.height };
}

export const isText = isNodeOf("text");

/**
 * Lines of text in one font, wrapped at `width` or growing with the text. Its stroke outlines its
 * glyphs, not its box, so it is hit and selected as a solid box.
 */
export const textKind = {
  type: "text",
  defaultName: "Text",
  defaults: {},
  rules: NO_RULES,
  file: {
    code: "T",
    styled: true,
    fields: [
      { key: "content", read: "text" },
      { key: "fontFamily", read: "text" },
      sizeField("fontSize"),
      { key: "fontWeight", read: "fontWeight" },
      { key: "fontStyle", read: "fontStyle" },
      { key: "align", read: "textAlign" },
      sizeField("lineHeight"),
      { key: "width", read: "textWidth" },
    ],
  },
  localBounds,
  geometryBox: (node) => localBounds(withoutStroke(node)),
  outline: null,
  hitTest: (node, point, tolerance) => {
    const box = localBounds(node);
    return box === null
      ? null
      : hitWhole(boxHitOutline(box.maxX, box.maxY), "fill", point, tolerance);
  },
  marqueeOutline: (node) => {
    const box = localBounds(node);
    const quad = box && polygonSubpath([0, 0, box.maxX, 0, box.maxX, box.maxY, 0, box.maxY]);
    return quad ? [quad] : null;
  },
  snapBox: (node, world) => {
    const local = localBounds(node);
    return local === null ? null : transformBox(local, world);
  },
  heapBytes: (node) => node.content.length * 2,
  // Only its wrapping width: its height follows its lines.
  resized: (_node, box, kx) => ({ width: (box.maxX - box.minX) * kx }),
  hoverOutline: () => null,
  labelPlacement: null,
  children: null,
  // Never stretched: a scale sets its font size by how much it grows up and down, and its
  // wrapping width by how much it grows across (Figma's edge handles change the width, a corner
  // scales the type, as Excalidraw's do). Text that grows with its words keeps doing so when
  // scaled evenly or only up and down (its lines then grow across with their type), and wraps
  // at the new width when stretched across. Scales equal but for rounding (a turned text's
  // frame) count as equal.
  scaleFold: {
    flips: false,
    fields: (node, sx, sy) => {
      const same = (a: number, b: number): boolean =>
        Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
      const width =
        node.width !== null
          ? node.width * sx
          : same(sx, sy) || same(sx, 1)
            ? null
            : shippedTextBox(node).width * sx;
      return { fontSize: node.fontSize * sy, width };
    },
  },
  pathEditing: null,
  render: { display: "text" },
  svg: { hidden: "empty", shape: (node) => ({ kind: "text", node }) },
  fields: [],
} satisfies ShapeKind<TextNode>;
