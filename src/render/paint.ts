import type { RGBA } from "../doc/types";

/** Normalised [r, g, b, a], which PixiJS takes as a colour source as it is. */
export function colorOf(color: RGBA): [number, number, number, number] {
  return [color.r, color.g, color.b, color.a];
}
