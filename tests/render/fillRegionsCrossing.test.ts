import fc from "fast-check";
import { getStroke } from "perfect-freehand";
import { beforeAll, describe, expect, it } from "vitest";
import type { FillRule } from "../../src/doc/types";
import { fillRegions } from "../../src/render/stroke/fillRegions";
import { MAX_TESSELLATED_VERTICES } from "../../src/render/stroke/tessellate";
import {
  coverCount,
  oracleFills,
  rimProbes,
  sampleGrid,
  triangulate,
  trianglesArea,
  type Earcut,
  type Triangle,
} from "./support/fillCoverage";
import type { FillPlan } from "../../src/render/stroke/fillPlan";

// PixiJS reads `navigator` when its modules load; the encoder triangulates with its earcut.
let earcut: Earcut;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  earcut = (await import("pixi.js")).earcut;
});

const RULES: FillRule[] = ["nonzero", "evenodd"];

/** A five-pointed star drawn as one outline of five points, every point joined to the next but one. */
function pentagram(cx: number, cy: number, radius: number): number[] {
  const points: number[] = [];
  for (let k = 0; k < 5; k += 1) {
    const angle = Math.PI / 2 + (k * 4 * Math.PI) / 5;
    points.push(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
  }
  return points;
}

function rectangle(x0: number, y0: number, x1: number, y1: number, clockwise = false): number[] {
  return clockwise ? [x0, y0, x0, y1, x1, y1, x1, y0] : [x0, y0, x1, y0, x1, y1, x0, y1];
}

/**
 * Fill near (x, y) as the encoder would draw it; regions must never overlap. The probe sits a
 * hair off the given point so that it never lies on a diagonal two triangles share.
 */
function fillsAt(triangles: readonly Triangle[], x: number, y: number): boolean {
  const [px, py] = [x + Math.SQRT2 * 1e-6, y + Math.PI * 1e-6];
  const count = coverCount(triangles, px, py);
  expect(count, `overlapping regions at ${px}, ${py}`).toBeLessThanOrEqual(1);
  return count === 1;
}

/** How many grid samples the triangulated plan gets wrong against the winding-number oracle. */
function mismatches(
  outlines: readonly (readonly number[])[],
  rule: FillRule,
  plan: FillPlan,
  steps: number,
): { wrong: number; overlaps: number; total: number; filled: number } {
  const triangles = triangulate(plan, earcut);
  const xs = outlines.flatMap((p) => p.filter((_, i) => i % 2 === 0));
  const ys = outlines.flatMap((p) => p.filter((_, i) => i % 2 === 1));
  const grid = sampleGrid(
    Math.min(...xs),
    Math.min(...ys),
    Math.max(...xs),
    Math.max(...ys),
    steps,
  );
  let wrong = 0;
  let overlaps = 0;
  let filled = 0;
  for (const [x, y] of grid) {
    const count = coverCount(triangles, x, y);
    if (count > 1) overlaps += 1;
    const expected = oracleFills(outlines, rule, x, y);
    if (expected) filled += 1;
    if (count >= 1 !== expected) wrong += 1;
  }
  return { wrong, overlaps, total: grid.length, filled };
}

/** Every rim segment has the fill on its `filledInside` side and none on the other. */
function expectRimSeparates(
  outlines: readonly (readonly number[])[],
  rule: FillRule,
  plan: FillPlan,
  delta: number,
): void {
  const probes = rimProbes(plan, delta, delta * 10);
  expect(probes.length).toBeGreaterThan(0);
  for (const { inside, outside, filledInside } of probes) {
    expect(oracleFills(outlines, rule, ...inside), `inside ${inside}`).toBe(filledInside);
    expect(oracleFills(outlines, rule, ...outside), `outside ${outside}`).toBe(!filledInside);
  }
}

describe("outlines that cross themselves", () => {
  it("a pentagram: nonzero fills the centre, evenodd leaves it empty, both fill the points", () => {
    const star = pentagram(0, 0, 100);
    for (const rule of RULES) {
      const plan = fillRegions([star], rule);
      const triangles = triangulate(plan, earcut);
      expect(fillsAt(triangles, 0, 0)).toBe(rule === "nonzero");
      expect(fillsAt(triangles, 0, 80)).toBe(true);
      expect(fillsAt(triangles, 0, -60)).toBe(false);
      expect(fillsAt(triangles, 150, 0)).toBe(false);
      expect(mismatches([star], rule, plan, 60)).toMatchObject({ wrong: 0, overlaps: 0 });
      expectRimSeparates([star], rule, plan, 1e-3);
    }
  });

  it("a pentagram filled nonzero has one rim round the star; evenodd five, one per point", () => {
    const star = pentagram(0, 0, 100);
    expect(fillRegions([star], "nonzero").edges).toHaveLength(1);
    const evenodd = fillRegions([star], "evenodd");
    expect(evenodd.edges).toHaveLength(5);
    expect(evenodd.edges.every((edge) => edge.filledInside)).toBe(true);
  });

  it("a figure-eight: both loops filled under both rules, whichever way each turns", () => {
    // One outline crossing itself at (0, 0): the right loop turns one way, the left the other.
    const eight = [10, 10, 20, 0, 10, -10, -10, 10, -20, 0, -10, -10];
    for (const rule of RULES) {
      const plan = fillRegions([eight], rule);
      const triangles = triangulate(plan, earcut);
      expect(fillsAt(triangles, 10, 0)).toBe(true);
      expect(fillsAt(triangles, -10, 0)).toBe(true);
      expect(fillsAt(triangles, 0, 8)).toBe(false);
      expect(trianglesArea(triangles)).toBeCloseTo(400, 6);
      expectRimSeparates([eight], rule, plan, 1e-3);
    }
  });

  it("two overlapping squares: nonzero fills the union, evenodd leaves the overlap empty", () => {
    const squares = [rectangle(0, 0, 10, 10), rectangle(5, 5, 15, 15)];
    const nonzero = triangulate(fillRegions(squares, "nonzero"), earcut);
    expect(trianglesArea(nonzero)).toBeCloseTo(175, 6);
    expect(fillsAt(nonzero, 7.3, 7.7)).toBe(true);
    const evenodd = triangulate(fillRegions(squares, "evenodd"), earcut);
    expect(trianglesArea(evenodd)).toBeCloseTo(150, 6);
    expect(fillsAt(evenodd, 7.3, 7.7)).toBe(false);
    expect(fillsAt(evenodd, 2.1, 2.3)).toBe(true);
    for (const rule of RULES) expectRimSeparates(squares, rule, fillRegions(squares, rule), 1e-3);
  });

  it("two overlapping squares turning opposite ways: nonzero leaves the overlap empty too", () => {
    const squares = [rectangle(0, 0, 10, 10), rectangle(5, 5, 15, 15, true)];
    const plan = fillRegions(squares, "nonzero");
    const triangles = triangulate(plan, earcut);
    expect(fillsAt(triangles, 7.3, 7.7)).toBe(false);
    expect(trianglesArea(triangles)).toBeCloseTo(150, 6);
    expectRimSeparates(squares, "nonzero", plan, 1e-3);
  });

  it("a ring that a bar crosses: the crossing resolves and the hole keeps its rim", () => {
    const outlines = [
      rectangle(0, 0, 30, 30),
      rectangle(10, 10, 20, 20, true),
      rectangle(-5, 13, 35, 17),
    ];
    for (const rule of RULES) {
      const plan = fillRegions(outlines, rule);
      expect(mismatches(outlines, rule, plan, 80)).toMatchObject({ wrong: 0, overlaps: 0 });
      expectRimSeparates(outlines, rule, plan, 1e-3);
    }
  });

  it("a freehand outline that folds back over itself fills like its winding says", () => {
    // A tight hairpin and a loop: perfect-freehand's outline crosses itself at both.
    const input: [number, number][] = [];
    for (let t = 0; t <= 40; t += 1) input.push([t * 5, 0]);
    for (let t = 0; t <= 40; t += 1) input.push([200 - t * 5, 6]);
    for (let t = 0; t <= 60; t += 1) {
      const a = (t / 60) * Math.PI * 2;
      input.push([30 * Math.sin(a), 6 + 30 - 30 * Math.cos(a)]);
    }
    const outline = getStroke(input, { size: 16, thinning: 0.5, simulatePressure: false }).flat();
    for (const rule of RULES) {
      const plan = fillRegions([outline], rule);
      const result = mismatches([outline], rule, plan, 120);
      expect(result.filled).toBeGreaterThan(100);
      // Samples that fall within rounding of an edge may go either way; there are next to none.
      expect(result.wrong).toBeLessThanOrEqual(2);
      expect(result.overlaps).toBe(0);
    }
  });

  it("more outlines than can be nested, overlapping in a chain, fill their union", () => {
    const outlines = Array.from({ length: 300 }, (_, i) => rectangle(i * 3, 0, i * 3 + 5, 5));
    for (const rule of RULES) {
      const plan = fillRegions(outlines, rule);
      const triangles = triangulate(plan, earcut);
      expect(fillsAt(triangles, 1.1, 2.3)).toBe(true);
      // Squares i and i + 1 overlap on [3i + 3, 3i + 5]: only evenodd empties it.
      expect(fillsAt(triangles, 4.1, 2.3)).toBe(rule === "nonzero");
      expect(fillsAt(triangles, 604.1, 2.3)).toBe(rule === "nonzero");
      expect(fillsAt(triangles, 2.6, 2.3)).toBe(true);
      expectRimSeparates(outlines, rule, plan, 1e-3);
    }
  });

  it("outlines that only touch at a corner stay two filled squares", () => {
    const outlines = [rectangle(0, 0, 10, 10), rectangle(10, 10, 20, 20)];
    for (const rule of RULES) {
      const triangles = triangulate(fillRegions(outlines, rule), earcut);
      expect(trianglesArea(triangles)).toBeCloseTo(200, 6);
    }
  });
});

describe("degenerate outlines", () => {
  const finite = (plan: FillPlan): boolean =>
    [
      ...plan.regions.flatMap((r) => [r.outer, ...r.holes]),
      ...plan.edges.map((e) => e.points),
    ].every((points) => points.every(Number.isFinite));

  it("never throw and never emit non-finite points", () => {
    const cases: number[][][] = [
      [[]],
      [[1, 2]],
      [[0, 0, 1, 1]],
      [[0, 0, 0, 0, 0, 0, 0, 0]],
      [[0, 0, 10, 0, 20, 0, 5, 0]],
      [[0, 0, 10, 0, 10, 0, 10, 10, 10, 10, 0, 10, 0, 0]],
      [[0, 0, NaN, 5, 10, 0, 10, 10, Infinity, 3, 0, 10]],
      [[0, 0, 10, 0, 10, 10, 10, 20, 10, 10, 0, 10]],
      [rectangle(0, 0, 10, 10), rectangle(0, 0, 10, 10)],
      [[0, 0, 1e200, 1e200, 1e200, 0, 0, 1e200]],
      [[0, 0, 10, 10, 10, 0, 0, 10, 5]],
    ];
    for (const outlines of cases)
      for (const rule of RULES) {
        const plan = fillRegions(outlines, rule);
        expect(finite(plan)).toBe(true);
      }
  });

  it("drop repeated points, so a square with doubled corners is still one plain square", () => {
    const plan = fillRegions([[0, 0, 0, 0, 10, 0, 10, 0, 10, 10, 0, 10, 0, 0]], "nonzero");
    expect(plan.regions).toHaveLength(1);
    expect(plan.regions[0]!.outer).toEqual([0, 0, 10, 0, 10, 10, 0, 10]);
  });

  it("a spike folding back along itself adds no area and no rim beyond the square", () => {
    const plan = fillRegions([[0, 0, 10, 0, 10, 10, 10, 20, 10, 10, 0, 10]], "nonzero");
    expect(trianglesArea(triangulate(plan, earcut))).toBeCloseTo(100, 6);
    expect(plan.edges.flatMap((e) => e.points).every((v) => v <= 10)).toBe(true);
  });

  it("past the tessellator's limit, a crossing outline is filled as if it were simple", () => {
    const n = MAX_TESSELLATED_VERTICES + 2;
    const zigzag = Array.from({ length: n }, (_, i) => [i, i % 2 === 0 ? 0 : 10]).flat();
    zigzag.push(n / 2, -5);
    const plan = fillRegions([zigzag], "nonzero");
    expect(plan.regions).toHaveLength(1);
    expect(plan.regions[0]!.outer).toEqual(zigzag);
  });

  it("identical outlines cancel under evenodd and fill once under nonzero", () => {
    const twice = [rectangle(0, 0, 10, 10), rectangle(0, 0, 10, 10)];
    expect(trianglesArea(triangulate(fillRegions(twice, "evenodd"), earcut))).toBe(0);
    expect(trianglesArea(triangulate(fillRegions(twice, "nonzero"), earcut))).toBeCloseTo(100, 6);
  });
});

describe("fill against an independent winding count", () => {
  const coordinate = fc.integer({ min: 0, max: 20 });
  const polygon = fc
    .array(fc.tuple(coordinate, coordinate), { minLength: 3, maxLength: 9 })
    .map((points) => points.flat());
  // Five decimals: fine enough for slivers and near-misses, without subnormal slivers the
  // tessellator's grid (2^24 steps across) is meant to drop.
  const fine = fc.integer({ min: 0, max: 2_000_000 }).map((v) => v / 100_000);
  const jittered = fc
    .array(fc.tuple(fine, fine), { minLength: 3, maxLength: 9 })
    .map((points) => points.flat());

  it("covers the same area as the rule gives from the original outlines, without overlaps", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(polygon, jittered), { minLength: 1, maxLength: 3 }),
        fc.constantFrom<FillRule>("nonzero", "evenodd"),
        (outlines, rule) => {
          const plan = fillRegions(outlines, rule);
          const { wrong, overlaps, total } = mismatches(outlines, rule, plan, 50);
          expect(overlaps).toBe(0);
          // Coverage fraction within a quarter of a percent: only samples within rounding of
          // an edge may disagree.
          expect(wrong / total).toBeLessThanOrEqual(0.0025);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("puts the rim where filled meets unfilled, facing the filled side", () => {
    // Eighths are on the tessellator's grid, so the rim's corners are exactly the outlines'
    // and their crossings, and no sliver is thinner than the probes' distance.
    const eighth = fc.integer({ min: 0, max: 160 }).map((v) => v / 8);
    const eighths = fc
      .array(fc.tuple(eighth, eighth), { minLength: 3, maxLength: 9 })
      .map((points) => points.flat());
    fc.assert(
      fc.property(
        fc.array(eighths, { minLength: 1, maxLength: 3 }),
        fc.constantFrom<FillRule>("nonzero", "evenodd"),
        (outlines, rule) => {
          const plan = fillRegions(outlines, rule);
          let wrong = 0;
          const probes = rimProbes(plan, 1e-5, 1e-3);
          for (const { inside, outside, filledInside } of probes) {
            if (oracleFills(outlines, rule, ...inside) !== filledInside) wrong += 1;
            if (oracleFills(outlines, rule, ...outside) === filledInside) wrong += 1;
          }
          expect(wrong).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never throws, whatever the numbers", () => {
    const anything = fc.oneof(
      fc.double(),
      fc.constantFrom(0, 1, -1, NaN, Infinity, -Infinity, 1e308, -1e308, 5e-324),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(anything, { maxLength: 16 }), { maxLength: 4 }),
        fc.constantFrom<FillRule>("nonzero", "evenodd"),
        (outlines, rule) => {
          const plan = fillRegions(outlines, rule);
          expect(Array.isArray(plan.regions) && Array.isArray(plan.edges)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
