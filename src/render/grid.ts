import type { CameraState, ViewportSize } from "./camera";

/**
 * Smallest on-screen spacing of grid lines. With 1-2-5 steps the next step is at most 2.5× the
 * last, so the spacing stays within 16–40 px at every zoom.
 */
export const GRID_MIN_SPACING = 16;
/** Every fifth line is a major line. */
export const GRID_MAJOR_EVERY = 5;
/** From 800 % one world unit is at least 8 px: wide enough to show each unit's cell. */
export const PIXEL_GRID_MIN_ZOOM = 8;

const MANTISSAS = [1, 2, 5, 10] as const;

/** The world distance between grid lines: the smallest 1, 2 or 5 × 10^k at least `minPx` apart. */
export function gridStep(zoom: number, minPx = GRID_MIN_SPACING): number {
  const raw = minPx / zoom;
  const exponent = Math.floor(Math.log10(raw));
  const base = 10 ** exponent;
  for (const m of MANTISSAS) {
    // toPrecision drops the float noise of 10^k for negative k (0.30000000000000004).
    const step = Number((m * base).toPrecision(12));
    if (step * zoom >= minPx * (1 - 1e-9)) return step;
  }
  return Number((10 * base).toPrecision(12));
}

export interface GridLine {
  /** Screen coordinate (CSS px) of the line. */
  readonly at: number;
  readonly major: boolean;
}

export interface GridLines {
  readonly step: number;
  readonly vertical: readonly GridLine[];
  readonly horizontal: readonly GridLine[];
  /** Lines at every world unit when zoomed in far enough; empty otherwise. */
  readonly pixelVertical: readonly number[];
  readonly pixelHorizontal: readonly number[];
}

function linesAlong(offset: number, zoom: number, step: number, length: number): GridLine[] {
  const out: GridLine[] = [];
  const first = Math.ceil(-offset / zoom / step);
  const last = Math.floor((length - offset) / zoom / step);
  for (let i = first; i <= last; i += 1)
    out.push({ at: i * step * zoom + offset, major: i % GRID_MAJOR_EVERY === 0 });
  return out;
}

function unitsAlong(offset: number, zoom: number, length: number): number[] {
  const out: number[] = [];
  const first = Math.ceil(-offset / zoom);
  const last = Math.floor((length - offset) / zoom);
  for (let i = first; i <= last; i += 1) out.push(i * zoom + offset);
  return out;
}

/** The lines of the grid on screen for a camera; bounded by the viewport, not by the world. */
export function gridLines(camera: CameraState, viewport: ViewportSize): GridLines {
  const step = gridStep(camera.zoom);
  const pixel = camera.zoom >= PIXEL_GRID_MIN_ZOOM;
  return {
    step,
    vertical: linesAlong(camera.x, camera.zoom, step, viewport.width),
    horizontal: linesAlong(camera.y, camera.zoom, step, viewport.height),
    pixelVertical: pixel ? unitsAlong(camera.x, camera.zoom, viewport.width) : [],
    pixelHorizontal: pixel ? unitsAlong(camera.y, camera.zoom, viewport.height) : [],
  };
}
