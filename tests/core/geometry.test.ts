import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Geometry } from "../../engine/core/index.ts";
import { loadCore } from "./loadCore.ts";
import { cubicAt, quadraticAt, referenceInside, sampledCurveDistance } from "./reference.ts";

/** CORE_FC_SCALE=10 multiplies the number of generated cases for a deeper local run. */
const runs = (n: number): number => Math.ceil(n * Number(process.env["CORE_FC_SCALE"] ?? 1));

let geometry: Geometry;
beforeAll(async () => {
  geometry = (await loadCore()).geometry;
});

const coord = fc.oneof(
  fc.integer({ min: -100, max: 100 }),
  fc.double({ min: -100, max: 100, noNaN: true }),
);

/** Relative tolerance, with a floor tied to the curve's size for distances near zero. */
function close(got: number, want: number, scale: number, rel = 1e-9): void {
  const tolerance = rel * Math.max(want, 1e-3 * scale, 1e-12);
  if (!(Math.abs(got - want) <= tolerance)) {
    expect.fail(`distance ${got} differs from reference ${want} by ${got - want}`);
  }
}

describe("distanceToSegment", () => {
  it("handles endpoints, interior and degenerate segments", () => {
    expect(geometry.distanceToSegment(0, 5, -10, 0, 10, 0)).toBe(5);
    expect(geometry.distanceToSegment(13, 4, -10, 0, 10, 0)).toBe(5);
    expect(geometry.distanceToSegment(3, 4, 0, 0, 0, 0)).toBe(5);
    expect(geometry.distanceToSegment(1, 1, 0, 0, 2, 2)).toBe(0);
  });

  it("matches dense sampling", () => {
    fc.assert(
      fc.property(coord, coord, coord, coord, coord, coord, (px, py, x0, y0, x1, y1) => {
        const want = sampledCurveDistance(
          px,
          py,
          (t) => [x0 + (x1 - x0) * t, y0 + (y1 - y0) * t],
          50,
        );
        close(geometry.distanceToSegment(px, py, x0, y0, x1, y1), want, 1, 1e-9);
      }),
      { numRuns: runs(300) },
    );
  });
});

describe("distanceToQuadratic", () => {
  it("handles simple cases", () => {
    // Parabola y = x^2 - style curve through (-1,1), (0,0), (1,1) with control (0,-1).
    expect(geometry.distanceToQuadratic(0, -2, -1, 1, 0, -1, 1, 1)).toBeCloseTo(2, 12);
    expect(geometry.distanceToQuadratic(5, 5, 0, 0, 0, 0, 0, 0)).toBeCloseTo(Math.SQRT2 * 5, 12);
    // Collinear control point: a straight segment.
    expect(geometry.distanceToQuadratic(5, 3, 0, 0, 5, 0, 10, 0)).toBeCloseTo(3, 12);
  });

  it("matches dense sampling", () => {
    fc.assert(
      fc.property(
        fc.tuple(coord, coord, coord, coord, coord, coord, coord, coord),
        ([px, py, x0, y0, cx, cy, x1, y1]) => {
          const want = sampledCurveDistance(px, py, quadraticAt(x0, y0, cx, cy, x1, y1));
          const got = geometry.distanceToQuadratic(px, py, x0, y0, cx, cy, x1, y1);
          const scale = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), Math.abs(cx - x0), 1);
          close(got, want, scale);
        },
      ),
      { numRuns: runs(300) },
    );
  });
});

describe("distanceToCubic", () => {
  it("handles simple cases", () => {
    expect(geometry.distanceToCubic(5, 3, 0, 0, 3, 0, 7, 0, 10, 0)).toBeCloseTo(3, 12);
    expect(geometry.distanceToCubic(-3, 4, 0, 0, 3, 0, 7, 0, 10, 0)).toBeCloseTo(5, 12);
    // A cusp: the point at the cusp is on the curve.
    const at = cubicAt(0, 0, 10, 10, 0, 10, 10, 0);
    const [cx, cy] = at(0.5);
    expect(geometry.distanceToCubic(cx, cy, 0, 0, 10, 10, 0, 10, 10, 0)).toBeLessThan(1e-9);
  });

  it("matches dense sampling", () => {
    fc.assert(
      fc.property(
        fc.tuple(coord, coord, coord, coord, coord, coord, coord, coord, coord, coord),
        ([px, py, x0, y0, c1x, c1y, c2x, c2y, x1, y1]) => {
          const want = sampledCurveDistance(px, py, cubicAt(x0, y0, c1x, c1y, c2x, c2y, x1, y1));
          const got = geometry.distanceToCubic(px, py, x0, y0, c1x, c1y, c2x, c2y, x1, y1);
          const scale = Math.max(
            Math.abs(x1 - x0),
            Math.abs(y1 - y0),
            Math.abs(c1x - x0),
            Math.abs(c2y - y0),
            1,
          );
          close(got, want, scale);
        },
      ),
      { numRuns: runs(300) },
    );
  });
});

describe("pointInPolygon", () => {
  const square = new Float64Array([0, 0, 10, 0, 10, 10, 0, 10]);
  // A pentagram: its centre has winding number 2.
  const star = new Float64Array([0, 10, 6, -8, -10, 3, 10, 3, -6, -8]);

  it("distinguishes the fill rules", () => {
    expect(geometry.pointInPolygon(5, 5, square, "nonzero")).toBe(true);
    expect(geometry.pointInPolygon(5, 5, square, "evenodd")).toBe(true);
    expect(geometry.pointInPolygon(15, 5, square, "nonzero")).toBe(false);
    expect(geometry.pointInPolygon(0, 0.5, star, "nonzero")).toBe(true);
    expect(geometry.pointInPolygon(0, 0.5, star, "evenodd")).toBe(false);
    expect(geometry.pointInPolygon(0, 8, star, "evenodd")).toBe(true);
  });

  it("counts points on edges and vertices as inside", () => {
    for (const rule of ["nonzero", "evenodd"] as const) {
      expect(geometry.pointInPolygon(10, 5, square, rule)).toBe(true);
      expect(geometry.pointInPolygon(0, 0, square, rule)).toBe(true);
      expect(geometry.pointInPolygon(5, 10, square, rule)).toBe(true);
      expect(geometry.pointInPolygon(10.000001, 5, square, rule)).toBe(false);
    }
  });

  it("handles degenerate input", () => {
    expect(geometry.pointInPolygon(0, 0, new Float64Array(0), "nonzero")).toBe(false);
    expect(geometry.pointInPolygon(1, 1, new Float64Array([1, 1]), "nonzero")).toBe(true);
    expect(geometry.pointInPolygon(1, 2, new Float64Array([1, 1]), "nonzero")).toBe(false);
  });

  it("matches a reference winding computation", () => {
    const vertex = fc.integer({ min: -8, max: 8 });
    const polygon = fc.array(fc.tuple(vertex, vertex), { minLength: 3, maxLength: 12 });
    // Half-integer points are never on an edge; integer points often are.
    const query = fc.integer({ min: -20, max: 20 }).map((v) => v / 2);
    fc.assert(
      fc.property(
        polygon,
        fc.array(fc.tuple(query, query), { minLength: 1, maxLength: 20 }),
        (poly, qs) => {
          const flat = poly.flat();
          const points = new Float64Array(flat);
          for (const [x, y] of qs) {
            for (const rule of ["nonzero", "evenodd"] as const) {
              expect(geometry.pointInPolygon(x, y, points, rule)).toBe(
                referenceInside(x, y, flat, rule),
              );
            }
          }
        },
      ),
      { numRuns: runs(400) },
    );
  });

  it("grows its scratch buffer for large polygons", () => {
    const n = 100_000;
    const pts = new Float64Array(n * 2);
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n;
      pts[2 * i] = Math.cos(a) * 100;
      pts[2 * i + 1] = Math.sin(a) * 100;
    }
    expect(geometry.pointInPolygon(0, 0, pts, "nonzero")).toBe(true);
    expect(geometry.pointInPolygon(0, 100.5, pts, "evenodd")).toBe(false);
  });
});
