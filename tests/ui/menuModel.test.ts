import { describe, expect, it } from "vitest";
import type { Command, CommandCategory } from "../../src/editing/commands";
import { contextEntries, menuEntries } from "../../src/ui/menu/menuModel";

const command = (id: string, category: CommandCategory): Command => ({
  id,
  label: id,
  category,
  run: () => {},
});

const ids = (entries: ReturnType<typeof menuEntries>): string[] =>
  entries.map((e) => (e.kind === "command" ? e.command.id : e.kind === "separator" ? "-" : e.id));

describe("menus from the registry", () => {
  it("lists only registered commands, in the menu's order, without stray separators", () => {
    const list = [
      command("edit.redo", "edit"),
      command("edit.undo", "edit"),
      command("edit.selectAll", "edit"),
    ];
    expect(ids(menuEntries("edit", list))).toEqual([
      "edit.undo",
      "edit.redo",
      "-",
      "edit.selectAll",
    ]);
  });

  it("adds commands of the menu's categories that the layout does not know", () => {
    const list = [command("arrange.align.left", "arrange"), command("object.weld", "object")];
    expect(ids(menuEntries("object", list))).toEqual(["arrange.align.left", "-", "object.weld"]);
  });

  it("leaves keyboard-only nudges out of menus", () => {
    const list = [command("arrange.nudge.left", "arrange"), command("arrange.front", "arrange")];
    expect(ids(menuEntries("object", list))).toEqual(["arrange.front"]);
  });

  it("is empty for a menu with nothing registered", () => {
    expect(menuEntries("file", [command("tool.rect", "tool")])).toEqual([]);
  });

  it("offers selection commands on a selection and page commands without one", () => {
    const list = [command("edit.delete", "edit"), command("edit.selectAll", "edit")];
    expect(ids(contextEntries(list, true))).toEqual(["edit.delete"]);
    expect(ids(contextEntries(list, false))).toEqual(["edit.selectAll"]);
  });
});
