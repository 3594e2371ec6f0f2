import { beforeAll, describe, expect, it } from "vitest";
import type * as Renderer from "../../src/render/sceneRenderer";
import type { Container as PixiContainer } from "pixi.js";
import { textsPage } from "./support/texts";

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

describe("display objects in a drawn chunk", () => {
  it("are left out of drawing when far from the view, and put back when a cull or an edit brings them near", () => {
    // Texts in a row, far apart: display objects in their chunk, not batch shapes.
    const store = textsPage(6, (i) => ({ x: i * 1000, y: 0 }));
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
