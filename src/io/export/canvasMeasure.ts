import type { TextMeasure } from "./textLayout";

/** The string the renderer (PixiJS) measures a font's ascent and descent with. */
const METRICS_STRING = "|\u00C9q\u00C5M";

/** Text measured by the browser's canvas, the way the renderer measures it. Browser only. */
export function canvasMeasure(): TextMeasure {
  const context =
    typeof OffscreenCanvas === "function"
      ? new OffscreenCanvas(1, 1).getContext("2d")
      : document.createElement("canvas").getContext("2d");
  if (context === null) throw new Error("This browser cannot measure text (no 2D canvas)");
  const fonts = new Map<string, { ascent: number; descent: number }>();
  return {
    width(text, font) {
      context.font = font;
      return context.measureText(text).width;
    },
    metrics(font, fontSize) {
      let found = fonts.get(font);
      if (found === undefined) {
        context.font = font;
        const m = context.measureText(METRICS_STRING);
        found = { ascent: m.actualBoundingBoxAscent, descent: m.actualBoundingBoxDescent };
        // A font that measures as nothing is laid out as the renderer does: ascent = size.
        if (found.ascent + found.descent === 0) found = { ascent: fontSize, descent: 0 };
        fonts.set(font, found);
      }
      return found;
    },
  };
}
