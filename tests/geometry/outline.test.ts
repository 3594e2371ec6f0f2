import { describe, expect, it } from "vitest";
import { clampRadii, regularPolygon, starPoints } from "../../src/geometry/outline";

describe("shape geometry", () => {
  it("per-corner radii are clamped to half the shorter side, and never negative", () => {
    expect(clampRadii(100, 40, [0, 10, 30, -5])).toEqual([0, 10, 20, 0]);
  });

  it("a regular polygon starts at the top and has its vertices on the box's ellipse", () => {
    const points = regularPolygon(200, 100, 6);
    expect(points).toHaveLength(12);
    expect(points[0]).toBeCloseTo(100);
    expect(points[1]).toBeCloseTo(0);
    for (let i = 0; i < points.length; i += 2) {
      const dx = (points[i]! - 100) / 100;
      const dy = (points[i + 1]! - 50) / 50;
      expect(dx * dx + dy * dy).toBeCloseTo(1);
    }
  });

  it("a star alternates outer tips and inner corners at the inner ratio", () => {
    const points = starPoints(100, 100, 5, 0.4);
    expect(points).toHaveLength(20);
    for (let i = 0; i < points.length; i += 2) {
      const r = Math.hypot(points[i]! - 50, points[i + 1]! - 50);
      expect(r).toBeCloseTo((i / 2) % 2 === 0 ? 50 : 20);
    }
  });
});
