import { beforeAll, describe, expect, it } from "vitest";
import type { SceneRenderer as SceneRendererType } from "../../src/render/sceneRenderer";
import type { ViewCuller as ViewCullerType } from "../../src/render/viewport";
import { SpatialSync } from "../../src/scene/spatialSync";
import type { Container as PixiContainer } from "pixi.js";
import { loadCore } from "../core/loadCore.ts";
import { farShadow } from "../support/farShadow";

// PixiJS reads `navigator` when its modules load; building display objects needs no renderer.
let SceneRenderer: typeof SceneRendererType;
let ViewCuller: typeof ViewCullerType;
let Container: typeof PixiContainer;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ SceneRenderer } = await import("../../src/render/sceneRenderer"));
  ({ ViewCuller } = await import("../../src/render/viewport"));
  ({ Container } = await import("pixi.js"));
  (await import("./support/headlessPixi")).allowShadersWithoutCanvas();
});

describe("culling a group by its shadow", () => {
  it("draws a group whose shadow is in view while its content is not", async () => {
    const core = await loadCore();
    core.index.clear();
    const { store } = farShadow();
    const renderer = new SceneRenderer(store, new Container(), () => {}, { chunkSize: 1 });
    renderer.showPage("page");
    const spatial = new SpatialSync(store, core.index);
    spatial.showPage("page");
    const culler = new ViewCuller(renderer, spatial);
    // The view holds only the shadow (600 right of the square at x -500…-400).
    culler.update({ minX: 120, minY: 0, maxX: 220, maxY: 100 });
    expect(renderer.isDrawn("outer")).toBe(true);
    // Without the shadow's box, the same view leaves the group out.
    const contentOnly = new ViewCuller(renderer, { queryRect: (box) => spatial.queryRect(box) });
    contentOnly.update({ minX: 120, minY: 0, maxX: 220, maxY: 100 });
    expect(renderer.isDrawn("outer")).toBe(false);
    // Far from both, nothing is drawn.
    culler.update({ minX: 5000, minY: 0, maxX: 5100, maxY: 100 });
    expect(renderer.isDrawn("outer")).toBe(false);
    spatial.dispose();
    renderer.dispose();
  });
});
