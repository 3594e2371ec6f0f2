import type { Label, SceneNode, TextNode } from "../../doc/types";
import {
  BUNDLED_FAMILY,
  BUNDLED_MONOSPACE,
  BUNDLED_NOTO_SANS,
  BUNDLED_SERIF,
} from "../../fonts/family";
import { labelOf } from "../../shapes/label";
import { isText } from "../../shapes/text";
import { grownForLabel, type TextSize } from "../../tools/labelGrowth";

/**
 * The families the font menus offer (a text's and a label's): each shipped face with its generic
 * family after it, as new texts name theirs, so every choice draws the same on every machine.
 */
export const FONT_FAMILIES: readonly { readonly value: string; readonly label: string }[] = [
  { value: `${BUNDLED_FAMILY}, sans-serif`, label: BUNDLED_FAMILY },
  { value: `${BUNDLED_NOTO_SANS}, sans-serif`, label: BUNDLED_NOTO_SANS },
  { value: `${BUNDLED_SERIF}, serif`, label: BUNDLED_SERIF },
  { value: `${BUNDLED_MONOSPACE}, monospace`, label: BUNDLED_MONOSPACE },
];

/** The weights the menus offer, by their CSS names. */
export const FONT_WEIGHTS: readonly { readonly value: number; readonly label: string }[] = [
  { value: 100, label: "Thin" },
  { value: 200, label: "Extra light" },
  { value: 300, label: "Light" },
  { value: 400, label: "Regular" },
  { value: 500, label: "Medium" },
  { value: 600, label: "Semibold" },
  { value: 700, label: "Bold" },
  { value: 800, label: "Extra bold" },
  { value: 900, label: "Black" },
];

/**
 * The sizes a typed font size is held to: the native format takes 0.01 and up, but words
 * smaller than a point cannot be read or picked, and a label past 1,000 units leaves any shape.
 */
export const FONT_SIZE_LIMITS = { min: 1, max: 1000 } as const;

/**
 * A menu's options with the selection's own value added when the menu does not list it (a
 * family an imported file named, a weight of 450), so showing it does not change it.
 */
export function withCurrent<T>(
  options: readonly { readonly value: T; readonly label: string }[],
  current: T | null,
  name: (value: T) => string,
): readonly { readonly value: T; readonly label: string }[] {
  if (current === null || options.some((option) => option.value === current)) return options;
  return [...options, { value: current, label: name(current) }];
}

/**
 * The node with its label changed by `change`; null for a node without a label (a mixed
 * selection's other shapes, which the edit leaves alone). Given how text measures, a box shape
 * grows taller if the changed words (a bigger size, a wider face) no longer fit in it, as it
 * grows while they are typed; it never shrinks for them.
 */
export function withLabel(
  node: SceneNode,
  change: (label: Label) => Label,
  measure?: TextSize,
): SceneNode | null {
  const label = labelOf(node);
  if (label === null || !("label" in node)) return null;
  const changed: SceneNode = { ...node, label: change(label) };
  return measure === undefined || !("height" in node)
    ? changed
    : grownForLabel(changed, node.height, measure);
}

/** A text's alignments, as the menu names them. */
export const TEXT_ALIGNS: readonly { readonly value: TextNode["align"]; readonly label: string }[] =
  [
    { value: "left", label: "Left" },
    { value: "center", label: "Centre" },
    { value: "right", label: "Right" },
    { value: "justify", label: "Justify" },
  ];

/** A text with its type settings changed; null for any other node (left alone by the edit). */
export function withType(
  node: SceneNode,
  change: Partial<Pick<TextNode, "fontFamily" | "fontSize" | "fontWeight" | "align">>,
): SceneNode | null {
  return isText(node) ? { ...node, ...change } : null;
}
