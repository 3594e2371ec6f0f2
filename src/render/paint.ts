import { FillGradient, type FillInput, type StrokeInput } from "pixi.js";
import type { Fill, Paint, RGBA, Stroke } from "../doc/types";

/** Normalised [r, g, b, a], which PixiJS takes as a colour source as it is. */
export function colorOf(color: RGBA): [number, number, number, number] {
  return [color.r, color.g, color.b, color.a];
}

function paintInput(paint: Paint): FillInput {
  switch (paint.type) {
    case "solid":
      return { color: colorOf(paint.color) };
    case "linear":
      return {
        fill: new FillGradient({
          type: "linear",
          start: paint.from,
          end: paint.to,
          // Gradient geometry is in the node's own units, not its bounding box's 0–1.
          textureSpace: "global",
          colorStops: paint.stops.map((stop) => ({
            offset: stop.offset,
            color: colorOf(stop.color),
          })),
        }),
      };
    case "radial":
      return {
        fill: new FillGradient({
          type: "radial",
          center: paint.focal,
          innerRadius: 0,
          outerCenter: paint.center,
          outerRadius: paint.radius,
          textureSpace: "global",
          colorStops: paint.stops.map((stop) => ({
            offset: stop.offset,
            color: colorOf(stop.color),
          })),
        }),
      };
  }
}

/** The PixiJS fill for a model fill; null draws no fill. */
export function fillInput(fill: Fill): FillInput | null {
  return fill.type === "none" ? null : paintInput(fill);
}

/** The PixiJS stroke for a model stroke; null draws no stroke. */
export function strokeInput(stroke: Stroke): StrokeInput | null {
  if (stroke.paint === null || stroke.width <= 0) return null;
  const paint = paintInput(stroke.paint);
  return {
    ...(typeof paint === "object" && paint !== null ? paint : {}),
    width: stroke.width,
    cap: stroke.cap,
    join: stroke.join,
    miterLimit: stroke.miterLimit,
  } as StrokeInput;
}
