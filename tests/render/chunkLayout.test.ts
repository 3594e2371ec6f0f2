import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import type { DocumentStore } from "../../src/doc/store";
import type { Id, RectNode } from "../../src/doc/types";
import type { Container as PixiContainer } from "pixi.js";
import type { SceneRenderer as SceneRendererType } from "../../src/render/sceneRenderer";
import { makeNode } from "../../src/shapes/makeNode";
import { emptyDocumentStore } from "../support/store";

// PixiJS reads `navigator` when its modules load; building display objects needs no renderer.
let SceneRenderer: typeof SceneRendererType;
let Container: typeof PixiContainer;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ SceneRenderer } = await import("../../src/render/sceneRenderer"));
  ({ Container } = await import("pixi.js"));
  (await import("./support/headlessPixi")).allowShadersWithoutCanvas();
});

/**
 * The store as a renderer sees it, but handing out copies of the children it lists: no list
 * is ever the last one with more after it, so every layout is a whole one.
 */
function copyingChildren(store: DocumentStore): DocumentStore {
  return new Proxy(store, {
    get(target, key) {
      if (key === "childrenOf")
        return (id: Id) => target.childrenOf(id).map((node) => ({ ...node }));
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as () => unknown).bind(target) : value;
    },
  });
}

const step = fc.oneof(
  // Many new nodes in front of the rest, as an import's slice puts them.
  fc.record({ kind: fc.constant("append" as const), count: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constant("insert" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("edit" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("remove" as const), pick: fc.nat() }),
);

describe("laying out a page's chunks after nodes are added in front", () => {
  it("gives the chunks the whole layout gives them, whatever came before", () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 30 }),
        fc.constantFrom(1, 2, 3, 5),
        (steps, chunkSize) => {
          const store = emptyDocumentStore();
          const quick = new SceneRenderer(store, new Container(), () => {}, { chunkSize });
          const whole = new SceneRenderer(copyingChildren(store), new Container(), () => {}, {
            chunkSize,
          });
          quick.showPage("page");
          whole.showPage("page");
          let next = 0;
          const rect = (index: string): RectNode =>
            makeNode<RectNode>("rect", `n${next++}`, "page", index, {
              width: 10,
              height: 10,
              radii: [0, 0, 0, 0],
              fill: DEFAULT_FILL,
              stroke: DEFAULT_STROKE,
            });
          let front = 0;
          for (const s of steps) {
            const nodes = store.childrenOf("page");
            const target =
              nodes.length > 0 ? nodes[("pick" in s ? s.pick : 0) % nodes.length]! : null;
            store.transact("Step", (tx) => {
              if (s.kind === "append")
                for (let i = 0; i < s.count; i += 1)
                  tx.put(rect(`b${String(front++).padStart(4, "0")}`));
              else if (s.kind === "insert") tx.put(rect(`a${String(next).padStart(4, "0")}`));
              else if (target !== null && s.kind === "edit")
                tx.update<RectNode>(target.id, { width: 20 });
              else if (target !== null) tx.remove(target.id);
            });
            expect(quick.chunkMembers()).toEqual(whole.chunkMembers());
            expect(quick.chunkMembers().flat()).toEqual(store.childrenOf("page").map((n) => n.id));
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});
