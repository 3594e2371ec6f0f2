import { generateKeyBetween } from "fractional-indexing";
import { beforeAll, describe, expect, it } from "vitest";
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
