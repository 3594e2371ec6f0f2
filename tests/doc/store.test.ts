import fc from "fast-check";
import { generateKeyBetween } from "fractional-indexing";
import { describe, expect, it, vi } from "vitest";
import { addNodes, groupNodes, moveNodes, ungroup, worldMatrix } from "../../src/doc/commands";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { InvariantError } from "../../src/doc/invariants";
import { DocumentStore, type Commit } from "../../src/doc/store";
import { fromMatrix, invert, multiply, toMatrix } from "../../src/doc/transform";
import type { FreehandNode, RectNode, Transform } from "../../src/doc/types";
import { History } from "../../src/history/history";
import { KIND_RULES } from "../../src/shapes/registry";

function setup() {
  const store = new DocumentStore(
    createDocument({
      id: "doc",
      pageId: "page",
      author: "web_user",
      created: "2026-01-01T00:00:00.000Z",
    }),
    { invariants: KIND_RULES },
  );
  const history = new History(store);
  const rect = (id: string, x = 0): RectNode => {
    const node = makeNode<RectNode>("rect", id, "page", "a0", {
      width: 10,
      height: 10,
      radii: [0, 0, 0, 0],
      fill: DEFAULT_FILL,
      stroke: DEFAULT_STROKE,
    });
    return { ...node, transform: { ...node.transform, x } };
  };
  return { store, history, rect };
}

describe("transactions and patches", () => {
  it("one transaction is one commit whose patch has before and after of each record", () => {
    const { store, rect } = setup();
    const commits: Commit[] = [];
    store.subscribe((c) => commits.push(c));
    store.transact("Add two", (tx) => addNodes(tx, "page", [rect("a"), rect("b")]));
    expect(commits).toHaveLength(1);
    expect(commits[0]!.patch.changes.map((c) => [c.id, c.before, c.after?.id])).toEqual([
      ["a", null, "a"],
      ["b", null, "b"],
    ]);
    expect(store.childrenOf("page").map((n) => n.id)).toEqual(["a", "b"]);
  });

  it("a transaction that would break an invariant is refused and changes nothing", () => {
    const { store, rect } = setup();
    store.transact("Add", (tx) => addNodes(tx, "page", [rect("a")]));
    const version = store.version;
    expect(() => store.transact("Bad", (tx) => tx.update("a", { parent: "nowhere" }))).toThrow(
      InvariantError,
    );
    expect(() => store.transact("NaN", (tx) => tx.update("a", { opacity: Number.NaN }))).toThrow(
      /finite/,
    );
    expect(store.version).toBe(version);
    expect((store.get("a") as RectNode).parent).toBe("page");
  });

  it("a cycle in the tree is refused", () => {
    const { store } = setup();
    store.transact("Frames", (tx) => {
      addNodes(tx, "page", [makeNode("group", "g1", "page", "a0", {})]);
      addNodes(tx, "g1", [makeNode("group", "g2", "g1", "a0", {})]);
    });
    expect(() => store.transact("Cycle", (tx) => tx.update("g1", { parent: "g2" }))).toThrow(
      /cycle/,
    );
  });
});

describe("read-only store", () => {
  it("refuses this tab's edits, undo and redo, but takes loads and other tabs' patches", () => {
    const { store, history, rect } = setup();
    store.transact("Add", (tx) => addNodes(tx, "page", [rect("a")]));
    store.setReadOnly(true);
    expect(store.transact("Add", (tx) => addNodes(tx, "page", [rect("b")]))).toBeNull();
    expect(store.has("b")).toBe(false);
    expect(history.canUndo).toBe(false);
    expect(history.undo()).toBe(false);
    expect(store.has("a")).toBe(true);
    const remote = store.transact(
      "From the writer",
      (tx) => addNodes(tx, "page", [rect("r")]),
      "remote",
    );
    expect(remote).not.toBeNull();
    expect(store.has("r")).toBe(true);
    store.setReadOnly(false);
    expect(history.undo()).toBe(true);
    expect(store.has("a")).toBe(false);
  });
});

describe("undo and redo", () => {
  it("a drag over many frames is one undo step, and undo restores the start exactly", () => {
    const { store, history, rect } = setup();
    store.transact("Add", (tx) => addNodes(tx, "page", [rect("a")]));
    const start = store.get("a");
    history.beginGesture("Move");
    for (let frame = 1; frame <= 120; frame++) {
      store.transact("Move", (tx) =>
        tx.update<RectNode>("a", { transform: { ...(start as RectNode).transform, x: frame } }),
      );
    }
    history.endGesture();
    expect(history.depth.undo).toBe(2);
    expect(history.undoLabel).toBe("Move");
    history.undo();
    expect(store.get("a")).toEqual(start);
    history.redo();
    expect((store.get("a") as RectNode).transform.x).toBe(120);
  });

  it("cancelling a gesture leaves the document and history exactly as they were", () => {
    const { store, history, rect } = setup();
    store.transact("Add", (tx) => addNodes(tx, "page", [rect("a")]));
    store.transact("Add", (tx) => addNodes(tx, "page", [rect("b")]));
    history.undo(); // leaves one redo entry, which a cancel must keep
    const records = store.snapshot();
    const depth = history.depth;
    history.beginGesture("Move");
    store.transact("Move", (tx) => tx.update("a", { opacity: 0.5 }));
    store.transact("Move", (tx) => tx.update("a", { opacity: 0.25 }));
    history.cancelGesture();
    expect(store.snapshot()).toEqual(records);
    expect(history.depth).toEqual(depth);
    expect(history.canRedo).toBe(true);
  });

  it("depth is bounded by memory, not by a count: the oldest steps go when over budget", () => {
    const store = new DocumentStore(
      createDocument({
        id: "doc",
        pageId: "page",
        author: "web_user",
        created: "2026-01-01T00:00:00.000Z",
      }),
    );
    const oneStep = 300 * 1024; // a budget for about three of the steps below
    const history = new History(store, 3 * oneStep);
    const stroke = (id: string) =>
      makeNode<FreehandNode>("freehand", id, "page", "a0", {
        points: Array.from({ length: 3 * 12_000 }, (_, i) => i % 100),
        settings: {
          size: 4,
          thinning: 0,
          smoothing: 0,
          streamline: 0,
          simulatePressure: false,
          fixedWidth: true,
        },
        fill: { type: "none" },
        stroke: DEFAULT_STROKE,
      });
    for (let i = 0; i < 10; i++)
      store.transact(`Draw ${i}`, (tx) => addNodes(tx, "page", [stroke(`s${i}`)]));
    expect(history.depth.undo).toBeGreaterThanOrEqual(2);
    expect(history.depth.undo).toBeLessThan(10);
    expect(history.bytes).toBeLessThanOrEqual(3 * oneStep);
    // A hundred small steps fit easily: the bound is memory, not a count.
    const roomy = new History(store);
    for (let i = 0; i < 100; i++)
      store.transact("Nudge", (tx) => tx.update("s9", { opacity: (i % 10) / 10 + 0.05 }));
    expect(roomy.depth.undo).toBe(100);
    roomy.dispose();
    history.dispose();
  });

  it("a new edit clears redo", () => {
    const { store, history, rect } = setup();
    store.transact("Add", (tx) => addNodes(tx, "page", [rect("a")]));
    history.undo();
    expect(history.canRedo).toBe(true);
    store.transact("Add", (tx) => addNodes(tx, "page", [rect("b")]));
    expect(history.canRedo).toBe(false);
  });

  it("undo restores the selection from before the edit", () => {
    const { store, history, rect } = setup();
    store.transact("Add", (tx) => {
      addNodes(tx, "page", [rect("a"), rect("b")]);
      tx.select(["a"]);
    });
    store.setSelection(["b"]);
    store.transact("Delete", (tx) => {
      tx.remove("b");
      tx.select([]);
    });
    expect(store.selection).toEqual([]);
    history.undo();
    expect(store.selection).toEqual(["b"]);
  });
});

describe("tree commands keep what the user sees", () => {
  const finite = fc.double({ min: -1000, max: 1000, noNaN: true });
  const transform: fc.Arbitrary<Transform> = fc.record({
    x: finite,
    y: finite,
    rotation: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    scaleX: fc.double({ min: 0.1, max: 10, noNaN: true }),
    scaleY: fc.oneof(
      fc.double({ min: 0.1, max: 10, noNaN: true }),
      fc.double({ min: -10, max: -0.1, noNaN: true }),
    ),
    skewX: fc.double({ min: -1.2, max: 1.2, noNaN: true }),
  });
  const close = (a: number, b: number) =>
    expect(Math.abs(a - b)).toBeLessThan(1e-6 * (1 + Math.abs(a)));

  it("matrix ↔ parts round-trips", () => {
    fc.assert(
      fc.property(transform, (t) => {
        const m = toMatrix(t);
        const back = toMatrix(fromMatrix(m));
        for (const key of ["a", "b", "c", "d", "e", "f"] as const) close(back[key], m[key]);
        const inverse = invert(m)!;
        const identity = multiply(m, inverse);
        close(identity.a, 1);
        close(identity.b, 0);
      }),
    );
  });

  it("moving into a group scaled to almost nothing is refused, never committed as NaN", () => {
    const { store, rect } = setup();
    store.transact("Setup", (tx) => {
      addNodes(tx, "page", [rect("a")]);
      addNodes(tx, "page", [
        {
          ...makeNode("group", "g", "page", "a0", {}),
          transform: { x: 0, y: 0, rotation: 0, scaleX: 5e-324, scaleY: 5e-324, skewX: 0 },
        },
      ]);
      addNodes(tx, "g", [rect("inner")]);
    });
    const version = store.version;
    expect(() => store.transact("Move", (tx) => moveNodes(tx, ["a"], "g"))).toThrow(
      /scaled to nothing/,
    );
    expect(store.version).toBe(version);
    expect(invert({ a: 1e-200, b: 0, c: 0, d: 1e-200, e: 1, f: 1 })).toBeNull();
  });

  it("group, move into a transformed group and ungroup leave world positions unchanged", () => {
    fc.assert(
      fc.property(transform, transform, (groupTransform, childTransform) => {
        const { store, rect } = setup();
        store.transact("Setup", (tx) => {
          addNodes(tx, "page", [{ ...rect("a"), transform: childTransform }]);
          addNodes(tx, "page", [
            { ...makeNode("group", "g", "page", "a0", {}), transform: groupTransform },
          ]);
          addNodes(tx, "g", [rect("inner")]);
        });
        const before = worldMatrix(store, "a");
        store.transact("Move in", (tx) => moveNodes(tx, ["a"], "g"));
        const inside = worldMatrix(store, "a");
        store.transact("Ungroup", (tx) => ungroup(tx, "g"));
        const after = worldMatrix(store, "a");
        for (const key of ["a", "b", "c", "d", "e", "f"] as const) {
          close(inside[key], before[key]);
          close(after[key], before[key]);
        }
        store.transact("Group", (tx) => groupNodes(tx, ["a", "inner"], "g2"));
        expect(
          store
            .childrenOf("g2")
            .map((n) => n.id)
            .sort(),
        ).toEqual(["a", "inner"]);
      }),
      { numRuns: 200 },
    );
  });
});

describe("sorted children kept up to date", () => {
  it("after any edits, childrenOf equals a fresh sort, and lists handed out before stay as they were", () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant("add" as const),
        index: fc.stringMatching(/^a[0-9a-z]{1,3}$/),
      }),
      fc.record({
        kind: fc.constant("move" as const),
        pick: fc.nat(),
        index: fc.stringMatching(/^a[0-9a-z]{1,3}$/),
      }),
      fc.record({ kind: fc.constant("remove" as const), pick: fc.nat() }),
      // Nodes restyled where they are (a drag step's connectors), a few or many, with a node
      // moved and one added in the same commit or not.
      fc.record({
        kind: fc.constant("restyle" as const),
        count: fc.integer({ min: 1, max: 300 }),
        pick: fc.nat(),
        index: fc.option(fc.stringMatching(/^a[0-9a-z]{1,3}$/)),
        add: fc.option(fc.stringMatching(/^a[0-9a-z]{1,3}$/)),
      }),
      fc.record({ kind: fc.constant("many" as const), count: fc.integer({ min: 257, max: 300 }) }),
      // Many new nodes and an edit of one already there in the same commit, before or after them.
      fc.record({
        kind: fc.constant("manyAndMove" as const),
        count: fc.integer({ min: 257, max: 300 }),
        pick: fc.nat(),
        index: fc.stringMatching(/^a[0-9a-z]{1,3}$/),
        moveFirst: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const store = new DocumentStore(
          createDocument({ id: "d", pageId: "p", author: "t", created: "2024-01-01T00:00:00Z" }),
        );
        let next = 0;
        const node = (index: string): RectNode =>
          makeNode<RectNode>("rect", `n${next++}`, "p", index, {
            width: 1,
            height: 1,
            radii: [0, 0, 0, 0],
            fill: DEFAULT_FILL,
            stroke: DEFAULT_STROKE,
          });
        for (const step of ops) {
          const handedOut = store.childrenOf("p");
          const copy = [...handedOut];
          const nodes = store.childrenOf("p");
          if (step.kind === "add") store.transact("Add", (tx) => tx.put(node(step.index)));
          else if (step.kind === "many")
            store.transact("Add many", (tx) => {
              for (let i = 0; i < step.count; i++) tx.put(node(`a${i}`));
            });
          else if (step.kind === "manyAndMove")
            store.transact("Add many, move one", (tx) => {
              const target = nodes.length > 0 ? nodes[step.pick % nodes.length]! : null;
              const move = (): void => {
                if (target !== null) tx.update(target.id, { index: step.index });
              };
              if (step.moveFirst) move();
              for (let i = 0; i < step.count; i++) tx.put(node(`a${(i * 7919) % 1000}`));
              if (!step.moveFirst) move();
            });
          else if (step.kind === "restyle")
            store.transact("Restyle", (tx) => {
              for (const node of nodes.slice(0, step.count))
                tx.update<RectNode>(node.id, { width: (node as RectNode).width + 1 });
              const target = nodes.length > 0 ? nodes[step.pick % nodes.length]! : null;
              if (target !== null && step.index !== null)
                tx.update(target.id, { index: step.index });
              if (step.add !== null) tx.put(node(step.add));
            });
          else if (nodes.length > 0) {
            const target = nodes[step.pick % nodes.length]!;
            if (step.kind === "move")
              store.transact("Reorder", (tx) => tx.update(target.id, { index: step.index }));
            else store.transact("Delete", (tx) => tx.remove(target.id));
          }
          expect(handedOut).toEqual(copy);
          const fresh = [...store.snapshot()]
            .filter((r): r is RectNode => r.type === "rect")
            .sort((a, b) =>
              a.index !== b.index ? (a.index < b.index ? -1 : 1) : a.id < b.id ? -1 : 1,
            );
          expect(store.childrenOf("p").map((n) => n.id)).toEqual(fresh.map((n) => n.id));
          for (const child of store.childrenOf("p")) expect(child).toBe(store.get(child.id));
        }
      }),
      { numRuns: 60 },
    );
  });

  it("keeps a page's order through a commit of many nodes changed in place: childrenOf sorts nothing after it", () => {
    const store = new DocumentStore(
      createDocument({ id: "d", pageId: "p", author: "t", created: "2024-01-01T00:00:00Z" }),
    );
    store.transact("Add", (tx) => {
      let index: string | null = null;
      for (let i = 0; i < 2000; i++)
        tx.put(
          makeNode<RectNode>("rect", `n${i}`, "p", (index = generateKeyBetween(index, null)), {
            width: 1,
            height: 1,
            radii: [0, 0, 0, 0],
            fill: DEFAULT_FILL,
            stroke: DEFAULT_STROKE,
          }),
        );
    });
    const before = store.childrenOf("p");
    // A drag step whose connectors follow: far more nodes than a small edit, none reordered.
    store.transact("Move", (tx) => {
      for (let i = 0; i < 2000; i += 2) tx.update<RectNode>(`n${i}`, { width: 2 });
    });
    const sort = vi.spyOn(Array.prototype, "sort");
    try {
      const after = store.childrenOf("p");
      expect(sort).not.toHaveBeenCalled();
      expect(after).not.toBe(before);
      expect(after.map((n) => n.id)).toEqual(before.map((n) => n.id));
      expect(after.filter((n) => (n as RectNode).width === 2)).toHaveLength(1000);
      expect(before.every((n) => (n as RectNode).width === 1)).toBe(true);
    } finally {
      sort.mockRestore();
    }
  });
});

describe("toMatrix", () => {
  it("of a transform neither turned nor skewed is bit for bit the trigonometric one", () => {
    const zero = fc.constantFrom(0, -0);
    const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    fc.assert(
      fc.property(zero, zero, finite, finite, finite, finite, (rotation, skewX, x, y, sx, sy) => {
        const t: Transform = { x, y, rotation, skewX, scaleX: sx, scaleY: sy };
        const cos = Math.cos(rotation);
        const sin = Math.sin(rotation);
        const tan = Math.tan(skewX);
        const expected = {
          a: cos * sx,
          b: sin * sx,
          c: (cos * tan - sin) * sy,
          d: (sin * tan + cos) * sy,
          e: x,
          f: y,
        };
        const m = toMatrix(t);
        for (const k of ["a", "b", "c", "d", "e", "f"] as const)
          expect(Object.is(m[k], expected[k])).toBe(true);
      }),
    );
  });
});
