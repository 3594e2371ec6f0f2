import fc from "fast-check";
import { generateKeyBetween } from "fractional-indexing";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import type { DocumentStore } from "../../src/doc/store";
import type { GroupNode, Id, RectNode } from "../../src/doc/types";
import { DeferredDraws } from "../../src/render/deferredDraws";
import type * as Renderer from "../../src/render/sceneRenderer";
import { makeNode } from "../../src/shapes/makeNode";
import type { Container as PixiContainer, Mesh } from "pixi.js";
import { emptyDocumentStore } from "../support/store";

let SceneRenderer: typeof Renderer.SceneRenderer;
let DEFER_DRAWS_OVER: number;
let Container: typeof PixiContainer;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ SceneRenderer, DEFER_DRAWS_OVER } = await import("../../src/render/sceneRenderer"));
  ({ Container } = await import("pixi.js"));
  (await import("./support/headlessPixi")).allowShadersWithoutCanvas();
});
type SceneRendererT = InstanceType<typeof SceneRenderer>;

const box = (id: string, parent: Id, index: string, x: number): RectNode => ({
  ...makeNode<RectNode>("rect", id, parent, index, {
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
    width: 8,
    height: 6,
    radii: [1, 1, 1, 1],
  }),
  transform: { x, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
});

/** `groups` small groups side by side along x, each of `each` boxes: g0's are b0-0, b0-1… */
function storeOf(groups: number, each: number): DocumentStore {
  const store = emptyDocumentStore();
  store.transact("add", (tx) => {
    let gIndex: string | null = null;
    for (let g = 0; g < groups; g += 1) {
      gIndex = generateKeyBetween(gIndex, null);
      tx.put({ ...makeNode<GroupNode>("group", `g${g}`, "page", gIndex, {}), type: "group" });
      let index: string | null = null;
      for (let i = 0; i < each; i += 1) {
        index = generateKeyBetween(index, null);
        tx.put(box(`b${g}-${i}`, `g${g}`, index, g * 100 + i * 10));
      }
    }
  });
  return store;
}

/** Passes until nothing near the view is left to draw. */
function finish(renderer: SceneRendererT): void {
  for (let passes = 0; renderer.building; passes += 1) {
    if (passes > 10_000) throw new Error("never finishes");
    renderer.continueBuilds();
  }
}

function steppingClock(): () => number {
  let now = 0;
  return () => (now += 1);
}

/** Each nested shape's drawing: its id and its meshes' vertex words, in the group's order. */
function nestedDrawing(world: PixiContainer): string[] {
  const out: string[] = [];
  const walk = (object: PixiContainer, depth: number) => {
    for (const child of object.children) {
      const mesh = child as Mesh;
      if (mesh.geometry !== undefined)
        out.push(`${depth} ${Array.from(mesh.geometry.getBuffer("aPosition").data).join(",")}`);
      else {
        if (child.label.startsWith("b")) out.push(`${depth} shape ${child.label}`);
        walk(child, depth + 1);
      }
    }
  };
  walk(world, 0);
  return out;
}

/** How many nested shapes have anything drawn. */
function drawnShapes(renderer: SceneRendererT, store: DocumentStore): number {
  let count = 0;
  for (const record of store.all())
    if (record.id.startsWith("b") && (renderer.displayOf(record.id)?.children.length ?? 0) > 0)
      count += 1;
  return count;
}

describe("deferred draws (the queue)", () => {
  it("hands out what is near the view, at least one a call, and the rest only when asked for anywhere", () => {
    const deferred = new DeferredDraws();
    for (const id of ["a", "b", "c", "d"]) deferred.add(id);
    const view = new Set(["b", "d", "x"]);
    expect(deferred.nearView("none", 1)).toBe(false);
    expect(deferred.nearView(view, 1)).toBe(true);
    const drawn: Id[] = [];
    // Over at once: still one drawn, so every pass gets on.
    expect(
      deferred.drawSome(
        view,
        1,
        (id) => drawn.push(id),
        () => true,
      ),
    ).toBe(1);
    expect(
      deferred.drawSome(
        view,
        1,
        (id) => drawn.push(id),
        () => false,
      ),
    ).toBe(1);
    expect(drawn).toEqual(["b", "d"]);
    expect(deferred.nearView(view, 1)).toBe(false);
    expect(
      deferred.drawSome(
        view,
        1,
        (id) => drawn.push(id),
        () => false,
      ),
    ).toBe(0);
    expect(
      deferred.drawSome(
        view,
        1,
        (id) => drawn.push(id),
        () => false,
        true,
      ),
    ).toBe(2);
    expect(drawn.sort()).toEqual(["a", "b", "c", "d"]);
    expect(deferred.size).toBe(0);
  });

  it("finds a node added near the same view, and forgets deleted ones", () => {
    const deferred = new DeferredDraws();
    const view = new Set(["a", "b"]);
    deferred.add("a");
    expect(deferred.nearView(view, 7)).toBe(true);
    deferred.delete("a");
    expect(deferred.nearView(view, 7)).toBe(false);
    deferred.add("b");
    expect(deferred.nearView(view, 7)).toBe(true);
    deferred.clear();
    expect(deferred.nearView("all", 8)).toBe(false);
  });

  it("draws every node exactly once, whatever the views and calls", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            view: fc.oneof(
              fc.constant<"all">("all"),
              fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 12 }),
            ),
            budget: fc.integer({ min: 0, max: 5 }),
            anywhere: fc.boolean(),
            add: fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 6 }),
          }),
          { maxLength: 20 },
        ),
        (steps) => {
          const deferred = new DeferredDraws();
          const waiting = new Set<Id>();
          const drawn: Id[] = [];
          steps.forEach((step, serial) => {
            for (const n of step.add) {
              deferred.add(`n${n}`);
              waiting.add(`n${n}`);
            }
            const view = step.view === "all" ? "all" : new Set(step.view.map((n) => `n${n}`));
            let left = step.budget;
            deferred.drawSome(
              view,
              serial,
              (id) => {
                expect(waiting.delete(id)).toBe(true);
                if (!step.anywhere && view !== "all") expect(view.has(id)).toBe(true);
                drawn.push(id);
              },
              () => (left -= 1) < 0,
              step.anywhere,
            );
          });
          deferred.drawSome(
            "none",
            -1,
            (id) => waiting.delete(id),
            () => false,
            true,
          );
          expect(waiting.size).toBe(0);
          expect(deferred.size).toBe(0);
        },
      ),
    );
  });
});

describe("shapes of small groups, drawn in slices", () => {
  it("a page of many small groups draws nothing of them in the task that shows it, then fills in over passes and ends as one pass draws it", () => {
    const store = storeOf(30, 10);
    const renderer = new SceneRenderer(store, new Container(), () => {}, {
      buildSliceMs: 8,
      clock: steppingClock(),
    });
    renderer.showPage("page");
    const whole = new SceneRenderer(store, new Container(), () => {}, {});
    whole.showPage("page");
    expect(drawnShapes(whole, store)).toBe(300);
    expect(drawnShapes(renderer, store)).toBe(0);
    expect(renderer.building).toBe(true);
    expect(renderer.resting).toBe(false);
    const seen: number[] = [];
    let passes = 0;
    while (renderer.building && passes < 1000) {
      renderer.continueBuilds();
      seen.push(drawnShapes(renderer, store));
      passes += 1;
    }
    expect(passes).toBeGreaterThan(10);
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
    expect(drawnShapes(renderer, store)).toBe(300);
    expect(nestedDrawing(renderer.world)).toEqual(nestedDrawing(whole.world));
    renderer.dispose();
    whole.dispose();
  });

  it("with culling, draws the ones near the view in passes and the rest only when idle", () => {
    const store = storeOf(30, 10);
    const renderer = new SceneRenderer(store, new Container(), () => {}, {
      buildSliceMs: 8,
      clock: steppingClock(),
      lazy: true,
    });
    renderer.showPage("page");
    renderer.cullTo(["b2-0", "b2-1", "b3-5"]);
    finish(renderer);
    expect(
      ["b2-0", "b2-1", "b3-5", "b4-0"].map((id) => renderer.displayOf(id)!.children.length > 0),
    ).toEqual([true, true, true, false]);
    expect(renderer.resting).toBe(true);
    let calls = 0;
    // Each idle moment has room for a few.
    const room = () => {
      let left = 3;
      return () => (left -= 1) < 0;
    };
    while (renderer.buildAhead(room()) && calls < 10_000) calls += 1;
    expect(calls).toBeGreaterThan(10);
    expect(drawnShapes(renderer, store)).toBe(300);
    renderer.dispose();
  });

  it("a small commit draws its shapes at once; a big one leaves them to the next passes", () => {
    const store = storeOf(2, 3);
    const renderer = new SceneRenderer(store, new Container(), () => {}, {
      buildSliceMs: 8,
      clock: steppingClock(),
    });
    renderer.showPage("page");
    finish(renderer);
    store.transact("one more", (tx) => tx.put(box("b0-9", "g0", "a9", 500)));
    expect(renderer.displayOf("b0-9")!.children.length).toBeGreaterThan(0);
    store.transact("many more", (tx) => {
      let index: string | null = "a9";
      for (let i = 0; i <= DEFER_DRAWS_OVER; i += 1) {
        index = generateKeyBetween(index, null);
        tx.put(box(`b1-x${i}`, "g1", index, 600 + i));
      }
    });
    expect(renderer.displayOf("b1-x0")!.children.length).toBe(0);
    expect(renderer.building).toBe(true);
    finish(renderer);
    expect(renderer.displayOf(`b1-x${DEFER_DRAWS_OVER}`)!.children.length).toBeGreaterThan(0);
    renderer.dispose();
  });

  it("shapes on screen before a big commit groups them stay drawn: only shapes new to the page wait", () => {
    const store = emptyDocumentStore();
    const count = DEFER_DRAWS_OVER + 36;
    const indices: string[] = [];
    store.transact("add", (tx) => {
      let index: string | null = null;
      for (let i = 0; i < count; i += 1) {
        index = generateKeyBetween(index, null);
        indices.push(index);
        tx.put(box(`b${i}`, "page", index, i * 10));
      }
    });
    const renderer = new SceneRenderer(store, new Container(), () => {}, {
      buildSliceMs: 8,
      clock: steppingClock(),
    });
    renderer.showPage("page");
    finish(renderer);
    // Ctrl+G: the page's chunk drops them at once, so a group display left undrawn until the
    // next passes left a frame with none of them on screen.
    store.transact("group", (tx) => {
      tx.put({ ...makeNode<GroupNode>("group", "g", "page", "a0", {}), type: "group" });
      for (let i = 0; i < count; i += 1)
        tx.put({ ...(store.get(`b${i}`) as RectNode), parent: "g" });
    });
    expect(drawnShapes(renderer, store)).toBe(count);
    renderer.dispose();
  });

  it("a shape edited or deleted while it waits is drawn as it is now, or not at all", () => {
    const store = storeOf(20, 5);
    const renderer = new SceneRenderer(store, new Container(), () => {}, {
      buildSliceMs: 8,
      clock: steppingClock(),
    });
    renderer.showPage("page");
    expect(renderer.displayOf("b7-2")!.children.length).toBe(0);
    store.transact("move", (tx) =>
      tx.put(box("b7-2", "g7", (store.get("b7-2") as RectNode).index, 5000)),
    );
    store.transact("delete", (tx) => tx.remove("b8-1"));
    expect(renderer.displayOf("b7-2")!.children.length).toBeGreaterThan(0);
    expect(renderer.displayOf("b8-1")).toBeNull();
    finish(renderer);
    const whole = new SceneRenderer(store, new Container(), () => {}, {});
    whole.showPage("page");
    expect(nestedDrawing(renderer.world)).toEqual(nestedDrawing(whole.world));
    renderer.dispose();
    whole.dispose();
  });
});
