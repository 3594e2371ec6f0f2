import { getStroke } from "perfect-freehand";
import type { FreehandNode, FreehandSettings } from "../doc/types";

/**
 * The filled outline of a freehand stroke, in the node's local coordinates: x, y pairs of one
 * closed polygon (nonzero fill). Every consumer (the renderer, SVG and PDF export, hit testing,
 * conversion to a path) draws this one outline, so a stroke looks the same everywhere.
 */
export function freehandOutline(
  points: readonly number[],
  settings: FreehandSettings,
  complete = true,
): number[] {
  const count = Math.floor(points.length / 3);
  if (count === 0) return [];
  const input: Array<[number, number, number]> = new Array<[number, number, number]>(count);
  for (let i = 0; i < count; i++) {
    input[i] = [points[i * 3]!, points[i * 3 + 1]!, points[i * 3 + 2]!];
  }
  const outline = getStroke(input, {
    size: settings.size,
    thinning: settings.fixedWidth ? 0 : settings.thinning,
    smoothing: settings.smoothing,
    streamline: settings.streamline,
    simulatePressure: !settings.fixedWidth && settings.simulatePressure,
    last: complete,
  });
  const flat: number[] = new Array<number>(outline.length * 2);
  for (let i = 0; i < outline.length; i++) {
    const p = outline[i]!;
    flat[i * 2] = p[0]!;
    flat[i * 2 + 1] = p[1]!;
  }
  return flat;
}

export function freehandNodeOutline(node: FreehandNode): number[] {
  return freehandOutline(node.points, node.settings);
}

/** Settings for new strokes: pressure-sensitive ink, simulated for devices that report none. */
export const DEFAULT_FREEHAND_SETTINGS: FreehandSettings = {
  size: 8,
  thinning: 0.5,
  smoothing: 0.5,
  streamline: 0.5,
  simulatePressure: true,
  fixedWidth: false,
};

/**
 * How wide freehand ink is for a stroke width: the ink is a filled outline, not a stroked line,
 * and a 2 px pen drawing 8 px ink reads as the pen weight people expect (Excalidraw's scale is
 * alike). The properties panel's Stroke width sets both, so the ink follows it.
 */
export const INK_SIZE_PER_STROKE_WIDTH = 4;
/** Ink thinner than this is not drawn sensibly by the outline (it collapses to nothing). */
const MIN_INK_SIZE = 0.5;

export function inkSizeFor(strokeWidth: number): number {
  return Math.max(MIN_INK_SIZE, strokeWidth * INK_SIZE_PER_STROKE_WIDTH);
}
