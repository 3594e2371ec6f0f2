import { generateKeyBetween } from "fractional-indexing";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import type { DocumentStore } from "../../src/doc/store";
import type { TextNode } from "../../src/doc/types";
import type * as Renderer from "../../src/render/sceneRenderer";
import { makeNode } from "../../src/shapes/makeNode";
import type { Container as PixiContainer } from "pixi.js";
import { emptyDocumentStore } from "../support/store";

let SceneRenderer: typeof Renderer.SceneRenderer;
let Container: typeof PixiContainer;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ SceneRenderer } = await import("../../src/render/sceneRenderer"));
  ({ Container } = await import("pixi.js"));
  const headless = await import("./support/headlessPixi");
  headless.allowShadersWithoutCanvas();
  headless.measureTextWithoutCanvas();
});

/** `count` texts in a row, t0, t1…: display objects in their chunk, not batch shapes. */
function texts(count: number): DocumentStore {
  const store = emptyDocumentStore();
  store.transact("add", (tx) => {
    let index: string | null = null;
    for (let i = 0; i < count; i += 1) {
      index = generateKeyBetween(index, null);
      const text = makeNode<TextNode>("text", `t${i}`, "page", index, {
        fill: DEFAULT_FILL,
        stroke: { ...DEFAULT_STROKE, paint: null },
        content: `Text ${i}`,
        fontFamily: "sans-serif",
        fontSize: 12,
        fontWeight: 400,
        fontStyle: "normal",
        align: "left",
        lineHeight: 1.2,
        width: null,
      });
      tx.put({ ...text, transform: { ...text.transform, x: i * 1000 } });
    }
  });
  return store;
}

describe("display objects in a drawn chunk", () => {
  it("are left out of drawing when far from the view, and put back when a cull or an edit brings them near", () => {
    const store = texts(6);
    const renderer = new SceneRenderer(store, new Container(), () => {}, {
      chunkSize: 6,
      lazy: true,
    });
    renderer.showPage("page");
    renderer.cullTo(["t1", "t2"]);
    const culled = () => [0, 1, 2, 3, 4, 5].map((i) => renderer.displayOf(`t${i}`)?.culled);
    expect(culled()).toEqual([true, false, false, true, true, true]);
    // Moved next to the view by an edit: drawn until the next cull decides.
    store.transact("move", (tx) => tx.update("t4", { content: "Moved" }));
    expect(culled()).toEqual([true, false, false, true, false, true]);
    renderer.cullTo(["t5"]);
    expect(culled()).toEqual([true, true, true, true, true, false]);
    renderer.uncullAll();
    expect(culled()).toEqual([false, false, false, false, false, false]);
    renderer.dispose();
  });
});
