import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputState, type PointerSample } from "../../engine/input/inputState";

const NONE = { shift: false, ctrl: false, alt: false, meta: false };

function sample(partial: Partial<PointerSample>): PointerSample {
  return {
    phase: "move",
    pointerId: 1,
    kind: "mouse",
    x: 0,
    y: 0,
    pressure: 0,
    tiltX: 0,
    tiltY: 0,
    buttons: 0,
    time: 0,
    ...partial,
  };
}

describe("polled input", () => {
  it("publishes keys per tick: down, pressed and released, by code and by key", () => {
    const input = new InputState();
    input.keyDown("KeyQ", "a", NONE); // AZERTY: the A key label on the Q position
    input.beginTick();
    expect([
      input.isDown("KeyQ"),
      input.pressed("KeyQ"),
      input.isKeyDown("a"),
      input.keyPressed("a"),
    ]).toEqual([true, true, true, true]);
    input.beginTick();
    expect([input.isDown("KeyQ"), input.pressed("KeyQ")]).toEqual([true, false]);
    input.keyUp("KeyQ", "a", NONE);
    input.beginTick();
    expect([input.isDown("KeyQ"), input.released("KeyQ"), input.keyReleased("a")]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("keeps the modifiers held at each press: a fast Ctrl+Z whose Ctrl is up by the tick is still Ctrl+Z", () => {
    const input = new InputState();
    const ctrl = { ...NONE, ctrl: true };
    input.keyDown("ControlLeft", "Control", ctrl);
    input.keyDown("KeyZ", "z", ctrl);
    input.keyUp("KeyZ", "z", ctrl);
    input.keyUp("ControlLeft", "Control", NONE);
    input.beginTick();
    expect(input.modifiers.ctrl).toBe(false);
    expect(input.pressedWith("KeyZ")).toEqual(ctrl);
    expect(input.pressedWith("KeyX")).toBeNull();
  });

  it("a tap within one tick is seen as pressed and released although never held", () => {
    const input = new InputState();
    input.keyDown("Space", " ", NONE);
    input.keyUp("Space", " ", NONE);
    input.beginTick();
    expect([input.isDown("Space"), input.pressed("Space"), input.released("Space")]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("losing focus releases every held key, so none sticks", () => {
    const input = new InputState();
    input.keyDown("ShiftLeft", "Shift", { ...NONE, shift: true });
    input.beginTick();
    input.releaseAll();
    input.beginTick();
    expect(input.isDown("ShiftLeft")).toBe(false);
    expect(input.released("ShiftLeft")).toBe(true);
    expect(input.modifiers.shift).toBe(false);
  });

  it("keeps every pointer sample since the previous tick, in order, and none twice", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 2000 }), { maxLength: 50 }), { maxLength: 20 }),
        (ticks) => {
          const input = new InputState();
          const seen: number[] = [];
          const sent: number[] = [];
          for (const xs of ticks) {
            for (const x of xs) {
              input.pointer(sample({ x }));
              sent.push(x);
            }
            input.beginTick();
            seen.push(...input.samples.map((s) => s.x));
          }
          expect(seen).toEqual(sent);
          expect(input.totalSamples).toBe(sent.length);
        },
      ),
    );
  });

  it("§2 keeps at most 31 touches of a touch list", () => {
    const input = new InputState();
    input.touches(Array.from({ length: 40 }, (_, i) => ({ id: i, x: i, y: i, force: 1 })));
    input.beginTick();
    expect(input.touchPoints).toHaveLength(31);
    expect(input.touchPoints.map((t) => t.id)).toEqual(Array.from({ length: 31 }, (_, i) => i));
  });

  it("§2 ignores touch pointers beyond 31 at once, and their later samples", () => {
    const input = new InputState();
    for (let id = 0; id < 40; id++)
      input.pointer(sample({ kind: "touch", phase: "down", pointerId: id }));
    for (let id = 0; id < 40; id++)
      input.pointer(sample({ kind: "touch", phase: "move", pointerId: id }));
    input.beginTick();
    const ids = new Set(input.samples.map((s) => s.pointerId));
    expect(ids.size).toBe(31);
    expect(input.samples).toHaveLength(62);
    // Lifting one frees a slot for a new touch.
    input.pointer(sample({ kind: "touch", phase: "up", pointerId: 0 }));
    expect(input.pointer(sample({ kind: "touch", phase: "down", pointerId: 99 }))).toBe(true);
  });

  it("tracks pen pressure and tilt, and sums wheel deltas per tick", () => {
    const input = new InputState();
    input.pointer(
      sample({ kind: "pen", phase: "down", pressure: 0.8, tiltX: 12, tiltY: -4, buttons: 1 }),
    );
    input.wheel(0, 40, false);
    input.wheel(0, 60, true);
    input.beginTick();
    expect(input.pen).toEqual({ active: true, pressure: 0.8, tiltX: 12, tiltY: -4, kind: "pen" });
    expect(input.wheelDelta).toEqual({ dx: 0, dy: 100, ctrlKey: true });
    input.beginTick();
    expect(input.wheelDelta).toEqual({ dx: 0, dy: 0, ctrlKey: false });
  });
});
