import fc from "fast-check";
import { generateKeyBetween } from "fractional-indexing";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import type { DocumentStore } from "../../src/doc/store";
import type { Id, RectNode } from "../../src/doc/types";
import type { Box } from "../../src/math/box";
import type * as Ahead from "../../src/render/aheadBuilds";
import type * as Renderer from "../../src/render/sceneRenderer";
import { makeNode } from "../../src/shapes/makeNode";
import type { Container as PixiContainer } from "pixi.js";
import { emptyDocumentStore } from "../support/store";
import { drawing } from "./support/drawing";

let SceneRenderer: typeof Renderer.SceneRenderer;
let AheadBuilds: typeof Ahead.AheadBuilds;
let Container: typeof PixiContainer;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ SceneRenderer } = await import("../../src/render/sceneRenderer"));
  ({ AheadBuilds } = await import("../../src/render/aheadBuilds"));
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

/** A page culled to `shown`, with no build left (chunks of 20). */
function culled(store: DocumentStore, shown: readonly Id[]): SceneRendererT {
  const renderer = new SceneRenderer(store, new Container(), () => {}, {
    chunkSize: 20,
    lazy: true,
  });
  renderer.showPage("page");
  renderer.cullTo(shown);
  return renderer;
}

/** `over` for a build that may write `members` members before it must stop. */
function budget(members: number): () => boolean {
  let left = members;
  return () => (left -= 1) < 0;
}

/** Everything drawn, as a renderer that built it all in one pass draws it. */
function everything(renderer: SceneRendererT): string[] {
  renderer.uncullAll();
  return drawing(renderer.world);
}

describe("chunks built ahead of the view", () => {
  it("are built hidden, and a cull onto them shows them without building", () => {
    const store = storeOf(100);
    const renderer = culled(store, ["s0"]);
    expect(renderer.chunkStats).toMatchObject({ builds: 1, drawn: 1 });
    renderer.setAhead(["s45", "s85"]);
    expect(renderer.buildAhead(() => false)).toBe(false);
    // Two more chunks built, neither drawn: the view is as it was.
    expect(renderer.chunkStats).toMatchObject({ builds: 3, drawn: 1 });
    renderer.cullTo(["s45"]);
    expect(renderer.building).toBe(false);
    expect(renderer.chunkStats).toMatchObject({ builds: 3, drawn: 1 });
    renderer.cullTo(["s85"]);
    expect(renderer.chunkStats.builds).toBe(3);
    const whole = culled(store, []);
    expect(everything(renderer)).toEqual(everything(whole));
    renderer.dispose();
    whole.dispose();
  });

  it("go on where the last idle moment stopped, and end as one build would", () => {
    const store = storeOf(100);
    const renderer = culled(store, ["s0"]);
    renderer.setAhead(["s30", "s50", "s70"]);
    let calls = 0;
    while (renderer.buildAhead(budget(7))) calls += 1;
    // 60 members, a few a call: many calls, each going further.
    expect(calls).toBeGreaterThanOrEqual(60 / 7 - 1);
    expect(renderer.chunkStats).toMatchObject({ builds: 4, drawn: 1 });
    const whole = culled(store, []);
    expect(everything(renderer)).toEqual(everything(whole));
    renderer.dispose();
    whole.dispose();
  });

  it("build no more members than asked, nearest (first given) first", () => {
    const store = storeOf(100);
    const renderer = culled(store, ["s0"]);
    renderer.setAhead(["s25", "s45", "s65", "s85"], 40);
    renderer.buildAhead(() => false);
    expect(renderer.chunkStats.builds).toBe(3);
    renderer.cullTo(["s25", "s45"]);
    expect(renderer.chunkStats.builds).toBe(3);
    renderer.cullTo(["s65"]);
    expect(renderer.chunkStats.builds).toBe(4);
    renderer.dispose();
  });

  it("wait while the view fills in, and while edits are live", () => {
    const store = storeOf(100);
    const renderer = new SceneRenderer(store, new Container(), () => {}, {
      chunkSize: 20,
      lazy: true,
      buildSliceMs: 1,
      clock: (() => {
        let now = 0;
        return () => (now += 1);
      })(),
    });
    renderer.showPage("page");
    renderer.cullTo(["s0", "s25"]);
    expect(renderer.building).toBe(true);
    renderer.setAhead(["s85"]);
    const before = renderer.chunkStats.builds;
    // Asked again later: nothing is built while the view fills in.
    expect(renderer.buildAhead(() => false)).toBe(true);
    expect(renderer.chunkStats.builds).toBe(before);
    while (renderer.building) renderer.continueBuilds();
    store.transact("move", (tx) =>
      tx.update("s0", { transform: { x: 3, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 } }),
    );
    store.transact("move", (tx) =>
      tx.update("s0", { transform: { x: 4, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 } }),
    );
    const during = renderer.chunkStats.builds;
    expect(renderer.buildAhead(() => false)).toBe(true);
    expect(renderer.chunkStats.builds).toBe(during);
    renderer.settleLive();
    const built = renderer.chunkStats.builds;
    expect(renderer.buildAhead(() => false)).toBe(false);
    expect(renderer.chunkStats.builds).toBe(built + 1);
    renderer.dispose();
  });

  it("whatever edits, culls and idle moments interleave, everything ends drawn as one build would", () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant("ahead" as const),
        ids: fc.array(fc.nat(99), { maxLength: 4 }),
      }),
      fc.record({ kind: fc.constant("idle" as const), members: fc.integer({ min: 1, max: 30 }) }),
      fc.record({
        kind: fc.constant("cull" as const),
        ids: fc.array(fc.nat(99), { maxLength: 3 }),
      }),
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
        const renderer = culled(store, ["s0"]);
        for (const s of steps) {
          if (s.kind === "ahead") renderer.setAhead(s.ids.map((i) => `s${i}`));
          else if (s.kind === "idle") renderer.buildAhead(budget(s.members));
          else if (s.kind === "cull") renderer.cullTo(s.ids.map((i) => `s${i}`));
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
        const whole = culled(store, []);
        expect(everything(renderer)).toEqual(everything(whole));
        renderer.dispose();
        whole.dispose();
      }),
      { numRuns: 40 },
    );
  });

  it("off, nothing is built ahead", () => {
    const renderer = culled(storeOf(100), ["s0"]);
    renderer.setBuildsAhead(false);
    renderer.setAhead(["s45"]);
    expect(renderer.buildAhead(() => false)).toBe(false);
    expect(renderer.chunkStats.builds).toBe(1);
    renderer.dispose();
  });
});

describe("building ahead in the page's idle moments", () => {
  function idleQueue() {
    const waiting: Array<(msLeft: () => number) => void> = [];
    return {
      schedule: (run: (msLeft: () => number) => void) => {
        waiting.push(run);
        return () => {
          const at = waiting.indexOf(run);
          if (at >= 0) waiting.splice(at, 1);
        };
      },
      /** Runs the first waiting callback with an idle period of `members` + 2 reads of its clock. */
      runOne(members: number) {
        let left = members + 3;
        waiting.shift()?.(() => (left -= 1));
      },
      get size() {
        return waiting.length;
      },
    };
  }

  it("asks the index around the view once a cull, and builds over idle periods until done", () => {
    const store = storeOf(100);
    const renderer = culled(store, ["s0"]);
    const asked: Box[] = [];
    const index = {
      queryRect: (box: Box) => {
        asked.push(box);
        const out: Id[] = [];
        for (let i = 0; i < 100; i += 1)
          if (i * 10 + 8 >= box.minX && i * 10 <= box.maxX) out.push(`s${i}`);
        return out;
      },
    };
    let culls = 1;
    const view = { minX: 0, minY: 0, maxX: 100, maxY: 50 };
    const idle = idleQueue();
    const ahead = new AheadBuilds(renderer, index, () => ({ box: view, culls }), idle.schedule);
    ahead.wake();
    ahead.wake();
    expect(idle.size).toBe(1);
    idle.runOne(5);
    // Two rings around the view: 0.5 and 1 views past each edge.
    expect(asked.map((box) => [box.minX, box.maxX])).toEqual([
      [-50, 150],
      [-100, 200],
    ]);
    while (idle.size > 0) idle.runOne(5);
    // The view's chunk was built by the cull; the next chunk (shapes 20 to 39, from 200) too.
    expect(renderer.chunkStats).toMatchObject({ builds: 2, drawn: 1 });
    ahead.wake();
    idle.runOne(5);
    expect(asked.length).toBe(2);
    culls += 1;
    ahead.wake();
    idle.runOne(5);
    expect(asked.length).toBe(4);
    ahead.dispose();
    ahead.wake();
    expect(idle.size).toBe(0);
    renderer.dispose();
  });
});
