import type { KeyBinding } from "../../editing/commands";

/**
 * Keys that act on a focused row of a panel rather than through the command registry, so the
 * shortcut reference lists them on their own. Each panel declares the same keys on its rows
 * with `aria-keyshortcuts`; `ariaShortcuts` writes them that way, and the browser tests compare
 * the two so neither can change alone.
 */
export interface PanelShortcut {
  readonly id: string;
  readonly label: string;
  readonly binding: KeyBinding;
}

export interface PanelShortcutGroup {
  /** The panel, as its rows' `data-panel` in the reference names it. */
  readonly panel: "layers" | "pages";
  readonly title: string;
  readonly shortcuts: readonly PanelShortcut[];
}

function alt(code: string): KeyBinding {
  return { code, alt: true };
}

export const PANEL_SHORTCUTS: readonly PanelShortcutGroup[] = [
  {
    panel: "layers",
    title: "layers panel",
    shortcuts: [
      // The list runs front to back: up brings the layer forward.
      { id: "layers.up", label: "Move layer up among its siblings", binding: alt("ArrowUp") },
      { id: "layers.down", label: "Move layer down among its siblings", binding: alt("ArrowDown") },
      { id: "layers.out", label: "Move layer out of its group", binding: alt("ArrowLeft") },
      { id: "layers.in", label: "Move layer into the group above", binding: alt("ArrowRight") },
    ],
  },
  {
    panel: "pages",
    title: "pages panel",
    shortcuts: [
      { id: "pages.up", label: "Move page up", binding: alt("ArrowUp") },
      { id: "pages.down", label: "Move page down", binding: alt("ArrowDown") },
    ],
  },
];

/** Keys `aria-keyshortcuts` spells out: "+" would read as a separator, a space as a gap. */
const ARIA_KEY_NAMES: Readonly<Record<string, string>> = { "+": "Plus", " ": "Space" };

/** A binding as `aria-keyshortcuts` writes it: modifiers then the key's value ("Alt+ArrowUp"). */
export function ariaShortcut(binding: KeyBinding): string {
  const parts: string[] = [];
  if (binding.mod) parts.push("Control");
  if (binding.alt) parts.push("Alt");
  if (binding.shift) parts.push("Shift");
  parts.push(
    binding.key === undefined
      ? keyValue(binding.code)
      : (ARIA_KEY_NAMES[binding.key] ?? binding.key),
  );
  return parts.join("+");
}

/** The key value a layout-independent code stands for; named keys (arrows) are both. */
function keyValue(code: string): string {
  if (code.startsWith("Key")) return code.slice(3).toLowerCase();
  if (code.startsWith("Digit")) return code.slice(5);
  return code;
}

/** A group's shortcuts as one `aria-keyshortcuts` value, in the reference's order. */
export function ariaShortcuts(group: PanelShortcutGroup): string {
  return group.shortcuts.map((shortcut) => ariaShortcut(shortcut.binding)).join(" ");
}

/** The `aria-keyshortcuts` value of a panel's rows. */
export function panelKeys(panel: PanelShortcutGroup["panel"]): string {
  const group = PANEL_SHORTCUTS.find((candidate) => candidate.panel === panel);
  return group === undefined ? "" : ariaShortcuts(group);
}
