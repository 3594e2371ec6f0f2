import { formatBinding, type Command } from "../editing/commands";

/** Whether shortcuts are written the Mac way (⌘⇧G). */
export const IS_MAC =
  typeof navigator !== "undefined" &&
  /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Every shortcut of a command as shown in menus, e.g. "Ctrl+Shift+Z, Ctrl+Y"; "" when none. */
export function shortcutText(command: Command | undefined): string {
  return (command?.shortcuts ?? []).map((binding) => formatBinding(binding, IS_MAC)).join(", ");
}

/** The first shortcut only, for tight places such as tooltips and menu rows. */
export function firstShortcut(command: Command | undefined): string {
  const first = command?.shortcuts?.[0];
  return first === undefined ? "" : formatBinding(first, IS_MAC);
}
