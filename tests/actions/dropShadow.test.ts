import { describe, expect, it } from "vitest";
import {
  DEFAULT_SHADOW,
  shadowsOfNode,
  withoutFilter,
  withShadows,
  type DropShadow,
} from "../../src/actions/dropShadow";
import { maskSelection } from "../../src/actions/masks";
import { filterProblem } from "../../src/doc/filter";
import { MAX_SHADOWS } from "../../src/doc/shadows";
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

const RED: DropShadow = {
  dx: -6,
  dy: 10,
  stdDeviation: 2,
  color: { r: 1, g: 0, b: 0, a: 0.5 },
  solid: false,
  clipped: true,
};

describe("drop shadows from the properties panel", () => {
  it("adds, edits and removes a group's drop shadows, one undo step each", () => {
    const editor = withGroup();
    const store = editor.store;
    const undoBefore = editor.history.depth.undo;
    const set = (label: string, shadows: readonly DropShadow[]) =>
      editNodes(store, label, ["G0"], (n) => withShadows(store, n, shadows));
    const shadows = () => shadowsOfNode(store.get("G0") as SceneNode);
    expect(shadows()).toBeNull();
    set("Add drop shadow", [DEFAULT_SHADOW]);
    const added = store.get("G0") as GroupNode;
    expect(shadows()).toEqual([DEFAULT_SHADOW]);
    expect(filterProblem(added.filter)).toBeNull();
    // One shadow SVG's way is one feDropShadow.
    expect(added.filter!.primitives.map((p) => p.type)).toEqual(["dropShadow"]);
    set("Add drop shadow", [DEFAULT_SHADOW, RED]);
    expect(shadows()).toEqual([DEFAULT_SHADOW, RED]);
    set("Shadow X", [{ ...DEFAULT_SHADOW, dx: -30 }, RED]);
    const moved = store.get("G0") as GroupNode;
    expect(shadows()).toEqual([{ ...DEFAULT_SHADOW, dx: -30 }, RED]);
    expect(filterProblem(moved.filter)).toBeNull();
    // The region grows with the shadows' reach, so no shadow is cut.
    expect(moved.filter!.region.x).toBeLessThan(added.filter!.region.x - 20);
    set("Remove drop shadow", [RED]);
    expect(shadows()).toEqual([RED]);
    set("Remove drop shadow", []);
    expect((store.get("G0") as GroupNode).filter).toBeUndefined();
    expect(editor.history.depth.undo).toBe(undoBefore + 5);
    editor.history.undo();
    expect(shadows()).toEqual([RED]);
    editor.history.undo();
    expect(shadows()).toEqual([{ ...DEFAULT_SHADOW, dx: -30 }, RED]);
    editor.history.undo();
    expect(shadows()).toEqual([DEFAULT_SHADOW, RED]);
  });

  it("holds at most MAX_SHADOWS shadows, each within the model's limits", () => {
    const editor = withGroup();
    const store = editor.store;
    const many = Array.from({ length: MAX_SHADOWS }, (_, i) => ({
      ...RED,
      dx: i,
      solid: i % 2 === 0,
      clipped: i % 3 === 0,
    }));
    const group = withShadows(store, store.get("G0") as SceneNode, many) as GroupNode;
    expect(filterProblem(group.filter)).toBeNull();
    expect(shadowsOfNode(group)).toEqual(many);
    expect(withShadows(store, group, [...many, RED])).toBeNull();
  });

  it("leaves shapes alone, calls another filter other, and replaces a blur", () => {
    const editor = withGroup();
    const store = editor.store;
    expect(withShadows(store, store.get("a") as SceneNode, [DEFAULT_SHADOW])).toBeNull();
    const group = store.get("G0") as GroupNode;
    const other: GroupNode = {
      ...group,
      filter: {
        region: { x: 0, y: 0, width: 10, height: 10 },
        linearRGB: true,
        primitives: [{ type: "offset", in: "SourceGraphic", dx: 1, dy: 1 }],
      },
    };
    expect(shadowsOfNode(other)).toBe("other");
    expect((withoutFilter(other) as GroupNode).filter).toBeUndefined();
    const blurred = withShadows(store, { ...group, blur: 3 }, [DEFAULT_SHADOW]) as GroupNode;
    expect(blurred.blur).toBeUndefined();
    expect(shadowsOfNode(blurred)).toEqual([DEFAULT_SHADOW]);
  });

  it("keeps the colour space of shadows it rewrites", () => {
    const editor = withGroup();
    const store = editor.store;
    const group = withShadows(store, store.get("G0") as SceneNode, [RED]) as GroupNode;
    const srgb: GroupNode = { ...group, filter: { ...group.filter!, linearRGB: false } };
    const edited = withShadows(store, srgb, [{ ...RED, dy: 1 }]) as GroupNode;
    expect(edited.filter!.linearRGB).toBe(false);
  });
});
