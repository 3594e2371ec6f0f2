import { describe, expect, it } from "vitest";
import { selectionBounds, setSelectionBounds } from "../../src/actions/numeric";
import type { RectNode } from "../../src/doc/types";
import { summarise } from "../../src/ui/properties/summary";
import { at, editorWith, rect, stateOf } from "./support";

function twoRects() {
  // 100×50 each: one at the origin, one at (200, 100) turned 90° about its corner.
  return editorWith([rect("a", "page", "a0", at(0, 0)), rect("b", "page", "a1", at(200, 100, 90))]);
}

describe("a multi-selection's position and size", () => {
  it("is the box the nodes' frames span together, shown as one value per field", () => {
    const editor = twoRects();
    // b covers x 150–200 and y 100–200 once turned.
    const bounds = selectionBounds(editor.store, ["a", "b"])!;
    expect(bounds.x).toBeCloseTo(0, 9);
    expect(bounds.y).toBeCloseTo(0, 9);
    expect(bounds.width).toBeCloseTo(200, 9);
    expect(bounds.height).toBeCloseTo(200, 9);
    const summary = summarise(editor.store, ["a", "b"]);
    expect(summary.x).toEqual({ state: "same", value: bounds.x });
    expect(summary.width).toEqual({ state: "same", value: bounds.width });
    // One node still shows its own frame.
    expect(summarise(editor.store, ["b"]).x).toEqual({ state: "same", value: 200 });
  });

  it("X and Y move the nodes together; W and H scale them about the box's corner; one undo step", () => {
    const editor = twoRects();
    const before = stateOf(editor.store);
    setSelectionBounds(editor, ["a", "b"], { x: 50, y: -20 });
    expect(editor.store.get("a")!).toMatchObject({ transform: { x: 50, y: -20 } });
    expect((editor.store.get("b") as RectNode).transform.x).toBeCloseTo(250, 9);
    setSelectionBounds(editor, ["a", "b"], { width: 400 });
    const a = editor.store.get("a") as RectNode;
    expect(a.transform.x).toBeCloseTo(50, 9);
    expect(a.width * a.transform.scaleX).toBeCloseTo(200, 9);
    const after = selectionBounds(editor.store, ["a", "b"])!;
    expect(after.x).toBeCloseTo(50, 9);
    expect(after.width).toBeCloseTo(400, 9);
    expect(after.height).toBeCloseTo(200, 9);
    editor.history.undo();
    editor.history.undo();
    expect(stateOf(editor.store)).toEqual(before);
  });

  it("refuses sizes that are not finite and positive, leaving the document alone", () => {
    const editor = twoRects();
    expect(() => setSelectionBounds(editor, ["a", "b"], { width: 0 })).toThrow(RangeError);
    expect(() => setSelectionBounds(editor, ["a", "b"], { x: Number.NaN })).toThrow(RangeError);
    expect(editor.history.depth.undo).toBe(0);
  });
});
