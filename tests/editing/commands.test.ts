import { describe, expect, it } from "vitest";
import { InputState } from "../../engine/input/inputState";
import {
  bindingMatches,
  CommandRegistry,
  formatBinding,
  type Command,
} from "../../src/editing/commands";

const NONE = { shift: false, ctrl: false, alt: false, meta: false };

function command(
  id: string,
  shortcuts: Command["shortcuts"],
  log: string[],
  enabled = true,
): Command {
  return {
    id,
    label: id,
    category: "edit",
    shortcuts,
    enabled: () => enabled,
    run: () => log.push(id),
  };
}

function pressesOf(input: InputState) {
  input.beginTick();
  return input.keyPresses;
}

describe("command registry and key bindings", () => {
  it("letters match by physical key, so AZERTY's A key (code KeyQ) is Q, not A", () => {
    const press = { code: "KeyQ", key: "a", modifiers: NONE };
    expect(bindingMatches({ code: "KeyQ" }, press)).toBe(true);
    expect(bindingMatches({ code: "KeyA" }, press)).toBe(false);
  });

  it("symbols match by the character typed, whatever key produced it", () => {
    const azertyBracket = { code: "Digit5", key: "]", modifiers: { ...NONE, ctrl: true } };
    expect(bindingMatches({ key: "]", mod: true }, azertyBracket)).toBe(true);
    expect(bindingMatches({ key: "]", mod: true }, { ...azertyBracket, modifiers: NONE })).toBe(
      false,
    );
  });

  it("exact modifiers: Ctrl+Shift+G is not Ctrl+G, and Cmd counts as Ctrl", () => {
    const log: string[] = [];
    const registry = new CommandRegistry();
    registry.register([
      command("object.group", [{ code: "KeyG", mod: true }], log),
      command("object.ungroup", [{ code: "KeyG", mod: true, shift: true }], log),
    ]);
    const input = new InputState();
    input.keyDown("KeyG", "G", { ...NONE, meta: true, shift: true });
    input.keyDown("KeyG", "g", { ...NONE, ctrl: true }, true);
    const [first, second] = pressesOf(input);
    expect(registry.commandFor(first!)?.id).toBe("object.ungroup");
    expect(registry.commandFor(second!)?.id).toBe("object.group");
  });

  it("a press keeps the modifiers held at it, even when Ctrl is up again before the tick", () => {
    const log: string[] = [];
    const registry = new CommandRegistry();
    registry.register([command("edit.undo", [{ code: "KeyZ", mod: true }], log)]);
    const input = new InputState();
    input.keyDown("ControlLeft", "Control", { ...NONE, ctrl: true });
    input.keyDown("KeyZ", "z", { ...NONE, ctrl: true });
    input.keyUp("KeyZ", "z", { ...NONE, ctrl: true });
    input.keyUp("ControlLeft", "Control", NONE);
    const presses = pressesOf(input);
    expect(presses.map((p) => registry.commandFor(p)?.id)).toEqual([undefined, "edit.undo"]);
  });

  it("key presses keep their order and auto-repeats within one tick", () => {
    const input = new InputState();
    input.keyDown("ArrowRight", "ArrowRight", NONE);
    input.keyDown("ArrowRight", "ArrowRight", NONE, true);
    input.keyDown("ArrowRight", "ArrowRight", NONE, true);
    input.keyDown("Digit2", "2", NONE);
    expect(pressesOf(input).map((p) => `${p.key}${p.repeat ? "*" : ""}`)).toEqual([
      "ArrowRight",
      "ArrowRight*",
      "ArrowRight*",
      "2",
    ]);
    expect(pressesOf(input)).toEqual([]);
  });

  it("runs only enabled commands and refuses duplicates and the browser's own keys", () => {
    const log: string[] = [];
    const registry = new CommandRegistry();
    registry.register([command("a", [], log, false), command("b", [], log)]);
    expect(registry.run("a")).toBe(false);
    expect(registry.run("b")).toBe(true);
    expect(registry.run("missing")).toBe(false);
    expect(log).toEqual(["b"]);
    expect(() => registry.register([command("b", [], log)])).toThrow(/already registered/);
    expect(() => registry.register([command("close", [{ code: "KeyW", mod: true }], log)])).toThrow(
      /belongs to the browser/,
    );
  });

  it("unregistering removes exactly what was added and notifies subscribers", () => {
    const registry = new CommandRegistry();
    let notified = 0;
    registry.subscribe(() => notified++);
    const remove = registry.register([command("x", [], [])]);
    expect(registry.list().map((c) => c.id)).toEqual(["x"]);
    remove();
    expect(registry.list()).toEqual([]);
    expect(notified).toBe(2);
  });

  it("formats bindings for menus on PCs and Macs", () => {
    expect(formatBinding({ code: "KeyG", mod: true, shift: true })).toBe("Ctrl+Shift+G");
    expect(formatBinding({ code: "KeyG", mod: true, shift: true }, true)).toBe("⌘⇧G");
    expect(formatBinding({ key: "]", mod: true })).toBe("Ctrl+]");
    expect(formatBinding({ code: "Digit1", shift: true })).toBe("Shift+1");
  });

  it("claims a browser keydown only when it is one of the shortcuts", () => {
    const registry = new CommandRegistry();
    registry.register([command("edit.undo", [{ code: "KeyZ", mod: true }], [])]);
    const event = (init: KeyboardEventInit) =>
      ({
        code: "",
        key: "",
        ctrlKey: false,
        metaKey: false,
        shiftKey: false,
        altKey: false,
        ...init,
      }) as KeyboardEvent;
    expect(registry.claims(event({ code: "KeyZ", key: "z", ctrlKey: true }))).toBe(true);
    expect(registry.claims(event({ code: "KeyW", key: "w", ctrlKey: true }))).toBe(false);
  });
});
