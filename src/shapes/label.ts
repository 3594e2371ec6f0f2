import { NO_STROKE, nodeBase } from "../doc/factory";
import type { Label, Labelled, LineNode, SceneNode, TextNode } from "../doc/types";
import { shippedTextBox } from "../fonts/textMetrics";
import { unionBox } from "../geometry/bounds";
import type { HitPart } from "../geometry/hitOutline";
import type { Box } from "../math/box";
import type { Point } from "../math/point";
import { routePoints } from "./lineRoute";

/** Room between a shape's edge and its label's words, in the shape's units. */
export const LABEL_PADDING = 8;
/** Labels' line height, as a multiple of their font size (what new texts use too). */
export const LABEL_LINE_HEIGHT = 1.25;
/** The narrowest a label wraps at: a tiny shape still shows a word a line rather than a letter. */
const MIN_WRAP_WIDTH = 24;

/** Where a kind writes its label, in the shape's own coordinates. */
export interface LabelPlacement {
  /** The middle of the label's lines. */
  readonly center: Point;
  /** The width its lines wrap at; null: they do not wrap (labels along a line). */
  readonly width: number | null;
  /**
   * The least height the shape needs to hold lines this tall inside it; null: the shape does not
   * grow for its label (labels along a line sit on it, not in it).
   */
  readonly heightToHold: ((linesHeight: number) => number) | null;
}

/** A label wrapped to the box a shape of this width and height leaves inside it. */
export function boxLabelPlacement(
  width: number,
  height: number,
  /** The share of the width the shape's inside keeps clear at its middle height. */
  inside: number,
): LabelPlacement {
  return {
    center: { x: width / 2, y: height / 2 },
    width: Math.max(MIN_WRAP_WIDTH, Math.abs(width) * inside - 2 * LABEL_PADDING),
    // The room is found as the width's: the inside share of the height, less the padding.
    heightToHold: (linesHeight) => (linesHeight + 2 * LABEL_PADDING) / inside,
  };
}

/** A line's label sits on the line, `position` of the way along it. */
export function lineLabelPlacement(node: LineNode, position: number): LabelPlacement {
  return { center: pointAlong(routePoints(node), position), width: null, heightToHold: null };
}

/** The point `fraction` of the way along a polyline, by length. */
export function pointAlong(points: readonly number[], fraction: number): Point {
  let total = 0;
  for (let i = 2; i < points.length; i += 2)
    total += Math.hypot(points[i]! - points[i - 2]!, points[i + 1]! - points[i - 1]!);
  let left = Math.min(1, Math.max(0, fraction)) * total;
  for (let i = 2; i < points.length; i += 2) {
    const x0 = points[i - 2]!;
    const y0 = points[i - 1]!;
    const length = Math.hypot(points[i]! - x0, points[i + 1]! - y0);
    if (left <= length && length > 0) {
      const t = left / length;
      return { x: x0 + (points[i]! - x0) * t, y: y0 + (points[i + 1]! - y0) * t };
    }
    left -= length;
  }
  return { x: points[points.length - 2] ?? 0, y: points[points.length - 1] ?? 0 };
}

/** The fraction of the way along a polyline whose nearest point to `p` is. */
export function fractionAlong(points: readonly number[], p: Point): number {
  let total = 0;
  let best = Infinity;
  let bestAt = 0;
  for (let i = 2; i < points.length; i += 2) {
    const x0 = points[i - 2]!;
    const y0 = points[i - 1]!;
    const dx = points[i]! - x0;
    const dy = points[i + 1]! - y0;
    const length2 = dx * dx + dy * dy;
    const t =
      length2 === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - x0) * dx + (p.y - y0) * dy) / length2));
    const d = Math.hypot(x0 + dx * t - p.x, y0 + dy * t - p.y);
    const length = Math.sqrt(length2);
    if (d < best) {
      best = d;
      bestAt = total + t * length;
    }
    total += length;
  }
  return total === 0 ? 0.5 : bestAt / total;
}

/**
 * The label as a text of its own, in the shape's coordinates with its top-left corner at the
 * origin: what the canvas, the editing field and every export set. Centred lines, wrapped at the
 * placement's width.
 */
export function labelText(owner: SceneNode, label: Label, placement: LabelPlacement): TextNode {
  return {
    ...nodeBase(`${owner.id}:label`, owner.id, "", ""),
    type: "text",
    content: label.content,
    fontFamily: label.fontFamily,
    fontSize: label.fontSize,
    fontWeight: label.fontWeight,
    fontStyle: label.fontStyle,
    align: "center",
    lineHeight: LABEL_LINE_HEIGHT,
    width: placement.width,
    fill: { type: "solid", color: label.color },
    stroke: NO_STROKE,
  };
}

/**
 * Where a label whose lines measure `size` (the widest line's width, all lines' height) puts its
 * top-left corner: centred on the placement's centre, as its lines are centred on the widest.
 */
export function labelOrigin(
  placement: LabelPlacement,
  size: { readonly width: number; readonly height: number },
): Point {
  return { x: placement.center.x - size.width / 2, y: placement.center.y - size.height / 2 };
}

/** The room a line keeps clear around its label's words, in the line's units. */
export const LABEL_GAP = 4;

/**
 * The part of a line its label cuts out, so the words are not struck through: the box of the
 * words, whose top-left corner is `origin` and size `size`, grown by the gap.
 */
export function labelGap(
  origin: Point,
  size: { readonly width: number; readonly height: number },
): Box {
  return {
    minX: origin.x - LABEL_GAP,
    minY: origin.y - LABEL_GAP,
    maxX: origin.x + size.width + LABEL_GAP,
    maxY: origin.y + size.height + LABEL_GAP,
  };
}

/**
 * The part of a line its label's words cut out (see `labelGap`), or null when they reach past
 * either end: a line shorter than its words is left whole under them, heads and all, rather
 * than cut away.
 */
export function lineLabelGap(
  node: SceneNode,
  origin: Point,
  size: { readonly width: number; readonly height: number },
): Box | null {
  const gap = labelGap(origin, size);
  if (node.type !== "line") return gap;
  const points = routePoints(node);
  const n = points.length;
  const inside = (x: number, y: number): boolean =>
    x >= gap.minX && x <= gap.maxX && y >= gap.minY && y <= gap.maxY;
  return n >= 2 && (inside(points[0]!, points[1]!) || inside(points[n - 2]!, points[n - 1]!))
    ? null
    : gap;
}

/**
 * The box a label's words take, as the shipped faces set them (`shippedTextBox`), centred on
 * its placement: a wrapped label's lines break between words, and inside a word wider than the
 * wrap width, so it is as wide as the width it wraps at.
 */
export function estimatedLabelBox(label: Label, placement: LabelPlacement): Box | null {
  if (label.content === "") return null;
  const lines = shippedTextBox({
    ...label,
    width: placement.width,
    lineHeight: LABEL_LINE_HEIGHT,
  });
  const width = placement.width ?? lines.width;
  return {
    minX: placement.center.x - width / 2,
    minY: placement.center.y - lines.height / 2,
    maxX: placement.center.x + width / 2,
    maxY: placement.center.y + lines.height / 2,
  };
}

/** `box` grown to hold where the node's label can reach. */
export function withLabelBox(
  box: Box | null,
  label: Label | null,
  placement: () => LabelPlacement,
): Box | null {
  return label === null ? box : unionBox(box, estimatedLabelBox(label, placement()));
}

/** Whether `point` (the shape's coordinates) is on its label's words, allowing `tolerance`. */
export function onLabelWords(
  label: Label | null,
  placement: LabelPlacement,
  point: Point,
  tolerance = 0,
): boolean {
  const box = hasLabel(label) ? estimatedLabelBox(label, placement) : null;
  return (
    box !== null &&
    point.x >= box.minX - tolerance &&
    point.x <= box.maxX + tolerance &&
    point.y >= box.minY - tolerance &&
    point.y <= box.maxY + tolerance
  );
}

/** Whether a node shows words: a label with some content. */
export function hasLabel(label: Label | null | undefined): label is Label {
  return label !== null && label !== undefined && label.content !== "";
}

/** A labelled kind's local bounds, grown to where its label's words can reach. */
export function labelledBounds<T extends SceneNode & Labelled>(
  bounds: (node: T) => Box | null,
  placement: (node: T) => LabelPlacement,
): (node: T) => Box | null {
  return (node) => withLabelBox(bounds(node), node.label, () => placement(node));
}

/** A labelled kind's hit test: its words are hit as its fill is, even on an unfilled shape. */
export function labelledHit<T extends SceneNode & Labelled>(
  hit: (node: T, point: Point, tolerance: number) => HitPart | null,
  placement: (node: T) => LabelPlacement,
): (node: T, point: Point, tolerance: number) => HitPart | null {
  return (node, point, tolerance) =>
    hit(node, point, tolerance) ??
    (hasLabel(node.label) && onLabelWords(node.label, placement(node), point, tolerance)
      ? "fill"
      : null);
}

/** A node's label, for the kinds that carry one. */
export function labelOf(node: SceneNode): Label | null {
  return "label" in node ? node.label : null;
}
