import type { ArrowHead } from "../doc/types";
import type { Point } from "../math/point";

/**
 * An arrowhead in the line's local units: a mark stroked with the line's stroke (never dashed),
 * a closed polygon or a disc filled with the stroke's paint. The canvas and the exports draw
 * this one geometry, so heads look the same everywhere.
 */
export type HeadGeometry =
  | { readonly kind: "stroke"; readonly points: readonly number[] }
  | { readonly kind: "fill"; readonly points: readonly number[] }
  | { readonly kind: "circle"; readonly cx: number; readonly cy: number; readonly r: number };

/** headSize = max(HEAD_BASE + HEAD_GROWTH·√w, HEAD_MIN_WIDTHS·w). */
const HEAD_BASE = 4;
const HEAD_GROWTH = 6;
const HEAD_MIN_WIDTHS = 1.5;

/**
 * Head length of a line with this stroke width, as the renderer, the exports and the bounds use
 * it. Like Excalidraw's and tldraw's, heads grow slower than the stroke: a 1–4 px arrow gets a
 * 10–16 px head that reads at a glance, where three times the width left a 2 px arrow a 6 px
 * speck. Past about 21 px the square root would fall behind the stroke and the head would
 * vanish into the line, so it then keeps one and a half widths.
 */
export function headSize(strokeWidth: number): number {
  const width = Math.max(0, strokeWidth);
  return Math.max(HEAD_BASE + HEAD_GROWTH * Math.sqrt(width), HEAD_MIN_WIDTHS * width);
}

/** The head at `tip`, pointing away from `from`; null for "none". */
export function headGeometry(
  head: ArrowHead,
  tip: Point,
  from: Point,
  size: number,
): HeadGeometry | null {
  const angle = Math.atan2(tip.y - from.y, tip.x - from.x);
  const at = (distance: number, spread: number): [number, number] => [
    tip.x - Math.cos(angle + spread) * distance,
    tip.y - Math.sin(angle + spread) * distance,
  ];
  switch (head) {
    case "none":
      return null;
    case "arrow":
      return {
        kind: "stroke",
        points: [...at(size, Math.PI / 6), tip.x, tip.y, ...at(size, -Math.PI / 6)],
      };
    case "triangle":
      return {
        kind: "fill",
        points: [tip.x, tip.y, ...at(size, Math.PI / 7), ...at(size, -Math.PI / 7)],
      };
    case "circle":
      return { kind: "circle", cx: tip.x, cy: tip.y, r: size / 2.5 };
    case "diamond":
      return {
        kind: "fill",
        points: [
          tip.x,
          tip.y,
          ...at(size / 2, Math.PI / 4),
          ...at(size, 0),
          ...at(size / 2, -Math.PI / 4),
        ],
      };
    case "bar": {
      const nx = Math.cos(angle + Math.PI / 2) * (size / 2);
      const ny = Math.sin(angle + Math.PI / 2) * (size / 2);
      return { kind: "stroke", points: [tip.x - nx, tip.y - ny, tip.x + nx, tip.y + ny] };
    }
  }
}
