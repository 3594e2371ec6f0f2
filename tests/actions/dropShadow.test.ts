import { describe, expect, it } from "vitest";
import { DEFAULT_SHADOW, shadowOf, withShadow } from "../../src/actions/dropShadow";
import { maskSelection } from "../../src/actions/masks";
import { filterProblem } from "../../src/doc/filter";
import type { GroupNode, SceneNode } from "../../src/doc/types";
import { editNodes } from "../../src/ui/properties/edits";
import { fixtureEditor } from "./fixture";
import { counterIds } from "./support";

/** A fixture whose nodes "a" and "b" are grouped (as a clip, then released to a plain group). */
function withGroup() {
  const editor = fixtureEditor();
  editor.store.setSelection(["b", "a"]);
  maskSelection(editor, "outline", counterIds("G"));
  editor.store.transact("Unmask", (tx) => {
    const { mask: _mask, ...rest } = tx.get("G0") as GroupNode;
    tx.put(rest as SceneNode);
  });
  return editor;
}

describe("drop shadow from the properties panel", () => {
  it("adds, edits and removes a group's drop shadow, one undo step each", () => {
    const editor = withGroup();
    const store = editor.store;
    const undoBefore = editor.history.depth.undo;
    const set = (label: string, shadow: Parameters<typeof withShadow>[2]) =>
      editNodes(store, label, ["G0"], (n) => withShadow(store, n, shadow));
    expect(shadowOf(store.get("G0") as SceneNode)).toBeNull();
    set("Add drop shadow", DEFAULT_SHADOW);
    const added = store.get("G0") as GroupNode;
    expect(shadowOf(added)).toEqual(DEFAULT_SHADOW);
    expect(filterProblem(added.filter)).toBeNull();
    set("Shadow X", { ...DEFAULT_SHADOW, dx: -30 });
    const moved = store.get("G0") as GroupNode;
    expect(shadowOf(moved)).toEqual({ ...DEFAULT_SHADOW, dx: -30 });
    // The region grows with the shadow's reach, so the shadow is never cut.
    expect(moved.filter!.region.x).toBeLessThan(added.filter!.region.x - 20);
    set("Remove filter", null);
    expect((store.get("G0") as GroupNode).filter).toBeUndefined();
    expect(editor.history.depth.undo).toBe(undoBefore + 3);
    editor.history.undo();
    expect(shadowOf(store.get("G0") as SceneNode)).toEqual({ ...DEFAULT_SHADOW, dx: -30 });
    editor.history.undo();
    expect(shadowOf(store.get("G0") as SceneNode)).toEqual(DEFAULT_SHADOW);
  });

  it("leaves shapes alone, calls another filter other, and replaces a blur", () => {
    const editor = withGroup();
    const store = editor.store;
    expect(withShadow(store, store.get("a") as SceneNode, DEFAULT_SHADOW)).toBeNull();
    const group = store.get("G0") as GroupNode;
    const other: GroupNode = {
      ...group,
      filter: {
        region: { x: 0, y: 0, width: 10, height: 10 },
        linearRGB: true,
        primitives: [{ type: "offset", in: "SourceGraphic", dx: 1, dy: 1 }],
      },
    };
    expect(shadowOf(other)).toBe("other");
    const blurred = withShadow(store, { ...group, blur: 3 }, DEFAULT_SHADOW) as GroupNode;
    expect(blurred.blur).toBeUndefined();
    expect(shadowOf(blurred)).toEqual(DEFAULT_SHADOW);
  });
});
