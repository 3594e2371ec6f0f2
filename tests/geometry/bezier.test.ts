import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  flattenCurveAdaptiveInto,
  flattenCurveInto,
  pointAt,
  splitCurve,
  type Curve,
} from "../../src/geometry/bezier";
import { distanceToOutline } from "../../src/geometry/polylines";
import { smallVec } from "./helpers";
import type { Point } from "../../src/math/point";

const curveArb: fc.Arbitrary<Curve> = fc.oneof(
  fc.tuple(smallVec, smallVec),
  fc.tuple(smallVec, smallVec, smallVec),
  fc.tuple(smallVec, smallVec, smallVec, smallVec),
);

/** Largest distance from dense samples of the curve to the polyline. */
function deviation(curve: Curve, points: number[]): number {
  const line = [{ points, closed: false }];
  let worst = 0;
  for (let i = 0; i <= 2000; i++)
    worst = Math.max(worst, distanceToOutline(line, pointAt(curve, i / 2000)));
  return worst;
}

describe("Bézier helpers", () => {
  it("both flattenings stay within the tolerance of the curve", () => {
    fc.assert(
      fc.property(curveArb, fc.constantFrom(0.01, 0.1, 1), (curve, tolerance) => {
        const start = curve[0]!;
        for (const flatten of [flattenCurveInto, flattenCurveAdaptiveInto]) {
          const points = [start.x, start.y];
          flatten(curve, tolerance, points);
          expect(points.slice(-2)).toEqual([
            curve[curve.length - 1]!.x,
            curve[curve.length - 1]!.y,
          ]);
          // Dense sampling itself is off by a little: allow 1 % of the tolerance for it.
          expect(deviation(curve, points)).toBeLessThanOrEqual(tolerance * 1.01);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("a de Casteljau split traces the same points", () => {
    fc.assert(
      fc.property(curveArb, fc.double({ min: 0.01, max: 0.99, noNaN: true }), (curve, t) => {
        const [left, right] = splitCurve(curve, t);
        for (let i = 0; i <= 8; i++) {
          const u = i / 8;
          const near = (p: Point, q: Point) => Math.hypot(p.x - q.x, p.y - q.y) <= 1e-9 * 1000;
          expect(near(pointAt(left, u), pointAt(curve, t * u))).toBe(true);
          expect(near(pointAt(right, u), pointAt(curve, t + (1 - t) * u))).toBe(true);
        }
      }),
    );
  });
});
