import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addNodes,
  deleteNodes,
  groupNodes,
  moveNodes,
  reorderNode,
  ungroup,
  type Reorder,
} from "../../src/doc/commands";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { createIdGenerator } from "../../src/doc/ids";
import { checkAll } from "../../src/doc/invariants";
import { DocumentStore } from "../../src/doc/store";
import {
  isContainer,
  isSceneNode,
  type DocRecord,
  type FrameNode,
  type Id,
  type RectNode,
  type SceneNode,
} from "../../src/doc/types";
import { History } from "../../src/history/history";
import { KIND_RULES } from "../../src/shapes/registry";

type Op =
  | { kind: "add"; parent: number; container: boolean; x: number; w: number }
  | { kind: "update"; target: number; x: number; opacity: number }
  | { kind: "delete"; target: number }
  | { kind: "reparent"; target: number; parent: number }
  | { kind: "reorder"; target: number; how: Reorder }
  | { kind: "group"; targets: number[] }
  | { kind: "ungroup"; target: number }
  | { kind: "select"; targets: number[] };

const pick = fc.nat({ max: 1000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      parent: pick,
      container: fc.boolean(),
      x: fc.integer({ min: -500, max: 500 }),
      w: fc.integer({ min: 0, max: 300 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("update" as const),
      target: pick,
      x: fc.integer({ min: -500, max: 500 }),
      opacity: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), target: pick }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("reparent" as const), target: pick, parent: pick }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("reorder" as const),
      target: pick,
      how: fc.constantFrom<Reorder>("forward", "backward", "front", "back"),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("group" as const),
      targets: fc.array(pick, { minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("ungroup" as const), target: pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("select" as const),
      targets: fc.array(pick, { maxLength: 3 }),
    }),
  },
);

/**
 * `expect(actual).toEqual(expected)`, asked only where the strict comparison, many times faster
 * and equal only where toEqual is, finds a difference: the outcome is toEqual's.
 */
function expectEqual<T>(actual: T, expected: T): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}

function sorted(records: Iterable<DocRecord>): DocRecord[] {
  return [...records].sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Applies one random operation as one transaction; returns false when it did not apply. */
function run(store: DocumentStore, nextId: () => Id, pageId: Id, o: Op): void {
  const nodes = [...store.all()].filter(isSceneNode).sort((a, b) => (a.id < b.id ? -1 : 1));
  const containers: Id[] = [pageId, ...nodes.filter(isContainer).map((n) => n.id)];
  const node = (i: number): SceneNode | undefined => nodes[i % Math.max(1, nodes.length)];
  switch (o.kind) {
    case "add":
      store.transact("Add", (tx) => {
        const parent = containers[o.parent % containers.length]!;
        const id = nextId();
        const record = o.container
          ? makeNode<FrameNode>("frame", id, parent, "a0", {
              width: o.w,
              height: o.w,
              clip: false,
              fill: DEFAULT_FILL,
              stroke: DEFAULT_STROKE,
            })
          : makeNode<RectNode>("rect", id, parent, "a0", {
              width: o.w,
              height: o.w / 2,
              radii: [0, 0, 0, 0],
              fill: DEFAULT_FILL,
              stroke: DEFAULT_STROKE,
            });
        addNodes(tx, parent, [{ ...record, transform: { ...record.transform, x: o.x } }]);
        tx.select([id]);
      });
      return;
    case "update": {
      const target = node(o.target);
      if (!target) return;
      store.transact("Change", (tx) =>
        tx.update(target.id, { opacity: o.opacity, transform: { ...target.transform, x: o.x } }),
      );
      return;
    }
    case "delete": {
      const target = node(o.target);
      if (target) store.transact("Delete", (tx) => deleteNodes(tx, [target.id]));
      return;
    }
    case "reparent": {
      const target = node(o.target);
      const parent = containers[o.parent % containers.length]!;
      if (!target) return;
      store.transact("Move", (tx) => {
        try {
          moveNodes(tx, [target.id], parent, "front");
        } catch (error) {
          // Moving a node into itself is refused; nothing changes.
          if (!/into itself/.test(String(error))) throw error;
        }
      });
      return;
    }
    case "reorder": {
      const target = node(o.target);
      if (target) store.transact("Reorder", (tx) => reorderNode(tx, target.id, o.how));
      return;
    }
    case "group": {
      const ids = o.targets.map((t) => node(t)?.id).filter((id): id is Id => id !== undefined);
      if (ids.length > 0)
        store.transact("Group", (tx) => tx.select([groupNodes(tx, ids, nextId())!.id]));
      return;
    }
    case "ungroup": {
      const groups = nodes.filter((n) => n.type === "group");
      const target = groups[o.target % Math.max(1, groups.length)];
      if (target) store.transact("Ungroup", (tx) => tx.select(ungroup(tx, target.id)));
      return;
    }
    case "select":
      store.setSelection(
        o.targets.map((t) => node(t)?.id).filter((id): id is Id => id !== undefined),
      );
      return;
  }
}

describe("document model and history (property)", () => {
  it("100 seeds × 200 operations: invariants hold; undo all → initial; redo all → final; save→load identity", () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 200, maxLength: 200 }), (ops) => {
        const nextId = createIdGenerator("n");
        const initialRecords = createDocument({
          id: "doc",
          pageId: "page",
          author: "web_user",
          created: "2026-01-01T00:00:00.000Z",
        });
        const store = new DocumentStore(initialRecords, { invariants: KIND_RULES });
        const history = new History(store);
        // For each step that made an undo entry: the state (records and selection) just before
        // and just after it.
        const snapshot = () => ({ records: sorted(store.all()), selection: store.selection });
        const initial = snapshot();
        const befores: ReturnType<typeof snapshot>[] = [];
        const afters: ReturnType<typeof snapshot>[] = [];
        for (const o of ops) {
          const depth = history.depth.undo;
          const before = snapshot();
          run(store, nextId, "page", o);
          expect(checkAll(store, KIND_RULES)).toEqual([]);
          if (history.depth.undo > depth) {
            befores.push(before);
            afters.push(snapshot());
          }
        }
        expect(history.depth.undo).toBe(befores.length);
        // Undo walks back through every step exactly, selection included.
        for (let i = befores.length - 1; i >= 0; i--) {
          expect(history.undo()).toBe(true);
          expectEqual(snapshot(), befores[i]);
        }
        expect(history.canUndo).toBe(false);
        expectEqual(sorted(store.all()), initial.records);
        // Redo walks forward through the same steps.
        for (const after of afters) {
          expect(history.redo()).toBe(true);
          expectEqual(snapshot(), after);
        }
        expect(history.canRedo).toBe(false);
        const final = afters.at(-1)?.records ?? initial.records;
        // Save → load: a store built from the snapshot holds the same records.
        const reloaded = new DocumentStore(
          JSON.parse(JSON.stringify(store.snapshot())) as DocRecord[],
          { invariants: KIND_RULES },
        );
        expectEqual(sorted(reloaded.all()), final);
      }),
      { numRuns: 100 },
    );
  });
});
