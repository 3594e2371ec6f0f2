import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_ZOOM, MIN_ZOOM } from "../../src/render/camera";
import { GRID_MIN_SPACING, gridLines, gridStep, PIXEL_GRID_MIN_ZOOM } from "../../src/render/grid";

const zoom = fc.double({ min: MIN_ZOOM, max: MAX_ZOOM, noNaN: true });

function mantissa(step: number): number {
  return Number((step / 10 ** Math.floor(Math.log10(step) + 1e-12)).toPrecision(6));
}

describe("the grid", () => {
  it("spacing on screen stays between 8 and 64 px at every zoom (16–40 px in fact)", () => {
    fc.assert(
      fc.property(zoom, (z) => {
        const px = gridStep(z) * z;
        return (
          px >= GRID_MIN_SPACING * (1 - 1e-9) &&
          px <= 2.5 * GRID_MIN_SPACING * (1 + 1e-9) &&
          px >= 8 &&
          px <= 64
        );
      }),
    );
  });

  it("steps are 1, 2 or 5 times a power of ten, and grow with zooming out", () => {
    fc.assert(
      fc.property(zoom, zoom, (a, b) => {
        expect([1, 2, 5]).toContain(mantissa(gridStep(a)));
        return a <= b ? gridStep(a) >= gridStep(b) : gridStep(a) <= gridStep(b);
      }),
    );
    expect(gridStep(1)).toBe(20);
    expect(gridStep(0.02)).toBe(1000);
    expect(gridStep(256)).toBe(0.1);
  });

  it("lines sit on multiples of the step, every fifth major, all inside the viewport", () => {
    const viewport = { width: 800, height: 600 };
    fc.assert(
      fc.property(
        fc.record({
          x: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
          y: fc.double({ min: -1e4, max: 1e4, noNaN: true }),
          zoom,
        }),
        (camera) => {
          const lines = gridLines(camera, viewport);
          for (const line of lines.vertical) {
            if (line.at < -1e-6 || line.at > viewport.width + 1e-6) return false;
            const units = (line.at - camera.x) / camera.zoom / lines.step;
            if (Math.abs(units - Math.round(units)) > 1e-6) return false;
            if (line.major !== (Math.round(units) % 5 === 0)) return false;
          }
          // The line count is bounded by the viewport, never by the world.
          return lines.vertical.length <= viewport.width / GRID_MIN_SPACING + 1;
        },
      ),
    );
  });

  it("draws a pixel grid from 800 %, one line per world unit", () => {
    const viewport = { width: 400, height: 300 };
    expect(
      gridLines({ x: 0, y: 0, zoom: PIXEL_GRID_MIN_ZOOM * 0.99 }, viewport).pixelVertical,
    ).toEqual([]);
    const lines = gridLines({ x: 3, y: 0, zoom: 10 }, viewport);
    expect(lines.pixelVertical).toHaveLength(40);
    expect(lines.pixelVertical[0]).toBe(3);
    expect(lines.pixelVertical[1]).toBe(13);
    expect(lines.pixelHorizontal).toHaveLength(31);
  });
});
