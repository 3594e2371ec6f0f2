import { DOMAdapter, type ICanvas } from "pixi.js";

/**
 * Lets PixiJS build shaders and meshes in Node: it probes shader precision on a test canvas,
 * which Node has not; a canvas without a WebGL context makes it fall back to its default.
 */
export function allowShadersWithoutCanvas(): void {
  const adapter = DOMAdapter.get();
  DOMAdapter.set({
    ...adapter,
    createCanvas: () => ({ getContext: () => null }) as unknown as ICanvas,
  });
}

/**
 * Lets PixiJS measure text in Node, for scenes with labels: a 2D context whose glyphs are all
 * 0.55 em wide, 0.8 em above the baseline and 0.2 em below. Sizes are plausible, not a font's.
 */
export function measureTextWithoutCanvas(): void {
  class MeasuringContext {
    font = "10px sans-serif";
    letterSpacing = "0px";
    textLetterSpacing = "0px";
    measureText(text: string) {
      const size = Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? 10);
      const width = [...text].length * size * 0.55;
      return {
        width,
        actualBoundingBoxLeft: 0,
        actualBoundingBoxRight: width,
        actualBoundingBoxAscent: size * 0.8,
        actualBoundingBoxDescent: size * 0.2,
      };
    }
  }
  const adapter = DOMAdapter.get();
  DOMAdapter.set({
    ...adapter,
    createCanvas: () =>
      ({
        width: 1,
        height: 1,
        getContext: (kind: string) => (kind === "2d" ? new MeasuringContext() : null),
      }) as unknown as ICanvas,
    getCanvasRenderingContext2D: () =>
      MeasuringContext as unknown as ReturnType<typeof adapter.getCanvasRenderingContext2D>,
  });
}

/** Pictures in Node: an image that never decodes, as a broken file does in a browser. */
export function imagesWithoutDecoder(): void {
  const global = globalThis as { Image?: unknown };
  global.Image ??= class {
    src = "";
    decode(): Promise<void> {
      return Promise.reject(new Error("No image decoder in Node"));
    }
  };
}
