import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EdgeMesh } from "../../src/render/stroke/edgeMesh";
import { fillFringe, fillRims, SOLID, THICKNESS_CAP_PX } from "../../src/render/stroke/fringe";
import { FRINGE_PX } from "../../src/render/stroke/stroker";
import { probe, strictCover } from "./support/edgeMeshProbe";

function rim(points: number[], pixel: number, inward = false): EdgeMesh {
  const mesh = new EdgeMesh();
  fillFringe(mesh, points, pixel, inward);
  return mesh;
}

/** Even-odd point in polygon. */
function inside(points: readonly number[], x: number, y: number): boolean {
  const n = points.length >> 1;
  let result = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = points[i * 2]!;
    const yi = points[i * 2 + 1]!;
    const xj = points[j * 2]!;
    const yj = points[j * 2 + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

const SQUARE = [0, 0, 10, 0, 10, 10, 0, 10];
const REVERSED = [0, 10, 10, 10, 10, 0, 0, 0];

describe("fill rim", () => {
  for (const [name, outline] of [
    ["clockwise", SQUARE],
    ["counter-clockwise", REVERSED],
  ] as const) {
    it(`runs from the outline (0) to one pixel outside it, outside a ${name} outline`, () => {
      const pixel = 0.5;
      const f = FRINGE_PX * pixel;
      const mesh = rim([...outline], pixel);
      for (let v = 0; v < mesh.vertexCount; v += 1) {
        const x = mesh.xy[v * 2]!;
        const y = mesh.xy[v * 2 + 1]!;
        if (mesh.lateral[v] === 0) {
          expect(x === 0 || x === 10 || y === 0 || y === 10).toBe(true);
        } else {
          expect(mesh.lateral[v]).toBeCloseTo(f, 12);
          expect(inside(SQUARE, x, y)).toBe(false);
        }
      }
      // The rim's distance grows outward from the edge, mitred around the corners.
      expect(probe(mesh, 10 + 0.5 * f, 5).lateral).toBeCloseTo(0.5 * f, 9);
      expect(probe(mesh, 5, -0.25 * f).lateral).toBeCloseTo(0.25 * f, 9);
      expect(probe(mesh, 10 + 0.9 * f, 10 + 0.9 * f).triangles).toBeGreaterThan(0);
      expect(probe(mesh, 10 + 1.1 * f, 5).triangles).toBe(0);
      expect(probe(mesh, 5, 5).triangles).toBe(0);
    });
  }

  it("has its inner vertices inset by the shader: into the fill, a unit across both edges", () => {
    for (const [outline, inward] of [
      [SQUARE, false],
      [REVERSED, false],
      [SQUARE, true],
    ] as const) {
      const mesh = rim([...outline], 0.5, inward);
      let inner = 0;
      for (let v = 0; v < mesh.vertexCount; v += 1) {
        if (mesh.insetLimit[v]! < 0) continue;
        inner += 1;
        const [x, y] = [mesh.xy[v * 2]!, mesh.xy[v * 2 + 1]!];
        const [ix, iy] = [mesh.inset[v * 2]!, mesh.inset[v * 2 + 1]!];
        // At the square's corners: one unit in across each side, so (±1, ±1), into the fill.
        expect([Math.abs(ix), Math.abs(iy)]).toEqual([1, 1]);
        expect(inside(SQUARE, x + ix * 0.01, y + iy * 0.01)).toBe(!inward);
        expect(mesh.lateral[v]).toBe(0);
        // Nothing thinner than the cap: solid, and inset by up to half the cap.
        expect(mesh.thickness[v]).toBe(SOLID);
        expect(mesh.insetLimit[v]).toBeCloseTo((THICKNESS_CAP_PX * 0.5) / 2, 12);
      }
      expect(inner).toBe(4);
    }
  });

  it("measures a fill thinner than the cap across, from every vertex, and insets it by half", () => {
    // A bar 0.3 thick, and a ring 0.4 thick measured across to the other outline.
    const bar = [0, 0, 20, 0, 20, 0.3, 0, 0.3];
    const ring = (r: number, reverse: boolean) =>
      Array.from({ length: 64 }, (_, i) => {
        const a = ((reverse ? -1 : 1) * (i >> 1) * Math.PI * 2) / 32;
        return i % 2 === 0 ? 30 + r * Math.cos(a) : 30 + r * Math.sin(a);
      });
    for (const [edges, thickness] of [
      [[{ points: bar, filledInside: true }], 0.3],
      [
        [
          { points: ring(10, false), filledInside: true },
          { points: ring(9.6, true), filledInside: false },
        ],
        0.4,
      ],
    ] as const) {
      const outlines = fillRims(new EdgeMesh(), edges, 1);
      for (const outline of outlines)
        for (let i = 0; i < outline.thickness.length; i += 1) {
          expect(outline.thickness[i]).toBeCloseTo(thickness, 2);
          expect(outline.limit[i]).toBeCloseTo(thickness / 2, 2);
        }
    }
  });

  it("bevels sharp convex corners instead of reaching far out", () => {
    const spike = [0, 0, 100, 5, 0, 10];
    const mesh = rim(spike, 1);
    for (let v = 0; v < mesh.vertexCount; v += 1) {
      expect(mesh.xy[v * 2]!).toBeLessThanOrEqual(100 + FRINGE_PX + 1e-9);
    }
    expect(probe(mesh, 100.02, 5).triangles).toBeGreaterThan(0);
  });

  it("never covers the fill itself, whatever the winding, and covers each point once", () => {
    // Star-shaped outlines (simple polygons) from radii around a centre.
    const outline = fc
      .tuple(
        fc.array(fc.double({ min: 30, max: 50, noNaN: true }), { minLength: 3, maxLength: 12 }),
        fc.boolean(),
      )
      .map(([radii, reversed]) => {
        const points: number[] = [];
        radii.forEach((r, i) => {
          const angle = (i / radii.length) * Math.PI * 2 * (reversed ? -1 : 1);
          points.push(60 + Math.cos(angle) * r, 60 + Math.sin(angle) * r);
        });
        return points;
      });
    fc.assert(
      fc.property(
        outline,
        fc.double({ min: 0.1, max: 2, noNaN: true }),
        fc.array(
          fc.tuple(
            fc.nat(),
            fc.double({ min: 0.05, max: 0.95, noNaN: true }),
            fc.double({ min: -2, max: 2, noNaN: true }),
          ),
          { minLength: 40, maxLength: 40 },
        ),
        (points, pixel, samples) => {
          const mesh = rim(points, pixel);
          const f = FRINGE_PX * pixel;
          const n = points.length >> 1;
          for (const [pick, along, offset] of samples) {
            // A point near an edge, up to two fringes to either side of it.
            const i = pick % n;
            const j = (i + 1) % n;
            const dx = points[j * 2]! - points[i * 2]!;
            const dy = points[j * 2 + 1]! - points[i * 2 + 1]!;
            const length = Math.hypot(dx, dy);
            const x = points[i * 2]! + dx * along - (dy / length) * offset * f;
            const y = points[i * 2 + 1]! + dy * along + (dx / length) * offset * f;
            const covered = strictCover(mesh, x, y);
            if (inside(points, x, y)) {
              expect(covered).toBe(0);
              continue;
            }
            expect(covered).toBeLessThanOrEqual(1);
            // Outside and less than a fringe from the edge: the rim is there.
            if (Math.abs(offset) < 0.95)
              expect(probe(mesh, x, y, 1e-7).triangles).toBeGreaterThan(0);
          }
        },
      ),
      { seed: 4611, numRuns: 200 },
    );
  });
});
