import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply, multiply, toMatrix, type Matrix } from "../../../src/doc/transform";
import { expressible } from "../../../src/io/import/svg/convert";
import { parseTransformList } from "../../../src/io/import/svg/transformList";

const closeTo = (m: Matrix, n: Matrix, eps = 1e-9): void => {
  for (const key of ["a", "b", "c", "d", "e", "f"] as const)
    expect(Math.abs(m[key] - n[key])).toBeLessThan(eps);
};

describe("transform lists", () => {
  it("reads each function", () => {
    expect(parseTransformList("translate(5)")).toEqual({ a: 1, b: 0, c: 0, d: 1, e: 5, f: 0 });
    expect(parseTransformList("scale(2, 3)")).toEqual({ a: 2, b: 0, c: 0, d: 3, e: 0, f: 0 });
    expect(parseTransformList("matrix(1 2 3 4 5 6)")).toEqual({
      a: 1,
      b: 2,
      c: 3,
      d: 4,
      e: 5,
      f: 6,
    });
    const r = parseTransformList("rotate(90 10 10)")!;
    const p = apply(r, { x: 20, y: 10 });
    expect(p.x).toBeCloseTo(10);
    expect(p.y).toBeCloseTo(20);
    expect(parseTransformList("skewX(45)")!.c).toBeCloseTo(1);
    expect(parseTransformList("skewY(45)")!.b).toBeCloseTo(1);
  });

  it("composes left to right, with commas or spaces between functions", () => {
    const composed = parseTransformList("translate(10,20), scale(2) rotate(30)")!;
    const expected = multiply(
      multiply({ a: 1, b: 0, c: 0, d: 1, e: 10, f: 20 }, { a: 2, b: 0, c: 0, d: 2, e: 0, f: 0 }),
      parseTransformList("rotate(30)")!,
    );
    closeTo(composed, expected);
  });

  it.each(["translate(", "scale()", "rotate(1 2)", "foo(1)", "matrix(1 2 3)", "translate(1) junk"])(
    "rejects %j as a whole",
    (text) => {
      expect(parseTransformList(text)).toBeNull();
    },
  );

  it("property: every invertible matrix is held exactly by a node transform", () => {
    const n = fc.integer({ min: -1000, max: 1000 }).map((k) => k / 10);
    fc.assert(
      fc.property(n, n, n, n, n, n, (a, b, c, d, e, f) => {
        const m = { a, b, c, d, e, f };
        const det = a * d - b * c;
        fc.pre(Math.abs(det) > 1e-6);
        const t = expressible(m);
        expect(t).not.toBeNull();
        const back = toMatrix(t!);
        for (const key of ["a", "b", "c", "d", "e", "f"] as const)
          expect(Math.abs(back[key] - m[key])).toBeLessThan(1e-6 * Math.max(1, Math.abs(m[key])));
      }),
      { numRuns: 500, endOnFailure: true },
    );
  });

  it("a singular matrix is not a node transform (its shape is baked instead)", () => {
    expect(expressible({ a: 1, b: 0, c: 0, d: 0, e: 0, f: 0 })).toBeNull();
    expect(expressible({ a: 0, b: 0, c: 0, d: 1, e: 0, f: 0 })).toBeNull();
  });
});
