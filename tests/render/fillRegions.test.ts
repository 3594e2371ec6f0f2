import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FillRule } from "../../src/doc/types";
import { fillRegions } from "../../src/render/stroke/fillRegions";
import type { FillPlan } from "../../src/render/stroke/fillPlan";

/** A square outline centred on (cx, cy), counter-clockwise in x-right y-up terms, or clockwise. */
function square(cx: number, cy: number, half: number, clockwise = false): number[] {
  const ccw = [
    cx - half,
    cy - half,
    cx + half,
    cy - half,
    cx + half,
    cy + half,
    cx - half,
    cy + half,
  ];
  if (!clockwise) return ccw;
  const out: number[] = [];
  for (let i = ccw.length - 2; i >= 0; i -= 2) out.push(ccw[i]!, ccw[i + 1]!);
  return out;
}

function inside(points: readonly number[], x: number, y: number): boolean {
  let result = false;
  const n = points.length >> 1;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [xi, yi, xj, yj] = [
      points[i * 2]!,
      points[i * 2 + 1]!,
      points[j * 2]!,
      points[j * 2 + 1]!,
    ];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

/** How many regions cover (x, y): inside a region's outer outline and none of its holes. */
function covers(plan: FillPlan, x: number, y: number): number {
  return plan.regions.filter(
    (region) => inside(region.outer, x, y) && !region.holes.some((hole) => inside(hole, x, y)),
  ).length;
}

/** Whether the plan fills (x, y), checking that regions never overlap (a translucent fill would darken). */
function planFills(plan: FillPlan, x: number, y: number): boolean {
  const count = covers(plan, x, y);
  expect(count).toBeLessThanOrEqual(1);
  return count === 1;
}

describe("fill rules in the batch", () => {
  it("a ring: a hole under both rules when the inner outline turns the other way", () => {
    for (const rule of ["nonzero", "evenodd"] as FillRule[]) {
      const plan = fillRegions([square(0, 0, 10), square(0, 0, 5, true)], rule);
      expect(plan.regions).toHaveLength(1);
      expect(plan.regions[0]!.holes).toHaveLength(1);
      expect(plan.edges.map((e) => e.filledInside)).toEqual([true, false]);
      expect(planFills(plan, 0, 0)).toBe(false);
      expect(planFills(plan, 7, 0)).toBe(true);
    }
  });

  it("the same turn: nonzero fills the middle, evenodd cuts it out", () => {
    const outlines = [square(0, 0, 10), square(0, 0, 5)];
    const nonzero = fillRegions(outlines, "nonzero");
    expect(planFills(nonzero, 0, 0)).toBe(true);
    // The inner outline separates nothing: no rim along it.
    expect(nonzero.edges).toHaveLength(1);
    const evenodd = fillRegions(outlines, "evenodd");
    expect(planFills(evenodd, 0, 0)).toBe(false);
    expect(evenodd.edges).toHaveLength(2);
  });

  it("fills exactly where the rule says, for any nesting of outlines turning either way", () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 0, maxLength: 3 }),
        fc.constantFrom<FillRule>("nonzero", "evenodd"),
        (nested, beside, rule) => {
          // Concentric squares 10, 20, … apart, plus lone squares off to the side.
          const outlines = nested.map((clockwise, i) =>
            square(0, 0, 10 * (nested.length - i), clockwise),
          );
          beside.forEach((clockwise, i) => outlines.push(square(200 + 30 * i, 0, 10, clockwise)));
          const plan = fillRegions(outlines, rule);
          const probes = [...nested.map((_, i) => 10 * i + 5), 200, 230, 260];
          for (const x of probes) {
            let winding = 0;
            for (const points of outlines) {
              if (!inside(points, x, 0.5)) continue;
              winding += clockwise(points) ? -1 : 1;
            }
            const expected = rule === "evenodd" ? winding % 2 !== 0 : winding !== 0;
            expect(planFills(plan, x, 0.5), `x ${x}`).toBe(expected);
          }
        },
      ),
      // Found by this property: a filled band must not cover the hole nested two levels down.
      { examples: [[[false, false, true, true], [], "nonzero"]] },
    );
  });
});

function clockwise(points: readonly number[]): boolean {
  let sum = 0;
  const n = points.length >> 1;
  for (let i = 0; i < n; i += 1) {
    const j = (i + 1) % n;
    sum += points[i * 2]! * points[j * 2 + 1]! - points[j * 2]! * points[i * 2 + 1]!;
  }
  return sum < 0;
}
