import type { GradientStop, RGBA } from "../../doc/types";

/**
 * Texels a gradient's stops are baked into. Any number of stops bakes; what the texture cannot
 * hold is detail finer than one texel (1/256 of the gradient), which filtering blends.
 */
export const STOP_TEXELS = 256;

function unit(v: number): number {
  return Number.isFinite(v) ? Math.max(0, Math.min(1, v)) : 0;
}

/**
 * The stops as SVG reads them: offsets clamped to 0–1 and never less than an earlier stop's, so
 * two stops at one offset make a hard edge and stops out of order do not reorder.
 */
export function normalizedStops(stops: readonly GradientStop[]): GradientStop[] {
  let floor = 0;
  return stops.map((stop) => {
    floor = Math.max(floor, unit(stop.offset));
    return { offset: floor, color: stop.color };
  });
}

function premultiplied(color: RGBA): [number, number, number, number] {
  const a = unit(color.a);
  return [unit(color.r) * a, unit(color.g) * a, unit(color.b) * a, a];
}

/**
 * The gradient's colour at `t` (0–1) as premultiplied r, g, b, a: the first stop's before it,
 * the last stop's after it, interpolated (premultiplied, as browsers interpolate gradients)
 * between; at a hard edge the later stop wins. No stops is transparent.
 */
export function colorAt(
  stops: readonly GradientStop[],
  t: number,
): [number, number, number, number] {
  if (stops.length === 0) return [0, 0, 0, 0];
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  if (t < first.offset) return premultiplied(first.color);
  if (t >= last.offset) return premultiplied(last.color);
  let k = 0;
  while (k + 1 < stops.length && stops[k + 1]!.offset <= t) k += 1;
  const a = stops[k]!;
  const b = stops[k + 1]!;
  const f = (t - a.offset) / (b.offset - a.offset);
  const ca = premultiplied(a.color);
  const cb = premultiplied(b.color);
  return [0, 1, 2, 3].map((i) => ca[i]! + (cb[i]! - ca[i]!) * f) as [
    number,
    number,
    number,
    number,
  ];
}

/**
 * One row of `STOP_TEXELS` premultiplied RGBA8 texels, texel i holding the colour at
 * i / (STOP_TEXELS − 1), written into `out` at `offset` (bytes).
 */
export function bakeStops(stops: readonly GradientStop[], out: Uint8Array, offset = 0): void {
  const clean = normalizedStops(stops);
  for (let i = 0; i < STOP_TEXELS; i += 1) {
    const color = colorAt(clean, i / (STOP_TEXELS - 1));
    for (let c = 0; c < 4; c += 1) out[offset + i * 4 + c] = Math.round(color[c]! * 255);
  }
}
