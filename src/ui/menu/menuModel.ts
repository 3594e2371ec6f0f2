import type { Command, CommandCategory } from "../../editing/commands";

export type MenuEntry =
  | { readonly kind: "command"; readonly command: Command }
  | { readonly kind: "action"; readonly id: string; readonly label: string; run(): void }
  | { readonly kind: "separator"; readonly id: string };

export type MenuId = "file" | "edit" | "view" | "object" | "help";

/** The order each menu lists its well-known commands in; "-" separates groups. */
const LAYOUT: Readonly<Record<MenuId, readonly string[]>> = {
  file: ["file.new", "file.open", "-", "file.save", "file.saveAs", "-", "file.export"],
  edit: [
    "edit.undo",
    "edit.redo",
    "-",
    "edit.cut",
    "edit.copy",
    "edit.paste",
    "edit.duplicate",
    "edit.delete",
    "-",
    "edit.selectAll",
  ],
  view: [
    "view.palette",
    "-",
    "view.zoomIn",
    "view.zoomOut",
    "view.zoom100",
    "view.fitAll",
    "view.fitSelection",
    "-",
    "view.grid",
    "view.fullscreen",
    "view.focusMode",
  ],
  object: [
    "object.group",
    "object.ungroup",
    "-",
    "object.outlineMask",
    "object.alphaMask",
    "object.luminanceMask",
    "object.releaseMask",
    "-",
    "object.lock",
    "object.hide",
    "object.flipHorizontal",
    "object.flipVertical",
    "-",
    "arrange.front",
    "arrange.forward",
    "arrange.backward",
    "arrange.back",
    "-",
    "arrange.align.left",
    "arrange.align.center",
    "arrange.align.right",
    "arrange.align.top",
    "arrange.align.middle",
    "arrange.align.bottom",
    "-",
    "arrange.distribute.horizontal",
    "arrange.distribute.vertical",
  ],
  help: ["help.shortcuts", "help.about"],
};

/** Commands that belong to keys, not menus (the palette and the reference still list them). */
const KEYBOARD_ONLY = /^arrange\.nudge\./;

const MENU_OF: Readonly<Record<CommandCategory, MenuId | null>> = {
  file: "file",
  edit: "edit",
  view: "view",
  object: "object",
  arrange: "object",
  help: "help",
  tool: null,
};

/**
 * A menu's entries from the registered commands: the laid-out ones first, in order, then any other
 * command of the menu's categories, so a command registered later still shows up somewhere.
 * Commands that are not registered are left out, and so are separators with nothing to separate.
 */
export function menuEntries(
  menu: MenuId,
  commands: readonly Command[],
  extra: readonly MenuEntry[] = [],
): MenuEntry[] {
  const byId = new Map(commands.map((command) => [command.id, command]));
  const laid = LAYOUT[menu];
  const entries: MenuEntry[] = [];
  laid.forEach((id, i) => {
    if (id === "-") entries.push({ kind: "separator", id: `${menu}-sep-${i}` });
    else {
      const command = byId.get(id);
      if (command) entries.push({ kind: "command", command });
    }
  });
  const placed = new Set(laid);
  const rest = commands.filter(
    (c) => MENU_OF[c.category] === menu && !placed.has(c.id) && !KEYBOARD_ONLY.test(c.id),
  );
  if (rest.length > 0) entries.push({ kind: "separator", id: `${menu}-sep-rest` });
  for (const command of rest) entries.push({ kind: "command", command });
  if (extra.length > 0) entries.push({ kind: "separator", id: `${menu}-sep-extra` });
  entries.push(...extra);
  return tidySeparators(entries);
}

/** The entries for a right-click: what applies to the selection, or to the page when empty. */
export function contextEntries(commands: readonly Command[], hasSelection: boolean): MenuEntry[] {
  const ids = hasSelection
    ? [
        "edit.cut",
        "edit.copy",
        "edit.paste",
        "edit.duplicate",
        "edit.delete",
        "-",
        "object.group",
        "object.ungroup",
        "object.lock",
        "object.hide",
        "object.flipHorizontal",
        "-",
        "arrange.front",
        "arrange.back",
        "-",
        "view.fitSelection",
      ]
    : ["edit.paste", "edit.selectAll", "-", "view.fitAll", "view.zoom100", "view.grid"];
  const byId = new Map(commands.map((command) => [command.id, command]));
  const entries: MenuEntry[] = [];
  ids.forEach((id, i) => {
    if (id === "-") entries.push({ kind: "separator", id: `ctx-sep-${i}` });
    else {
      const command = byId.get(id);
      if (command) entries.push({ kind: "command", command });
    }
  });
  return tidySeparators(entries);
}

function tidySeparators(entries: readonly MenuEntry[]): MenuEntry[] {
  const result: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === "separator" && (result.length === 0 || result.at(-1)?.kind === "separator"))
      continue;
    result.push(entry);
  }
  while (result.at(-1)?.kind === "separator") result.pop();
  return result;
}
