import { describe, expect, it } from "vitest";
import { InputState } from "../../engine/input/inputState";
import { triggered, type Shortcut } from "../../src/app/shortcuts";

const NONE = { shift: false, ctrl: false, alt: false, meta: false };
const shortcut = (label: string, code: string, extra: Partial<Shortcut> = {}): Shortcut => ({
  code,
  mod: true,
  label,
  run: () => {},
  ...extra,
});
const SHORTCUTS = [
  shortcut("Undo", "KeyZ"),
  shortcut("Redo", "KeyZ", { shift: true }),
  shortcut("Save", "KeyS"),
];

function press(input: InputState, code: string, modifiers: typeof NONE): void {
  input.keyDown(code, code, modifiers);
  input.keyUp(code, code, modifiers);
}

describe("shortcuts from polled input", () => {
  it("match exactly the modifiers held at the press, even if released before the tick", () => {
    const input = new InputState();
    input.keyDown("ControlLeft", "Control", { ...NONE, ctrl: true });
    press(input, "KeyZ", { ...NONE, ctrl: true });
    input.keyUp("ControlLeft", "Control", NONE);
    input.beginTick();
    expect(triggered(SHORTCUTS, input).map((s) => s.label)).toEqual(["Undo"]);
  });

  it("Cmd counts as Ctrl, Shift selects the other binding, no modifier selects none", () => {
    const input = new InputState();
    press(input, "KeyZ", { ...NONE, meta: true, shift: true });
    input.beginTick();
    expect(triggered(SHORTCUTS, input).map((s) => s.label)).toEqual(["Redo"]);
    press(input, "KeyS", NONE);
    input.beginTick();
    expect(triggered(SHORTCUTS, input)).toEqual([]);
  });

  it("bind letters by physical key: the key labelled W on AZERTY is KeyZ", () => {
    const input = new InputState();
    input.keyDown("KeyZ", "w", { ...NONE, ctrl: true });
    input.beginTick();
    expect(triggered(SHORTCUTS, input).map((s) => s.label)).toEqual(["Undo"]);
  });
});
