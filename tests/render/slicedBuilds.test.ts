import fc from "fast-check";
import { generateKeyBetween } from "fractional-indexing";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import type { DocumentStore } from "../../src/doc/store";
import type { EllipseNode, PathNode, RectNode, SceneNode } from "../../src/doc/types";
import type * as Renderer from "../../src/render/sceneRenderer";
import { makeNode } from "../../src/shapes/makeNode";
import type { Container as PixiContainer, Geometry } from "pixi.js";
import { emptyDocumentStore } from "../support/store";
import { drawing } from "./support/drawing";

let SceneRenderer: typeof Renderer.SceneRenderer;
let Container: typeof PixiContainer;
let MAX_BATCH_VERTICES: number;
let BYTES_PER_VERTEX: number;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ SceneRenderer } = await import("../../src/render/sceneRenderer"));
  ({ MAX_BATCH_VERTICES } = await import("../../src/render/chunkList"));
  ({ BYTES_PER_VERTEX } = await import("../../src/render/batch/writer"));
  ({ Container } = await import("pixi.js"));
  (await import("./support/headlessPixi")).allowShadersWithoutCanvas();
});

function shape(i: number, index: string): SceneNode {
  const transform = { x: i * 7, y: i * 3, rotation: i / 50, scaleX: 1, scaleY: 1, skewX: 0 };
  if (i % 2 === 0)
    return {
      ...makeNode<RectNode>("rect", `s${i}`, "page", index, {
        fill: DEFAULT_FILL,
        stroke: DEFAULT_STROKE,
        width: 30,
        height: 20,
        radii: [2, 2, 2, 2],
      }),
      transform,
    };
  // A dashed ellipse: its geometry depends on the zoom.
  return {
    ...makeNode<EllipseNode>("ellipse", `s${i}`, "page", index, {
      fill: { type: "none" },
      stroke: { ...DEFAULT_STROKE, dash: [3, 1] },
      width: 20,
      height: 20,
    }),
    transform,
  };
}

function storeOf(count: number): DocumentStore {
  const store = emptyDocumentStore();
  store.transact("add", (tx) => {
    let index: string | null = null;
    for (let i = 0; i < count; i += 1) {
      index = generateKeyBetween(index, null);
      tx.put(shape(i, index));
    }
  });
  return store;
}

/**
 * A clock that moves one millisecond each time it is read: a pass whose slice is `slice` ms
 * writes a fixed number of members, whatever the machine's speed.
 */
function steppingClock(): () => number {
  let now = 0;
  return () => (now += 1);
}

/** A renderer building in slices of `slice` ms, showing the page at `zoom` when given. */
function sliced(store: DocumentStore, slice: number, chunkSize = 20, zoom?: number) {
  const renderer = new SceneRenderer(store, new Container(), () => {}, {
    chunkSize,
    buildSliceMs: slice,
    clock: steppingClock(),
  });
  if (zoom !== undefined) renderer.setZoom(zoom);
  renderer.showPage("page");
  return renderer;
}

function fresh(store: DocumentStore, chunkSize = 20) {
  const renderer = new SceneRenderer(store, new Container(), () => {}, { chunkSize });
  renderer.showPage("page");
  return renderer;
}

/** Passes until nothing is left to build; returns how many it took. */
function finish(renderer: InstanceType<typeof SceneRenderer>): number {
  let passes = 0;
  while (renderer.building) {
    renderer.continueBuilds();
    passes += 1;
    if (passes > 10_000) throw new Error("builds never finish");
  }
  return passes;
}

/** What each chunk of the page draws (see `drawing`), chunk by chunk. */
function chunkDrawings(renderer: InstanceType<typeof SceneRenderer>): string[][] {
  return renderer.world.children
    .flatMap((list) => list.children)
    .map((chunk) => {
      const list = new Container();
      const holder = new Container();
      holder.addChild(list);
      const parent = chunk.parent;
      const at = parent?.getChildIndex(chunk) ?? 0;
      list.addChild(chunk);
      const drawn = drawing(holder);
      parent?.addChildAt(chunk, at);
      return drawn;
    });
}

describe("chunks built over several passes", () => {
  it("fill in over passes, each drawing only finished chunks, and end as one pass would draw", () => {
    const store = storeOf(100);
    const renderer = sliced(store, 6);
    const whole = fresh(store);
    // One pass wrote a few members, not the five chunks: what shows is finished chunks only.
    expect(renderer.building).toBe(true);
    expect(renderer.resting).toBe(false);
    const shown: number[] = [];
    while (renderer.building) {
      shown.push(drawing(renderer.world).length);
      renderer.continueBuilds();
    }
    expect(shown.length).toBeGreaterThan(5);
    // Never less than before: a chunk, once shown, stays.
    for (let i = 1; i < shown.length; i += 1)
      expect(shown[i]).toBeGreaterThanOrEqual(shown[i - 1]!);
    expect(renderer.chunkStats.builds).toBe(5);
    expect(drawing(renderer.world)).toEqual(drawing(whole.world));
    expect(renderer.resting).toBe(true);
    renderer.dispose();
    whole.dispose();
  });

  it("a shorter slice set later takes more passes to fill in, and ends the same", () => {
    const store = storeOf(100);
    const long = sliced(store, 30);
    const short = sliced(store, 30);
    short.setBuildSliceMs(6);
    const whole = fresh(store);
    expect(finish(short)).toBeGreaterThan(finish(long));
    expect(drawing(short.world)).toEqual(drawing(whole.world));
    expect(drawing(long.world)).toEqual(drawing(whole.world));
    for (const renderer of [long, short, whole]) renderer.dispose();
  });

  it("an edit of a shown chunk shows at once while others are still being built", () => {
    const store = storeOf(100);
    const renderer = sliced(store, 30);
    while (renderer.chunkStats.builds === 0) renderer.continueBuilds();
    expect(renderer.building).toBe(true);
    const before = drawing(renderer.world);
    store.transact("move", (tx) => tx.update("s0", { opacity: 0.5 }));
    store.transact("move", (tx) =>
      tx.update("s1", {
        transform: { x: 400, y: 9, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
      }),
    );
    // The first chunk was rebuilt in the commit's own pass, not left for later.
    expect(drawing(renderer.world)).not.toEqual(before);
    finish(renderer);
    const whole = fresh(store);
    expect(drawing(renderer.world)).toEqual(drawing(whole.world));
    renderer.dispose();
    whole.dispose();
  });

  it("whatever edits land between passes, the end draws what one pass would", () => {
    const edit = fc.record({
      target: fc.nat(59),
      x: fc.integer({ min: 0, max: 500 }),
      remove: fc.boolean(),
      after: fc.nat(6),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(edit, { maxLength: 8 }),
        (slice, edits) => {
          const store = storeOf(60);
          const renderer = sliced(store, slice, 8);
          for (const { target, x, remove, after } of edits) {
            for (let i = 0; i < after; i += 1) renderer.continueBuilds();
            const id = `s${target}`;
            if (store.get(id) === undefined) continue;
            store.transact("edit", (tx) => {
              if (remove) tx.remove(id);
              else
                tx.update(id, {
                  transform: { x, y: 2, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
                });
            });
          }
          finish(renderer);
          const whole = fresh(store, 8);
          expect(drawing(renderer.world)).toEqual(drawing(whole.world));
          renderer.dispose();
          whole.dispose();
        },
      ),
      { numRuns: 25 },
    );
  });

  it("a new zoom bucket keeps the old detail shown until the new one is built", () => {
    const store = storeOf(60);
    const renderer = sliced(store, 6);
    finish(renderer);
    const near = drawing(renderer.world);
    renderer.setZoom(0.2);
    const marked = renderer.refreshDetail();
    expect(marked).toBeGreaterThan(0);
    expect(renderer.building).toBe(true);
    // The chunks still show what they showed: nothing blinks out while the detail is rebuilt.
    expect(drawing(renderer.world)).toEqual(near);
    finish(renderer);
    const whole = new SceneRenderer(store, new Container(), () => {}, { chunkSize: 20 });
    whole.setZoom(0.2);
    whole.showPage("page");
    expect(drawing(renderer.world)).toEqual(drawing(whole.world));
    expect(drawing(renderer.world)).not.toEqual(near);
    renderer.dispose();
    whole.dispose();
  });

  it("a build under way when a zoom passes into another bucket goes on at its detail, and is rebuilt once the zoom settles", () => {
    const store = storeOf(60);
    const steady = sliced(store, 6);
    const passesSteady = finish(steady);
    const zoomed = sliced(store, 6);
    zoomed.continueBuilds();
    zoomed.setZoom(0.2);
    // No pass is spent starting over: as many passes as without the zoom.
    expect(1 + finish(zoomed)).toBe(passesSteady);
    // The zoom settles: what was built for the old bucket is built again for the new one.
    expect(zoomed.refreshDetail()).toBeGreaterThan(0);
    finish(zoomed);
    const whole = new SceneRenderer(store, new Container(), () => {}, { chunkSize: 20 });
    whole.setZoom(0.2);
    whole.showPage("page");
    expect(drawing(zoomed.world)).toEqual(drawing(whole.world));
    for (const renderer of [steady, zoomed, whole]) renderer.dispose();
  });

  it("a zoom that settles while a build for an older bucket is under way builds it for the new one", () => {
    const store = storeOf(60);
    const renderer = sliced(store, 6);
    renderer.continueBuilds();
    renderer.setZoom(0.2);
    renderer.refreshDetail();
    finish(renderer);
    const whole = new SceneRenderer(store, new Container(), () => {}, { chunkSize: 20 });
    whole.setZoom(0.2);
    whole.showPage("page");
    expect(drawing(renderer.world)).toEqual(drawing(whole.world));
    renderer.dispose();
    whole.dispose();
  });

  it("zooming in past the bucket a chunk was built for rebuilds it in the next passes, without waiting for the zoom to settle", () => {
    const store = storeOf(60);
    const renderer = sliced(store, 6, 20, 0.2);
    finish(renderer);
    const far = drawing(renderer.world);
    // Zooming out again keeps the finer detail until the zoom settles.
    renderer.setZoom(0.1);
    expect(renderer.building).toBe(false);
    renderer.setZoom(1);
    expect(renderer.building).toBe(true);
    // The coarse detail shows until its replacement is whole.
    expect(drawing(renderer.world)).toEqual(far);
    finish(renderer);
    const whole = fresh(store);
    expect(drawing(renderer.world)).toEqual(drawing(whole.world));
    renderer.dispose();
    whole.dispose();
  });

  it("a chunk culled when the zoom went in past its bucket keeps what it held, and is rebuilt once a cull draws it", () => {
    const store = storeOf(60);
    const renderer = sliced(store, 6, 20, 0.2);
    finish(renderer);
    const far = chunkDrawings(renderer);
    const all = renderer.chunkMembers().flat();
    renderer.cullTo(renderer.chunkMembers()[0]!);
    finish(renderer);
    renderer.setZoom(1);
    finish(renderer);
    renderer.cullTo(all);
    expect(renderer.building).toBe(true);
    // Nothing blinks out: the chunks drawn again show their coarse detail while rebuilt.
    expect(chunkDrawings(renderer).slice(1)).toEqual(far.slice(1));
    finish(renderer);
    const whole = fresh(store);
    expect(drawing(renderer.world)).toEqual(drawing(whole.world));
    renderer.dispose();
    whole.dispose();
  });

  it("a commit adding a few shapes draws them in its own pass; one adding many leaves them to the frames", () => {
    const few = storeOf(0);
    const quick = sliced(few, 1_000_000, 500);
    few.transact("add one", (tx) => tx.put(shape(0, "a0")));
    expect(quick.building).toBe(false);
    expect(drawing(quick.world).length).toBeGreaterThan(0);
    const many = storeOf(0);
    const renderer = sliced(many, 1_000_000, 500);
    many.transact("add many", (tx) => {
      let index: string | null = null;
      for (let i = 0; i < 200; i += 1) {
        index = generateKeyBetween(index, null);
        tx.put(shape(i, index));
      }
    });
    // The commit's pass built nothing: the chunk waits for a frame's pass.
    expect(renderer.building).toBe(true);
    expect(drawing(renderer.world)).toEqual([]);
    expect(finish(renderer)).toBe(1);
    const whole = fresh(many, 500);
    expect(drawing(renderer.world)).toEqual(drawing(whole.world));
    for (const r of [quick, renderer, whole]) r.dispose();
  });

  it("a page filled by many commits gets chunks of the usual size", () => {
    const store = storeOf(0);
    const renderer = fresh(store, 20);
    let index: string | null = null;
    for (let commit = 0; commit < 12; commit += 1)
      store.transact("add", (tx) => {
        for (let i = 0; i < 7; i += 1) {
          index = generateKeyBetween(index, null);
          tx.put(shape(commit * 7 + i, index));
        }
      });
    const sizes = renderer.chunkMembers().map((members) => members.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(84);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(20);
    expect(sizes.length).toBe(Math.ceil(84 / 20));
    renderer.dispose();
  });

  it("many small commits adding nodes ask for a cull, as one commit of as many does", async () => {
    const { NEW_IN_VIEW_BEFORE_CULL } = await import("../../src/render/sceneRenderer");
    const store = storeOf(0);
    const renderer = new SceneRenderer(store, new Container(), () => {}, { lazy: true });
    renderer.showPage("page");
    renderer.cullTo([]);
    let index: string | null = null;
    let added = 0;
    while (added <= NEW_IN_VIEW_BEFORE_CULL) {
      expect(renderer.wantsCull).toBe(false);
      store.transact("add", (tx) => {
        for (let i = 0; i < 10; i += 1) {
          index = generateKeyBetween(index, null);
          tx.put(shape(added++, index));
        }
      });
    }
    expect(renderer.wantsCull).toBe(true);
    renderer.cullTo(["s3"]);
    expect(renderer.wantsCull).toBe(false);
    renderer.dispose();
  });

  it("a chunk culled before its build finished is built again when next in view", () => {
    const store = storeOf(60);
    const renderer = sliced(store, 4);
    renderer.cullTo([]);
    expect(renderer.building).toBe(false);
    renderer.cullTo(["s45"]);
    finish(renderer);
    expect(renderer.chunkStats.drawn).toBe(1);
    renderer.uncullAll();
    finish(renderer);
    const whole = fresh(store);
    expect(drawing(renderer.world)).toEqual(drawing(whole.world));
    renderer.dispose();
    whole.dispose();
  });
});

describe("a chunk of heavy members", () => {
  /** An unfilled zigzag of `points` points, stroked: a few vertices a segment. */
  function zigzag(i: number, index: string, points: number): SceneNode {
    return makeNode<PathNode>("path", `z${i}`, "page", index, {
      fill: { type: "none" },
      stroke: DEFAULT_STROKE,
      fillRule: "nonzero",
      subpaths: [
        {
          start: { x: 0, y: i * 40 },
          segments: Array.from({ length: points - 1 }, (_, k) => ({
            type: "line" as const,
            to: { x: (k + 1) * 3, y: i * 40 + (k % 2) * 20 },
          })),
          closed: false,
        },
      ],
    });
  }

  it("is drawn by batches of at most MAX_BATCH_VERTICES, each uploaded as it is built", () => {
    const store = emptyDocumentStore();
    store.transact("add", (tx) => {
      let index: string | null = null;
      for (let i = 0; i < 12; i += 1) {
        index = generateKeyBetween(index, null);
        tx.put(zigzag(i, index, 8000));
      }
    });
    const uploaded: Geometry[] = [];
    let shownAtUpload = 0;
    const renderer = new SceneRenderer(store, new Container(), () => {}, {
      chunkSize: 64,
      buildSliceMs: 6,
      clock: steppingClock(),
      uploads: (geometry) => {
        uploaded.push(geometry);
        shownAtUpload = Math.max(shownAtUpload, drawing(renderer.world).length);
      },
    });
    renderer.showPage("page");
    finish(renderer);
    const meshes = renderer.world.children
      .flatMap((list) => list.children)
      .flatMap((chunk) => chunk.children)
      .filter((piece) => piece.label === "batch") as unknown as { geometry: Geometry }[];
    expect(meshes.length).toBeGreaterThan(1);
    const vertices = (geometry: Geometry) =>
      geometry.getBuffer("aPosition").data.byteLength / BYTES_PER_VERTEX;
    for (const { geometry } of meshes) {
      expect(vertices(geometry)).toBeLessThanOrEqual(MAX_BATCH_VERTICES + 8000 * 8);
      // Sent up while the chunk was built, before any frame drew it.
      expect(uploaded).toContain(geometry);
    }
    expect(meshes.reduce((sum, { geometry }) => sum + vertices(geometry), 0)).toBeGreaterThan(
      MAX_BATCH_VERTICES,
    );
    // Nothing of the one chunk showed while its batches went up.
    expect(shownAtUpload).toBe(0);
  });
});
