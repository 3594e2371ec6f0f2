import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyPayload, pastePayload } from "../../src/actions/clipboard";
import { adoptIntoFrames, frameBase, type FrameAt } from "../../src/actions/frames";
import { createEditor, type EditableDocument } from "../../src/editing/editor";
import { worldMatrix } from "../../src/doc/commands";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { boxCenter, worldBox } from "../../src/actions/geometry";
import { topLevelNodes } from "../../src/actions/targets";
import { apply, IDENTITY_TRANSFORM, invert, type Matrix } from "../../src/doc/transform";
import type {
  DocRecord,
  FrameNode,
  GroupNode,
  Id,
  RectNode,
  SceneNode,
  Transform,
} from "../../src/doc/types";
import { Picker } from "../../src/scene/picker";
import { SpatialSync } from "../../src/scene/spatialSync";
import { loadCore } from "../core/loadCore.ts";

const PAGE = "page";

function frame(id: Id, parent: Id, index: string, t: Partial<Transform>, w = 200, h = 200) {
  return makeNode<FrameNode>("frame", id, parent, index, {
    fill: DEFAULT_FILL,
    stroke: { ...DEFAULT_STROKE, paint: null },
    width: w,
    height: h,
    clip: true,
    transform: { ...IDENTITY_TRANSFORM, ...t },
  });
}

function rect(id: Id, parent: Id, index: string, t: Partial<Transform>, w = 40, h = 30) {
  return makeNode<RectNode>("rect", id, parent, index, {
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
    width: w,
    height: h,
    radii: [0, 0, 0, 0],
    transform: { ...IDENTITY_TRANSFORM, ...t },
  });
}

async function session(records: readonly DocRecord[]) {
  const core = await loadCore();
  core.index.clear();
  const editor = createEditor([
    ...createDocument({ id: "doc", pageId: PAGE, author: "u", created: "2026-01-01T00:00:00Z" }),
    ...records,
  ]);
  const spatial = new SpatialSync(editor.store, core.index);
  spatial.showPage(PAGE);
  const picker = new Picker(editor.store, spatial);
  const frameAt: FrameAt = (p, exclude) => picker.frameAt(p, { exclude });
  return { editor, picker, frameAt, dispose: () => (picker.dispose(), spatial.dispose()) };
}

function expectSameMatrix(a: Matrix, b: Matrix): void {
  for (const key of ["a", "b", "c", "d", "e", "f"] as const) expect(b[key]).toBeCloseTo(a[key], 6);
}

function parentOf(editor: EditableDocument, id: Id): Id {
  return (editor.store.get(id) as SceneNode).parent;
}

describe("frames take what lies in them", () => {
  it("finds the innermost frame under a point, not an excluded one, not outside a clip", async () => {
    const { picker, dispose } = await session([
      frame("outer", PAGE, "a0", { x: 0, y: 0 }, 400, 400),
      frame("inner", "outer", "a0", { x: 100, y: 100 }, 100, 100),
      frame("spill", "outer", "a1", { x: 350, y: 0 }, 200, 100),
    ]);
    expect(picker.frameAt({ x: 150, y: 150 })).toBe("inner");
    expect(picker.frameAt({ x: 50, y: 300 })).toBe("outer");
    expect(picker.frameAt({ x: 150, y: 150 }, { exclude: new Set(["inner"]) })).toBe("outer");
    // Excluding a frame excludes what it holds: nothing may go into its own descendant.
    expect(picker.frameAt({ x: 150, y: 150 }, { exclude: new Set(["outer"]) })).toBeNull();
    // The part of "spill" outside its clipping parent is not there to drop into.
    expect(picker.frameAt({ x: 380, y: 50 })).toBe("spill");
    expect(picker.frameAt({ x: 450, y: 50 })).toBeNull();
    expect(picker.frameAt({ x: 600, y: 600 })).toBeNull();
    // Inside a scope only.
    expect(picker.frameAt({ x: 150, y: 150 }, { scope: "inner" })).toBeNull();
    expect(picker.frameAt({ x: 150, y: 150 }, { scope: "outer" })).toBe("inner");
    dispose();
  });

  it("skips hidden and locked frames", async () => {
    const { editor, picker, dispose } = await session([frame("f", PAGE, "a0", { x: 0, y: 0 })]);
    expect(picker.frameAt({ x: 10, y: 10 })).toBe("f");
    editor.store.transact("Hide", (tx) => tx.update("f", { hidden: true }));
    expect(picker.frameAt({ x: 10, y: 10 })).toBeNull();
    editor.store.transact("Show, lock", (tx) => tx.update("f", { hidden: false, locked: true }));
    expect(picker.frameAt({ x: 10, y: 10 })).toBeNull();
    dispose();
  });

  it("a click goes through frames to what they hold; the frame's own area picks the frame", async () => {
    const { picker, dispose } = await session([
      frame("f", PAGE, "a0", { x: 0, y: 0 }),
      frame("nested", "f", "a0", { x: 100, y: 100 }, 80, 80),
      rect("r", "f", "a1", { x: 10, y: 10 }),
      rect("deep", "nested", "a0", { x: 10, y: 10 }),
    ]);
    expect(picker.pick({ x: 20, y: 20 }, 0)).toBe("f");
    expect(picker.pick({ x: 20, y: 20 }, 0, { intoFrames: true })).toBe("r");
    expect(picker.pick({ x: 120, y: 120 }, 0, { intoFrames: true })).toBe("deep");
    expect(picker.pick({ x: 170, y: 170 }, 0, { intoFrames: true })).toBe("nested");
    expect(picker.pick({ x: 190, y: 20 }, 0, { intoFrames: true })).toBe("f");
    dispose();
  });

  it("moves a node into the frame at its centre and out again, keeping its world matrix", async () => {
    const { editor, frameAt, dispose } = await session([
      frame("f", PAGE, "a0", { x: 100, y: 50, rotation: 0.3 }),
      rect("r", PAGE, "a1", { x: 150, y: 120, rotation: -0.2 }),
    ]);
    const before = worldMatrix(editor.store, "r");
    const commits: number[] = [];
    editor.store.subscribe((c) => commits.push(c.version));
    editor.store.transact("Move", (tx) => adoptIntoFrames(tx, ["r"], frameAt));
    expect(parentOf(editor, "r")).toBe("f");
    expect(commits).toHaveLength(1);
    expectSameMatrix(before, worldMatrix(editor.store, "r"));
    // Moved off the frame (still in it), then adopted again: back to the page.
    editor.store.transact("Move", (tx) =>
      tx.update("r", { transform: { ...IDENTITY_TRANSFORM, x: 500, y: 10 } }),
    );
    const away = worldMatrix(editor.store, "r");
    editor.store.transact("Move", (tx) => adoptIntoFrames(tx, ["r"], frameAt));
    expect(parentOf(editor, "r")).toBe(PAGE);
    expectSameMatrix(away, worldMatrix(editor.store, "r"));
    dispose();
  });

  it("leaves nodes in groups alone, and a frame inside a group gives back to the group", async () => {
    const group = makeNode<GroupNode>("group", "g", PAGE, "a1", {});
    const { editor, frameAt, dispose } = await session([
      frame("f", PAGE, "a0", { x: 0, y: 0 }),
      group,
      rect("inGroup", "g", "a0", { x: 10, y: 10 }),
      frame("gf", "g", "a1", { x: 1000, y: 0 }, 100, 100),
      rect("inGroupFrame", "gf", "a0", { x: 500, y: 500 }),
    ]);
    expect(frameBase(editor.store, editor.store.get("inGroupFrame") as SceneNode)).toBe("g");
    editor.store.transact("Move", (tx) =>
      adoptIntoFrames(tx, ["inGroup", "inGroupFrame"], frameAt),
    );
    expect(parentOf(editor, "inGroup")).toBe("g");
    expect(parentOf(editor, "inGroupFrame")).toBe("g");
    dispose();
  });

  it("pastes into the frame the pasted shape's centre lies in, in the paste's one step", async () => {
    const { editor, frameAt, dispose } = await session([
      frame("f", PAGE, "a0", { x: 0, y: 0 }),
      rect("r", "f", "a0", { x: 20, y: 20 }),
    ]);
    editor.store.setSelection(["r"]);
    const text = copyPayload(editor)!;
    const depth = editor.history.depth.undo;
    const result = pastePayload(editor, text, { parent: PAGE, offset: { x: 10, y: 10 }, frameAt });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const copy = result.ids[0]!;
    expect(parentOf(editor, copy)).toBe("f");
    expect(worldMatrix(editor.store, copy).e).toBeCloseTo(30, 9);
    expect(editor.history.depth.undo).toBe(depth + 1);
    editor.history.undo();
    expect(editor.store.get(copy)).toBeUndefined();
    dispose();
  });

  it("keeps every node where it was on the page, whatever the frames' transforms (property)", async () => {
    const core = await loadCore();
    const transformArb = fc.record({
      x: fc.integer({ min: -300, max: 300 }),
      y: fc.integer({ min: -300, max: 300 }),
      rotation: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
      scaleX: fc.constantFrom(1, -1, 2, 0.5),
      scaleY: fc.constantFrom(1, -1, 0.75),
    });
    const nodeArb = fc.record({
      frame: fc.boolean(),
      parent: fc.nat(),
      transform: transformArb,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(nodeArb, { minLength: 2, maxLength: 10 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        async (specs, chosen) => {
          core.index.clear();
          const records: SceneNode[] = [];
          const containers: Id[] = [PAGE];
          specs.forEach((spec, i) => {
            const parent = containers[spec.parent % containers.length]!;
            const id = `n${i}`;
            const index = `a${i}`;
            if (spec.frame) {
              records.push(frame(id, parent, index, spec.transform, 150, 120));
              containers.push(id);
            } else records.push(rect(id, parent, index, spec.transform));
          });
          const editor = createEditor([
            ...createDocument({
              id: "doc",
              pageId: PAGE,
              author: "u",
              created: "2026-01-01T00:00:00Z",
            }),
            ...records,
          ]);
          const spatial = new SpatialSync(editor.store, core.index);
          spatial.showPage(PAGE);
          const picker = new Picker(editor.store, spatial);
          const ids = [...new Set(chosen.map((c) => `n${c % specs.length}`))];
          const all = records.map((r) => r.id);
          const worlds = new Map(all.map((id) => [id, worldMatrix(editor.store, id)]));
          const depth = editor.history.depth.undo;
          const topLevel = topLevelNodes(editor.store, ids).map((n) => n.id);
          // The store checks its invariants after every transaction in tests: no cycle, no
          // orphan, every parent a page or container.
          editor.store.transact("Move", (tx) =>
            adoptIntoFrames(tx, ids, (p, exclude) => picker.frameAt(p, { exclude })),
          );
          expect(editor.history.depth.undo - depth).toBeLessThanOrEqual(1);
          for (const id of all) expectSameMatrix(worlds.get(id)!, worldMatrix(editor.store, id));
          // Each node adopted (those not inside another of them) now lies in its parent frame
          // (by its centre), or is on the page.
          for (const id of topLevel) {
            const parent = editor.store.get(parentOf(editor, id));
            if (parent?.type !== "frame") {
              expect(parent?.type).toBe("page");
              continue;
            }
            const box = worldBox(editor.store, id)!;
            const centre = boxCenter(box);
            const local = apply(invert(worldMatrix(editor.store, parent.id))!, centre);
            expect(local.x).toBeGreaterThanOrEqual(-1e-6);
            expect(local.y).toBeGreaterThanOrEqual(-1e-6);
            expect(local.x).toBeLessThanOrEqual(parent.width + 1e-6);
            expect(local.y).toBeLessThanOrEqual(parent.height + 1e-6);
          }
          picker.dispose();
          spatial.dispose();
        },
      ),
      { numRuns: 80 },
    );
  });
});
