import { patternColor } from "./pattern";
import type { Fill, GradientStop, Paint, RGBA } from "./types";
import type { Box } from "../math/box";

/** The fewest stops a gradient keeps: one stop would be a solid colour. */
export const MIN_STOPS = 2;
/** The most stops the editor adds, so a stray click loop cannot bloat a document. */
export const MAX_STOPS = 32;

export type FillKind = Fill["type"];
export type GradientPaint = Extract<Paint, { type: "linear" | "radial" }>;

const WHITE: RGBA = { r: 1, g: 1, b: 1, a: 1 };
const BLACK: RGBA = { r: 0, g: 0, b: 0, a: 1 };

const clampOffset = (offset: number): number =>
  Number.isFinite(offset) ? Math.min(1, Math.max(0, offset)) : 0;

const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** Orders stops by offset; equal offsets keep their order so a drag past a neighbour is stable. */
function sorted(stops: readonly GradientStop[]): GradientStop[] {
  return stops
    .map((stop, index) => ({ stop, index }))
    .sort((a, b) => a.stop.offset - b.stop.offset || a.index - b.index)
    .map((entry) => entry.stop);
}

/** The gradient's colour at an offset, interpolated between the neighbouring stops. */
export function colorAt(stops: readonly GradientStop[], offset: number): RGBA {
  const list = sorted(stops);
  const t = clampOffset(offset);
  const first = list[0];
  if (!first) return { r: 0, g: 0, b: 0, a: 1 };
  if (t <= first.offset) return first.color;
  for (let i = 1; i < list.length; i++) {
    const right = list[i]!;
    if (t <= right.offset) {
      const left = list[i - 1]!;
      const span = right.offset - left.offset;
      const u = span > 0 ? (t - left.offset) / span : 1;
      const c0 = left.color;
      const c1 = right.color;
      return {
        r: lerp(c0.r, c1.r, u),
        g: lerp(c0.g, c1.g, u),
        b: lerp(c0.b, c1.b, u),
        a: lerp(c0.a, c1.a, u),
      };
    }
  }
  return list[list.length - 1]!.color;
}

/** The result of an edit: the new stops (sorted) and where the edited stop ended up. */
export interface StopEdit {
  readonly stops: readonly GradientStop[];
  readonly index: number;
}

/** Adds a stop at an offset with the colour the gradient already has there, so nothing shifts. */
export function addStop(stops: readonly GradientStop[], offset: number): StopEdit | null {
  if (stops.length >= MAX_STOPS) return null;
  const stop: GradientStop = { offset: clampOffset(offset), color: colorAt(stops, offset) };
  const next = sorted([...stops, stop]);
  return { stops: next, index: next.indexOf(stop) };
}

/** Moves one stop to a new offset (clamped to 0–1) and re-sorts. */
export function moveStop(
  stops: readonly GradientStop[],
  index: number,
  offset: number,
): StopEdit | null {
  const old = stops[index];
  if (!old) return null;
  const moved: GradientStop = { ...old, offset: clampOffset(offset) };
  const next = sorted(stops.map((s, i) => (i === index ? moved : s)));
  return { stops: next, index: next.indexOf(moved) };
}

/** Removes a stop unless only the minimum is left; null means nothing changed. */
export function removeStop(stops: readonly GradientStop[], index: number): StopEdit | null {
  if (stops.length <= MIN_STOPS || !stops[index]) return null;
  const next = stops.filter((_, i) => i !== index);
  return { stops: next, index: Math.min(index, next.length - 1) };
}

export function recolorStop(
  stops: readonly GradientStop[],
  index: number,
  color: RGBA,
): readonly GradientStop[] {
  return stops.map((s, i) => (i === index ? { ...s, color } : s));
}

/** How far a new gradient's second stop moves from the first towards black or white. */
const CONTRAST_MIX = 0.7;

/**
 * The second stop of a gradient made from a solid colour: the colour taken most of the way to
 * black when it is light, to white when it is dark, keeping its alpha. A fade to transparent
 * left the default white fill white on a white page, so a new gradient looked like no change.
 */
export function contrastingColor(color: RGBA): RGBA {
  const luma = 0.2126 * color.r + 0.7152 * color.g + 0.0722 * color.b;
  const toward = luma > 0.5 ? 0 : 1;
  return {
    r: lerp(color.r, toward, CONTRAST_MIX),
    g: lerp(color.g, toward, CONTRAST_MIX),
    b: lerp(color.b, toward, CONTRAST_MIX),
    a: color.a,
  };
}

/**
 * A fill of another kind that keeps what it can of the current one: a gradient made from a solid
 * colour runs from that colour to a clearly different shade of it (`contrastingColor`); gradient
 * geometry spans the node's box. `unpainted` is the colour a paint made from nothing starts as (a
 * stroke starts black); without it a solid fill starts white and a gradient runs white to black.
 */
export function convertFill(
  original: Fill,
  kind: FillKind,
  box: Box,
  unpainted: RGBA | null = null,
): Fill {
  if (kind === original.type) return original;
  // A pattern turns into what its colour would: a pattern is made by an import, not from a colour.
  if (kind === "pattern") return original;
  const current: Fill =
    original.type === "none" && unpainted !== null
      ? { type: "solid", color: unpainted }
      : original.type === "pattern"
        ? { type: "solid", color: patternColor(original) }
        : original;
  const stops: readonly GradientStop[] =
    current.type === "linear" || current.type === "radial"
      ? current.stops
      : [
          { offset: 0, color: current.type === "solid" ? current.color : WHITE },
          { offset: 1, color: current.type === "solid" ? contrastingColor(current.color) : BLACK },
        ];
  switch (kind) {
    case "none":
      return { type: "none" };
    case "solid":
      return { type: "solid", color: current.type === "solid" ? current.color : stops[0]!.color };
    case "linear": {
      const midY = (box.minY + box.maxY) / 2;
      return {
        type: "linear",
        from: { x: box.minX, y: midY },
        to: { x: box.maxX, y: midY },
        stops,
      };
    }
    case "radial": {
      const center = { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
      const side = Math.max(box.maxX - box.minX, box.maxY - box.minY);
      return { type: "radial", center, focal: center, radius: side / 2, stops };
    }
  }
}

/** CSS for a stops bar: the gradient's colours left to right. */
export function cssStops(stops: readonly GradientStop[]): string {
  const parts = sorted(stops).map(
    (s) =>
      `rgba(${Math.round(s.color.r * 255)},${Math.round(s.color.g * 255)},${Math.round(
        s.color.b * 255,
      )},${s.color.a}) ${(s.offset * 100).toFixed(2)}%`,
  );
  return `linear-gradient(to right, ${parts.join(", ")})`;
}

/** Which of a node's paints: its fill or its stroke. */
export type PaintTarget = "fill" | "stroke";
