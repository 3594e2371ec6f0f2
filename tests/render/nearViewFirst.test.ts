import fc from "fast-check";
import { generateKeyBetween } from "fractional-indexing";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import type { DocumentStore } from "../../src/doc/store";
import type { RectNode } from "../../src/doc/types";
import type * as Renderer from "../../src/render/sceneRenderer";
import { makeNode } from "../../src/shapes/makeNode";
import type { Container as PixiContainer } from "pixi.js";
import { emptyDocumentStore } from "../support/store";
import { drawing } from "./support/drawing";

let SceneRenderer: typeof Renderer.SceneRenderer;
let Container: typeof PixiContainer;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ SceneRenderer } = await import("../../src/render/sceneRenderer"));
  ({ Container } = await import("pixi.js"));
  (await import("./support/headlessPixi")).allowShadersWithoutCanvas();
});

type SceneRendererT = InstanceType<typeof SceneRenderer>;

/** Shape `i` sits at (10 i, 0): a chunk of 20 holds the shapes 200 units wide. */
function storeOf(count: number): DocumentStore {
  const store = emptyDocumentStore();
  store.transact("add", (tx) => {
    let index: string | null = null;
    for (let i = 0; i < count; i += 1) {
      index = generateKeyBetween(index, null);
      tx.put({
        ...makeNode<RectNode>("rect", `s${i}`, "page", index, {
          fill: DEFAULT_FILL,
          stroke: DEFAULT_STROKE,
          width: 8,
          height: 8,
          radii: [1, 1, 1, 1],
        }),
        transform: { x: i * 10, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
      });
    }
  });
  return store;
}

/**
 * A page in chunks of 20 whose passes build 3 members of a chunk drawing nothing yet (a clock
 * moving 1 ms a read, slices of 3 ms), with idle moments that finish chunks drawn in part.
 */
function opened(store: DocumentStore): SceneRendererT {
  let now = 0;
  const renderer = new SceneRenderer(store, new Container(), () => {}, {
    chunkSize: 20,
    lazy: true,
    buildSliceMs: 3,
    clock: () => (now += 1),
  });
  renderer.setIdleBuilds(true);
  renderer.showPage("page");
  return renderer;
}

/** Everything drawn, as a renderer that built it all in one pass draws it. */
function everything(renderer: SceneRendererT): string[] {
  renderer.uncullAll();
  while (renderer.building) renderer.continueBuilds();
  return drawing(renderer.world);
}

function whole(store: DocumentStore): string[] {
  const renderer = new SceneRenderer(store, new Container(), () => {}, { chunkSize: 20 });
  renderer.showPage("page");
  const out = drawing(renderer.world);
  renderer.dispose();
  return out;
}

describe("a chunk drawn first with few of its members near the view", () => {
  it("draws those at once, leaves nothing to the next frames, and is built whole when idle", () => {
    const store = storeOf(100);
    const renderer = opened(store);
    renderer.cullTo(["s0", "s1", "s2"]);
    // The view is drawn in this pass: no slices of the whole chunk wait for the frames.
    expect(renderer.building).toBe(false);
    expect(renderer.chunkStats).toMatchObject({ drawn: 1, builds: 0, batchedShapesDrawn: 3 });
    expect(renderer.buildAhead(() => false)).toBe(false);
    expect(renderer.chunkStats).toMatchObject({ drawn: 1, builds: 1, batchedShapesDrawn: 3 });
    expect(everything(renderer)).toEqual(whole(store));
    renderer.dispose();
  });

  it("goes on over idle moments, and a new view builds it in the passes' slices", () => {
    const store = storeOf(100);
    const renderer = opened(store);
    renderer.cullTo(["s0"]);
    expect(renderer.buildAhead(budget(5))).toBe(true);
    expect(renderer.chunkStats.builds).toBe(0);
    // Panned before it was finished: the members now near the view are not all drawn.
    renderer.cullTo(["s0", "s6"]);
    expect(renderer.building).toBe(true);
    expect(renderer.chunkStats.batchedShapesDrawn).toBe(1);
    while (renderer.building) renderer.continueBuilds();
    expect(renderer.chunkStats).toMatchObject({ builds: 1, batchedShapesDrawn: 2 });
    expect(renderer.buildAhead(() => false)).toBe(false);
    expect(everything(renderer)).toEqual(whole(store));
    renderer.dispose();
  });

  it("is built whole at once when a member is edited", () => {
    const store = storeOf(100);
    const renderer = opened(store);
    renderer.cullTo(["s0"]);
    store.transact("move", (tx) =>
      tx.update("s3", { transform: { x: 2, y: 4, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 } }),
    );
    renderer.settleLive();
    expect(renderer.building).toBe(false);
    expect(renderer.chunkStats.builds).toBeGreaterThanOrEqual(1);
    expect(everything(renderer)).toEqual(whole(store));
    renderer.dispose();
  });

  it("is drawn whole when most of it is near the view, or when nothing builds in idle moments", () => {
    const store = storeOf(100);
    const most = opened(store);
    most.cullTo(Array.from({ length: 10 }, (_, i) => `s${i}`));
    expect(most.building).toBe(true);
    const noIdle = opened(store);
    noIdle.setIdleBuilds(false);
    noIdle.cullTo(["s0"]);
    expect(noIdle.building).toBe(true);
    expect(noIdle.chunkStats.batchedShapesDrawn).toBe(0);
    most.dispose();
    noIdle.dispose();
  });

  it("whatever culls, edits, frames and idle moments interleave, everything ends drawn as one build would", () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant("cull" as const),
        ids: fc.array(fc.nat(99), { maxLength: 3 }),
      }),
      fc.record({ kind: fc.constant("idle" as const), members: fc.integer({ min: 1, max: 30 }) }),
      fc.record({ kind: fc.constant("frame" as const) }),
      fc.record({
        kind: fc.constant("edit" as const),
        target: fc.nat(99),
        x: fc.integer({ min: 0, max: 990 }),
        remove: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 14 }), (steps) => {
        const store = storeOf(100);
        const renderer = opened(store);
        renderer.cullTo(["s0"]);
        for (const s of steps) {
          if (s.kind === "cull") renderer.cullTo(s.ids.map((i) => `s${i}`));
          else if (s.kind === "idle") renderer.buildAhead(budget(s.members));
          else if (s.kind === "frame") renderer.continueBuilds();
          else {
            const id = `s${s.target}`;
            if (store.get(id) === undefined) continue;
            store.transact("edit", (tx) => {
              if (s.remove) tx.remove(id);
              else
                tx.update(id, {
                  transform: { x: s.x, y: 5, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
                });
            });
            renderer.settleLive();
          }
        }
        do while (renderer.building) renderer.continueBuilds();
        while (renderer.buildAhead(() => false));
        expect(everything(renderer)).toEqual(whole(store));
        renderer.dispose();
      }),
      { numRuns: 40 },
    );
  });
});

/** `over` for a build that may write `members` members before it must stop. */
function budget(members: number): () => boolean {
  let left = members;
  return () => (left -= 1) < 0;
}
