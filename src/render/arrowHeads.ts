import type { ArrowHead, Vec2 } from "../doc/types";

/**
 * An arrowhead in the line's local units: a mark stroked with the line's stroke (never dashed),
 * a closed polygon or a disc filled with the stroke's paint. The canvas and the exports draw
 * this one geometry, so heads look the same everywhere.
 */
export type HeadGeometry =
  | { readonly kind: "stroke"; readonly points: readonly number[] }
  | { readonly kind: "fill"; readonly points: readonly number[] }
  | { readonly kind: "circle"; readonly cx: number; readonly cy: number; readonly r: number };

/** Head size of a line with this stroke width, as the renderer, the exports and the bounds use it. */
export function headSize(strokeWidth: number): number {
  return Math.max(6, strokeWidth * 3);
}

/** The head at `tip`, pointing away from `from`; null for "none". */
export function headGeometry(
  head: ArrowHead,
  tip: Vec2,
  from: Vec2,
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
