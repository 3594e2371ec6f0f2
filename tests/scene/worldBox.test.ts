import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { multiply, toMatrix, type Matrix } from "../../src/doc/transform";
import type { Transform } from "../../src/doc/types";
import { transformBox } from "../../src/geometry/bounds";
import { worldBoxInto } from "../../src/scene/spatialSync";
import { coordArb, transformArb } from "../support/arbitraries";

const boxArb = fc.tuple(coordArb, coordArb, coordArb, coordArb).map(([x0, y0, x1, y1]) => ({
  minX: Math.min(x0, x1),
  minY: Math.min(y0, y1),
  maxX: Math.max(x0, x1),
  maxY: Math.max(y0, y1),
}));
/** Transforms as shapes mostly have them (moved only, or scaled) as well as any at all. */
const shapeTransformArb: fc.Arbitrary<Transform> = fc.oneof(
  transformArb,
  transformArb.map((t) => ({ ...t, rotation: 0, skewX: 0 })),
  transformArb.map((t) => ({ ...t, rotation: 0, skewX: 0, scaleX: 1, scaleY: 1 })),
);
const worldArb: fc.Arbitrary<Matrix> = fc.oneof(
  fc.constant({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }),
  shapeTransformArb.map(toMatrix),
);

describe("a node's page box written in place", () => {
  it("is the box transformBox gives through the composed matrix, to the bit", () => {
    fc.assert(
      fc.property(boxArb, worldArb, shapeTransformArb, (local, world, transform) => {
        const out = new Float64Array(8);
        worldBoxInto(out, 4, local, world, transform);
        const box = transformBox(local, multiply(world, toMatrix(transform)));
        // Equal as numbers: a zero may come out with the other sign.
        expect([out[4]! + 0, out[5]! + 0, out[6]! + 0, out[7]! + 0]).toEqual([
          box.minX + 0,
          box.minY + 0,
          box.maxX + 0,
          box.maxY + 0,
        ]);
        expect([...out.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
      }),
      { numRuns: 500 },
    );
  });
});
