import type { Box } from "../../math/box";

/** Exports above this many pixels are drawn in strips and encoded as they come. */
export const TILE_THRESHOLD = 16 * 1024 * 1024;
/** Pixels per strip of a tiled export. */
export const STRIP_PIXELS = 4 * 1024 * 1024;

/** A band of whole pixel rows of the image and the layers that put paint in it. */
export interface Strip {
  readonly top: number;
  readonly rows: number;
  /** What the strip shows, in page units. */
  readonly view: Box;
  /** Indices of the layers that reach the view, back to front. */
  readonly layers: readonly number[];
}

/**
 * The strips a `width` × `height` pixel image of `area` at `scale` is drawn in (one when it is at
 * most TILE_THRESHOLD pixels), each with the layers whose `drawn` box reaches it. A layer is
 * loaded and drawn once per strip it reaches instead of once per strip: a drawing of a hundred
 * thousand shapes in ten strips loaded each of its layers ten times, nine of them for nothing.
 * A layer of unknown reach (`drawn` undefined or null) goes in every strip.
 */
export function planStrips(
  layers: readonly { readonly drawn?: Box | null }[],
  area: Box,
  scale: number,
  width: number,
  height: number,
): Strip[] {
  const stripRows =
    width * height <= TILE_THRESHOLD
      ? height
      : Math.max(1, Math.min(height, Math.floor(STRIP_PIXELS / width)));
  // Drawn bounds are exact geometry; a pixel or two more covers what anti-aliasing touches.
  const margin = 2 / scale;
  const strips: Strip[] = [];
  for (let top = 0; top < height; top += stripRows) {
    const rows = Math.min(stripRows, height - top);
    const view: Box = {
      minX: area.minX,
      minY: area.minY + top / scale,
      maxX: area.minX + width / scale,
      maxY: area.minY + (top + rows) / scale,
    };
    const reaching: number[] = [];
    layers.forEach(({ drawn }, index) => {
      if (drawn === undefined || drawn === null || reaches(drawn, view, margin))
        reaching.push(index);
    });
    strips.push({ top, rows, view, layers: reaching });
  }
  return strips;
}

function reaches(drawn: Box, view: Box, margin: number): boolean {
  return (
    drawn.maxX + margin > view.minX &&
    drawn.minX - margin < view.maxX &&
    drawn.maxY + margin > view.minY &&
    drawn.minY - margin < view.maxY
  );
}
