import { generateKeyBetween } from "fractional-indexing";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import type { DocumentStore } from "../../src/doc/store";
import type { GroupNode, Id, RectNode } from "../../src/doc/types";
import type { Container as PixiContainer } from "pixi.js";
import type * as Renderer from "../../src/render/sceneRenderer";
import { makeNode } from "../../src/shapes/makeNode";
import { emptyDocumentStore } from "../support/store";

// PixiJS reads `navigator` when its modules load; building display objects needs no renderer.
let SceneRenderer: typeof Renderer.SceneRenderer;
let MAX_NESTED_BATCHES: number;
let Container: typeof PixiContainer;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ SceneRenderer, MAX_NESTED_BATCHES } = await import("../../src/render/sceneRenderer"));
  ({ Container } = await import("pixi.js"));
  (await import("./support/headlessPixi")).allowShadersWithoutCanvas();
});

/** The store, counting the records the renderer reads from it. */
function counting(store: DocumentStore): { store: DocumentStore; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(store, {
    get(target, key) {
      if (key === "get")
        return (id: Id) => {
          reads += 1;
          return target.get(id);
        };
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as () => unknown).bind(target) : value;
    },
  });
  return { store: proxy, reads: () => reads };
}

describe("showing a page with a big group", () => {
  it("lays out the group's shapes in chunks without going through them one by one", () => {
    const store = emptyDocumentStore();
    const big = MAX_NESTED_BATCHES * 8;
    store.transact("Add", (tx) => {
      tx.put(makeNode<GroupNode>("group", "big", "page", "a1", {}));
      tx.put(makeNode<GroupNode>("group", "small", "big", "a0", {}));
      let key: string | null = "a0";
      for (let i = 0; i < big; i += 1) {
        key = generateKeyBetween(key, null);
        tx.put(
          makeNode<RectNode>("rect", `r${i}`, i === 0 ? "small" : "big", key, {
            fill: DEFAULT_FILL,
            stroke: DEFAULT_STROKE,
            width: 10,
            height: 10,
            radii: [0, 0, 0, 0],
          }),
        );
      }
    });
    const { store: seen, reads } = counting(store);
    // As the app shows a page: chunks are built once a cull finds them near the view.
    const renderer = new SceneRenderer(seen, new Container(), () => {}, { lazy: true });
    renderer.showPage("page");
    // The big group's children (its small group among them) in chunks; the small group's child
    // drawn by a display of its own.
    expect(renderer.chunkMembersOf("big")!.flat()).toEqual(
      store.childrenOf("big").map((n) => n.id),
    );
    expect(renderer.displayOf("small")).not.toBeNull();
    expect(renderer.displayOf("r0")).not.toBeNull();
    expect(renderer.displayOf("r1")).toBeNull();
    // Synced shape by shape, each child was read about six times; found and laid out, once.
    expect(reads()).toBeLessThan(big * 2);
  });
});

describe("showing a page of many shapes", () => {
  it("renames the document and culls to a small view without indexing every shape", () => {
    const store = emptyDocumentStore();
    const count = 5000;
    store.transact("Add", (tx) => {
      let key: string | null = null;
      for (let i = 0; i < count; i += 1) {
        key = generateKeyBetween(key, null);
        const rect = makeNode<RectNode>("rect", `r${i}`, "page", key, {
          fill: DEFAULT_FILL,
          stroke: DEFAULT_STROKE,
          width: 10,
          height: 10,
          radii: [0, 0, 0, 0],
        });
        tx.put({ ...rect, transform: { ...rect.transform, x: (i % 100) * 20, y: i * 0.2 } });
      }
    });
    const renderer = new SceneRenderer(store, new Container(), () => {}, { lazy: true });
    renderer.showPage("page");
    const writes = vi.spyOn(Map.prototype, "set");
    try {
      // Opening a file renames the document after it; the first cull finds the chunks in view.
      store.transact("Rename", (tx) => tx.update(store.document.id, { name: "Renamed" }), "remote");
      renderer.cullTo(["r0", "r1", "r4999"]);
      // One map entry a shape (the chunk of each) would be 5,000.
      expect(writes.mock.calls.length).toBeLessThan(count / 10);
    } finally {
      writes.mockRestore();
    }
    const chunks = renderer.chunkMembers();
    const drawn = chunks.filter((members) => renderer.isDrawn(members[0]!) === true);
    expect(drawn.flat()).toEqual(expect.arrayContaining(["r0", "r1", "r4999"]));
    expect(drawn).toHaveLength(chunks[0]!.includes("r4999") ? 1 : 2);
    renderer.dispose();
  });
});
