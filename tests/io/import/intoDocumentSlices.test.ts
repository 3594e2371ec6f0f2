import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkAll } from "../../../src/doc/invariants";
import type { DocumentStore } from "../../../src/doc/store";
import { isSceneNode, type Id, type SceneNode } from "../../../src/doc/types";
import { History } from "../../../src/history/history";
import { readUntrusted } from "../../../src/io/import/boundary";
import { importFileInto } from "../../../src/io/import/importFile";
import {
  importIntoDocument,
  importIntoDocumentInSlices,
} from "../../../src/io/import/intoDocument";
import type { ImportSuccess } from "../../../src/io/import/result";
import { IMPORT_CANCELLED } from "../../../src/io/import/workerClient";
import { KIND_RULES } from "../../../src/shapes/registry";
import { emptyDocumentStore } from "../../support/store";

const base = {
  width: 40,
  height: 30,
  angle: 0,
  strokeColor: "#1e1e1e",
  backgroundColor: "transparent",
  strokeWidth: 2,
  strokeStyle: "solid",
  opacity: 100,
  isDeleted: false,
};

/**
 * An Excalidraw scene of `count` elements: boxes, some in groups (nested ones too), some in
 * frames, and arrows bound to boxes anywhere in the file, before or after them.
 */
function scene(count: number, seed: number): string {
  let state = seed >>> 0 || 1;
  const random = (n: number): number => {
    state = (state * 1103515245 + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  const elements: object[] = [];
  const boxes = Math.max(2, Math.ceil(count * 0.7));
  for (let i = 0; i < boxes; i += 1) {
    const group = random(4) === 0 ? [`g${random(5)}`] : [];
    if (group.length > 0 && random(2) === 0) group.unshift(`h${group[0]}`);
    elements.push({
      ...base,
      id: `b${i}`,
      type: random(3) === 0 ? "ellipse" : "rectangle",
      x: (i % 40) * 60,
      y: Math.floor(i / 40) * 50,
      groupIds: group,
      ...(random(6) === 0 ? { frameId: "f" } : {}),
    });
  }
  elements.push({
    ...base,
    id: "f",
    type: "frame",
    x: 0,
    y: 0,
    width: 600,
    height: 400,
    groupIds: [],
  });
  for (let i = boxes; i < count; i += 1) {
    const from = `b${random(boxes)}`;
    const to = `b${random(boxes)}`;
    // Arrows land anywhere in the file's order: before, between and after their boxes.
    elements.splice(random(elements.length + 1), 0, {
      ...base,
      id: `a${i}`,
      type: "arrow",
      x: random(800),
      y: random(800),
      width: 100,
      height: 0,
      points: [
        [0, 0],
        [100, 0],
      ],
      groupIds: [],
      startBinding: { elementId: from, focus: 0, gap: 4 },
      endBinding: { elementId: to, focus: 0, gap: 4 },
    });
  }
  return JSON.stringify({ type: "excalidraw", version: 2, source: "test", elements });
}

function read(text: string): ImportSuccess {
  const result = readUntrusted("scene.excalidraw", text);
  if (!result.ok) throw new Error(result.error);
  return result;
}

/** The imported drawing without its fresh ids: each node's fields, children in order. */
function drawn(store: DocumentStore, parent: Id = "page"): unknown[] {
  const names = new Map<Id, number>();
  const order: SceneNode[] = [];
  const walk = (id: Id): void => {
    for (const child of store.childrenOf(id)) {
      names.set(child.id, names.size);
      order.push(child);
      walk(child.id);
    }
  };
  walk(parent);
  return order.map((node) => {
    const json = JSON.stringify(node, (key, value: unknown) =>
      key === "id" || key === "parent" || key === "node" || key === "blob" ? undefined : value,
    );
    const refs = [node.parent, ...JSON.stringify(node).matchAll(/"node":"([^"]+)"/g)].map(
      (match) => (typeof match === "string" ? match : match[1]!),
    );
    return [json, refs.map((id) => names.get(id) ?? id)];
  });
}

/** A clock that moves `step` ms each time it is read: slices of a fixed size on any machine. */
function steppingClock(step: number): () => number {
  let now = 0;
  return () => (now += step);
}

describe("an import put in by slices", () => {
  it("ends as the one-transaction import does, in one undo step, passing the invariants at every commit", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 160 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 40 }),
        async (count, seed, step, firstSlice) => {
          const result = read(scene(count, seed));
          const whole = emptyDocumentStore();
          expect(importIntoDocument(whole, result, { parent: "page" }).ok).toBe(true);
          const store = emptyDocumentStore();
          const history = new History(store);
          const before = store.snapshot();
          let commits = 0;
          const broken: string[][] = [];
          store.subscribe(() => {
            commits += 1;
            const problems = checkAll(store, KIND_RULES);
            if (problems.length > 0) broken.push(problems);
          });
          const placed = await importIntoDocumentInSlices(
            store,
            history,
            result,
            { parent: "page" },
            {
              clock: steppingClock(step),
              sliceMs: 40,
              firstSlice,
              pause: () => Promise.resolve(),
            },
          );
          expect(placed.ok).toBe(true);
          expect(broken).toEqual([]);
          expect(drawn(store)).toEqual(drawn(whole));
          expect(store.selection).toEqual(placed.ok ? placed.ids : []);
          expect(store.selection).toHaveLength(whole.selection.length);
          // Slices: many commits when each node "takes" long, always one undo step.
          if (step >= 40 && result.nodes.length > firstSlice + 1)
            expect(commits).toBeGreaterThan(1);
          expect(history.depth.undo).toBe(1);
          history.undo();
          expect(store.snapshot()).toEqual(before);
          history.redo();
          expect(drawn(store)).toEqual(drawn(whole));
        },
      ),
      { numRuns: 30 },
    );
  });

  it("cancelled between slices, leaves the document and its history as they were", async () => {
    const store = emptyDocumentStore();
    const history = new History(store);
    store.transact("Earlier edit", (tx) =>
      tx.update("page", { name: "Sketches" } as Partial<SceneNode>),
    );
    const before = store.snapshot();
    const depth = history.depth;
    const controller = new AbortController();
    let pauses = 0;
    const placed = await importIntoDocumentInSlices(
      store,
      history,
      read(scene(300, 7)),
      { parent: "page" },
      {
        signal: controller.signal,
        firstSlice: 10,
        clock: steppingClock(100),
        pause: async () => {
          // Pauses while the import is readied come first; count those once some of it is in.
          if (store.snapshot().filter(isSceneNode).length > 0) pauses += 1;
          if (pauses === 3) controller.abort();
        },
      },
    );
    expect(placed).toEqual({ ok: false, error: IMPORT_CANCELLED, cancelled: true });
    expect(store.snapshot()).toEqual(before);
    expect(history.depth).toEqual(depth);
    expect(history.undoLabel).toBe("Earlier edit");
    expect(history.inGesture).toBe(false);
  });

  it("readies a large import over several tasks before its first slice, and Cancel meanwhile touches nothing", async () => {
    const result = read(scene(3000, 5));
    const store = emptyDocumentStore();
    const history = new History(store);
    const before = store.snapshot();
    // Each read of the clock moves it 1 ms: a task reads it once per step of readying.
    let pausesBeforeFirstCommit = 0;
    let commits = 0;
    store.subscribe(() => (commits += 1));
    const placed = await importIntoDocumentInSlices(
      store,
      history,
      result,
      { parent: "page" },
      {
        clock: steppingClock(1),
        sliceMs: 2,
        pause: () => {
          if (commits === 0) pausesBeforeFirstCommit += 1;
          return Promise.resolve();
        },
      },
    );
    expect(placed.ok).toBe(true);
    // Two walks over 3,000 nodes to ready them, two to order them: steps of 1,024 nodes.
    expect(pausesBeforeFirstCommit).toBeGreaterThanOrEqual(4);

    const controller = new AbortController();
    let pauses = 0;
    const stopped = await importIntoDocumentInSlices(
      store,
      history,
      result,
      { parent: "page" },
      {
        signal: controller.signal,
        clock: steppingClock(1),
        sliceMs: 2,
        pause: () => {
          pauses += 1;
          if (pauses === 2) controller.abort();
          return Promise.resolve();
        },
      },
    );
    expect(stopped).toEqual({ ok: false, error: IMPORT_CANCELLED, cancelled: true });
    expect(history.depth.undo).toBe(1);
    history.undo();
    expect(store.snapshot()).toEqual(before);
  });

  it("selects the import on a commit of its own, after every slice, and ends the gesture on a task after it", async () => {
    const store = emptyDocumentStore();
    const history = new History(store);
    const commits: Array<{ changes: number; selected: number }> = [];
    const events: string[] = [];
    store.subscribe((commit) => {
      commits.push({
        changes: commit.patch.changes.length,
        selected: commit.selectionAfter.length,
      });
      events.push(commit.patch.changes.length === 0 ? "select" : "slice");
    });
    const gesture = {
      beginGesture: (label: string) => history.beginGesture(label),
      cancelGesture: () => history.cancelGesture(),
      endGesture: () => {
        events.push("end");
        history.endGesture();
      },
    };
    const placed = await importIntoDocumentInSlices(
      store,
      gesture,
      read(scene(400, 9)),
      { parent: "page" },
      {
        firstSlice: 50,
        clock: steppingClock(100),
        pause: () => {
          events.push("pause");
          return Promise.resolve();
        },
      },
    );
    expect(placed.ok).toBe(true);
    expect(events.slice(-5)).toEqual(["slice", "pause", "select", "pause", "end"]);
    const last = commits.at(-1)!;
    expect(last.changes).toBe(0);
    expect(last.selected).toBe(placed.ok ? placed.ids.length : -1);
    // Slices put nodes in and leave the selection alone.
    for (const commit of commits.slice(0, -1)) {
      expect(commit.changes).toBeGreaterThan(0);
      expect(commit.selected).toBe(0);
    }
    expect(history.depth.undo).toBe(1);
  });

  it("a slice the document refuses takes every slice back and says why", async () => {
    const store = emptyDocumentStore();
    const history = new History(store);
    const before = store.snapshot();
    const result = read(scene(50, 3));
    // A node whose parent is not in the import nor the document.
    const bad = { ...result.nodes.at(-1)!, id: "stray", parent: "nowhere" } as SceneNode;
    const placed = await importIntoDocumentInSlices(
      store,
      history,
      { ...result, nodes: [...result.nodes, bad] },
      { parent: "page" },
      { firstSlice: 5, clock: steppingClock(100), pause: () => Promise.resolve() },
    );
    expect(placed.ok).toBe(false);
    expect(store.snapshot()).toEqual(before);
    expect(history.depth.undo).toBe(0);
  });

  it("importFileInto goes by slices for thousands of shapes when given the history", async () => {
    const store = emptyDocumentStore();
    const history = new History(store);
    let commits = 0;
    store.subscribe(() => (commits += 1));
    const fractions: number[] = [];
    const outcome = await importFileInto(
      store,
      "page",
      "big.excalidraw",
      scene(2500, 11),
      undefined,
      {
        gesture: history,
        startWorker: () => null,
        decodeImage: null,
        progress: (fraction) => fractions.push(fraction),
      },
    );
    expect(outcome.ok).toBe(true);
    expect(commits).toBeGreaterThan(1);
    expect(history.depth.undo).toBe(1);
    expect(fractions.at(-1)).toBe(1);
    for (let i = 1; i < fractions.length; i += 1)
      expect(fractions[i]).toBeGreaterThanOrEqual(fractions[i - 1]!);
    expect(checkAll(store, KIND_RULES)).toEqual([]);
  });
});
