import { DEFAULT_SHADOW, withShadows } from "../../src/actions/dropShadow";
import { editNodes } from "../../src/ui/properties/edits";
import { at, editorWith, group, rect } from "../actions/support";

/** "outer" at (0, 0) holding "g" at (-500, 0) holding a 100 × 100 square; "g" casts a shadow 600 to the right. */
export function farShadow() {
  const editor = editorWith([
    group("outer", "page", "a0", at(0, 0)),
    group("g", "outer", "a0", at(-500, 0)),
    rect("sq", "g", "a0", at(0, 0), 100, 100),
  ]);
  editNodes(editor.store, "Add drop shadow", ["g"], (n) =>
    withShadows(editor.store, n, [{ ...DEFAULT_SHADOW, dx: 600, dy: 0 }]),
  );
  return editor;
}
