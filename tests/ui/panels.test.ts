import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { DocumentStore } from "../../src/doc/store";
import {
  isContainer,
  type GroupNode,
  type Id,
  type RectNode,
  type SceneNode,
} from "../../src/doc/types";
import { dropNodes } from "../../src/ui/layers/moves";
import { addPage, deletePage, movePage, renamePage } from "../../src/ui/layers/pages";
import { dropPosition, layerRows, visibleRange, type LayerRows } from "../../src/ui/layers/tree";
import { editNodes } from "../../src/ui/properties/edits";
import { summarise, summaryCache } from "../../src/ui/properties/summary";
import { saveState } from "../../src/ui/status/saveState";
import { emptyDocumentStore } from "../support/store";

function rect(id: string, index: string, fields: Partial<RectNode> = {}): RectNode {
  return {
    ...makeNode<RectNode>("rect", id, "page", index, {
      width: 10,
      height: 20,
      radii: [0, 0, 0, 0],
      fill: { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } },
      stroke: NO_STROKE,
    }),
    ...fields,
  };
}

function withShapes(...nodes: SceneNode[]): DocumentStore {
  const store = emptyDocumentStore();
  store.transact("add", (tx) => nodes.forEach((node) => tx.put(node)));
  return store;
}

const names = (store: DocumentStore, parent = "page"): string[] =>
  store.childrenOf(parent).map((n) => n.id);

describe("properties summary", () => {
  it("gives one value when all agree and Mixed when they differ", () => {
    const store = withShapes(rect("a", "a0"), rect("b", "a1", { width: 30, opacity: 0.5 }));
    const summary = summarise(store, ["a", "b"]);
    expect(summary.count).toBe(2);
    expect(summary.opacity).toEqual({ state: "mixed" });
    expect(summary.radius).toEqual({ state: "same", value: 0 });
    // Position and size are the box the two span together.
    expect(summary.width).toEqual({ state: "same", value: 30 });
    expect(summary.height).toEqual({ state: "same", value: 20 });
    expect(summary.sides).toEqual({ state: "none" });
  });

  it("recomputes only when the version or the selection changes", () => {
    const store = withShapes(rect("a", "a0"));
    const cache = summaryCache();
    const ids = ["a"];
    const first = cache(store, ids);
    expect(cache(store, ids)).toBe(first);
    editNodes(store, "w", ids, (n) => ({ ...n, width: 50 }) as SceneNode);
    expect(cache(store, ids)).not.toBe(first);
    expect(cache(store, ids).width).toEqual({ state: "same", value: 50 });
  });

  // How fast is the chrome bench's business (bench/chrome.ts); here only what it gives.
  it("folds 10,000 selected nodes into one summary", () => {
    const nodes = Array.from({ length: 10_000 }, (_, i) =>
      rect(`r${i}`, `a${String(i).padStart(5, "0")}`),
    );
    const store = withShapes(...nodes);
    const ids = nodes.map((n) => n.id);
    const summary = summarise(store, ids);
    expect(summary.fill.state).toBe("same");
  });

  it("edits only nodes the change fits, as one commit, skipping locked ones", () => {
    const store = withShapes(rect("a", "a0"), rect("b", "a1", { locked: true }));
    const before = store.version;
    editNodes(store, "Opacity", ["a", "b"], (n) => ({ ...n, opacity: 0.5 }));
    expect(store.version).toBe(before + 1);
    expect((store.get("a") as RectNode).opacity).toBe(0.5);
    expect((store.get("b") as RectNode).opacity).toBe(1);
  });
});

const allRows = (rows: LayerRows) => rows.slice(0, rows.length);

/** The rows as a plain walk of the tree gives them: front to back, open containers' children after them. */
function walkedRows(store: DocumentStore, parent: Id, expanded: ReadonlySet<Id>, depth = 0) {
  const out: { id: Id; depth: number; hasChildren: boolean }[] = [];
  for (const node of [...store.childrenOf(parent)].reverse()) {
    const hasChildren = isContainer(node) && store.childrenOf(node.id).length > 0;
    out.push({ id: node.id, depth, hasChildren });
    if (hasChildren && expanded.has(node.id))
      out.push(...walkedRows(store, node.id, expanded, depth + 1));
  }
  return out;
}

describe("layers", () => {
  it("lists random nested pages as a walk of the tree does, row by row, and finds each row", () => {
    const spec = fc.record({
      group: fc.boolean(),
      into: fc.nat(),
      open: fc.boolean(),
      key: fc.nat(99),
    });
    fc.assert(
      fc.property(fc.array(spec, { maxLength: 40 }), (specs) => {
        const store = emptyDocumentStore();
        const expanded = new Set<Id>();
        store.transact("build", (tx) => {
          const containers: Id[] = ["page"];
          specs.forEach((s, i) => {
            const parent = containers[s.into % containers.length]!;
            const index = `a${String(s.key * 100 + i).padStart(4, "0")}`;
            if (s.group) {
              tx.put({
                ...makeNode<GroupNode>("group", `g${i}`, parent, index, {}),
                type: "group",
              });
              containers.push(`g${i}`);
              if (s.open) expanded.add(`g${i}`);
            } else tx.put({ ...rect(`r${i}`, index), parent });
          });
        });
        const rows = layerRows(store, "page", expanded);
        const expected = walkedRows(store, "page", expanded);
        expect(
          allRows(rows).map((r) => ({ id: r.node.id, depth: r.depth, hasChildren: r.hasChildren })),
        ).toEqual(expected);
        expected.forEach((row, i) => expect(rows.indexOf(row.id)).toBe(i));
        for (const node of store.all())
          if (!expected.some((row) => row.id === node.id)) expect(rows.indexOf(node.id)).toBe(-1);
      }),
      { numRuns: 150 },
    );
  });

  const group: GroupNode = {
    ...makeNode<GroupNode>("group", "g", "page", "a3", {}),
    type: "group",
  };

  it("lists front to back with expanded children indented", () => {
    const store = withShapes(rect("a", "a0"), rect("b", "a1"), group, {
      ...rect("c", "a0"),
      parent: "g",
    });
    expect(allRows(layerRows(store, "page", new Set())).map((r) => r.node.id)).toEqual([
      "g",
      "b",
      "a",
    ]);
    const open = allRows(layerRows(store, "page", new Set(["g"])));
    expect(open.map((r) => [r.node.id, r.depth])).toEqual([
      ["g", 0],
      ["c", 1],
      ["b", 0],
      ["a", 0],
    ]);
    expect(open[0]?.hasChildren).toBe(true);
  });

  it("drops above (in front of), below (behind) and inside", () => {
    const store = withShapes(rect("a", "a0"), rect("b", "a1"), rect("c", "a2"), group);
    expect(dropNodes(store, ["a"], store.get("c") as SceneNode, "above")).toBe(true);
    expect(names(store)).toEqual(["b", "c", "a", "g"]);
    expect(dropNodes(store, ["a"], store.get("b") as SceneNode, "below")).toBe(true);
    expect(names(store)).toEqual(["a", "b", "c", "g"]);
    expect(dropNodes(store, ["b"], store.get("g") as SceneNode, "inside")).toBe(true);
    expect(names(store, "g")).toEqual(["b"]);
    expect(dropNodes(store, ["g"], store.get("b") as SceneNode, "inside")).toBe(false);
    expect(dropNodes(store, ["a"], store.get("a") as SceneNode, "above")).toBe(false);
  });

  it("chooses drop positions and visible ranges", () => {
    expect(dropPosition(0.1, true)).toBe("above");
    expect(dropPosition(0.5, true)).toBe("inside");
    expect(dropPosition(0.9, false)).toBe("below");
    expect(visibleRange(2800, 320, 28, 100_000, 0)).toEqual({ start: 100, end: 112 });
    expect(visibleRange(0, 320, 28, 3)).toEqual({ start: 0, end: 3 });
  });

  it("flattens 100,000 nodes into rows, front first", () => {
    const nodes = Array.from({ length: 100_000 }, (_, i) =>
      rect(`r${i}`, `a${String(i).padStart(6, "0")}`),
    );
    const store = withShapes(...nodes);
    // The store sorts a parent's children once per change; that cost is the store's, not the panel's.
    store.childrenOf("page");
    const rows = layerRows(store, "page", new Set());
    expect(rows).toHaveLength(100_000);
    expect(rows.at(0)?.node.id).toBe("r99999");
    expect(rows.at(99_999)?.node.id).toBe("r0");
    expect(rows.indexOf("r5")).toBe(99_994);
  });
});

describe("pages", () => {
  it("adds, renames, reorders and deletes, keeping the last page", () => {
    const store = emptyDocumentStore();
    const second = addPage(store);
    expect(store.pages().map((p) => p.id)).toEqual(["page", second]);
    renamePage(store, store.get(second) as never, "  Sketches  ");
    expect(store.pages()[1]?.name).toBe("Sketches");
    movePage(store, second, -1);
    expect(store.pages().map((p) => p.id)).toEqual([second, "page"]);
    expect(deletePage(store, "page")).toBe(true);
    expect(deletePage(store, second)).toBe(false);
    expect(store.pages()).toHaveLength(1);
  });
});

describe("save state", () => {
  it("says retrying while the save error shows, else saving or saved", () => {
    const error = { id: "save-error", tone: "error" as const, message: "x", actions: [] };
    expect(saveState({ name: "a", dirty: true }, [error])).toBe("retrying");
    expect(saveState({ name: "a", dirty: true }, [])).toBe("saving");
    expect(saveState({ name: "a", dirty: false }, [])).toBe("saved");
  });
});
