import { describe, expect, it } from "vitest";
import {
  boxQuad,
  handleCursor,
  handleDirection,
  resizeCursor,
  rotateHint,
  ROTATE_CURSOR_FALLBACK,
  type Quad,
  type ResizeHandle,
} from "../../src/render/overlays/geometry";

/** A 200 × 100 frame centred on (300, 300), turned by `degrees` on screen. */
function turned(degrees: number): Quad {
  const a = (degrees * Math.PI) / 180;
  const box = boxQuad({ minX: -100, minY: -50, maxX: 100, maxY: 50 });
  return box.map((p) => ({
    x: 300 + p.x * Math.cos(a) - p.y * Math.sin(a),
    y: 300 + p.x * Math.sin(a) + p.y * Math.cos(a),
  })) as unknown as Quad;
}

const UPRIGHT: Record<ResizeHandle, string> = {
  nw: "nwse-resize",
  se: "nwse-resize",
  ne: "nesw-resize",
  sw: "nesw-resize",
  n: "ns-resize",
  s: "ns-resize",
  e: "ew-resize",
  w: "ew-resize",
};
// Turned 45° clockwise, every handle's arrows turn one step on.
const TURNED_45: Record<ResizeHandle, string> = {
  nw: "ns-resize",
  se: "ns-resize",
  ne: "ew-resize",
  sw: "ew-resize",
  n: "nesw-resize",
  s: "nesw-resize",
  e: "nwse-resize",
  w: "nwse-resize",
};

describe("handle cursors", () => {
  it("point each resize handle's own way, turning with the selection", () => {
    for (const handle of Object.keys(UPRIGHT) as ResizeHandle[]) {
      expect(resizeCursor(turned(0), handle), handle).toBe(UPRIGHT[handle]);
      expect(resizeCursor(turned(45), handle), handle).toBe(TURNED_45[handle]);
      expect(resizeCursor(turned(90), handle), handle).toBe(
        UPRIGHT[
          ({ nw: "ne", ne: "nw", se: "sw", sw: "se", n: "e", e: "n", s: "w", w: "s" } as const)[
            handle
          ]
        ],
      );
    }
  });

  it("pull corners out along the frame's diagonal axes whatever its proportions, flipped too", () => {
    const d = handleDirection(turned(0), "se");
    expect(d.x).toBeCloseTo(Math.SQRT1_2, 9);
    expect(d.y).toBeCloseTo(Math.SQRT1_2, 9);
    // Mirrored left to right: the frame's "e" is on the screen's left.
    const flipped = turned(0).map((p) => ({ x: 600 - p.x, y: p.y })) as unknown as Quad;
    expect(handleDirection(flipped, "e").x).toBeCloseTo(-1, 9);
    expect(resizeCursor(flipped, "se")).toBe("nesw-resize");
    // A frame of no width still gets cursors.
    const flat: Quad = [
      { x: 10, y: 10 },
      { x: 10, y: 10 },
      { x: 10, y: 60 },
      { x: 10, y: 60 },
    ];
    expect(resizeCursor(flat, "e")).toBe("ew-resize");
    expect(resizeCursor(flat, "s")).toBe("ns-resize");
  });

  it("show a rotate image with a keyword fallback in the rotation zones", () => {
    const cursor = handleCursor(turned(0), "rotate-ne");
    expect(cursor.startsWith('url("data:image/svg+xml,')).toBe(true);
    expect(cursor.endsWith(`12 12, ${ROTATE_CURSOR_FALLBACK}`)).toBe(true);
    // The arrow bows away from its corner: another corner, another image.
    expect(handleCursor(turned(0), "rotate-sw")).not.toBe(cursor);
    expect(decodeURIComponent(cursor)).toContain("rotate(315 12 12)");
  });

  it("draw the rotate affordance around the hovered corner, outside the frame", () => {
    const hint = rotateHint(turned(0), "rotate-se");
    expect(hint.centre).toEqual({ x: 400, y: 350 });
    const middle = (hint.start + hint.end) / 2;
    expect(middle).toBeCloseTo(Math.PI / 4, 9);
    expect(hint.end - hint.start).toBeGreaterThan(0.5);
  });
});
