import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PointerSample } from "../../engine";
import { Camera } from "../../src/render/camera";
import { DOUBLE_TAP_PX, PointerEvents } from "../../src/tools/pointerEvents";

const NO_KEYS = { shift: false, ctrl: false, alt: false, meta: false };

function press(
  events: PointerEvents,
  kind: PointerSample["kind"],
  x: number,
  y: number,
  time: number,
): number {
  const sample = (phase: PointerSample["phase"], at: number): PointerSample => ({
    phase,
    pointerId: kind === "mouse" ? 1 : time,
    kind,
    x,
    y,
    pressure: 0.5,
    tiltX: 0,
    tiltY: 0,
    buttons: phase === "up" ? 0 : 1,
    time: at,
  });
  const down = events.convert(sample("down", time), NO_KEYS).find((e) => e.phase === "down")!;
  events.convert(sample("up", time + 40), NO_KEYS);
  return down.clickCount;
}

describe("double clicks and taps", () => {
  it("a finger's second tap counts within a finger's reach, a mouse's within 5 px", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PointerSample["kind"]>("mouse", "pen", "touch"),
        fc.integer({ min: 0, max: 60 }),
        fc.double({ min: 0, max: Math.PI * 2, noNaN: true }),
        (kind, distance, angle) => {
          const events = new PointerEvents(new Camera());
          expect(press(events, kind, 200, 200, 1000)).toBe(1);
          const x = 200 + Math.cos(angle) * distance;
          const y = 200 + Math.sin(angle) * distance;
          const apart = Math.hypot(x - 200, y - 200);
          expect(press(events, kind, x, y, 1200)).toBe(apart <= DOUBLE_TAP_PX[kind] ? 2 : 1);
        },
      ),
    );
  });

  it("taps 10 px apart are a double tap with a finger, not with the mouse, and never across kinds", () => {
    const events = new PointerEvents(new Camera());
    press(events, "touch", 100, 100, 0);
    expect(press(events, "touch", 110, 100, 200)).toBe(2);
    press(events, "mouse", 100, 100, 2000);
    expect(press(events, "mouse", 110, 100, 2200)).toBe(1);
    press(events, "touch", 100, 100, 4000);
    expect(press(events, "mouse", 100, 100, 4200)).toBe(1);
  });
});
