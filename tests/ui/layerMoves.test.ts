import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { invertPatch } from "../../src/doc/patch";
import type { Commit, DocumentStore } from "../../src/doc/store";
import type { GroupNode, RectNode, SceneNode } from "../../src/doc/types";
import { moveByKey } from "../../src/ui/layers/moves";
import { addPage, placePage } from "../../src/ui/layers/pages";
import { rowAt } from "../../src/ui/layers/tree";
import { emptyDocumentStore } from "../support/store";

function rect(id: string, index: string, parent = "page"): RectNode {
  return {
    ...makeNode<RectNode>("rect", id, parent, index, {
      width: 10,
      height: 10,
      radii: [0, 0, 0, 0],
      fill: { type: "none" },
      stroke: NO_STROKE,
    }),
  };
}

function group(id: string, index: string, parent = "page"): GroupNode {
  return { ...makeNode<GroupNode>("group", id, parent, index, {}), type: "group" };
}

function withNodes(...nodes: SceneNode[]): DocumentStore {
  const store = emptyDocumentStore();
  store.transact("add", (tx) => nodes.forEach((node) => tx.put(node)));
  return store;
}

const order = (store: DocumentStore, parent = "page"): string[] =>
  store.childrenOf(parent).map((n) => n.id);

function commits(store: DocumentStore): Commit[] {
  const list: Commit[] = [];
  store.subscribe((commit) => list.push(commit));
  return list;
}

describe("moving layers from the keyboard", () => {
  it("moves up (forward) and down (backward) among siblings, one commit each", () => {
    const store = withNodes(rect("a", "a0"), rect("b", "a1"), rect("c", "a2"));
    const log = commits(store);
    expect(moveByKey(store, "a", "up")).toBe("page");
    expect(order(store)).toEqual(["b", "a", "c"]);
    expect(moveByKey(store, "a", "up")).toBe("page");
    expect(order(store)).toEqual(["b", "c", "a"]);
    // Already at the front: nothing to do, nothing committed.
    expect(moveByKey(store, "a", "up")).toBeNull();
    expect(moveByKey(store, "b", "down")).toBeNull();
    expect(moveByKey(store, "c", "down")).toBe("page");
    expect(order(store)).toEqual(["c", "b", "a"]);
    expect(log).toHaveLength(3);
  });

  it("goes into the group above it, at the bottom of its children, and out above the group", () => {
    const store = withNodes(
      rect("a", "a0"),
      group("g", "a1"),
      rect("g1", "a0", "g"),
      rect("b", "a2"),
    );
    // Rows front to back: b, g (g1), a. "a" is below g: into g, behind g1.
    expect(moveByKey(store, "a", "in")).toBe("g");
    expect(order(store, "g")).toEqual(["a", "g1"]);
    expect(order(store)).toEqual(["g", "b"]);
    // "b" has nothing above it to go into; a rectangle is no container.
    expect(moveByKey(store, "b", "in")).toBeNull();
    expect(moveByKey(store, "g1", "out")).toBe("page");
    expect(order(store)).toEqual(["g", "g1", "b"]);
    expect(moveByKey(store, "b", "out")).toBeNull();
  });

  it("refuses to enter a group scaled to nothing, leaving the document as it was", () => {
    const flat: GroupNode = {
      ...group("g", "a1"),
      transform: { ...group("g", "a1").transform, scaleX: 0 },
    };
    const store = withNodes(rect("a", "a0"), flat);
    const version = store.version;
    expect(moveByKey(store, "a", "in")).toBeNull();
    expect(store.version).toBe(version);
  });

  it("any sequence of moves is one commit per move, and undoing them all restores the tree", () => {
    const moves = fc.constantFrom("up", "down", "out", "in" as const);
    const ids = ["a", "b", "g", "h", "g1", "g2", "h1"];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...ids), moves), { maxLength: 25 }),
        (steps) => {
          const store = withNodes(
            rect("a", "a0"),
            group("g", "a1"),
            rect("g1", "a0", "g"),
            rect("g2", "a1", "g"),
            rect("b", "a2"),
            group("h", "a3"),
            rect("h1", "a0", "h"),
          );
          const start = store.snapshot();
          const log = commits(store);
          let moved = 0;
          for (const [id, move] of steps) if (moveByKey(store, id, move) !== null) moved += 1;
          expect(log).toHaveLength(moved);
          for (const commit of [...log].reverse())
            store.apply(invertPatch(commit.patch), "undo", "undo");
          expect(new Map(store.snapshot().map((r) => [r.id, r]))).toEqual(
            new Map(start.map((r) => [r.id, r])),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("moving pages by drop", () => {
  it("places a page above or below another, and does nothing where it already is", () => {
    const store = emptyDocumentStore();
    const second = addPage(store);
    const third = addPage(store);
    const ids = (): string[] => store.pages().map((p) => p.id);
    expect(placePage(store, third, "page", "above")).toBe(true);
    expect(ids()).toEqual([third, "page", second]);
    expect(placePage(store, third, "page", "above")).toBe(false);
    expect(placePage(store, third, second, "below")).toBe(true);
    expect(ids()).toEqual(["page", second, third]);
    expect(placePage(store, "page", "page", "below")).toBe(false);
    expect(placePage(store, "page", "missing", "below")).toBe(false);
    expect(placePage(store, "page", second, "below")).toBe(true);
    expect(ids()).toEqual([second, "page", third]);
  });
});

describe("rows under the pointer", () => {
  it("finds the row and the offset down it, clamping past either end", () => {
    expect(rowAt(0, 28, 3)).toEqual({ index: 0, offset: 0 });
    expect(rowAt(42, 28, 3)).toEqual({ index: 1, offset: 0.5 });
    expect(rowAt(-5, 28, 3)).toEqual({ index: 0, offset: 0 });
    expect(rowAt(500, 28, 3)).toEqual({ index: 2, offset: 1 });
    expect(rowAt(10, 28, 0)).toBeNull();
    expect(rowAt(Number.NaN, 28, 3)).toBeNull();
  });

  it("always lands on a row with an offset in 0–1", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100_000 }),
        (y, height, count) => {
          const at = rowAt(y, height, count)!;
          expect(at.index).toBeGreaterThanOrEqual(0);
          expect(at.index).toBeLessThan(count);
          expect(at.offset).toBeGreaterThanOrEqual(0);
          expect(at.offset).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
