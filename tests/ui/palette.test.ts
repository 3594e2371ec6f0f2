import { describe, expect, it } from "vitest";
import type { Command } from "../../src/editing/commands";
import { matchScore, searchCommands } from "../../src/ui/palette/search";

const command = (id: string, label: string): Command => ({
  id,
  label,
  category: "edit",
  run: () => {},
});

describe("palette search", () => {
  const list = [
    command("edit.undo", "Undo"),
    command("view.zoomIn", "Zoom in"),
    command("view.zoomOut", "Zoom out"),
    command("object.group", "Group"),
    command("object.ungroup", "Ungroup"),
  ];

  it("lists everything for an empty query, in registry order", () => {
    expect(searchCommands(list, "  ").map((c) => c.id)).toEqual(list.map((c) => c.id));
  });

  it("ranks a word-start substring over a later one and over scattered letters", () => {
    expect(searchCommands(list, "group").map((c) => c.id)).toEqual([
      "object.group",
      "object.ungroup",
    ]);
    expect(searchCommands(list, "zin")[0]?.id).toBe("view.zoomIn");
    expect(searchCommands(list, "qqq")).toEqual([]);
  });

  it("matches ids too", () => {
    expect(searchCommands(list, "edit.")[0]?.id).toBe("edit.undo");
  });

  it("scores null when letters are missing or out of order", () => {
    expect(matchScore("Undo", "odu")).toBeNull();
    expect(matchScore("Undo", "udo")).not.toBeNull();
  });
});
