import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distinctPoints, segmentDirections } from "../../src/render/stroke/polyline";

/** distinctPoints as it was written first, with Math.hypot: what the faster one must keep. */
function byHypot(points: readonly number[], closed: boolean, epsilon: number): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) {
    const x = points[i]!;
    const y = points[i + 1]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const n = out.length;
    if (n >= 2 && Math.hypot(x - out[n - 2]!, y - out[n - 1]!) <= epsilon) continue;
    out.push(x, y);
  }
  if (closed)
    while (out.length >= 4 && Math.hypot(out[0]! - out.at(-2)!, out[1]! - out.at(-1)!) <= epsilon)
      out.length -= 2;
  return out;
}

/** Coordinates that repeat, nearly repeat (by a step around the tolerance) or step far. */
const coordinates = fc.array(
  fc.oneof(
    fc.constantFrom(0, 1, -1, 1e-300, -1e-300, 5e-324, 1e9),
    fc.integer({ min: -3, max: 3 }).map((k) => 10 + k * 1e-7),
    fc.double({ noNaN: true, min: -1e9, max: 1e9 }),
  ),
  { maxLength: 40 },
);

describe("polyline points", () => {
  it("drop the same repeats as measuring with Math.hypot, with and without a tolerance", () => {
    fc.assert(
      fc.property(
        coordinates,
        fc.boolean(),
        fc.constantFrom(0, 1e-6, 1e-7 * 1.5, 0.5),
        (points, closed, epsilon) => {
          expect(distinctPoints(points, closed, epsilon)).toEqual(byHypot(points, closed, epsilon));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("have segment directions of unit length along the segments, and their lengths", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 4, maxLength: 20 }),
        (raw) => {
          const points = distinctPoints(raw, false, 1e-6);
          const n = points.length >> 1;
          if (n < 2) return;
          const { dx, dy, len } = segmentDirections(points, n - 1);
          for (let i = 0; i + 1 < n; i += 1) {
            const x = points[i * 2 + 2]! - points[i * 2]!;
            const y = points[i * 2 + 3]! - points[i * 2 + 1]!;
            const length = Math.hypot(x, y);
            expect(len[i]).toBeCloseTo(length, 6);
            expect(Math.abs(len[i]! - length)).toBeLessThanOrEqual(length * 1e-15);
            expect(Math.hypot(dx[i]!, dy[i]!)).toBeCloseTo(1, 12);
            expect(dx[i]! * y - dy[i]! * x).toBeCloseTo(0, 6);
          }
        },
      ),
    );
  });
});
