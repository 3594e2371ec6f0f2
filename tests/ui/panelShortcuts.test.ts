import { describe, expect, it } from "vitest";
import { formatBinding } from "../../src/editing/commands";
import { ariaShortcut, ariaShortcuts, PANEL_SHORTCUTS } from "../../src/ui/dialogs/panelShortcuts";

function group(panel: "layers" | "pages") {
  const found = PANEL_SHORTCUTS.find((g) => g.panel === panel);
  expect(found).toBeDefined();
  return found!;
}

describe("panel shortcuts in the reference", () => {
  it("lists the layers panel's Alt+arrow moves, shown with arrows", () => {
    const layers = group("layers");
    expect(layers.shortcuts.map((s) => formatBinding(s.binding))).toEqual([
      "Alt+↑",
      "Alt+↓",
      "Alt+←",
      "Alt+→",
    ]);
    expect(layers.shortcuts.map((s) => formatBinding(s.binding, true))).toEqual([
      "⌥↑",
      "⌥↓",
      "⌥←",
      "⌥→",
    ]);
  });

  it("writes them as the panels' aria-keyshortcuts do", () => {
    expect(ariaShortcuts(group("layers"))).toBe(
      "Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight",
    );
    expect(ariaShortcuts(group("pages"))).toBe("Alt+ArrowUp Alt+ArrowDown");
    expect(ariaShortcut({ code: "KeyG", mod: true, shift: true })).toBe("Control+Shift+g");
    expect(ariaShortcut({ key: "+", mod: true })).toBe("Control+Plus");
  });

  it("gives every row a distinct id and a label", () => {
    const ids = PANEL_SHORTCUTS.flatMap((g) => g.shortcuts.map((s) => s.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const g of PANEL_SHORTCUTS) for (const s of g.shortcuts) expect(s.label).not.toBe("");
  });
});
