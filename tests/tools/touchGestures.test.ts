import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PointerSample } from "../../engine";
import { TouchGestures, type TouchOutcome } from "../../src/tools/touchGestures";

function touch(
  phase: PointerSample["phase"],
  id: number,
  x: number,
  y: number,
  time: number,
): PointerSample {
  return {
    phase,
    pointerId: id,
    kind: "touch",
    x,
    y,
    pressure: 0.5,
    tiltX: 0,
    tiltY: 0,
    buttons: phase === "up" ? 0 : 1,
    time,
  };
}

const types = (outcomes: TouchOutcome[]) => outcomes.map((o) => o.type);

describe("touch gestures", () => {
  it("without a stylus one finger draws with the tool", () => {
    const g = new TouchGestures();
    expect(types(g.handle(touch("down", 1, 10, 10, 0), false, false))).toEqual(["tool"]);
    expect(types(g.handle(touch("move", 1, 50, 10, 16), false, false))).toEqual(["tool"]);
    expect(types(g.handle(touch("up", 1, 50, 10, 32), false, false))).toEqual(["tool"]);
  });

  it("a second finger cancels the drawing and two fingers pan and pinch", () => {
    const g = new TouchGestures();
    g.handle(touch("down", 1, 100, 100, 0), false, false);
    expect(types(g.handle(touch("down", 2, 200, 100, 10), false, false))).toEqual(["cancelTool"]);
    const out = g.handle(touch("move", 2, 300, 100, 20), false, false);
    const pan = out.find((o) => o.type === "pan");
    const zoom = out.find((o) => o.type === "zoom");
    expect(pan).toEqual({ type: "pan", dx: 50, dy: 0 });
    expect(zoom?.type === "zoom" && zoom.factor).toBeCloseTo(2);
  });

  it("keeps the page under two fingers: pans add up to the centroid's travel and zooms to the spread's, slop included", () => {
    const step = fc.record({
      finger: fc.constantFrom(1, 2),
      dx: fc.integer({ min: -6, max: 6 }),
      dy: fc.integer({ min: -6, max: 6 }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const g = new TouchGestures();
        const at = new Map([
          [1, { x: 300, y: 400 }],
          [2, { x: 500, y: 400 }],
        ]);
        g.handle(touch("down", 1, 300, 400, 0), false, false);
        g.handle(touch("down", 2, 500, 400, 5), false, false);
        let panX = 0;
        let panY = 0;
        let zoom = 1;
        steps.forEach(({ finger, dx, dy }, i) => {
          const p = at.get(finger)!;
          at.set(finger, { x: p.x + dx, y: p.y + dy });
          for (const o of g.handle(touch("move", finger, p.x + dx, p.y + dy, 10 + i), false, false))
            if (o.type === "pan") {
              panX += o.dx;
              panY += o.dy;
            } else if (o.type === "zoom") zoom *= o.factor;
        });
        const a = at.get(1)!;
        const b = at.get(2)!;
        const travelled = steps.some((_, i) => {
          // Whether a finger got past the slop at some point, making it a gesture.
          let x1 = 300,
            y1 = 400,
            x2 = 500,
            y2 = 400;
          for (const s of steps.slice(0, i + 1))
            if (s.finger === 1) {
              x1 += s.dx;
              y1 += s.dy;
            } else {
              x2 += s.dx;
              y2 += s.dy;
            }
          return Math.hypot(x1 - 300, y1 - 400) > 12 || Math.hypot(x2 - 500, y2 - 400) > 12;
        });
        if (!travelled) {
          expect([panX, panY, zoom]).toEqual([0, 0, 1]);
          return;
        }
        expect(panX).toBeCloseTo((a.x + b.x) / 2 - 400, 6);
        expect(panY).toBeCloseTo((a.y + b.y) / 2 - 400, 6);
        expect(zoom).toBeCloseTo(Math.hypot(a.x - b.x, a.y - b.y) / 200, 6);
      }),
    );
  });

  it("a quick still two-finger tap undoes and a three-finger tap redoes", () => {
    const g = new TouchGestures();
    g.handle(touch("down", 1, 100, 100, 0), false, false);
    g.handle(touch("down", 2, 140, 100, 5), false, false);
    g.handle(touch("up", 1, 100, 100, 80), false, false);
    expect(g.handle(touch("up", 2, 140, 100, 90), false, false)).toContainEqual({
      type: "tap",
      fingers: 2,
    });
    for (const id of [1, 2, 3]) g.handle(touch("down", id, 100 + id * 30, 100, 200), false, false);
    g.handle(touch("up", 1, 130, 100, 260), false, false);
    g.handle(touch("up", 2, 160, 100, 270), false, false);
    expect(g.handle(touch("up", 3, 190, 100, 280), false, false)).toContainEqual({
      type: "tap",
      fingers: 3,
    });
  });

  it("a slow or moving two-finger touch is not a tap", () => {
    const g = new TouchGestures();
    g.handle(touch("down", 1, 100, 100, 0), false, false);
    g.handle(touch("down", 2, 140, 100, 5), false, false);
    g.handle(touch("up", 1, 100, 100, 500), false, false);
    expect(types(g.handle(touch("up", 2, 140, 100, 510), false, false))).not.toContain("tap");
  });

  it("in pen mode one finger pans and never reaches the tool", () => {
    const g = new TouchGestures();
    expect(g.handle(touch("down", 1, 100, 100, 0), true, false)).toEqual([]);
    expect(g.handle(touch("move", 1, 130, 100, 16), true, false)).toEqual([
      { type: "pan", dx: 30, dy: 0 },
    ]);
  });

  it("fingers landing while the pen touches the screen are a palm and are ignored", () => {
    const g = new TouchGestures();
    expect(g.handle(touch("down", 7, 300, 300, 0), true, true)).toEqual([]);
    expect(g.handle(touch("move", 7, 400, 300, 16), true, true)).toEqual([]);
    expect(g.handle(touch("up", 7, 400, 300, 32), true, false)).toEqual([]);
  });
});
