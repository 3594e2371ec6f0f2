import { describe, expect, it } from "vitest";
import { COVERAGE_GLSL, rimCoverage, strokeCoverage } from "../../src/render/batch/coverage";

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
  it("the shader's rim and stroke lines are the ones the functions below mirror", () => {
    expect(COVERAGE_GLSL).toContain(
      "if (kind > 4.5) return fill * clamp(1.0 - d / across, 0.0, 1.0);",
    );
    expect(COVERAGE_GLSL).toContain(
      "float cover = clamp((reach - d) / across + 0.5, 0.0, 1.0) * min(1.0, 2.0 * halfWidth / across);",
    );
  });

  it("a fill's rim is smooth and adds half a pixel of ink where a box filter adds an eighth", () => {
    expect(rimCoverage(0)).toBe(1);
    expect(rimCoverage(0.5)).toBe(0.5);
    expect(rimCoverage(1)).toBe(0);
    // Continuous with the flat inside (1 on the outline): no step along the edge.
    for (let d = 0; d <= 1; d += 0.05) expect(rimCoverage(d)).toBeCloseTo(boxCoverage(d - 0.5), 12);
    // The known gap to exact coverage, measured: the edge sits half a pixel out.
    expect(integrate(rimCoverage, 0, 1)).toBeCloseTo(0.5, 6);
    expect(integrate(boxCoverage, 0, 1)).toBeCloseTo(0.125, 6);
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
