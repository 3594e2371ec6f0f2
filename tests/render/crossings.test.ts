import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_SWEEP_SEGMENTS,
  outlinesCross,
  segmentsIntersect,
} from "../../src/render/stroke/crossings";

function rectangle(x0: number, y0: number, x1: number, y1: number): number[] {
  return [x0, y0, x1, y0, x1, y1, x0, y1];
}

/** Every pair of segments compared: the slow answer the sweep must agree with. */
function crossBruteForce(outlines: readonly (readonly number[])[]): boolean {
  const segments: { o: number; i: number; n: number; s: number[] }[] = [];
  outlines.forEach((p, o) => {
    const n = p.length >> 1;
    for (let i = 0; i < n; i += 1) {
      const j = (i + 1) % n;
      segments.push({ o, i, n, s: [p[i * 2]!, p[i * 2 + 1]!, p[j * 2]!, p[j * 2 + 1]!] });
    }
  });
  for (let a = 0; a < segments.length; a += 1)
    for (let b = a + 1; b < segments.length; b += 1) {
      const [p, q] = [segments[a]!, segments[b]!];
      const [ax, ay, bx, by] = p.s as [number, number, number, number];
      const [cx, cy, dx, dy] = q.s as [number, number, number, number];
      if (p.o === q.o && ((p.i + 1) % p.n === q.i || (q.i + 1) % q.n === p.i)) {
        // Neighbours: only a fold back along each other counts.
        const [first, next] = (p.i + 1) % p.n === q.i ? [p.s, q.s] : [q.s, p.s];
        const [ux, uy] = [first[2]! - first[0]!, first[3]! - first[1]!];
        const [vx, vy] = [next[2]! - next[0]!, next[3]! - next[1]!];
        if (ux * vy - uy * vx === 0 && ux * vx + uy * vy < 0) return true;
        continue;
      }
      if (segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)) return true;
    }
  return false;
}

describe("crossing test", () => {
  it("finds no crossing in simple, separate or nested outlines", () => {
    expect(outlinesCross([rectangle(0, 0, 10, 10)])).toBe(false);
    expect(outlinesCross([rectangle(0, 0, 10, 10), rectangle(20, 0, 30, 10)])).toBe(false);
    expect(outlinesCross([rectangle(0, 0, 10, 10), rectangle(2, 2, 8, 8)])).toBe(false);
    const circle = Array.from({ length: 2000 }, (_, i) => {
      const a = (i / 2000) * Math.PI * 2;
      return [Math.cos(a) * 100, Math.sin(a) * 100];
    }).flat();
    expect(outlinesCross([circle])).toBe(false);
  });

  it("finds crossings, touches and folds", () => {
    expect(outlinesCross([[0, 0, 10, 10, 10, 0, 0, 10]])).toBe(true);
    expect(outlinesCross([rectangle(0, 0, 10, 10), rectangle(5, 5, 15, 15)])).toBe(true);
    expect(outlinesCross([rectangle(0, 0, 10, 10), rectangle(10, 10, 20, 20)])).toBe(true);
    expect(outlinesCross([rectangle(0, 0, 10, 10), rectangle(10, 2, 20, 8)])).toBe(true);
    expect(outlinesCross([[0, 0, 10, 0, 10, 10, 10, 20, 10, 10, 0, 10]])).toBe(true);
    // A vertex of the outline lying on another of its edges.
    expect(outlinesCross([[0, 0, 10, 0, 5, 5, 10, 10, 0, 10, 5, 0]])).toBe(true);
  });

  it("answers 'crossing' past its limits instead of working on", () => {
    const many = Array.from({ length: MAX_SWEEP_SEGMENTS + 1 }, (_, i) => [i, i % 2]).flat();
    expect(outlinesCross([many])).toBe(true);
    // Nested squares overlap along both axes: each is compared with all around it.
    const nested = Array.from({ length: 200 }, (_, i) => rectangle(-i - 1, -i - 1, i + 1, i + 1));
    expect(outlinesCross(nested)).toBe(true);
    expect(crossBruteForce(nested)).toBe(false);
  });

  it("sweeps along the axis the segments spread less along", () => {
    // Stripes side by side in y overlap all along x; swept along y they never pile up.
    const stripes = Array.from({ length: 200 }, (_, i) => rectangle(0, i * 2, 1000, i * 2 + 1));
    expect(outlinesCross(stripes)).toBe(false);
    expect(outlinesCross(stripes.map((p) => p.map((_, i) => p[i ^ 1]!)))).toBe(false);
    const rings = Array.from({ length: 20 }, (_, r) =>
      Array.from({ length: 64 }, (_, i) => {
        const a = (i / 64) * Math.PI * 2;
        return [Math.cos(a) * (r + 1) * 10, Math.sin(a) * (r + 1) * 10];
      }).flat(),
    );
    expect(outlinesCross(rings)).toBe(false);
  });

  it("agrees with comparing every pair of segments", () => {
    const coordinate = fc.integer({ min: 0, max: 12 });
    const polygon = fc
      .array(fc.tuple(coordinate, coordinate), { minLength: 3, maxLength: 8 })
      .map((points) => points.flat());
    const placed = fc
      .tuple(polygon, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }))
      .map(([p, dx, dy]) => p.map((v, i) => v + (i % 2 === 0 ? dx : dy)));
    fc.assert(
      fc.property(fc.array(placed, { minLength: 1, maxLength: 4 }), (outlines) => {
        expect(outlinesCross(outlines)).toBe(crossBruteForce(outlines));
      }),
      { numRuns: 2000 },
    );
  });
});
