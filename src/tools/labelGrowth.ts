import type { SceneNode, TextNode } from "../doc/types";
import { hasLabel, labelOf, labelText } from "../shapes/label";
import { kindOf } from "../shapes/registry";

/** The size the canvas draws a text at, in its own units. */
export type TextSize = (node: TextNode) => { readonly width: number; readonly height: number };

/**
 * The shape with its height set for its label while it is typed: tall enough for the label's
 * lines inside it, as Excalidraw's and tldraw's boxes grow, and never less than `least`, the
 * height it had when editing began, so deleting words gives back what typing took and no more.
 * It grows downwards: its local origin, the top-left corner, stays where it is, and the label
 * stays centred. Unchanged when the kind's labels do not sit inside it (a line's) or the shape
 * has no height of its own.
 */
export function grownForLabel(node: SceneNode, least: number, measure: TextSize): SceneNode {
  const placement = kindOf(node).labelPlacement?.(node) ?? null;
  if (placement === null || placement.heightToHold === null || !("height" in node)) return node;
  const label = labelOf(node);
  const room = hasLabel(label)
    ? placement.heightToHold(measure(labelText(node, label, placement)).height)
    : 0;
  const height = (node.height < 0 ? -1 : 1) * Math.max(Math.abs(least), room);
  return height === node.height ? node : { ...node, height };
}
