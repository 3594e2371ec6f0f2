import { describe, expect, it } from "vitest";
import { alignSelection, distributeSelection } from "../../src/actions/align";
import { worldBox } from "../../src/actions/geometry";
import { arrangeSelection, reorderedSiblings } from "../../src/actions/order";
import { worldMatrix } from "../../src/doc/commands";
import type { SceneNode } from "../../src/doc/types";
import { fixtureEditor } from "./fixture";
import { closeTo, stateOf } from "./support";

function box(editor: ReturnType<typeof fixtureEditor>, id: string) {
  return worldBox(editor.store, id)!;
}

describe("align", () => {
  it("aligns the left edges of several nodes to the leftmost, moving only x", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["b", "c"]);
    alignSelection(editor, "left");
    expect(box(editor, "c").minX).toBe(200);
    expect(box(editor, "c").minY).toBe(0);
    expect(box(editor, "b").minX).toBe(200);
  });

  it("lines up a node inside a rotated group by its world box, keeping its rotation", () => {
    const editor = fixtureEditor();
    const rotation = (editor.store.get("r3") as SceneNode).transform.rotation;
    editor.store.setSelection(["a", "r3"]);
    alignSelection(editor, "bottom");
    expect(closeTo(box(editor, "r3").maxY, box(editor, "a").maxY)).toBe(true);
    expect(box(editor, "r3").maxY).toBeGreaterThan(50);
    expect((editor.store.get("r3") as SceneNode).transform.rotation).toBe(rotation);
    expect(editor.history.depth.undo).toBe(1);
  });

  it("centres a lone node in its frame, and leaves a lone node without one alone", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["r5"]);
    alignSelection(editor, "center");
    alignSelection(editor, "middle");
    expect(box(editor, "r5")).toEqual({ minX: 1190, minY: 140, maxX: 1210, maxY: 160 });
    editor.store.setSelection(["a"]);
    const before = stateOf(editor.store);
    alignSelection(editor, "right");
    expect(stateOf(editor.store)).toEqual(before);
  });

  it("reaches far off-screen nodes like any other", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["a", "far"]);
    alignSelection(editor, "top");
    expect(box(editor, "a").minY).toBe(-1e6);
  });

  it("leaves locked nodes where they are", () => {
    const editor = fixtureEditor();
    editor.store.transact("lock", (tx) => tx.update<SceneNode>("c", { locked: true }));
    editor.store.setSelection(["b", "c"]);
    alignSelection(editor, "left");
    expect(box(editor, "c").minX).toBe(400);
  });
});

describe("distribute", () => {
  it("makes the gaps between neighbours equal and keeps the outer edges", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["c", "a", "b"]);
    distributeSelection(editor, "horizontal");
    const [a, b, c] = ["a", "b", "c"].map((id) => box(editor, id));
    expect(a!.minX).toBe(0);
    expect(c!.maxX).toBe(430);
    // 430 wide, 180 of shapes: two gaps of 125.
    expect(b!.minX - a!.maxX).toBeCloseTo(125, 9);
    expect(c!.minX - b!.maxX).toBeCloseTo(125, 9);
  });

  it("needs three nodes", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["a", "b"]);
    distributeSelection(editor, "vertical");
    expect(editor.history.depth.undo).toBe(0);
  });
});

describe("order", () => {
  const letters = ["a", "b", "c", "d", "e"];
  const pick = (set: string) => (s: string) => set.includes(s);

  it("moves chosen siblings one step as a block, held back at the ends", () => {
    expect(reorderedSiblings(letters, pick("bc"), "forward").join("")).toBe("adbce");
    expect(reorderedSiblings(letters, pick("de"), "forward").join("")).toBe("abcde");
    expect(reorderedSiblings(letters, pick("ae"), "forward").join("")).toBe("bacde");
    expect(reorderedSiblings(letters, pick("cd"), "backward").join("")).toBe("acdbe");
    expect(reorderedSiblings(letters, pick("ab"), "backward").join("")).toBe("abcde");
  });

  it("sends chosen siblings to an end keeping their order", () => {
    expect(reorderedSiblings(letters, pick("bd"), "front").join("")).toBe("acebd");
    expect(reorderedSiblings(letters, pick("bd"), "back").join("")).toBe("bdace");
  });

  it("re-indexes only what moved, among siblings in the document", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["a"]);
    arrangeSelection(editor, "front");
    const order = editor.store.childrenOf("page").map((n) => n.id);
    expect(order).toEqual(["b", "c", "g", "f", "far", "a"]);
    const commitIds = editor.history.depth.undo;
    expect(commitIds).toBe(1);
    editor.store.setSelection(["r3"]);
    arrangeSelection(editor, "forward");
    expect(editor.store.childrenOf("g").map((n) => n.id)).toEqual(["g2", "r3"]);
    // The node keeps where it appears: only its index changed.
    expect(worldMatrix(editor.store, "r3")).toEqual(worldMatrix(fixtureEditor().store, "r3"));
  });
});
