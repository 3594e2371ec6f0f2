import { describe, expect, it } from "vitest";
import { toMatrix } from "../../src/doc/transform";
import { MASK_VIEW_MARGIN, visibleMaskRegion } from "../../src/render/maskRegion";
import type { Box } from "../../src/math/box";

const VIEW: Box = { minX: 0, minY: 0, maxX: 1000, maxY: 600 };

/** Screen pixels a region takes under `m` (its box's width and height there). */
function onScreen(region: Box, m: ReturnType<typeof toMatrix>): { width: number; height: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const x of [region.minX, region.maxX])
    for (const y of [region.minY, region.maxY]) {
      xs.push(m.a * x + m.c * y + m.e);
      ys.push(m.b * x + m.d * y + m.f);
    }
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

describe("the part of a mask drawn into its texture", () => {
  it("is the whole mask when it is all on screen", () => {
    const full = { minX: 10, minY: 10, maxX: 90, maxY: 90 };
    const m = toMatrix({ x: 100, y: 50, rotation: 0, scaleX: 2, scaleY: 2, skewX: 0 });
    expect(visibleMaskRegion(full, m, VIEW)).toEqual(full);
  });

  it("is what the view shows of it at a deep zoom, never larger than the view", () => {
    // An 80-unit mask at 25,600 %: 20,480 pixels across, the view's middle on its middle.
    const full = { minX: 110, minY: 10, maxX: 190, maxY: 90 };
    const zoom = 256;
    const m = toMatrix({
      x: 500 - 150 * zoom,
      y: 300 - 50 * zoom,
      rotation: 0,
      scaleX: zoom,
      scaleY: zoom,
      skewX: 0,
    });
    const region = visibleMaskRegion(full, m, VIEW);
    const reach = MASK_VIEW_MARGIN / zoom;
    expect(region.minX).toBeCloseTo(150 - 500 / zoom - reach, 9);
    expect(region.maxX).toBeCloseTo(150 + 500 / zoom + reach, 9);
    expect(region.minY).toBeCloseTo(50 - 300 / zoom - reach, 9);
    expect(region.maxY).toBeCloseTo(50 + 300 / zoom + reach, 9);
    const size = onScreen(region, m);
    expect(size.width).toBeCloseTo(1000 + 2 * MASK_VIEW_MARGIN, 6);
    expect(size.height).toBeCloseTo(600 + 2 * MASK_VIEW_MARGIN, 6);
  });

  it("keeps to the mask's side where the view reaches past it", () => {
    const full = { minX: 0, minY: 0, maxX: 100, maxY: 100 };
    // The mask's right edge (x = 100) at the view's middle.
    const m = toMatrix({
      x: 500 - 100 * 64,
      y: 300 - 50 * 64,
      rotation: 0,
      scaleX: 64,
      scaleY: 64,
      skewX: 0,
    });
    const region = visibleMaskRegion(full, m, VIEW);
    expect(region.maxX).toBe(100);
    expect(onScreen(region, m).width).toBeCloseTo(500 + MASK_VIEW_MARGIN, 6);
  });

  it("is at most the view's box in the mask's own orientation when the group is turned", () => {
    const full = { minX: -1e6, minY: -1e6, maxX: 1e6, maxY: 1e6 };
    const m = toMatrix({
      x: 500,
      y: 300,
      rotation: Math.PI / 4,
      scaleX: 100,
      scaleY: 100,
      skewX: 0,
    });
    const size = onScreen(visibleMaskRegion(full, m, VIEW), m);
    // The view's 1004 × 604 turned by 45° and back: (1004 + 604) on each side.
    expect(size.width).toBeCloseTo(1004 + 604, 3);
    expect(size.height).toBeCloseTo(1004 + 604, 3);
  });

  it("is a sliver at the view's corner when none of the mask is seen, or it is squashed flat", () => {
    const full = { minX: 0, minY: 0, maxX: 10, maxY: 10 };
    const far = toMatrix({ x: 5000, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 });
    const region = visibleMaskRegion(full, far, VIEW);
    expect(onScreen(region, far).width).toBeLessThan(0.1);
    expect(region.maxX).toBeLessThan(0);
    const flat = { ...toMatrix({ x: 0, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 }), d: 0 };
    expect(visibleMaskRegion(full, flat, VIEW).maxX - VIEW.minX).toBeLessThan(0.1);
    expect(visibleMaskRegion(null, far, VIEW).maxX).toBeLessThan(0);
  });
});
