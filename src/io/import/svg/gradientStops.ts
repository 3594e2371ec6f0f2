import type { GradientStop, RGBA } from "../../../doc/types";

/**
 * Stops rewritten for what a paint can hold. A paint's stops are interpolated premultiplied and
 * padded, while SVG interpolates colours unpremultiplied and may reflect or repeat; both are
 * expressed as more stops over a longer gradient.
 */

/** Pieces each span between stops of different opacity is cut into. */
const SUBDIVISIONS = 8;
/** Beyond this many stops, a gradient is left as it is rather than rewritten. */
export const MAX_REWRITTEN_STOPS = 1024;

function mix(a: RGBA, b: RGBA, f: number): RGBA {
  return {
    r: a.r + (b.r - a.r) * f,
    g: a.g + (b.g - a.g) * f,
    b: a.b + (b.b - a.b) * f,
    a: a.a + (b.a - a.a) * f,
  };
}

/**
 * Between two stops of different opacity and colour, premultiplied interpolation leans to the
 * opaque stop's colour (white at opacity 0 to yellow fades through yellow, not pale yellow); cut
 * into pieces at the colours SVG gives, it stays within a few levels of SVG's.
 */
export function unpremultiplied(stops: readonly GradientStop[]): readonly GradientStop[] {
  const out: GradientStop[] = [];
  for (let i = 0; i < stops.length; i++) {
    const b = stops[i]!;
    const a = stops[i - 1];
    if (
      a !== undefined &&
      b.offset > a.offset &&
      a.color.a !== b.color.a &&
      (a.color.r !== b.color.r || a.color.g !== b.color.g || a.color.b !== b.color.b)
    ) {
      for (let k = 1; k < SUBDIVISIONS; k++) {
        const f = k / SUBDIVISIONS;
        out.push({ offset: a.offset + (b.offset - a.offset) * f, color: mix(a.color, b.color, f) });
      }
    }
    out.push(b);
  }
  return out.length <= MAX_REWRITTEN_STOPS ? out : stops;
}

export type Spread = "pad" | "reflect" | "repeat";

/**
 * The stops of a gradient over [from, to] (whole numbers of its length, `from` ≤ 0 < 1 ≤ `to`)
 * as stops over 0–1: the pattern repeated or mirrored in each length for reflect and repeat,
 * the end colours held beyond it for pad. Null when that takes too many stops.
 */
export function spreadOver(
  stops: readonly GradientStop[],
  spread: Spread,
  from: number,
  to: number,
): GradientStop[] | null {
  const span = to - from;
  const at = (t: number): number => (t - from) / span;
  if (spread === "pad") {
    const out = [{ offset: 0, color: stops[0]!.color }];
    for (const s of stops) out.push({ offset: at(s.offset), color: s.color });
    out.push({ offset: 1, color: stops.at(-1)!.color });
    return out;
  }
  if (span * stops.length > MAX_REWRITTEN_STOPS) return null;
  // Stops that do not begin at 0 or end at 1 hold their colours to the ends of each length.
  const whole = [
    ...(stops[0]!.offset > 0 ? [{ offset: 0, color: stops[0]!.color }] : []),
    ...stops,
    ...(stops.at(-1)!.offset < 1 ? [{ offset: 1, color: stops.at(-1)!.color }] : []),
  ];
  const out: GradientStop[] = [];
  for (let k = from; k < to; k++) {
    const mirrored = spread === "reflect" && Math.abs(k % 2) === 1;
    const cycle = mirrored
      ? [...whole].reverse().map((s) => ({ offset: 1 - s.offset, color: s.color }))
      : whole;
    for (const s of cycle) out.push({ offset: at(k + s.offset), color: s.color });
  }
  return out;
}

/** Whether stops meet at an end (a hard edge at 0 or 1), whose outer colour padding must show. */
export function hardEdgeAtEnd(stops: readonly GradientStop[]): boolean {
  const n = stops.length;
  return (
    n >= 2 &&
    ((stops[0]!.offset === stops[1]!.offset && stops[0]!.offset <= 0) ||
      (stops[n - 1]!.offset === stops[n - 2]!.offset && stops[n - 1]!.offset >= 1))
  );
}
