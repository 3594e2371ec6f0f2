import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dashPolyline,
  ellipseOutline,
  roundedRectOutline,
  UNITS_PER_SEGMENT,
} from "../../src/geometry/dash";

function runLength(run: readonly number[]): number {
  let length = 0;
  for (let i = 2; i < run.length; i += 2)
    length += Math.hypot(run[i]! - run[i - 2]!, run[i + 1]! - run[i - 1]!);
  return length;
}

describe("dashes", () => {
  it("cuts a straight line into equal dashes with the pattern's gaps", () => {
    const runs = dashPolyline({ points: [0, 0, 100, 0], closed: false }, [10, 5], 0);
    expect(runs).toHaveLength(7);
    for (const run of runs) expect(runLength(run)).toBeCloseTo(10);
    expect(runs.map((run) => run[0])).toEqual([0, 15, 30, 45, 60, 75, 90]);
  });

  it("an offset shifts the pattern along the line", () => {
    const runs = dashPolyline({ points: [0, 0, 30, 0], closed: false }, [10, 5], 5);
    expect(runs.map((run) => [run[0], run.at(-2)])).toEqual([
      [0, 5],
      [10, 20],
      [25, 30],
    ]);
  });

  it("an odd pattern repeats twice, so on and off alternate through it", () => {
    const runs = dashPolyline({ points: [0, 0, 40, 0], closed: false }, [5], 0);
    expect(runs.map((run) => run[0])).toEqual([0, 10, 20, 30]);
  });

  it("a pattern with nothing to draw gives the line back whole", () => {
    expect(dashPolyline({ points: [0, 0, 10, 0], closed: false }, [0, 0], 0)).toEqual([
      [0, 0, 10, 0],
    ]);
  });

  it("follows corners and closes closed outlines", () => {
    const square = { points: [0, 0, 10, 0, 10, 10, 0, 10], closed: true };
    const runs = dashPolyline(square, [15, 5], 0);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toEqual([0, 0, 10, 0, 10, 5]);
    expect(runLength(runs[1]!)).toBeCloseTo(15);
  });

  it("every dash lies on the outline and is no longer than the longest dash", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: -200, max: 200 }), { minLength: 4, maxLength: 40 })
          .filter((a) => a.length % 2 === 0),
        fc.array(fc.double({ min: 0.5, max: 30, noNaN: true }), { minLength: 1, maxLength: 6 }),
        fc.double({ min: -50, max: 50, noNaN: true }),
        (points, dash, offset) => {
          const runs = dashPolyline({ points, closed: false }, dash, offset);
          const longest = Math.max(...dash);
          for (const run of runs) {
            expect(runLength(run)).toBeLessThanOrEqual(longest + 1e-6);
            for (let i = 0; i < run.length; i += 2) {
              let nearest = Infinity;
              for (let j = 2; j < points.length; j += 2) {
                nearest = Math.min(
                  nearest,
                  distanceToSegment(
                    run[i]!,
                    run[i + 1]!,
                    points[j - 2]!,
                    points[j - 1]!,
                    points[j]!,
                    points[j + 1]!,
                  ),
                );
              }
              expect(nearest).toBeLessThan(1e-6);
            }
          }
        },
      ),
    );
  });
});

describe("outlines for dashing", () => {
  it("an ellipse outline lies on the ellipse", () => {
    const { points } = ellipseOutline(200, 100);
    for (let i = 0; i < points.length; i += 2) {
      const dx = (points[i]! - 100) / 100;
      const dy = (points[i + 1]! - 50) / 50;
      expect(dx * dx + dy * dy).toBeCloseTo(1);
    }
  });

  it("a rounded rectangle outline stays in its box and meets each side", () => {
    const { points } = roundedRectOutline(100, 60, [10, 0, 20, 5]);
    const xs = points.filter((_, i) => i % 2 === 0);
    const ys = points.filter((_, i) => i % 2 === 1);
    expect(Math.min(...xs)).toBeCloseTo(0);
    expect(Math.max(...xs)).toBeCloseTo(100);
    expect(Math.min(...ys)).toBeCloseTo(0);
    expect(Math.max(...ys)).toBeCloseTo(60);
  });
});

function distanceToSegment(
  px: number,
  py: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0
      ? 0
      : Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / lengthSquared));
  return Math.hypot(px - (x0 + t * dx), py - (y0 + t * dy));
}

describe("curve flattening", () => {
  // A screen pixel is step / UNITS_PER_SEGMENT units; chords may stray a tenth of one.
  const maxChordError = (points: readonly number[], cx: number, cy: number, r: number) => {
    let worst = 0;
    for (let i = 0; i + 3 < points.length; i += 2) {
      const mx = (points[i]! + points[i + 2]!) / 2 - cx;
      const my = (points[i + 1]! + points[i + 3]!) / 2 - cy;
      const onCircle = Math.abs(Math.hypot(points[i]! - cx, points[i + 1]! - cy) - r) < 1e-9;
      if (onCircle) worst = Math.max(worst, r - Math.hypot(mx, my));
    }
    return worst;
  };

  it("keeps small rounded corners round: no chord strays a tenth of a pixel", () => {
    for (const step of [1, 4, 16]) {
      const pixel = step / UNITS_PER_SEGMENT;
      for (const r of [1, 5, 12, 40].map((px) => px * pixel)) {
        const { points } = roundedRectOutline(100 * pixel, 100 * pixel, [0, 0, r, 0], step);
        const corner = points.filter((_, i) => i % 2 === 0).length;
        expect(corner).toBeGreaterThan(4);
        const cx = 100 * pixel - r;
        expect(maxChordError(points, cx, cx, r)).toBeLessThanOrEqual(pixel / 10 + 1e-9);
      }
    }
  });

  it("keeps ellipses within a tenth of a pixel of the curve", () => {
    const { points } = ellipseOutline(50, 50, UNITS_PER_SEGMENT);
    expect(maxChordError(points, 25, 25, 25)).toBeLessThanOrEqual(0.1 + 1e-9);
  });
});
