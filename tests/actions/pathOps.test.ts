import { describe, expect, it } from "vitest";
import {
  inlineBooleans,
  workerBooleans,
  type BooleanRunner,
  type BooleanWorker,
} from "../../src/actions/booleanRunner";
import {
  booleanOperation as inlineBooleanOperation,
  type BooleanJob,
  type BooleanResult,
} from "../../src/shapes/booleans";
import {
  booleanSelection,
  convertSelectionToPath,
  outlineSelectionStroke,
  pathCommands,
} from "../../src/actions/pathOps";
import { createEditor, type EditableDocument } from "../../src/editing/editor";
import { CommandRegistry } from "../../src/editing/commands";
import { createDocument, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { IDENTITY_TRANSFORM } from "../../src/doc/transform";
import type { EllipseNode, PathNode, RectNode } from "../../src/doc/types";
import { stateOf } from "./support";

function rect(id: string, index: string, x: number, y: number, rotation = 0): RectNode {
  return makeNode<RectNode>("rect", id, "page", index, {
    fill: { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } },
    stroke: DEFAULT_STROKE,
    width: 100,
    height: 100,
    radii: [0, 0, 0, 0],
    transform: { ...IDENTITY_TRANSFORM, x, y, rotation },
  });
}

function editorWith(...nodes: (RectNode | EllipseNode)[]): EditableDocument {
  const editor = createEditor([
    ...createDocument({ id: "doc", pageId: "page", author: "u", created: "2026-01-01T00:00:00Z" }),
    ...nodes,
  ]);
  editor.store.setSelection(nodes.map((n) => n.id));
  return editor;
}

function pathArea(path: PathNode): number {
  // Shoelace over the anchors: exact for straight segments, which boxes of rectangles are.
  let area = 0;
  for (const sub of path.subpaths) {
    const points = [sub.start, ...sub.segments.map((s) => s.to)];
    for (let i = 0; i < points.length; i++) {
      const p = points[i]!;
      const q = points[(i + 1) % points.length]!;
      area += p.x * q.y - q.x * p.y;
    }
  }
  return Math.abs(area / 2);
}

describe("path operations on the selection", () => {
  it("union of two overlapping squares is one path of their combined area, undone in one step", async () => {
    const editor = editorWith(rect("a", "a0", 0, 0), rect("b", "a1", 50, 50));
    const before = stateOf(editor.store);
    expect(await booleanSelection(editor, "union")).toBeNull();
    const nodes = editor.store.childrenOf("page");
    expect(nodes).toHaveLength(1);
    const path = nodes[0] as PathNode;
    expect(path.type).toBe("path");
    expect(editor.store.selection).toEqual([path.id]);
    expect(pathArea(path) * path.transform.scaleX * path.transform.scaleY).toBeCloseTo(17500, 3);
    editor.history.undo();
    expect(stateOf(editor.store)).toEqual(before);
  });

  it("subtract takes the others from the bottom-most shape; intersect keeps the overlap", async () => {
    const editor = editorWith(rect("a", "a0", 0, 0), rect("b", "a1", 50, 0));
    await booleanSelection(editor, "subtract");
    const cut = editor.store.childrenOf("page")[0] as PathNode;
    expect(pathArea(cut)).toBeCloseTo(5000, 3);
    editor.history.undo();
    editor.store.setSelection(["a", "b"]);
    await booleanSelection(editor, "intersect");
    expect(pathArea(editor.store.childrenOf("page")[0] as PathNode)).toBeCloseTo(5000, 3);
  });

  it("disjoint shapes have no intersection: a reason, and the document untouched", async () => {
    const editor = editorWith(rect("a", "a0", 0, 0), rect("b", "a1", 500, 0));
    const before = stateOf(editor.store);
    expect(await booleanSelection(editor, "intersect")).toMatch(/./);
    expect(stateOf(editor.store)).toEqual(before);
    expect(editor.history.depth.undo).toBe(0);
  });

  it("convert to path keeps the id, place and look, and undoes exactly", () => {
    const editor = editorWith(rect("a", "a0", 10, 20, 0.3));
    const before = stateOf(editor.store);
    expect(convertSelectionToPath(editor)).toBeNull();
    const path = editor.store.get("a") as PathNode;
    expect(path.type).toBe("path");
    expect(path.transform).toEqual(
      (before.records.find((r) => r.id === "a") as RectNode).transform,
    );
    editor.history.undo();
    expect(stateOf(editor.store)).toEqual(before);
  });

  it("outline stroke turns the stroke into a filled path with no stroke", () => {
    const editor = editorWith(rect("a", "a0", 0, 0));
    expect(outlineSelectionStroke(editor)).toBeNull();
    const path = editor.store.get("a") as PathNode;
    expect(path.type).toBe("path");
    expect(path.stroke.paint).toBeNull();
    expect(path.fill).toEqual({
      type: "solid",
      color: (DEFAULT_STROKE.paint as { color: unknown }).color,
    });
  });

  it("commands: Ctrl+Alt+U unites, and nothing runs on a read-only document", async () => {
    const editor = editorWith(rect("a", "a0", 0, 0), rect("b", "a1", 50, 50));
    const notes: string[] = [];
    const registry = new CommandRegistry();
    registry.register(pathCommands({ editor: () => editor, notify: (m) => notes.push(m) }));
    const union = registry.commandFor({
      code: "KeyU",
      key: "u",
      modifiers: { ctrl: true, alt: true, shift: false, meta: false },
    });
    expect(union?.id).toBe("object.union");
    editor.store.setReadOnly(true);
    expect(registry.run("object.union")).toBe(false);
    editor.store.setReadOnly(false);
    expect(registry.run("object.union")).toBe(true);
    await expect.poll(() => editor.store.childrenOf("page")).toHaveLength(1);
    expect(notes).toEqual([]);
  });

  it("an edit made while the shapes are being combined wins: nothing is done, and why is said", async () => {
    const editor = editorWith(rect("a", "a0", 0, 0), rect("b", "a1", 50, 50));
    const slow: BooleanRunner = {
      run: async (job) => {
        // The person moves one of the shapes before the result arrives.
        const b = editor.store.get("b") as RectNode;
        editor.store.transact("Move", (tx) =>
          tx.update<RectNode>("b", { transform: { ...b.transform, x: 60 } }),
        );
        return inlineBooleans.run(job);
      },
    };
    expect(await booleanSelection(editor, "union", slow)).toMatch(/changed while/);
    expect(editor.store.get("b")).toBeDefined();
    expect(editor.store.childrenOf("page").map((n) => n.type)).toEqual(["rect", "rect"]);
    expect(editor.history.depth.undo).toBe(1);
  });
});

function inlineBooleansSync(job: BooleanJob): BooleanResult {
  return inlineBooleanOperation(job.op, job.operands, job.target);
}

describe("booleans in a worker", () => {
  /** A stand-in worker: answers through `reply`, or never when it is null. */
  function fakeWorker(reply: ((job: BooleanJob) => BooleanResult) | null) {
    const made: { terminated: boolean }[] = [];
    const create = (): BooleanWorker => {
      const state = { terminated: false };
      made.push(state);
      const worker: BooleanWorker = {
        onmessage: null,
        onerror: null,
        postMessage(job) {
          if (reply === null) return;
          const result = reply(job);
          setTimeout(() => worker.onmessage?.({ data: result } as MessageEvent<BooleanResult>));
        },
        terminate() {
          state.terminated = true;
        },
      };
      return worker;
    };
    return { made, create };
  }

  it("stops a computation that never ends, says so, and leaves the drawing as it was", async () => {
    const editor = editorWith(rect("a", "a0", 0, 0), rect("b", "a1", 50, 50));
    const before = stateOf(editor.store);
    const stuck = fakeWorker(null);
    const runner = workerBooleans(stuck.create, 30);
    expect(await booleanSelection(editor, "union", runner)).toMatch(/took longer than .* stopped/);
    expect(stateOf(editor.store)).toEqual(before);
    expect(editor.history.depth.undo).toBe(0);
    expect(stuck.made).toEqual([{ terminated: true }]);
  });

  it("keeps one worker for operation after operation, and gives each its own answer", async () => {
    const answering = fakeWorker((job) => inlineBooleansSync(job));
    const runner = workerBooleans(answering.create, 5_000);
    const editor = editorWith(rect("a", "a0", 0, 0), rect("b", "a1", 50, 50));
    expect(await booleanSelection(editor, "union", runner)).toBeNull();
    editor.history.undo();
    editor.store.setSelection(["a", "b"]);
    expect(await booleanSelection(editor, "intersect", runner)).toBeNull();
    expect(pathArea(editor.store.childrenOf("page")[0] as PathNode)).toBeCloseTo(2500, 3);
    expect(answering.made).toEqual([{ terminated: false }]);
  });
});
