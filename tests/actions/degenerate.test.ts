import { describe, expect, it } from "vitest";
import { setGeometry } from "../../src/actions/numeric";
import { groupSelection } from "../../src/actions/structure";
import { createEditor, type EditableDocument } from "../../src/editing/editor";
import { at, editorWith, group, rect, stateOf } from "./support";

// A group scaled to almost nothing: the determinant of its matrix is the smallest denormal, so
// inverting it overflows.
const degenerate = [
  group("g", "page", "a0", at(0, 0, 0, 5e-324, -0.5000000000000001)),
  rect("r", "g", "a0", at(0, 0, 0, 0, 0)),
];

function expectGroupRefused(editor: EditableDocument): void {
  editor.store.setSelection(["r"]);
  const before = stateOf(editor.store);
  groupSelection(editor);
  expect(stateOf(editor.store)).toEqual(before);
  expect(editor.history.depth.undo).toBe(0);
}

describe("degenerate geometry", () => {
  it("grouping inside a group scaled to almost nothing leaves the document as it was", () => {
    expectGroupRefused(editorWith(degenerate));
  });

  it("does so without the development invariant checks too, as in production", () => {
    const records = editorWith(degenerate).store.snapshot();
    expectGroupRefused(createEditor(records, { checkInvariants: false }));
  });
});

describe("numeric size on a node scaled almost flat", () => {
  // Found by the undo property test: an image whose scaleY is a denormal shows a height of about
  // 5e-311, so reaching 0.01 needs a factor near the float limit and the height overflowed.
  it("leaves the node alone instead of writing an infinite height", () => {
    const editor = editorWith([rect("r", "page", "a0", at(0, 0, 0, 1, -1.158892634643e-312))]);
    editor.store.setSelection(["r"]);
    const before = stateOf(editor.store);
    setGeometry(editor, ["r"], { height: 0.01 });
    expect(stateOf(editor.store)).toEqual(before);
    expect(editor.history.depth.undo).toBe(0);
  });
});
