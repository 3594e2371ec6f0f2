import type { Engine, InputState } from "../../engine";

/**
 * A keyboard shortcut. Letters are bound by physical key (`code`), so they sit in the same place
 * on AZERTY and QWERTZ keyboards; `mod` is Ctrl, or Cmd on a Mac.
 */
export interface Shortcut {
  readonly code: string;
  readonly mod: boolean;
  readonly shift?: boolean;
  readonly alt?: boolean;
  readonly label: string;
  run(): void;
}

interface Modifiers {
  readonly ctrl: boolean;
  readonly meta: boolean;
  readonly shift: boolean;
  readonly alt: boolean;
}

export function modifiersMatch(shortcut: Shortcut, m: Modifiers): boolean {
  return (
    (m.ctrl || m.meta) === shortcut.mod &&
    m.shift === (shortcut.shift ?? false) &&
    m.alt === (shortcut.alt ?? false)
  );
}

/**
 * The shortcuts whose key was pressed in this tick with exactly their modifiers held at the press
 * (not at the tick: a quick Ctrl+Z can have Ctrl up again by then).
 */
export function triggered(
  shortcuts: readonly Shortcut[],
  input: Pick<InputState, "pressedWith">,
): Shortcut[] {
  return shortcuts.filter((s) => {
    const held = input.pressedWith(s.code);
    return held !== null && modifiersMatch(s, held);
  });
}

/** Runs shortcuts from the engine's polled input and keeps their keys from the browser. */
export function bindShortcuts(engine: Engine, shortcuts: readonly Shortcut[]): () => void {
  const unclaim = engine.claimKeys((event) =>
    shortcuts.some(
      (s) =>
        s.code === event.code &&
        modifiersMatch(s, {
          ctrl: event.ctrlKey,
          meta: event.metaKey,
          shift: event.shiftKey,
          alt: event.altKey,
        }),
    ),
  );
  const untick = engine.onTick((input) => {
    for (const shortcut of triggered(shortcuts, input)) shortcut.run();
  });
  return () => {
    unclaim();
    untick();
  };
}
