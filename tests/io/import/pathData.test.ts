import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { subpathsOf } from "../../support/arbitraries";
import { arcToCubics, parsePathData, printPathData } from "../../../src/io/import/svg/pathData";
import type { Point } from "../../../src/math/point";

const coord = fc
  .oneof(fc.integer({ min: -10_000, max: 10_000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }))
  .map((n) => (Object.is(n, -0) ? 0 : n));
const point = fc.record({ x: coord, y: coord });
const subpath = subpathsOf(point, 6);

const near = (a: Point, b: Point): boolean => Math.hypot(a.x - b.x, a.y - b.y) < 1e-6;

describe("path data", () => {
  it("property: printing then parsing gives the same subpaths", () => {
    fc.assert(
      fc.property(fc.array(subpath, { maxLength: 4 }), (subpaths) => {
        const parsed = parsePathData(printPathData(subpaths));
        expect(parsed.error).toBeNull();
        expect(parsed.subpaths).toEqual(subpaths);
      }),
      { numRuns: 500 },
    );
  });

  it("property: relative commands reach the same points as absolute ones", () => {
    const int = fc.integer({ min: -500, max: 500 });
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom("L", "C", "Q"), fc.array(int, { minLength: 6, maxLength: 6 })),
          { minLength: 1, maxLength: 8 },
        ),
        int,
        int,
        (commands, sx, sy) => {
          let abs = `M${sx} ${sy}`;
          let rel = `m${sx} ${sy}`;
          let cx = sx;
          let cy = sy;
          for (const [c, n] of commands) {
            const count = c === "L" ? 2 : c === "Q" ? 4 : 6;
            const args = n.slice(0, count);
            abs += `${c}${args.join(" ")}`;
            rel += `${c.toLowerCase()}${args.map((v, i) => v - (i % 2 === 0 ? cx : cy)).join(" ")}`;
            cx = args[count - 2]!;
            cy = args[count - 1]!;
          }
          expect(parsePathData(rel).subpaths).toEqual(parsePathData(abs).subpaths);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("property: reads each number exactly as Number() does", () => {
    const digits = (max: number) =>
      fc.array(fc.constantFrom(..."0123456789"), { maxLength: max }).map((d) => d.join(""));
    const decimal = fc
      .tuple(fc.constantFrom("", "-", "+"), digits(12), fc.boolean(), digits(12), fc.boolean())
      .filter(([, whole, , fraction]) => whole.length + fraction.length > 0)
      .map(
        ([sign, whole, point, fraction, exponent]) =>
          `${sign}${whole}${point || whole.length === 0 ? "." : ""}${point || whole.length === 0 ? fraction : ""}${exponent ? "e-3" : ""}`,
      )
      .filter((text) => /\d/.test(text));
    fc.assert(
      fc.property(decimal, decimal, (x, y) => {
        const parsed = parsePathData(`M0 0L${x} ${y}`);
        expect(parsed.error).toBeNull();
        const line = parsed.subpaths[0]!.segments[0]!;
        // Absolute points are offset by +0 like relative ones, which turns -0 into 0.
        expect(line.to.x).toBe(Number(x) + 0);
        expect(line.to.y).toBe(Number(y) + 0);
      }),
    );
  });

  it("reads every command, compact numbers and implicit repeats", () => {
    const { subpaths, error } = parsePathData(
      "M10-20.5.5.5L1e1,2h5v-3H0V0C1 2 3 4 5 6S7 8 9 10Q1 1 2 2T4 4z m1 1 2 2",
    );
    expect(error).toBeNull();
    expect(subpaths).toHaveLength(2);
    const [first, second] = subpaths;
    expect(first!.start).toEqual({ x: 10, y: -20.5 });
    expect(first!.closed).toBe(true);
    expect(first!.segments.map((s) => s.type)).toEqual([
      "line",
      "line",
      "line",
      "line",
      "line",
      "line",
      "cubic",
      "cubic",
      "quad",
      "quad",
    ]);
    expect(first!.segments[0]!.to).toEqual({ x: 0.5, y: 0.5 });
    // S reflects the previous cubic's second control point about the current point.
    const s = first!.segments[7]!;
    expect(s.type === "cubic" && s.control1).toEqual({ x: 7, y: 8 });
    // T reflects the previous quadratic's control point.
    const t = first!.segments[9]!;
    expect(t.type === "quad" && t.control).toEqual({ x: 3, y: 3 });
    // After z, m is relative to the start of the closed subpath; the pair after it is a line.
    expect(second!.start).toEqual({ x: 11, y: -19.5 });
    expect(second!.segments).toEqual([{ type: "line", to: { x: 13, y: -17.5 } }]);
  });

  it("keeps what came before a syntax error, as browsers do", () => {
    const parsed = parsePathData("M0 0 L10 10 L20 x L30 30");
    expect(parsed.subpaths).toEqual([
      { start: { x: 0, y: 0 }, segments: [{ type: "line", to: { x: 10, y: 10 } }], closed: false },
    ]);
    expect(parsed.error).toBe('a number is missing after "L"');
    expect(parsePathData("L0 0").error).toBe("path data must start with a move");
  });

  it("reads arc flags that run into the next number", () => {
    const a = parsePathData("M0 0a5 5 0 1010 0").subpaths[0]!;
    const b = parsePathData("M0 0 a 5 5 0 1 0 10 0").subpaths[0]!;
    expect(a).toEqual(b);
    expect(near(a.segments.at(-1)!.to, { x: 10, y: 0 })).toBe(true);
  });

  it("property: arcs become cubics that end at the arc's end and stay on the ellipse", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: -180, max: 180 }),
        fc.boolean(),
        fc.boolean(),
        point,
        (rx, ry, angle, large, sweep, to) => {
          const from = { x: 0, y: 0 };
          const segments = arcToCubics(from, rx, ry, angle, large, sweep, to);
          if (to.x === 0 && to.y === 0) return expect(segments).toEqual([]);
          expect(near(segments.at(-1)!.to, to)).toBe(true);
          expect(segments.length).toBeLessThanOrEqual(4);
        },
      ),
      { numRuns: 300 },
    );
    // A half circle of radius 10: the middle of its cubic run is 10 from the centre.
    const half = arcToCubics({ x: 0, y: 0 }, 10, 10, 0, false, true, { x: 20, y: 0 });
    expect(half).toHaveLength(2);
    expect(near(half[0]!.to, { x: 10, y: -10 })).toBe(true);
  });

  it("treats zero radii as a line", () => {
    expect(arcToCubics({ x: 0, y: 0 }, 0, 5, 0, false, false, { x: 3, y: 4 })).toEqual([
      { type: "line", to: { x: 3, y: 4 } },
    ]);
  });
});
