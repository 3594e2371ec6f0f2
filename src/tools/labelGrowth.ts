import type { SceneNode, TextNode } from "../doc/types";
import { hasLabel, labelOf, labelText } from "../shapes/label";
import { kindOf } from "../shapes/registry";

/** The size the canvas draws a text at, in its own units. */
export type TextSize = (node: TextNode) => { readonly width: number; readonly height: number };

/**
 * The shape's height while its label is typed: tall enough for the label's lines inside it, as
 * Excalidraw's and tldraw's boxes grow, and never less than `least`, the height it had when
 * editing began, so deleting words gives back what typing took and no more. Null when the kind's
 * labels do not sit inside it (a line's) or the shape has no height of its own.
 */
export function heightForLabel(node: SceneNode, least: number, measure: TextSize): number | null {
  const placement = kindOf(node).labelPlacement?.(node) ?? null;
  if (placement === null || placement.heightToHold === null || !("height" in node)) return null;
  const label = labelOf(node);
  const sign = node.height < 0 ? -1 : 1;
  if (!hasLabel(label)) return sign * Math.abs(least);
  const lines = measure(labelText(node, label, placement)).height;
  return sign * Math.max(Math.abs(least), placement.heightToHold(lines));
}

/**
 * The shape with its height set for its label (see `heightForLabel`). It grows downwards: its
 * local origin, the top-left corner, stays where it is, and the label stays centred.
 */
export function grownForLabel(node: SceneNode, least: number, measure: TextSize): SceneNode {
  const height = heightForLabel(node, least, measure);
  if (height === null || !("height" in node) || height === node.height) return node;
  return { ...node, height };
}
