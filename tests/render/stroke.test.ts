import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LineCap, LineJoin } from "../../src/doc/types";
import { EdgeMesh } from "../../src/render/stroke/edgeMesh";
import { FRINGE_PX, strokePolyline, type StrokeStyle } from "../../src/render/stroke/stroker";
import { probe, strictCover } from "./support/edgeMeshProbe";

function stroke(
  points: number[],
  style: Partial<StrokeStyle>,
  options: { closed?: boolean; pixel?: number } = {},
): EdgeMesh {
  const mesh = new EdgeMesh();
  const full: StrokeStyle = { width: 10, cap: "butt", join: "miter", miterLimit: 4, ...style };
  strokePolyline(mesh, points, options.closed ?? false, full, options.pixel ?? 1);
  return mesh;
}

/** Whether the shader would call (x, y) ink: inside the half width and inside any cap. */
function isInk(mesh: EdgeMesh, x: number, y: number, half: number): boolean {
  const p = probe(mesh, x, y);
  return p.triangles > 0 && p.lateral < half && p.alongMargin > 0;
}

function distanceToPolyline(points: readonly number[], closed: boolean, x: number, y: number) {
  const n = points.length >> 1;
  let best = Infinity;
  for (let i = 0; i < (closed ? n : n - 1); i += 1) {
    const j = (i + 1) % n;
    const ax = points[i * 2]!;
    const ay = points[i * 2 + 1]!;
    const dx = points[j * 2]! - ax;
    const dy = points[j * 2 + 1]! - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return best;
}

describe("stroker: lateral distance", () => {
  it("is 0 on the centre line and ± the built half width (ink + one pixel) on the edges", () => {
    const mesh = stroke([0, 0, 100, 0], { width: 10 }, { pixel: 1 });
    const built = 5 + FRINGE_PX;
    for (let v = 0; v < mesh.vertexCount; v += 1) {
      // The + side is the left normal (−dy, dx) = (0, 1): lateral equals y.
      expect(mesh.lateral[v]).toBeCloseTo(mesh.xy[v * 2 + 1]!, 9);
      expect(Math.abs(mesh.lateral[v]!)).toBeCloseTo(built, 9);
    }
    expect(probe(mesh, 50, 0).lateral).toBeCloseTo(0, 9);
    expect(probe(mesh, 50, -3).lateral).toBeCloseTo(3, 9);
    expect(probe(mesh, 50, 5.5).lateral).toBeCloseTo(5.5, 9);
    expect(probe(mesh, 50, 6.5).triangles).toBe(0);
  });

  it("pushes the outline one pixel out at the zoom it is built for", () => {
    const fine = stroke([0, 0, 100, 0], { width: 10 }, { pixel: 0.25 });
    expect(Math.max(...fine.lateral.map(Math.abs))).toBeCloseTo(5 + 0.25 * FRINGE_PX, 9);
  });

  it("builds a stroke thinner than a pixel a pixel wide plus the fringe (the shader fades it)", () => {
    const hairline = stroke([0, 0, 100, 0], { width: 0.2 }, { pixel: 2 });
    expect(Math.max(...hairline.lateral.map(Math.abs))).toBeCloseTo(0.5 * 2 + 2 * FRINGE_PX, 9);
  });

  it("leaves room for the coverage ramp at every zoom of its bucket (within √2 of it)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 50, noNaN: true }),
        fc.double({ min: 0.01, max: 10, noNaN: true }),
        fc.double({ min: Math.SQRT1_2, max: Math.SQRT2, noNaN: true }),
        (width, pixel, zoomOut) => {
          const mesh = stroke([0, 0, 100, 0], { width }, { pixel });
          const built = Math.max(...mesh.lateral.map(Math.abs));
          // The shader draws the ink at least half a pixel wide and ramps over ± half a pixel.
          const actual = pixel * zoomOut;
          expect(built).toBeGreaterThanOrEqual(Math.max(width / 2, actual / 2) + actual / 2 - 1e-9);
        },
      ),
      { seed: 4611, numRuns: 300 },
    );
  });
});

describe("stroker: caps", () => {
  const cases: [LineCap, number][] = [
    ["butt", 0],
    ["square", 5],
  ];
  for (const [cap, past] of cases) {
    it(`a ${cap} cap ends the ink ${past} past the end point, with the ramp on both sides`, () => {
      const mesh = stroke([0, 0, 100, 0], { width: 10, cap }, { pixel: 1 });
      for (const x of [-0.75, -0.25, 0.25, 0.75]) {
        // The along margin is the distance inside the cap's end line.
        expect(probe(mesh, x - past, 2).alongMargin).toBeCloseTo(x, 9);
        expect(probe(mesh, 100 + past - x, -2).alongMargin).toBeCloseTo(x, 9);
      }
      expect(probe(mesh, -past - 1 - 0.01, 0).triangles).toBe(0);
    });
  }

  it("a round cap is a half disc of the half width", () => {
    const mesh = stroke([0, 0, 100, 0], { width: 10, cap: "round" }, { pixel: 0.1 });
    expect(isInk(mesh, -4.8, 0, 5)).toBe(true);
    expect(isInk(mesh, -3.4, 3.4, 5)).toBe(true);
    expect(isInk(mesh, -3.7, 3.7, 5)).toBe(false);
    expect(isInk(mesh, 104.8, 0, 5)).toBe(true);
    expect(isInk(mesh, 105.2, 0, 5)).toBe(false);
  });
});

describe("stroker: joins", () => {
  // East, then south (screen y down): the turn is towards the + side, so the outer corner is at
  // (55, −5).
  const corner = [0, 0, 50, 0, 50, 50];
  const ink = (join: LineJoin, miterLimit: number, x: number, y: number) =>
    isInk(stroke(corner, { width: 10, join, miterLimit }, { pixel: 0.1 }), x, y, 5);

  it("a miter join keeps the square corner within its limit and is bevelled past it", () => {
    expect(ink("miter", 4, 54.8, -4.8)).toBe(true);
    // A right angle's miter is √2 stroke widths long.
    expect(ink("miter", 1.4, 54.8, -4.8)).toBe(false);
    expect(ink("miter", 1.4, 52.4, -2.4)).toBe(true);
  });

  it("a bevel join cuts the corner on the line between the two outer edges' ends", () => {
    expect(ink("bevel", 4, 52.4, -2.4)).toBe(true);
    expect(ink("bevel", 4, 52.6, -2.6)).toBe(false);
  });

  it("a round join rounds the corner with the half width", () => {
    expect(ink("round", 4, 53.4, -3.4)).toBe(true);
    expect(ink("round", 4, 53.7, -3.7)).toBe(false);
  });

  it("a join that turns too little to tell from a miter adds no vertices of its own", () => {
    const straightish = stroke([0, 0, 50, 0, 100, 0.5, 150, 1.5], { join: "round" }, { pixel: 1 });
    // Two butt caps of four vertices each, two joins of two (the outer and inner miter points).
    expect(straightish.vertexCount).toBe(12);
    const sharp = stroke([0, 0, 50, 0, 100, 0.5, 110, 40], { join: "round" }, { pixel: 1 });
    expect(sharp.vertexCount).toBeGreaterThan(12);
  });

  it("segments meet at the inner miter point, so a translucent stroke never covers a point twice", () => {
    for (const join of ["miter", "round", "bevel"] as const) {
      const mesh = stroke([0, 0, 40, 30, 80, 0, 120, 30], { width: 8, join }, { pixel: 0.5 });
      for (let x = -6; x <= 126; x += 0.7) {
        for (let y = -10; y <= 40; y += 0.7) expect(strictCover(mesh, x, y)).toBeLessThanOrEqual(1);
      }
    }
  });

  it("a closed outline is joined at its first point too", () => {
    const mesh = stroke(
      [0, 0, 40, 0, 40, 40, 0, 40],
      { width: 4, join: "miter" },
      { closed: true },
    );
    expect(isInk(mesh, -1.9, -1.9, 2)).toBe(true);
    expect(isInk(mesh, 20, 20, 2)).toBe(false);
  });
});

describe("stroker: properties", () => {
  const polyline = fc
    .array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 })), {
      minLength: 2,
      maxLength: 6,
    })
    .map((pairs) => pairs.flat())
    .filter((points) => {
      for (let i = 2; i < points.length; i += 2) {
        if (Math.hypot(points[i]! - points[i - 2]!, points[i + 1]! - points[i - 1]!) < 1)
          return false;
      }
      return true;
    });
  const style = fc.record({
    width: fc.double({ min: 0.2, max: 30, noNaN: true }),
    cap: fc.constantFrom<LineCap>("butt", "round", "square"),
    join: fc.constantFrom<LineJoin>("miter", "round", "bevel"),
    miterLimit: fc.double({ min: 1, max: 10, noNaN: true }),
  });

  it("the anti-aliased outline contains the ink of every segment", () => {
    fc.assert(
      fc.property(
        polyline,
        style,
        fc.boolean(),
        fc.double({ min: 0.05, max: 2, noNaN: true }),
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.double({ min: 0.02, max: 0.98, noNaN: true }),
            fc.double({ min: -0.98, max: 0.98, noNaN: true }),
          ),
          { minLength: 8, maxLength: 8 },
        ),
        (points, style, closed, pixel, samples) => {
          const mesh = new EdgeMesh();
          strokePolyline(mesh, points, closed, style, pixel);
          const half = Math.max(style.width / 2, pixel / 2);
          const n = points.length >> 1;
          const segments = closed ? n : n - 1;
          for (const [pick, along, across] of samples) {
            const i = pick % segments;
            const j = (i + 1) % n;
            const ax = points[i * 2]!;
            const ay = points[i * 2 + 1]!;
            const dx = points[j * 2]! - ax;
            const dy = points[j * 2 + 1]! - ay;
            const length = Math.hypot(dx, dy);
            if (length === 0) continue;
            // A point inside the segment's own rectangle is ink whatever the joins and caps.
            const x = ax + dx * along - (dy / length) * across * half;
            const y = ay + dy * along + (dx / length) * across * half;
            const p = probe(mesh, x, y, 1e-7);
            expect(p.triangles).toBeGreaterThan(0);
            expect(p.lateral).toBeLessThanOrEqual(half * (1 + 1e-9) + 1e-9);
            expect(p.alongMargin).toBeGreaterThan(0);
          }
        },
      ),
      { seed: 4611, numRuns: 300 },
    );
  });

  it("nothing is built further from the line than a miter, a square cap and the fringe reach", () => {
    fc.assert(
      fc.property(
        polyline,
        style,
        fc.boolean(),
        fc.double({ min: 0.05, max: 2, noNaN: true }),
        (points, style, closed, pixel) => {
          const mesh = new EdgeMesh();
          strokePolyline(mesh, points, closed, style, pixel);
          const built = Math.max(style.width / 2, pixel / 2) + pixel * FRINGE_PX;
          // A join drawn as a miter reaches at most √(miterLimit² or the collapse's small turn).
          const reach = built * Math.max(style.miterLimit, 1.5) + style.width / 2 + pixel;
          for (let v = 0; v < mesh.vertexCount; v += 1) {
            const d = distanceToPolyline(points, closed, mesh.xy[v * 2]!, mesh.xy[v * 2 + 1]!);
            expect(d).toBeLessThanOrEqual(reach + 1e-9);
          }
        },
      ),
      { seed: 4611, numRuns: 300 },
    );
  });
});

describe("stroker: segments of no length", () => {
  it("draw their caps, as SVG does: a dot for round caps, an x-aligned square for square ones", () => {
    const round = stroke([50, 50, 50, 50], { width: 10, cap: "round" });
    expect(isInk(round, 50, 50, 5)).toBe(true);
    expect(isInk(round, 53, 53, 5)).toBe(true);
    expect(isInk(round, 54.5, 54.5, 5)).toBe(false);
    const square = stroke([50, 50, 50, 50], { width: 10, cap: "square" });
    expect(isInk(square, 54.5, 54.5, 5)).toBe(true);
    expect(isInk(square, 56, 50, 5)).toBe(false);
    // Butt caps have nothing to draw; a lone point is no segment at all.
    expect(stroke([50, 50, 50, 50], { width: 10, cap: "butt" }).vertexCount).toBe(0);
    expect(stroke([50, 50], { width: 10, cap: "round" }).vertexCount).toBe(0);
  });
});

describe("edge mesh storage", () => {
  it("is what the views show, up to the counts, after each of its arrays has grown", () => {
    const mesh = new EdgeMesh();
    const sameAsViews = () => {
      const { data } = mesh;
      const n = mesh.vertexCount;
      expect(data.indices.subarray(0, mesh.indexCount)).toEqual(mesh.indices);
      expect(data.xy.subarray(0, n * 2)).toEqual(mesh.xy);
      expect(data.inset.subarray(0, n * 2)).toEqual(mesh.inset);
      for (const key of ["lateral", "along", "alongLimit", "thickness", "insetLimit"] as const)
        expect(data[key].subarray(0, n)).toEqual(mesh[key]);
    };
    // Past the first vertex arrays' size (256) with few indices, then past the first index
    // array's (768), so each kind of array is replaced on its own.
    for (let i = 0; i < 300; i += 1) {
      if (i % 3 === 0) mesh.vertex(i, -i, i / 2, i / 3, i / 4);
      else if (i % 3 === 1) mesh.rimVertex(i, i, 1, 2);
      else mesh.insetVertex(i, 0, 3, 0.5, -0.5, i);
    }
    mesh.triangle(0, 1, 2);
    sameAsViews();
    for (let v = 2; v < 300; v += 1) mesh.quad(v - 2, v - 1, v, v - 2);
    expect(mesh.indexCount).toBeGreaterThan(768);
    sameAsViews();
  });
});
