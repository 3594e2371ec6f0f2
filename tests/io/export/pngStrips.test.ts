import { describe, expect, it } from "vitest";
import { planStrips, STRIP_PIXELS, TILE_THRESHOLD } from "../../../src/io/export/pngStrips";
import type { Box } from "../../../src/math/box";

const box = (minX: number, minY: number, maxX: number, maxY: number): Box => ({
  minX,
  minY,
  maxX,
  maxY,
});

describe("strips of a large PNG", () => {
  it("are one strip of every layer up to the threshold", () => {
    const strips = planStrips([{ drawn: box(0, 0, 1, 1) }, {}], box(0, 0, 100, 100), 1, 100, 100);
    expect(strips).toEqual([{ top: 0, rows: 100, view: box(0, 0, 100, 100), layers: [0, 1] }]);
  });

  it("cover the image in whole rows, each with only the layers that reach it", () => {
    // 4096 px wide, 8192 rows at 2 px a unit: 32 Mpx, over the threshold.
    const width = 4096;
    const height = 8192;
    expect(width * height).toBeGreaterThan(TILE_THRESHOLD);
    const area = box(0, 0, width / 2, height / 2);
    const stripUnits = STRIP_PIXELS / width / 2;
    const layers = [
      { drawn: area }, // the background: everywhere
      { drawn: box(10, 10, 20, 20) }, // inside the first strip
      { drawn: box(10, stripUnits - 5, 20, stripUnits + 5) }, // across the first boundary
      { drawn: box(10, height / 2 - 1, 20, height / 2) }, // at the bottom
      { drawn: null }, // reach unknown: everywhere
      { drawn: box(10, stripUnits + 1.5, 20, stripUnits + 3) }, // within 2 px of none but the second
    ];
    const strips = planStrips(layers, area, 2, width, height);
    expect(strips.map((strip) => strip.rows)).toEqual(Array(8).fill(1024));
    expect(strips.map((strip) => strip.top)).toEqual(strips.map((_, i) => i * 1024));
    expect(strips[1]!.view).toEqual(box(0, stripUnits, width / 2, 2 * stripUnits));
    expect(strips.map((strip) => strip.layers)).toEqual([
      [0, 1, 2, 4],
      [0, 2, 4, 5],
      [0, 4],
      [0, 4],
      [0, 4],
      [0, 4],
      [0, 4],
      [0, 3, 4],
    ]);
  });

  it("keep a layer whose paint ends within two pixels of a strip in it, for its anti-aliased edge", () => {
    const area = box(0, 0, 4096, 8192);
    const [first, second] = planStrips(
      [{ drawn: box(0, 1023.5, 10, 1023.9) }, { drawn: box(0, 1025.5, 10, 1030) }],
      area,
      1,
      4096,
      8192,
    );
    expect(first!.layers).toEqual([0, 1]);
    expect(second!.layers).toEqual([0, 1]);
  });
});
