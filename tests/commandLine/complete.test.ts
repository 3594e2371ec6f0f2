import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Command } from "../../src/editing/commands";
import { complete, MAX_SUGGESTIONS } from "../../src/commandLine/complete";
import { CommandHistory } from "../../src/commandLine/history";
import { COMMAND_SYNTAX } from "../../src/commandLine/syntax";

const registered: Command[] = [
  {
    id: "arrange.front",
    label: "Bring to front",
    category: "arrange",
    shortcuts: [{ key: "]", mod: true, shift: true }],
    run: () => {},
  },
  {
    id: "view.zoomIn",
    label: "Zoom in",
    category: "view",
    shortcuts: [{ key: "=", mod: true }],
    run: () => {},
  },
  { id: "help.about", label: "About Linework", category: "help", run: () => {} },
];

describe("completion", () => {
  it("offers command names with their usage", () => {
    const result = complete("re", registered);
    expect(result.from).toBe(0);
    expect(result.suggestions).toEqual([
      {
        text: "rect",
        label: "Draw a rectangle from its top-left corner",
        usage: "rect x y width height",
      },
    ]);
  });

  it("offers registered commands by id, label or a word of it, with shortcuts", () => {
    expect(complete("zo", registered).suggestions.map((s) => s.text)).toEqual([
      "zoom",
      "view.zoomIn",
    ]);
    expect(complete("front", registered).suggestions).toEqual([
      { text: "arrange.front", label: "Bring to front", shortcut: "Ctrl+Shift+]" },
    ]);
    expect(complete("bring to", registered).suggestions.map((s) => s.text)).toEqual([
      "arrange.front",
    ]);
    expect(complete("zoom i", registered, true).suggestions).toEqual([
      { text: "view.zoomIn", label: "Zoom in", shortcut: "⌘=" },
    ]);
  });

  it("offers the words an argument may be, from where the word starts", () => {
    expect(complete("align ")).toEqual({
      from: 6,
      usage: "align left|center|right|top|middle|bottom",
      suggestions: ["left", "center", "right", "top", "middle", "bottom"].map((w) => ({
        text: w,
        label: w,
      })),
    });
    expect(complete("align mi").suggestions).toEqual([{ text: "middle", label: "middle" }]);
    expect(complete("align mi").from).toBe(6);
    expect(complete("fill bl").suggestions.map((s) => s.text)).toEqual(["black", "blue"]);
    expect(complete("stroke 2 re").suggestions.map((s) => s.text)).toEqual(["red"]);
    expect(complete("zoom f").suggestions.map((s) => s.text)).toEqual(["fit"]);
  });

  it("shows the usage where numbers go", () => {
    expect(complete("rect 10 ")).toEqual({
      from: 8,
      suggestions: [],
      usage: "rect x y width height",
    });
  });

  it("lists everything for an empty line, at most a screenful", () => {
    const result = complete("", registered);
    expect(result.suggestions.map((s) => s.text)).toEqual([
      ...COMMAND_SYNTAX.map((s) => s.name),
      ...registered.map((c) => c.id),
    ]);
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...registered[2]!,
      id: `help.topic${i}`,
    }));
    expect(complete("", many).suggestions).toHaveLength(MAX_SUGGESTIONS);
  });
});

describe("history", () => {
  it("recalls older lines with Up and comes back to the draft with Down", () => {
    const history = new CommandHistory();
    history.push("rect 0 0 10 10");
    history.push("move 5 5");
    expect(history.previous("ro")).toBe("move 5 5");
    expect(history.previous("ignored")).toBe("rect 0 0 10 10");
    expect(history.previous("ignored")).toBeNull();
    expect(history.next()).toBe("move 5 5");
    expect(history.next()).toBe("ro");
    expect(history.next()).toBeNull();
  });

  it("keeps one copy of a repeated line, at its latest place", () => {
    const history = new CommandHistory();
    for (const line of ["a", "b", "a ", "c", "", "b"]) history.push(line);
    expect(history.entries).toEqual(["a", "c", "b"]);
  });

  it("stays within its limit, dropping the oldest", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 4 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 10 }),
        (lines, limit) => {
          const history = new CommandHistory(limit);
          for (const line of lines) history.push(line);
          const distinct = [
            ...new Set(
              lines
                .map((l) => l.trim())
                .filter((l) => l !== "")
                .reverse(),
            ),
          ].reverse();
          expect(history.entries).toEqual(distinct.slice(-limit));
        },
      ),
    );
    expect(() => new CommandHistory(0)).toThrow();
  });
});
