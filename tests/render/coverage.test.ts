import { describe, expect, it } from "vitest";
import {
  BATCH_VERTEX_GLSL,
  COVERAGE_GLSL,
  fillInset,
  insideCoverage,
  rimCoverage,
  strokeCoverage,
} from "../../src/render/batch/coverage";

/** Exact coverage of a one-pixel box filter centred `d` pixels outside a straight edge. */
function boxCoverage(d: number): number {
  return Math.min(1, Math.max(0, 0.5 - d));
}

/** Integrates `f` over [a, b] with the midpoint rule. */
function integrate(f: (x: number) => number, a: number, b: number, steps = 10_000): number {
  const h = (b - a) / steps;
  let sum = 0;
  for (let i = 0; i < steps; i += 1) sum += f(a + (i + 0.5) * h);
  return sum * h;
}

describe("edge coverage", () => {
  it("the shader's lines are the ones the functions below mirror", () => {
    expect(COVERAGE_GLSL).toContain(
      "if (kind > 4.5) return fill * (clamp(0.5 - rimD, 0.0, 1.0) - clamp(0.5 - rimD - rimT, 0.0, 1.0));",
    );
    expect(COVERAGE_GLSL).toContain("if (kind < 0.5) return shadeFlat(fillColor);");
    expect(COVERAGE_GLSL).toContain(
      "return fill * (vShape.x < -0.5 ? 1.0 : clamp(vLocal.x, 0.0, 1.0));",
    );
    expect(COVERAGE_GLSL).toContain(
      "float cover = clamp((reach - d) / across + 0.5, 0.0, 1.0) * min(1.0, 2.0 * halfWidth / across);",
    );
    expect(BATCH_VERTEX_GLSL).toContain("float inset = min(0.5 * aShape.z * pixel, aLocal.x);");
    expect(BATCH_VERTEX_GLSL).toContain(
      "local.x = kind < 0.5 ? aLocal.y / (aShape.z * pixel) : -inset;",
    );
  });

  it("a fill's rim is a box filter: half coverage on the outline, from half a pixel in to half out", () => {
    expect(rimCoverage(0)).toBe(0.5);
    expect(rimCoverage(-0.5)).toBe(1);
    expect(rimCoverage(0.5)).toBe(0);
    expect(rimCoverage(-0.25)).toBeCloseTo(0.75, 12);
    for (let d = -1; d <= 1; d += 0.05) expect(rimCoverage(d)).toBeCloseTo(boxCoverage(d), 12);
    // Where the insides, inset by half a pixel, meet the rim, both cover fully: no step.
    expect(rimCoverage(-fillInset(1, Infinity))).toBe(insideCoverage(Infinity));
    // The rim adds what the edge's pixels hold and no more: as much ink inside the outline as it
    // leaves out outside.
    expect(integrate((d) => rimCoverage(d), -0.5, 0.5)).toBeCloseTo(0.5, 6);
    expect(integrate((d) => rimCoverage(d), 0, 1)).toBeCloseTo(integrate(boxCoverage, 0, 1), 6);
  });

  it("a fill thinner than a pixel gets its thickness as coverage, from the rims of both sides", () => {
    for (const t of [0.1, 0.25, 0.5, 0.75, 0.99]) {
      // Across the band: a rim on each side, meeting on its middle (d from each one's outline).
      const across = (x: number) =>
        x >= 0 ? rimCoverage(x - t / 2, t) : rimCoverage(-x - t / 2, t);
      expect(across(0)).toBeCloseTo(t, 12);
      expect(integrate(across, -2, 2)).toBeCloseTo(t, 5);
      // The box filter of a band t wide, centred.
      for (let x = -1.5; x <= 1.5; x += 0.1) {
        const exact = Math.max(0, Math.min(x + 0.5, t / 2) - Math.max(x - 0.5, -t / 2));
        expect(across(x)).toBeCloseTo(exact, 12);
      }
      // The insides there are shrunk to nothing; what is left of them covers by the thickness.
      expect(fillInset(1, t / 2)).toBe(t / 2);
      expect(insideCoverage(t)).toBe(t);
    }
    // A pixel or more thick, the second edge is out of the rim's reach.
    for (let d = -0.5; d <= 0.5; d += 0.1) expect(rimCoverage(d, 1)).toBe(rimCoverage(d));
  });

  it("the shader insets a fill by half a screen pixel at any zoom, and never past half its thickness", () => {
    for (const zoom of [0.25, 0.5, 1, 2, 3, 8]) {
      const unitsPerPixel = 1 / zoom;
      expect(fillInset(unitsPerPixel, Infinity)).toBeCloseTo(0.5 / zoom, 12);
      expect(fillInset(unitsPerPixel, 0.1 / zoom)).toBeCloseTo(0.1 / zoom, 12);
    }
  });

  it("a stroke has half coverage on both its edges and its width's worth of ink", () => {
    for (const half of [0.5, 1, 2.5, 10]) {
      expect(strokeCoverage(half, half)).toBeCloseTo(0.5, 12);
      expect(strokeCoverage(-half, half)).toBeCloseTo(0.5, 12);
      expect(strokeCoverage(half + 0.5, half)).toBe(0);
      expect(integrate((x) => strokeCoverage(x, half), -half - 2, half + 2)).toBeCloseTo(
        2 * half,
        5,
      );
    }
    // Thinner than a pixel: a pixel wide, faded so its ink is still its width.
    expect(integrate((x) => strokeCoverage(x, 0.2), -2, 2)).toBeCloseTo(0.4, 6);
  });
});
