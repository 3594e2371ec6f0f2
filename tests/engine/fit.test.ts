import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backingStoreSize, fitAspect, isKnownRatio } from "../../engine/shell/fit";

describe("spec §2 canvas fit math", () => {
  it("§2 fits the largest box of the ratio, centred: 16:9 in 1024×700", () => {
    expect(fitAspect({ width: 16, height: 9 }, 1024, 700)).toEqual({
      left: 0,
      top: 62,
      width: 1024,
      height: 576,
    });
  });

  it("§2 fits a tall ratio centred horizontally: A4 in 1024×700", () => {
    expect(fitAspect({ width: 210, height: 297 }, 1024, 700)).toEqual({
      left: 264,
      top: 0,
      width: 495,
      height: 700,
    });
  });

  it("§2 the fitted box never exceeds the space, keeps the ratio within a pixel, and touches two sides", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 20, noNaN: true }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        (ratio, w, h) => {
          const box = fitAspect({ width: ratio, height: 1 }, w, h);
          expect(box.width).toBeLessThanOrEqual(w);
          expect(box.height).toBeLessThanOrEqual(h);
          expect(box.left * 2).toBeLessThanOrEqual(w - box.width);
          expect(box.top * 2).toBeLessThanOrEqual(h - box.height);
          expect(box.width === w || box.height === h).toBe(true);
          // Rounding to whole pixels moves each side by at most half a pixel.
          expect(Math.abs(box.width - box.height * ratio)).toBeLessThanOrEqual(
            0.5 + 0.5 * ratio + 1e-9,
          );
        },
      ),
    );
  });

  it("§2 the backing store is CSS size × devicePixelRatio, at least one pixel", () => {
    expect(backingStoreSize(640, 400, 2)).toEqual({ width: 1280, height: 800 });
    expect(backingStoreSize(333, 100, 1.5)).toEqual({ width: 500, height: 150 });
    expect(backingStoreSize(0, 0, 3)).toEqual({ width: 1, height: 1 });
    expect(backingStoreSize(10, 10, Number.NaN)).toEqual({ width: 10, height: 10 });
  });

  it("§4 a ratio is known only when both numbers are finite and positive", () => {
    expect(isKnownRatio(null)).toBe(false);
    expect(isKnownRatio({ width: 0, height: 1 })).toBe(false);
    expect(isKnownRatio({ width: 4, height: Number.POSITIVE_INFINITY })).toBe(false);
    expect(isKnownRatio({ width: 4, height: 3 })).toBe(true);
  });
});
