import { describe, expect, it } from "vitest";
import { doubleSignedArea } from "../../src/render/stroke/polyline";
import { withoutSpikes } from "../../src/render/stroke/spikes";
import { MAX_TESSELLATED_VERTICES, tessellate } from "../../src/render/stroke/tessellate";

function rectangle(x0: number, y0: number, x1: number, y1: number, clockwise = false): number[] {
  return clockwise ? [x0, y0, x0, y1, x1, y1, x1, y0] : [x0, y0, x1, y0, x1, y1, x0, y1];
}

describe("tessellator", () => {
  it("gives outer outlines counter-clockwise and holes clockwise, whichever way the input turns", () => {
    for (const clockwise of [false, true]) {
      const ring = [rectangle(0, 0, 10, 10, clockwise), rectangle(3, 3, 7, 7, !clockwise)];
      const boundaries = tessellate(ring, "nonzero", "boundaries")!;
      const areas = boundaries.map((points) => doubleSignedArea(points) / 2).sort((a, b) => a - b);
      expect(areas).toEqual([-16, 100]);
    }
  });

  it("gives triangles covering exactly the filled area", () => {
    const squares = [rectangle(0, 0, 10, 10), rectangle(5, 5, 15, 15)];
    const area = (rule: "nonzero" | "evenodd") =>
      tessellate(squares, rule, "triangles")!.reduce(
        (sum, t) => sum + Math.abs(doubleSignedArea(t)) / 2,
        0,
      );
    expect(area("nonzero")).toBeCloseTo(175, 9);
    expect(area("evenodd")).toBeCloseTo(150, 9);
  });

  it("declines past its vertex limit and for coordinates it cannot hold", () => {
    const many = Array.from({ length: MAX_TESSELLATED_VERTICES + 1 }, (_, i) => [i, i % 2]).flat();
    expect(tessellate([many], "nonzero", "boundaries")).toBeNull();
    expect(tessellate([[0, 0, 1e200, 0, 0, 1e200]], "nonzero", "boundaries")).toBeNull();
    expect(tessellate([[1, 1, 1, 1, 1, 1]], "nonzero", "triangles")).toBeNull();
  });
});

describe("spikes", () => {
  it("cuts an edge walked out and straight back, also a spike on a spike", () => {
    expect(withoutSpikes([0, 0, 10, 0, 10, 10, 10, 20, 10, 10, 0, 10])).toEqual([
      0, 0, 10, 0, 10, 10, 0, 10,
    ]);
    expect(withoutSpikes([0, 0, 10, 0, 10, 10, 10, 15, 10, 20, 10, 15, 10, 10, 0, 10])).toEqual([
      0, 0, 10, 0, 10, 10, 0, 10,
    ]);
  });

  it("cuts spikes across the seam where the outline closes", () => {
    expect(withoutSpikes([-5, 0, 0, 0, 10, 0, 10, 10, 0, 10, 0, 0])).toEqual([
      0, 0, 10, 0, 10, 10, 0, 10,
    ]);
  });

  it("keeps sharp points that have width, drops outlines with no area left", () => {
    const needle = [0, 0, 100, 0.001, 0, 0.002];
    expect(withoutSpikes(needle)).toEqual(needle);
    expect(withoutSpikes([0, 0, 5, 0, 10, 0, 5, 0])).toEqual([]);
    expect(withoutSpikes([0, 0, 0, 0, 1, 1])).toEqual([]);
  });
});
