import { describe, expect, it } from "vitest";
import { maskedInSelection, maskSelection, releaseMasks } from "../../src/actions/masks";
import { worldMatrix } from "../../src/doc/commands";
import type { GroupNode } from "../../src/doc/types";
import { fixtureEditor } from "./fixture";
import { counterIds } from "./support";

describe("masks from the selection", () => {
  it("group the selection, the bottom-most node masking the rest, as one undo step", () => {
    const editor = fixtureEditor();
    const before = worldMatrix(editor.store, "b");
    editor.store.setSelection(["b", "a"]);
    maskSelection(editor, "outline", counterIds("M"));
    const group = editor.store.get("M0") as GroupNode;
    expect(group.mask).toBe("outline");
    expect(editor.store.selection).toEqual(["M0"]);
    // "a" lies below "b" on the page: it is the first child, the mask.
    expect(editor.store.childrenOf("M0").map((n) => n.id)).toEqual(["a", "b"]);
    const after = worldMatrix(editor.store, "b");
    for (const key of ["a", "b", "c", "d", "e", "f"] as const)
      expect(after[key]).toBeCloseTo(before[key], 9);
    expect(editor.history.depth.undo).toBe(1);
    editor.history.undo();
    expect(editor.store.has("M0")).toBe(false);
    expect(editor.store.get("a")!.type).toBe("rect");
    editor.history.redo();
    expect((editor.store.get("M0") as GroupNode).mask).toBe("outline");
  });

  it("need two nodes: one alone masks nothing", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["a"]);
    maskSelection(editor, "luminance", counterIds("M"));
    expect(editor.store.has("M0")).toBe(false);
    expect(editor.history.depth.undo).toBe(0);
  });

  it("release: the group stays, its first child drawn again; undo brings the mask back", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["a", "c"]);
    maskSelection(editor, "alpha", counterIds("M"));
    expect(maskedInSelection(editor).map((g) => g.id)).toEqual(["M0"]);
    releaseMasks(editor);
    const group = editor.store.get("M0") as GroupNode;
    expect(group.mask).toBeUndefined();
    expect(Object.hasOwn(group, "mask")).toBe(false);
    expect(editor.store.childrenOf("M0")).toHaveLength(2);
    editor.history.undo();
    expect((editor.store.get("M0") as GroupNode).mask).toBe("alpha");
  });
});
