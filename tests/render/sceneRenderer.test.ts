import fc from "fast-check";
import { generateKeyBetween } from "fractional-indexing";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { DocumentStore } from "../../src/doc/store";
import type { EllipseNode, GroupNode, RectNode, SceneNode } from "../../src/doc/types";
import type { Container as PixiContainer } from "pixi.js";
import type * as Renderer from "../../src/render/sceneRenderer";
import { emptyDocumentStore } from "../support/store";
import { drawing } from "./support/drawing";
import { plainText } from "./support/texts";
import { KIND_RULES } from "../../src/shapes/registry";

let SceneRenderer: typeof Renderer.SceneRenderer;
let detailForZoom: typeof Renderer.detailForZoom;
let MAX_NESTED_BATCHES: number;
let MAX_HONEST_CHANGES: number;
let ZOOM_SETTLE_MS: number;
let Container: typeof PixiContainer;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ SceneRenderer, detailForZoom, MAX_NESTED_BATCHES, MAX_HONEST_CHANGES, ZOOM_SETTLE_MS } =
    await import("../../src/render/sceneRenderer"));
  ({ Container } = await import("pixi.js"));
  (await import("./support/headlessPixi")).allowShadersWithoutCanvas();
});

function shape(kind: number, id: string, x: number, index: string): SceneNode {
  const transform = { x, y: x / 2, rotation: x / 100, scaleX: 1, scaleY: 1, skewX: 0 };
  if (kind === 0) {
    const rect = makeNode<RectNode>("rect", id, "page", index, {
      fill: DEFAULT_FILL,
      stroke: DEFAULT_STROKE,
      width: 30,
      height: 20,
      radii: [2, 2, 2, 2],
    });
    return { ...rect, transform };
  }
  if (kind === 1) {
    const ellipse = makeNode<EllipseNode>("ellipse", id, "page", index, {
      fill: { type: "none" },
      stroke: { ...DEFAULT_STROKE, dash: [3, 1] },
      width: 20,
      height: 20,
    });
    return { ...ellipse, transform };
  }
  return { ...plainText(id, index, id, 0, 0), transform };
}

/** A store of `count` shapes in a row, rectangles and ellipses in turn, ids s0, s1, … */
function rowOf(count: number): DocumentStore {
  const store = emptyDocumentStore();
  store.transact("add", (tx) => {
    let index: string | null = null;
    for (let i = 0; i < count; i += 1) {
      index = generateKeyBetween(index, null);
      tx.put(shape(i % 2, `s${i}`, i * 10, index));
    }
  });
  return store;
}

const step = fc.oneof(
  fc.record({
    kind: fc.constant("add" as const),
    shape: fc.nat(2),
    x: fc.integer({ min: 0, max: 500 }),
    at: fc.nat(),
  }),
  fc.record({
    kind: fc.constant("move" as const),
    target: fc.nat(),
    x: fc.integer({ min: 0, max: 500 }),
  }),
  fc.record({
    kind: fc.constant("restyle" as const),
    target: fc.nat(),
    opacity: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({ kind: fc.constant("blend" as const), target: fc.nat() }),
  fc.record({ kind: fc.constant("delete" as const), target: fc.nat() }),
  fc.record({ kind: fc.constant("raise" as const), target: fc.nat() }),
);

type Step =
  | { kind: "add"; shape: number; x: number; at: number }
  | { kind: "move" | "blend" | "delete" | "raise"; target: number; x?: number }
  | { kind: "restyle"; target: number; opacity: number };

function applyStep(store: DocumentStore, s: Step, serial: number, parent = "page"): void {
  const siblings = store.childrenOf(parent);
  store.transact("step", (tx) => {
    if (s.kind === "add") {
      const at = s.at % (siblings.length + 1);
      const index = midKey(siblings[at - 1]?.index ?? null, siblings[at]?.index ?? null);
      tx.put({ ...shape(s.shape, `n${serial}`, s.x, index), parent });
      return;
    }
    const node = siblings[s.target % Math.max(1, siblings.length)];
    if (node === undefined) return;
    if (s.kind === "move") tx.update(node.id, { transform: { ...node.transform, x: s.x ?? 0 } });
    else if (s.kind === "restyle") tx.update(node.id, { opacity: s.opacity });
    else if (s.kind === "blend")
      tx.update(node.id, { blendMode: node.blendMode === "normal" ? "multiply" : "normal" });
    else if (s.kind === "delete") tx.remove(node.id);
    else tx.update(node.id, { index: midKey(siblings.at(-1)!.index, null) });
  });
}

/** Puts group "g" holding `count` shapes g-0… (of `kinds` kinds) on the page, in one commit. */
function addGroup(store: DocumentStore, count: number, kinds: number): void {
  store.transact("add group", (tx) => {
    tx.put(makeNode<GroupNode>("group", "g", "page", "a0", {}));
    let key: string | null = null;
    for (let i = 0; i < count; i += 1) {
      key = generateKeyBetween(key, null);
      tx.put({ ...shape(i % kinds, `g-${i}`, i, key), parent: "g" });
    }
  });
}

/** A key between two siblings' keys (null: an end). */
function midKey(a: string | null, b: string | null): string {
  return generateKeyBetween(a, b);
}

describe("scene renderer", () => {
  it("after any edits draws exactly what a fresh build of the page draws, chunk by chunk", () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 30 }),
        fc.constantFrom(2, 3, 1024),
        (steps, chunkSize) => {
          const store = emptyDocumentStore();
          const live = new SceneRenderer(store, new Container(), () => {}, { chunkSize });
          live.showPage("page");
          steps.forEach((s, i) => applyStep(store, s, i));
          const fresh = new SceneRenderer(store, new Container(), () => {}, { chunkSize });
          fresh.showPage("page");
          // Chunk boundaries may differ (edits keep runs); what is drawn, and its order, may not.
          expect(drawing(live.world)).toEqual(drawing(fresh.world));
          expect(live.displayedCount).toBe(store.childrenOf("page").length);
          live.dispose();
          fresh.dispose();
        },
      ),
      { numRuns: 80 },
    );
  });

  it("after any edits inside a chunked group draws what a fresh build draws", () => {
    const count = MAX_NESTED_BATCHES + 20;
    const store = emptyDocumentStore();
    addGroup(store, count, 3);
    const inside = (renderer: InstanceType<typeof SceneRenderer>) =>
      drawing(renderer.displayOf("g")! as PixiContainer);
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        const edited = new DocumentStore(store.snapshot(), { invariants: KIND_RULES });
        const live = new SceneRenderer(edited, new Container(), () => {}, { chunkSize: 40 });
        live.showPage("page");
        steps.forEach((s, i) => applyStep(edited, s, i, "g"));
        const fresh = new SceneRenderer(edited, new Container(), () => {}, { chunkSize: 40 });
        fresh.showPage("page");
        expect(live.chunkMembersOf("g")).not.toBeNull();
        expect(inside(live)).toEqual(inside(fresh));
        expect(live.displayedCount).toBe(edited.childrenOf("g").length + 1);
        live.dispose();
        fresh.dispose();
      }),
      { numRuns: 12 },
    );
  });

  it("draws shapes in small groups with anti-aliased batch meshes, in the children's order", () => {
    const store = emptyDocumentStore();
    const group = (id: string, index: string, count: number) => {
      store.transact("add", (tx) => {
        tx.put(makeNode<GroupNode>("group", id, "page", index, {}));
        let key: string | null = null;
        for (let i = 0; i < count; i += 1) {
          key = generateKeyBetween(key, null);
          tx.put({ ...shape(0, `${id}-${i}`, i * 40, key), parent: id });
        }
      });
    };
    group("small", "a0", 3);
    group("big", "a1", MAX_NESTED_BATCHES + 1);
    const renderer = new SceneRenderer(store, new Container(), () => {});
    renderer.showPage("page");
    const children = (id: string) => renderer.displayOf(id)!.children.map((c) => c.label);
    expect(renderer.displayOf("small-0")!.children.map((c) => c.label)).toEqual(["batch"]);
    // A big group's children are drawn in chunks, like a page's, with no display objects.
    expect(renderer.displayOf("big-0")).toBeNull();
    expect(renderer.chunkMembersOf("big")!.flat()).toHaveLength(MAX_NESTED_BATCHES + 1);
    expect(renderer.chunkMembersOf("small")).toBeNull();
    expect(children("small")).toEqual(["small-0", "small-1", "small-2"]);
    // Moving the first child to the top re-orders the displays to match.
    const top = (store.get("small-2") as RectNode).index;
    store.transact("raise", (tx) => tx.update("small-0", { index: generateKeyBetween(top, null) }));
    expect(children("small")).toEqual(["small-1", "small-2", "small-0"]);
    renderer.dispose();
  });

  it("chunks a group that grows past the limit and gives its children meshes again under half", () => {
    const store = emptyDocumentStore();
    store.transact("add", (tx) => tx.put(makeNode<GroupNode>("group", "g", "page", "a0", {})));
    const renderer = new SceneRenderer(store, new Container(), () => {}, { chunkSize: 64 });
    renderer.showPage("page");
    const keys: string[] = [];
    let key: string | null = null;
    for (let i = 0; i <= MAX_NESTED_BATCHES; i += 1)
      keys.push((key = generateKeyBetween(key, null)));
    const add = (from: number, to: number) =>
      store.transact("add", (tx) => {
        for (let i = from; i < to; i += 1)
          tx.put({ ...shape(i % 2, `g-${i}`, i * 10, keys[i]!), parent: "g" });
      });
    add(0, MAX_NESTED_BATCHES);
    expect(renderer.chunkMembersOf("g")).toBeNull();
    expect(renderer.displayOf("g-0")!.children.map((c) => c.label)).toEqual(["batch"]);
    add(MAX_NESTED_BATCHES, MAX_NESTED_BATCHES + 1);
    const members = renderer.chunkMembersOf("g")!;
    expect(members.flat()).toEqual(keys.map((_, i) => `g-${i}`));
    expect(members.every((chunk) => chunk.length <= 128)).toBe(true);
    expect(renderer.displayOf("g-0")).toBeNull();
    expect(renderer.displayOf("g")!.children[0]!.label).toBe("chunks");
    expect(renderer.displayedCount).toBe(MAX_NESTED_BATCHES + 2);
    // Down to half: still chunked, so a group near the limit does not switch back and forth.
    store.transact("remove", (tx) => {
      for (let i = MAX_NESTED_BATCHES / 2; i <= MAX_NESTED_BATCHES; i += 1) tx.remove(`g-${i}`);
    });
    expect(renderer.chunkMembersOf("g")!.flat()).toHaveLength(MAX_NESTED_BATCHES / 2);
    store.transact("remove", (tx) => tx.remove(`g-${MAX_NESTED_BATCHES / 2 - 1}`));
    expect(renderer.chunkMembersOf("g")).toBeNull();
    expect(renderer.displayOf("g-0")!.children.map((c) => c.label)).toEqual(["batch"]);
    expect(renderer.displayOf("g")!.children).toHaveLength(MAX_NESTED_BATCHES / 2 - 1);
    expect(renderer.displayedCount).toBe(MAX_NESTED_BATCHES / 2);
    renderer.dispose();
  });

  it("edits inside a chunked group rebuild what a fresh build draws", () => {
    const store = emptyDocumentStore();
    const count = MAX_NESTED_BATCHES + 40;
    addGroup(store, count, 3);
    const live = new SceneRenderer(store, new Container(), () => {}, { chunkSize: 50 });
    live.showPage("page");
    const children = store.childrenOf("g");
    store.transact("edit", (tx) => {
      tx.update("g-3", { opacity: 0.5 });
      tx.update("g-7", { blendMode: "multiply" });
      tx.remove("g-100");
      tx.update("g-5", { index: generateKeyBetween(children.at(-1)!.index, null) });
    });
    const fresh = new SceneRenderer(store, new Container(), () => {}, { chunkSize: 50 });
    fresh.showPage("page");
    const inside = (renderer: InstanceType<typeof SceneRenderer>) =>
      drawing(renderer.displayOf("g")! as PixiContainer);
    expect(inside(live).length).toBeGreaterThan(count);
    expect(inside(live)).toEqual(inside(fresh));
    live.dispose();
    fresh.dispose();
  });

  it("when lazy, builds nothing until a cull and then only the chunks it asks for", () => {
    const store = rowOf(10);
    const renderer = new SceneRenderer(store, new Container(), () => {}, {
      chunkSize: 3,
      lazy: true,
    });
    renderer.showPage("page");
    expect(renderer.chunkStats).toEqual({
      chunks: 4,
      drawn: 0,
      builds: 0,
      patches: 0,
      batchedShapesDrawn: 0,
    });
    renderer.cullTo(["s4"]);
    // The chunk s3–s5 is drawn, and of it only s4 reaches the GPU.
    expect(renderer.chunkStats).toEqual({
      chunks: 4,
      drawn: 1,
      builds: 1,
      patches: 0,
      batchedShapesDrawn: 1,
    });
    expect(renderer.chunkMembers()[1]).toEqual(["s3", "s4", "s5"]);
    // An edit of a node in an unbuilt chunk builds it: it may have moved into view.
    store.transact("move", (tx) => tx.update("s9", { opacity: 0.5 }));
    expect(renderer.chunkStats).toEqual({
      chunks: 4,
      drawn: 2,
      builds: 2,
      patches: 0,
      batchedShapesDrawn: 2,
    });
    renderer.uncullAll();
    expect(renderer.chunkStats).toEqual({
      chunks: 4,
      drawn: 4,
      builds: 4,
      patches: 0,
      batchedShapesDrawn: 10,
    });
    renderer.dispose();
  });

  it("a commit of thousands of nodes asks for a cull instead of building them all", () => {
    const store = emptyDocumentStore();
    const renderer = new SceneRenderer(store, new Container(), () => {}, { lazy: true });
    renderer.showPage("page");
    renderer.cullTo([]);
    const count = MAX_HONEST_CHANGES + 1;
    addGroup(store, count, 2);
    expect(renderer.wantsCull).toBe(true);
    expect(renderer.chunkStats.drawn).toBe(0);
    renderer.cullTo(["g-5"]);
    expect(renderer.wantsCull).toBe(false);
    // The page's chunk holding the group, and the group's chunk holding g-5.
    expect(renderer.chunkStats.drawn).toBe(2);
    expect(renderer.chunkStats.batchedShapesDrawn).toBe(1);
    renderer.dispose();
  });

  it("rebuilds for a new zoom bucket once the zoom has stopped moving, not halfway through", () => {
    vi.useFakeTimers();
    try {
      const store = emptyDocumentStore();
      // A dashed ellipse: its geometry depends on the zoom.
      store.transact("add", (tx) => tx.put(shape(1, "e", 0, "a0")));
      const renderer = new SceneRenderer(store, new Container(), () => {});
      renderer.showPage("page");
      const builds = () => renderer.chunkStats.builds;
      const before = builds();
      renderer.setZoom(0.5);
      vi.advanceTimersByTime(ZOOM_SETTLE_MS - 50);
      // Still zooming, within the new bucket: the wait starts again.
      renderer.setZoom(0.45);
      vi.advanceTimersByTime(ZOOM_SETTLE_MS - 50);
      expect(builds()).toBe(before);
      vi.advanceTimersByTime(50);
      expect(builds()).toBe(before + 1);
      renderer.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it("zoomed far out draws chunks from textures, and zoomed back in draws them live as render groups", () => {
    vi.useFakeTimers();
    try {
      const store = rowOf(6);
      const renderer = new SceneRenderer(store, new Container(), () => {}, { chunkSize: 3 });
      renderer.showPage("page");
      const chunkGroups = () => renderer.world.children.flatMap((list) => list.children);
      renderer.setZoom(0.1);
      vi.advanceTimersByTime(ZOOM_SETTLE_MS);
      expect(chunkGroups().map((group) => group.isCachedAsTexture)).toEqual([true, true]);
      // Zooming out further renders them again for the new bucket.
      renderer.setZoom(0.05);
      expect(chunkGroups().map((group) => group.isCachedAsTexture)).toEqual([true, true]);
      renderer.setZoom(1);
      expect(chunkGroups().map((group) => group.isCachedAsTexture)).toEqual([false, false]);
      // Still render groups of their own, so an edit inside one rebuilds only it.
      expect(chunkGroups().map((group) => group.isRenderGroup)).toEqual([true, true]);
      renderer.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it("zooming out into the cached zooms draws chunks from textures at once, rendered again for each bucket passed out and kept zooming in until the zoom settles", () => {
    vi.useFakeTimers();
    try {
      const store = rowOf(6);
      const renderer = new SceneRenderer(store, new Container(), () => {}, { chunkSize: 3 });
      renderer.showPage("page");
      const chunkGroups = () => renderer.world.children.flatMap((list) => list.children);
      const resolutions = () =>
        chunkGroups().map((group) =>
          group.isCachedAsTexture ? group.renderGroup!.textureOptions.resolution : 0,
        );
      // No time passes: each step is a zoom still under way.
      renderer.setZoom(0.2);
      expect(resolutions()).toEqual([0.25, 0.25]);
      renderer.setZoom(0.1);
      expect(resolutions()).toEqual([0.125, 0.125]);
      // Zooming back in within the cached zooms keeps the finer-grained texture drawn magnified.
      renderer.setZoom(0.2);
      expect(resolutions()).toEqual([0.125, 0.125]);
      vi.advanceTimersByTime(ZOOM_SETTLE_MS);
      expect(resolutions()).toEqual([0.25, 0.25]);
      renderer.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it("draws far-zoom chunks live while texture caches are off, and from textures once on again", () => {
    vi.useFakeTimers();
    try {
      const store = rowOf(6);
      const renderer = new SceneRenderer(store, new Container(), () => {}, {
        chunkSize: 3,
        textureCaches: false,
      });
      renderer.showPage("page");
      const chunkGroups = () => renderer.world.children.flatMap((list) => list.children);
      renderer.setZoom(0.1);
      vi.advanceTimersByTime(ZOOM_SETTLE_MS);
      expect(chunkGroups().map((group) => group.isCachedAsTexture)).toEqual([false, false]);
      renderer.setTextureCaches(true);
      expect(chunkGroups().map((group) => group.isCachedAsTexture)).toEqual([true, true]);
      renderer.setTextureCaches(false);
      expect(chunkGroups().map((group) => group.isCachedAsTexture)).toEqual([false, false]);
      expect(chunkGroups().map((group) => group.isRenderGroup)).toEqual([true, true]);
      renderer.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it("is not resting while a picture is still being decoded", () => {
    const store = rowOf(2);
    const source = { decoding: true, load: () => {}, dispose: () => {} };
    const renderer = new SceneRenderer(store, new Container(), () => {}, { images: source });
    renderer.showPage("page");
    expect(renderer.resting).toBe(false);
    source.decoding = false;
    expect(renderer.resting).toBe(true);
    renderer.dispose();
  });

  it("asks for the backdrop only while the page holds a blend mode that reads it", () => {
    const store = emptyDocumentStore();
    store.transact("add", (tx) => tx.put(shape(0, "r", 0, "a0")));
    const told: boolean[] = [];
    const renderer = new SceneRenderer(store, new Container(), () => {}, {
      onBackdropNeeded: (needed) => told.push(needed),
    });
    renderer.showPage("page");
    // Screen is GPU blending, exact over any backdrop; multiply is a filter (GPU multiply drops
    // the top colour where the backdrop is transparent, as inside a group drawn as a layer).
    store.transact("screen", (tx) => tx.update("r", { blendMode: "screen" }));
    expect(told).toEqual([]);
    store.transact("multiply", (tx) => tx.update("r", { blendMode: "multiply" }));
    expect(told).toEqual([true]);
    store.transact("overlay", (tx) => tx.update("r", { blendMode: "overlay" }));
    expect(told).toEqual([true]);
    store.transact("delete", (tx) => tx.remove("r"));
    expect(told).toEqual([true, false]);
    renderer.dispose();
  });

  it("builds geometry per power-of-two zoom bucket: finer curves zoomed in, cheaper strokes zoomed out", () => {
    expect(detailForZoom(1)).toEqual({ step: 4, pixelsPerUnit: 1 });
    expect(detailForZoom(1.3)).toEqual(detailForZoom(1));
    expect(detailForZoom(8).step).toBe(0.5);
    expect(detailForZoom(0.1).pixelsPerUnit).toBe(0.125);
    // Curves cut no coarser than at a quarter.
    expect(detailForZoom(0.02).step).toBe(16);
    expect(detailForZoom(1000).pixelsPerUnit).toBe(256);
  });
});
