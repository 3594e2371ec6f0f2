import { describe, expect, it, vi } from "vitest";
import { duplicateSelection } from "../../src/actions/duplicate";
import { worldBox } from "../../src/actions/geometry";
import { selectAll, selectNone } from "../../src/actions/selection";
import { deleteSelection, groupSelection, ungroupSelection } from "../../src/actions/structure";
import { setFill, setStroke } from "../../src/actions/style";
import { nudgeSelection } from "../../src/actions/transform";
import {
  setHidden,
  toggleHiddenSelection,
  toggleLockedSelection,
} from "../../src/actions/visibility";
import { worldMatrix } from "../../src/doc/commands";
import { Transaction } from "../../src/doc/store";
import type { Fill, SceneNode } from "../../src/doc/types";
import { fixtureEditor } from "./fixture";
import { at, counterIds, editorWith, group, rect } from "./support";

const node = (editor: ReturnType<typeof fixtureEditor>, id: string) =>
  editor.store.get(id) as SceneNode;

describe("duplicate", () => {
  it("places copies just above their originals, offset by 10, and selects them", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["a", "r3"]);
    duplicateSelection(editor, counterIds("d"));
    expect(editor.store.selection).toEqual(["d0", "d1"]);
    expect(
      editor.store
        .childrenOf("page")
        .map((n) => n.id)
        .slice(0, 3),
    ).toEqual(["a", "d0", "b"]);
    expect(editor.store.childrenOf("g").map((n) => n.id)).toEqual(["r3", "d1", "g2"]);
    const original = worldBox(editor.store, "r3")!;
    const copy = worldBox(editor.store, "d1")!;
    expect(copy.minX - original.minX).toBeCloseTo(10, 9);
    expect(copy.minY - original.minY).toBeCloseTo(10, 9);
    expect(editor.history.depth.undo).toBe(1);
  });

  it("copies a group with everything in it under fresh ids", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["g"]);
    duplicateSelection(editor, counterIds("d"));
    const copies = editor.store.childrenOf("d0");
    expect(copies.map((n) => n.type)).toEqual(["rect", "group"]);
    expect(copies.every((n) => !["r3", "g2"].includes(n.id))).toBe(true);
    expect(editor.store.childrenOf(copies[1]!.id)).toHaveLength(1);
  });

  it("repeats the offset the last copies were moved to, like Figma", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["a"]);
    duplicateSelection(editor, counterIds("d"));
    nudgeSelection(editor, 20, -10); // the copy now sits 30, 0 from the original
    duplicateSelection(editor, counterIds("e"));
    expect(worldMatrix(editor.store, "e0").e).toBeCloseTo(60, 9);
    expect(worldMatrix(editor.store, "e0").f).toBeCloseTo(0, 9);
  });
});

describe("delete, group and ungroup", () => {
  it("deletes a subtree and clears the selection", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["g"]);
    deleteSelection(editor);
    for (const id of ["g", "r3", "g2", "r4"]) expect(editor.store.has(id)).toBe(false);
    expect(editor.store.selection).toEqual([]);
  });

  it("deletes thousands of shapes reading the children of containers only", () => {
    // Each read of children in a transaction goes over what it has written so far: asked for
    // every deleted shape, a cut of 20,000 rectangles was quadratic (15 s in the browser).
    const shapes: SceneNode[] = Array.from({ length: 3000 }, (_, i) =>
      rect(`r${i}`, "page", `a${String(i).padStart(5, "0")}`, at(i, 0)),
    );
    shapes.push(group("g", "page", "b0", at(0, 0)), rect("in", "g", "a0", at(0, 0)));
    const editor = editorWith(shapes);
    editor.store.setSelection([...shapes.slice(0, 3000).map((s) => s.id), "g"]);
    const reads = vi.spyOn(Transaction.prototype, "childrenOf");
    deleteSelection(editor);
    expect(reads.mock.calls.map(([parent]) => parent)).toEqual(["g"]);
    reads.mockRestore();
    expect(editor.store.childrenOf("page")).toEqual([]);
    expect(editor.store.get("in")).toBeUndefined();
    expect(editor.store.selection).toEqual([]);
  });

  it("groups in place and ungroups back to the same world transforms", () => {
    const editor = fixtureEditor();
    const before = worldMatrix(editor.store, "r3");
    editor.store.setSelection(["b", "r3"]);
    groupSelection(editor, counterIds("G"));
    expect(editor.store.selection).toEqual(["G0"]);
    expect(node(editor, "r3").parent).toBe("G0");
    ungroupSelection(editor);
    expect(editor.store.has("G0")).toBe(false);
    expect([...editor.store.selection].sort()).toEqual(["b", "r3"]);
    const after = worldMatrix(editor.store, "r3");
    for (const key of ["a", "b", "c", "d", "e", "f"] as const)
      expect(after[key]).toBeCloseTo(before[key], 9);
  });
});

describe("lock, hide and select", () => {
  it("toggles lock and hidden for the whole selection", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["a", "b"]);
    setHidden(editor, ["a"], true);
    toggleHiddenSelection(editor);
    expect([node(editor, "a").hidden, node(editor, "b").hidden]).toEqual([true, true]);
    toggleHiddenSelection(editor);
    expect([node(editor, "a").hidden, node(editor, "b").hidden]).toEqual([false, false]);
    toggleLockedSelection(editor);
    expect(node(editor, "a").locked).toBe(true);
    nudgeSelection(editor, 5, 5);
    expect(node(editor, "a").transform.x).toBe(0);
  });

  it("selects every unlocked visible child of the scope, and nothing", () => {
    const editor = fixtureEditor();
    setHidden(editor, ["b"], true);
    editor.store.setSelection(["c"]);
    toggleLockedSelection(editor);
    selectAll(editor, "page");
    expect(editor.store.selection).toEqual(["a", "g", "f", "far"]);
    selectAll(editor, "g");
    expect(editor.store.selection).toEqual(["r3", "g2"]);
    selectNone(editor);
    expect(editor.store.selection).toEqual([]);
  });
});

describe("style", () => {
  const red: Fill = { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } };

  it("fills shapes, and passes a group's fill to the shapes inside it", () => {
    const editor = fixtureEditor();
    setFill(editor, ["g", "a"], red);
    for (const id of ["a", "r3", "r4"])
      expect((node(editor, id) as { fill: Fill }).fill).toEqual(red);
    expect(editor.history.depth.undo).toBe(1);
  });

  it("changes part of a stroke and keeps the rest", () => {
    const editor = fixtureEditor();
    const before = node(editor, "a");
    setStroke(editor, ["a"], { width: 7 });
    const after = node(editor, "a");
    if (!("stroke" in before) || !("stroke" in after)) throw new Error("a rect has a stroke");
    expect(after.stroke).toEqual({ ...before.stroke, width: 7 });
    expect(() => setStroke(editor, ["a"], { width: -1 })).toThrow(/width/);
  });
});
