import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { freeArea } from "../../src/ui/freeArea";
import type { ScreenArea } from "../../src/render/camera";

function overlaps(a: ScreenArea, b: ScreenArea): boolean {
  return (
    a.left < b.left + b.width &&
    b.left < a.left + a.width &&
    a.top < b.top + b.height &&
    b.top < a.top + a.height
  );
}

const CANVAS: ScreenArea = { left: 0, top: 0, width: 1024, height: 700 };

describe("freeArea", () => {
  it("is the middle that the desktop layout's panels frame", () => {
    const panels: ScreenArea[] = [
      { left: 8, top: 8, width: 200, height: 32 }, // document bar
      { left: 216, top: 8, width: 260, height: 32 }, // menus
      { left: 984, top: 8, width: 32, height: 32 }, // full screen
      { left: 8, top: 56, width: 40, height: 420 }, // toolbar
      { left: 752, top: 56, width: 264, height: 590 }, // side panels
      { left: 8, top: 652, width: 1008, height: 40 }, // status bar
    ];
    expect(freeArea(CANVAS, panels)).toEqual({ left: 48, top: 40, width: 704, height: 612 });
  });

  it("with no panels is the whole canvas", () => {
    expect(freeArea(CANVAS, [])).toEqual(CANVAS);
  });

  it("never overlaps a panel and stays inside the canvas", () => {
    const panel = fc
      .record({
        left: fc.integer({ min: -100, max: 1100 }),
        top: fc.integer({ min: -100, max: 800 }),
        width: fc.integer({ min: 0, max: 600 }),
        height: fc.integer({ min: 0, max: 600 }),
      })
      .map((rect): ScreenArea => rect);
    fc.assert(
      fc.property(fc.array(panel, { maxLength: 8 }), (panels) => {
        const free = freeArea(CANVAS, panels);
        if (free.width < 0 || free.height < 0) return false;
        if (free.left < 0 || free.top < 0) return false;
        if (free.left + free.width > 1024 || free.top + free.height > 700) return false;
        if (free.width === 0 || free.height === 0) return true;
        return panels.every((p) => p.width === 0 || p.height === 0 || !overlaps(free, p));
      }),
    );
  });
});
