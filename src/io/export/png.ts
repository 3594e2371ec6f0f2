import { canvasMeasure } from "./canvasMeasure";
import { ExportError } from "./errors";
import { PngStreamEncoder } from "./pngEncoder";
import { planStrips } from "./pngStrips";
import type { ExportSource } from "./source";
import { runExport } from "./inTasks";
import { exportSvgLayersSteps, type SvgLayer, type SvgExportOptions } from "./svg";
import type { Box } from "../../math/box";

export interface PngExportOptions extends Omit<SvgExportOptions, "measure"> {
  /** Pixels per page unit: 1, 2, 3 or any other positive number up to MAX_SCALE. */
  readonly scale?: number;
  /**
   * At most this many pixels in all: a larger image is made at the scale that fits instead (a
   * picture for the clipboard, where a huge image helps nobody and costs seconds).
   */
  readonly maxPixels?: number;
  /** Called after each tile with tiles done and tiles in all. */
  readonly onProgress?: (done: number, total: number) => void;
  readonly signal?: AbortSignal;
}

export const MAX_SCALE = 64;
/** Chromium's and Firefox's largest canvas side; every strip must fit in one canvas. */
export const MAX_CANVAS_SIDE = 32767;
/** Largest image made at all (about 1 GiB of pixels in flight). */
export const MAX_PNG_PIXELS = 268_435_456;

/** Pixel size of an export of `bounds` at `scale`. */
export function pngSize(bounds: Box, scale: number): { width: number; height: number } {
  return {
    width: Math.max(1, Math.ceil((bounds.maxX - bounds.minX) * scale - 1e-9)),
    height: Math.max(1, Math.ceil((bounds.maxY - bounds.minY) * scale - 1e-9)),
  };
}

/** `scale`, or the largest smaller one at which `bounds` takes at most `maxPixels` pixels. */
export function fittedScale(bounds: Box, scale: number, maxPixels = Infinity): number {
  const pixels = (s: number): number => {
    const size = pngSize(bounds, s);
    return size.width * size.height;
  };
  if (pixels(scale) <= maxPixels) return scale;
  // The pixels grow with the scale a row or a column at a time (each side rounds up), so no
  // formula gives the largest scale that fits: it is found by halving the range, to the last bit.
  let low = 0;
  let high = scale;
  for (let i = 0; i < 64; i++) {
    const middle = (low + high) / 2;
    if (pixels(middle) <= maxPixels) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * Nodes in one layer of a PNG: the browser parses and styles an SVG image in one task, and
 * rasterises what the canvas drew at the next frame, each growing with the nodes. Traced at
 * 100,000 shapes under load on two cores: 1,500 a layer took 100–500 ms to load as an image and
 * up to 500 ms to flush at a frame; 500 a layer, 60–100 ms and under 20 ms.
 */
export const NODES_PER_LAYER = 500;

/**
 * Characters of markup in one layer at most, whatever its nodes: loading an SVG image grows
 * with its text. Timed in the browser under load on two cores, 500 small rectangles (42 KB)
 * loaded and drew in 19–31 ms, 500 closed paths of 8 cubic curves (240 KB) in 82–250 ms, 150 of
 * them (70 KB) in 31–47 ms.
 */
export const CHARS_PER_LAYER = 64 * 1024;

/**
 * The scope rendered by the browser from its exported SVG, as a PNG. Transparent unless
 * `background` is set. The SVG is written in steps over tasks, and drawn as layers of at most
 * NODES_PER_LAYER nodes one over the other, so no task grows with the drawing. Browser only.
 */
export async function exportPng(source: ExportSource, options: PngExportOptions): Promise<Blob> {
  const wanted = options.scale ?? 1;
  if (!(wanted > 0 && wanted <= MAX_SCALE))
    throw new ExportError(`Scale must be above 0 and at most ${MAX_SCALE}; it is ${wanted}`);
  const exported = await runExport(
    exportSvgLayersSteps(
      source,
      {
        ...options,
        measure: canvasMeasure(),
        // Only the picture matters here: the node data would only make the browser parse more.
        linework: false,
      },
      NODES_PER_LAYER,
      CHARS_PER_LAYER,
    ),
    options.signal,
  );
  const scale = fittedScale(exported.bounds, wanted, options.maxPixels);
  const { width, height } = pngSize(exported.bounds, scale);
  if (width > MAX_CANVAS_SIDE || width * height > MAX_PNG_PIXELS)
    throw new ExportError(
      `A ${width} × ${height} pixel image is larger than this browser can draw ` +
        `(at most ${MAX_CANVAS_SIDE} pixels wide and ${MAX_PNG_PIXELS} pixels in all); choose a smaller scale`,
    );
  return pngOfView(exported.layers, exported.bounds, scale, options);
}

/** What the whole pixels of an image of `view` at `scale` cover: a little more than `view`. */
export function pixelArea(view: Box, scale: number): Box {
  const { width, height } = pngSize(view, scale);
  return {
    minX: view.minX,
    minY: view.minY,
    maxX: view.minX + width / scale,
    maxY: view.minY + height / scale,
  };
}

/**
 * `view` of an exported drawing (its layers, back to front) at `scale` pixels a unit, as a PNG
 * of `pngSize(view, scale)` pixels whose corner is the view's (see `pixelArea`); a large one
 * drawn and encoded in strips (`planStrips`), each from the layers that reach it. Progress
 * counts the layers drawn, over every strip. Browser only.
 */
export async function pngOfView(
  layers: readonly (Pick<SvgLayer, "withView"> & Partial<Pick<SvgLayer, "drawn">>)[],
  area: Box,
  scale: number,
  options: Pick<PngExportOptions, "onProgress" | "signal"> = {},
): Promise<Blob> {
  const { width, height } = pngSize(area, scale);
  options.signal?.throwIfAborted();
  const strips = planStrips(layers, area, scale, width, height);
  const total = strips.reduce((sum, strip) => sum + strip.layers.length, 0);
  let done = 0;
  /** One strip: each layer that reaches it drawn over the ones before, a task or two each. */
  const drawStrip = async ({ view, rows, layers: reaching }: (typeof strips)[number]) => {
    const canvas = stripCanvas(width, rows);
    const context = canvas.getContext("2d")!;
    for (const index of reaching) {
      options.signal?.throwIfAborted();
      const image = await svgImage(layers[index]!.withView(view, width, rows));
      context.drawImage(image, 0, 0, width, rows);
      options.onProgress?.(++done, total);
      // A macrotask between layers lets the page breathe: input, timers, the progress bar, Cancel.
      await new Promise((resume) => setTimeout(resume, 0));
    }
    return canvas;
  };
  if (strips.length === 1) return canvasToPng(await drawStrip(strips[0]!));
  const encoder = new PngStreamEncoder(width, height);
  try {
    for (const strip of strips) {
      const canvas = await drawStrip(strip);
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      const pixels = context.getImageData(0, 0, width, strip.rows).data;
      options.signal?.throwIfAborted();
      await encoder.addRows(pixels, strip.rows, options.signal);
    }
    return await encoder.finish();
  } catch (error) {
    await encoder.abort(error);
    throw error;
  }
}

/** A new canvas of this pixel size. */
function stripCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (context === null || canvas.width !== width || canvas.height !== height)
    throw new ExportError(`This browser cannot make a ${width} × ${height} pixel canvas`);
  return canvas;
}

/** The SVG as a decoded image; it has no external references, so the canvas stays readable. */
export async function svgImage(svg: string): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) =>
        blob === null
          ? reject(new ExportError("The browser could not encode the PNG"))
          : resolve(blob),
      "image/png",
    );
  });
}
