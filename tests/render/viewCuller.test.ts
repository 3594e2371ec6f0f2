import { beforeAll, describe, expect, it } from "vitest";
import type { Box } from "../../src/math/box";
import type { SceneRenderer } from "../../src/render/sceneRenderer";
import type { ViewCuller as ViewCullerType } from "../../src/render/viewport";

// PixiJS reads `navigator` when its modules load.
let ViewCuller: typeof ViewCullerType;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ ViewCuller } = await import("../../src/render/viewport"));
});

/** A culler over an index that only counts the rectangles it is asked about. */
function counting() {
  const asked: Box[] = [];
  const renderer = { cullTo: () => {} } as unknown as SceneRenderer;
  const culler = new ViewCuller(renderer, {
    queryRect: (box) => {
      asked.push(box);
      return [];
    },
  });
  return { culler, asked };
}

/** The view of 1000 × 1000 units about (500, 500), zoomed in `times`. */
function view(times: number): Box {
  const half = 500 / times;
  return { minX: 500 - half, minY: 500 - half, maxX: 500 + half, maxY: 500 + half };
}

describe("the view culler during a zoom", () => {
  it("queries again once the view has zoomed in to a quarter of its area, not at every step", () => {
    const { culler, asked } = counting();
    culler.update(view(1));
    expect(asked).toHaveLength(1);
    // A step in stays within the cull rectangle and is not much smaller than it.
    culler.update(view(1.1));
    expect(asked).toHaveLength(1);
    // Twice as close: what the far view culled in would all still be handed to the GPU.
    culler.update(view(2));
    expect(asked).toHaveLength(2);
    expect(asked[1]).toEqual({ minX: 125, minY: 125, maxX: 875, maxY: 875 });
  });
});
