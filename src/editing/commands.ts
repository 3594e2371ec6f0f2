import type { KeyPress, Modifiers } from "../../engine";

/**
 * A key combination. Letters and digits are bound by physical key (`code`, e.g. "KeyG"), so they
 * sit in the same place on AZERTY and QWERTZ keyboards; symbols are bound by the character they
 * produce (`key`, e.g. "]" or "="), which is where each layout puts its own. `mod` is Ctrl, or Cmd
 * on a Mac.
 */
export type KeyBinding =
  | {
      readonly code: string;
      readonly key?: undefined;
      readonly mod?: boolean;
      readonly shift?: boolean;
      readonly alt?: boolean;
    }
  | {
      readonly key: string;
      readonly code?: undefined;
      readonly mod?: boolean;
      /** Undefined: Shift is not looked at (symbols often need it to be typed at all). */
      readonly shift?: boolean;
      readonly alt?: boolean;
    };

export type CommandCategory = "file" | "edit" | "view" | "object" | "arrange" | "tool" | "help";

/** Something a person can do: from a menu, the palette, the command line or a shortcut. */
export interface Command {
  /** Stable and dotted, e.g. "object.group"; the message catalogue keys labels by it. */
  readonly id: string;
  /** English label; the chrome looks it up in the catalogue first. */
  readonly label: string;
  readonly category: CommandCategory;
  readonly shortcuts?: readonly KeyBinding[];
  /** False when it cannot run now: menus grey it out and shortcuts do nothing. */
  enabled?(): boolean;
  run(): void;
}

export function bindingMatches(
  binding: KeyBinding,
  press: Pick<KeyPress, "code" | "key" | "modifiers">,
): boolean {
  const m = press.modifiers;
  if ((m.ctrl || m.meta) !== (binding.mod ?? false)) return false;
  if (m.alt !== (binding.alt ?? false)) return false;
  if (binding.code !== undefined) {
    return press.code === binding.code && m.shift === (binding.shift ?? false);
  }
  if (binding.shift !== undefined && m.shift !== binding.shift) return false;
  return press.key.toLowerCase() === binding.key.toLowerCase();
}

const CODE_NAMES: Record<string, string> = {
  Backquote: "`",
  BracketLeft: "[",
  BracketRight: "]",
  Backslash: "\\",
  Quote: "'",
  Equal: "=",
  Minus: "-",
  Slash: "/",
  ArrowUp: "↑",
  ArrowDown: "↓",
  ArrowLeft: "←",
  ArrowRight: "→",
  Escape: "Esc",
};

function keyName(binding: KeyBinding): string {
  if (binding.key !== undefined)
    return binding.key.length === 1 ? binding.key.toUpperCase() : binding.key;
  const code = binding.code;
  if (code.startsWith("Key")) return code.slice(3);
  if (code.startsWith("Digit")) return code.slice(5);
  return CODE_NAMES[code] ?? code;
}

/** How a binding is written in menus and tooltips: "Ctrl+Shift+G", or "⌘⇧G" on a Mac. */
export function formatBinding(binding: KeyBinding, mac = false): string {
  const parts: string[] = [];
  if (mac) {
    if (binding.mod) parts.push("⌘");
    if (binding.alt) parts.push("⌥");
    if (binding.shift) parts.push("⇧");
    return parts.join("") + keyName(binding);
  }
  if (binding.mod) parts.push("Ctrl");
  if (binding.alt) parts.push("Alt");
  if (binding.shift) parts.push("Shift");
  parts.push(keyName(binding));
  return parts.join("+");
}

/** Whether a browser keydown is one of ours, so the browser's own action can be prevented. */
export function eventMatches(
  binding: KeyBinding,
  event: Pick<KeyboardEvent, "code" | "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">,
): boolean {
  const modifiers: Modifiers = {
    ctrl: event.ctrlKey,
    meta: event.metaKey,
    shift: event.shiftKey,
    alt: event.altKey,
  };
  return bindingMatches(binding, { code: event.code, key: event.key, modifiers });
}

/**
 * Keys a page must never lose: closing or opening tabs and windows belongs to the browser, and
 * a drawing program that eats Ctrl+W traps people.
 */
export const BROWSER_RESERVED: readonly KeyBinding[] = [
  { code: "KeyW", mod: true },
  { code: "KeyT", mod: true },
  { code: "KeyN", mod: true },
  { code: "KeyW", mod: true, shift: true },
  { code: "KeyT", mod: true, shift: true },
  { code: "KeyN", mod: true, shift: true },
];

/**
 * Keys the browser turns into events of its own: Ctrl+C, Ctrl+X and Ctrl+V become copy, cut and
 * paste events, which alone carry the system clipboard without a permission prompt. They are
 * never claimed or dispatched as keys; the clipboard handlers run those commands' work instead.
 */
export const BROWSER_DELIVERED: readonly KeyBinding[] = [
  { code: "KeyC", mod: true },
  { code: "KeyX", mod: true },
  { code: "KeyV", mod: true },
];

function browserDelivered(press: Pick<KeyPress, "code" | "key" | "modifiers">): boolean {
  return BROWSER_DELIVERED.some((binding) => bindingMatches(binding, press));
}

/**
 * Every command of the program, in one list: menus, the palette, the shortcut reference and the
 * key dispatcher all read it, so a command has one label and one set of shortcuts everywhere.
 */
/** Where diverted key presses go (see `CommandRegistry.divertKeys`). */
export type KeySink = (press: Pick<KeyPress, "code" | "key" | "modifiers">) => void;

export class CommandRegistry {
  private keySink: KeySink | null = null;
  private readonly commands = new Map<string, Command>();
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly Command[] = [];

  /** Adds commands; returns a function that removes them again. */
  register(commands: readonly Command[]): () => void {
    for (const command of commands) {
      if (this.commands.has(command.id))
        throw new Error(`Command ${command.id} is already registered`);
      for (const binding of command.shortcuts ?? []) {
        if (BROWSER_RESERVED.some((reserved) => sameBinding(reserved, binding)))
          throw new Error(`${formatBinding(binding)} belongs to the browser`);
      }
    }
    for (const command of commands) this.commands.set(command.id, command);
    this.changed();
    return () => {
      for (const command of commands) {
        if (this.commands.get(command.id) === command) this.commands.delete(command.id);
      }
      this.changed();
    };
  }

  get(id: string): Command | undefined {
    return this.commands.get(id);
  }

  /** Every command, in registration order; the same array until the list changes. */
  list(): readonly Command[] {
    return this.snapshot;
  }

  isEnabled(id: string): boolean {
    const command = this.commands.get(id);
    return command !== undefined && (command.enabled?.() ?? true);
  }

  /** Runs a command if it exists and is enabled; returns whether it ran. */
  run(id: string): boolean {
    const command = this.commands.get(id);
    if (!command || !(command.enabled?.() ?? true)) return false;
    command.run();
    return true;
  }

  /**
   * Hands the keys that reach the program to `sink` instead of their commands until the returned
   * function is called. A dialog opened from the keyboard opens a render later than the key
   * that opened it, and what a person types straight after must land in its field, not switch
   * tools.
   */
  divertKeys(sink: KeySink): () => void {
    this.keySink = sink;
    return () => {
      if (this.keySink === sink) this.keySink = null;
    };
  }

  /** Gives a key press to the diverting dialog, if one is opening; false when none is. */
  divert(press: Pick<KeyPress, "code" | "key" | "modifiers">): boolean {
    if (this.keySink === null) return false;
    this.keySink(press);
    return true;
  }

  /** The enabled command a key press triggers, if any. */
  commandFor(press: Pick<KeyPress, "code" | "key" | "modifiers">): Command | undefined {
    if (browserDelivered(press)) return undefined;
    for (const command of this.snapshot) {
      if (command.shortcuts?.some((binding) => bindingMatches(binding, press))) return command;
    }
    return undefined;
  }

  /** Whether a browser keydown belongs to one of our shortcuts (to prevent its default). */
  claims(event: KeyboardEvent): boolean {
    if (BROWSER_DELIVERED.some((binding) => eventMatches(binding, event))) return false;
    return this.snapshot.some((command) =>
      command.shortcuts?.some((binding) => eventMatches(binding, event)),
    );
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.snapshot = [...this.commands.values()];
    for (const listener of [...this.listeners]) listener();
  }
}

function sameBinding(a: KeyBinding, b: KeyBinding): boolean {
  return (
    a.code === b.code &&
    a.key === b.key &&
    (a.mod ?? false) === (b.mod ?? false) &&
    (a.shift ?? false) === (b.shift ?? false) &&
    (a.alt ?? false) === (b.alt ?? false)
  );
}
