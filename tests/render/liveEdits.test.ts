import { generateKeyBetween } from "fractional-indexing";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { DocumentStore } from "../../src/doc/store";
import type { DocRecord, LineNode, LineRoute, RectNode, SceneNode } from "../../src/doc/types";
import { BindingFollower } from "../../src/editing/bindingFollower";
import type { Container as PixiContainer } from "pixi.js";
import type * as Renderer from "../../src/render/sceneRenderer";
import { emptyDocumentStore } from "../support/store";
import { drawing } from "./support/drawing";
import { KIND_RULES } from "../../src/shapes/registry";

let SceneRenderer: typeof Renderer.SceneRenderer;
let LIVE_SETTLE_MS: number;
let Container: typeof PixiContainer;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ SceneRenderer, LIVE_SETTLE_MS } = await import("../../src/render/sceneRenderer"));
  ({ Container } = await import("pixi.js"));
  (await import("./support/headlessPixi")).allowShadersWithoutCanvas();
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A gesture source like `History`: open between `begin` and `end`. */
function gestureSource() {
  const listeners = new Set<() => void>();
  const source = {
    inGesture: false,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    begin() {
      source.inGesture = true;
      for (const listener of listeners) listener();
    },
    end() {
      source.inGesture = false;
      for (const listener of listeners) listener();
    },
  };
  return source;
}

function box(id: string, x: number, y: number, index: string): RectNode {
  const node = makeNode<RectNode>("rect", id, "page", index, {
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
    width: 40,
    height: 30,
    radii: [0, 0, 0, 0],
  });
  return { ...node, transform: { ...node.transform, x, y } };
}

interface Scene {
  readonly lines: number;
  /** Other shapes between each line and the next, in the page's order. */
  readonly between: number;
  readonly route?: LineRoute;
}

/**
 * A hub box drawn last, `lines` leaf boxes round it each joined to it by a bound line, and
 * `between` unrelated boxes on a grid before each leaf: the lines are spread over the page's
 * order, so over every chunk.
 */
function diagram({ lines, between, route = "straight" }: Scene): DocRecord[] {
  const nodes: SceneNode[] = [];
  let key: string | null = null;
  const next = () => (key = generateKeyBetween(key, null));
  let grid = 0;
  for (let i = 0; i < lines; i += 1) {
    for (let k = 0; k < between; k += 1, grid += 1)
      nodes.push(box(`s${grid}`, (grid % 30) * 60, Math.floor(grid / 30) * 50, next()));
    const angle = (i / lines) * Math.PI * 2;
    const x = 500 + Math.cos(angle) * 300;
    const y = 400 + Math.sin(angle) * 300;
    nodes.push(box(`leaf${i}`, x - 20, y - 15, next()));
    nodes.push(
      makeNode<LineNode>("line", `line${i}`, "page", next(), {
        fill: { type: "none" },
        stroke: DEFAULT_STROKE,
        start: { x: 500, y: 400 },
        end: { x, y },
        startHead: "none",
        endHead: "triangle",
        startBinding: { node: "hub", anchor: { x: 0.5, y: 0.5 }, exact: false },
        endBinding: { node: `leaf${i}`, anchor: { x: 0.5, y: 0.5 }, exact: false },
        route,
        bend: route === "curved" ? 40 : 0.5,
      }),
    );
  }
  nodes.push(box("hub", 480, 385, next()));
  return [...emptyDocumentStore().snapshot(), ...nodes];
}

/** Moves the hub by (dx, dy); its lines follow in the same commit, as in a drag. */
function moveHub(store: DocumentStore, dx: number, dy: number): void {
  store.transact("Move", (tx) => {
    const hub = tx.get("hub") as RectNode;
    tx.put({
      ...hub,
      transform: { ...hub.transform, x: hub.transform.x + dx, y: hub.transform.y + dy },
    });
  });
}

function setUp(scene: Scene, chunkSize: number) {
  const store = new DocumentStore(diagram(scene), { invariants: KIND_RULES });
  const follower = new BindingFollower(store, store);
  const gestures = gestureSource();
  const renderer = new SceneRenderer(store, new Container(), () => {}, { chunkSize, gestures });
  renderer.showPage("page");
  // The first edits after loading are not a burst of edits: time has passed.
  vi.advanceTimersByTime(LIVE_SETTLE_MS * 2);
  const fresh = () => {
    const other = new SceneRenderer(store, new Container(), () => {}, { chunkSize });
    other.showPage("page");
    const drawn = drawing(other.world);
    other.dispose();
    return drawn;
  };
  const chunksWithLines = renderer
    .chunkMembers()
    .filter((ids) => ids.some((id) => id.startsWith("line") || id === "hub")).length;
  const dispose = () => {
    renderer.dispose();
    follower.dispose();
  };
  return { store, gestures, renderer, fresh, chunksWithLines, dispose };
}

describe("live edits", () => {
  it("a drag moving lines spread over every chunk rewrites them in place: no chunk is built after its first step", () => {
    const lines = 24;
    const { store, gestures, renderer, fresh, chunksWithLines, dispose } = setUp(
      { lines, between: 14 },
      16,
    );
    expect(renderer.chunkStats.chunks).toBeGreaterThan(20);
    expect(chunksWithLines).toBeGreaterThan(20);
    gestures.begin();
    const before = renderer.chunkStats;
    moveHub(store, 3, 1);
    // The first step builds each chunk holding a moved line once, giving the lines slots.
    const first = renderer.chunkStats;
    expect(first.builds - before.builds).toBeLessThanOrEqual(chunksWithLines);
    for (let step = 0; step < 10; step += 1) {
      const was = renderer.chunkStats;
      moveHub(store, 3, 1);
      const now = renderer.chunkStats;
      // Per step: the lines and the hub, each rewritten in its slot; no chunk built.
      expect(now.builds).toBe(was.builds);
      expect(now.patches - was.patches).toBe(lines + 1);
    }
    expect(drawing(renderer.world)).toEqual(fresh());
    // The drag ends: what is drawn does not change.
    const during = drawing(renderer.world);
    gestures.end();
    vi.advanceTimersByTime(LIVE_SETTLE_MS);
    expect(drawing(renderer.world)).toEqual(during);
    // A second drag of the same hub rewrites in place what the first left in slots: only chunks
    // built again the ordinary way when it settled (cheaper to draw that way) are built.
    gestures.begin();
    const again = renderer.chunkStats;
    moveHub(store, -5, 2);
    expect(renderer.chunkStats.builds - again.builds).toBeLessThan(first.builds - before.builds);
    expect(renderer.chunkStats.patches - again.patches).toBeGreaterThan(0);
    gestures.end();
    dispose();
  });

  it("the work of a drag step is the lines moved, however many chunks they are spread over", () => {
    const perStep = (between: number) => {
      const { store, gestures, renderer, dispose } = setUp({ lines: 12, between }, 8);
      gestures.begin();
      moveHub(store, 2, 2);
      const was = renderer.chunkStats;
      for (let step = 0; step < 5; step += 1) moveHub(store, 2, 2);
      const now = renderer.chunkStats;
      const chunks = now.chunks;
      gestures.end();
      dispose();
      return { chunks, builds: now.builds - was.builds, patches: (now.patches - was.patches) / 5 };
    };
    const few = perStep(0);
    const many = perStep(40);
    expect(many.chunks).toBeGreaterThan(few.chunks * 10);
    expect(few).toMatchObject({ builds: 0, patches: 13 });
    expect(many).toMatchObject({ builds: 0, patches: 13 });
  });

  it.each(["curved", "elbow"] as const)(
    "%s lines whose geometry grows and shrinks draw what a fresh build draws at every step",
    (route) => {
      const { store, gestures, renderer, fresh, chunksWithLines, dispose } = setUp(
        { lines: 10, between: 6, route },
        8,
      );
      gestures.begin();
      const before = renderer.chunkStats.builds;
      // Far and back: curves get longer (more segments), elbows change their turns.
      const moves = [
        [200, 0],
        [150, 120],
        [-400, -60],
        [0, -300],
        [60, 20],
      ] as const;
      for (const [dx, dy] of moves) {
        moveHub(store, dx, dy);
        expect(drawing(renderer.world)).toEqual(fresh());
      }
      // A slot outgrown is built again with room to spare, not at every step.
      expect(renderer.chunkStats.builds - before).toBeLessThanOrEqual(chunksWithLines * 3);
      gestures.end();
      vi.advanceTimersByTime(LIVE_SETTLE_MS);
      expect(drawing(renderer.world)).toEqual(fresh());
      dispose();
    },
  );

  it("edits following each other quickly are live without a gesture, and settle once they stop", () => {
    const { store, renderer, fresh, dispose } = setUp({ lines: 6, between: 10 }, 8);
    // One edit on its own is built the ordinary way.
    moveHub(store, 1, 0);
    vi.advanceTimersByTime(LIVE_SETTLE_MS * 2);
    const alone = renderer.chunkStats.patches;
    moveHub(store, 1, 0);
    expect(renderer.chunkStats.patches).toBe(alone);
    // Nudges in quick succession: from the second on, rewritten in place.
    vi.advanceTimersByTime(20);
    moveHub(store, 1, 0);
    const built = renderer.chunkStats.builds;
    for (let step = 0; step < 4; step += 1) {
      vi.advanceTimersByTime(20);
      moveHub(store, 1, 0);
    }
    expect(renderer.chunkStats.builds).toBe(built);
    expect(renderer.chunkStats.patches - alone).toBeGreaterThanOrEqual(4 * 7);
    vi.advanceTimersByTime(LIVE_SETTLE_MS);
    expect(drawing(renderer.world)).toEqual(fresh());
    dispose();
  });

  it("a chunk drawn from a texture far out is drawn live while its members move, and cached again after", () => {
    const { store, gestures, renderer, dispose } = setUp({ lines: 6, between: 4 }, 8);
    const groups = () => renderer.world.children.flatMap((list) => list.children);
    renderer.setZoom(0.1);
    vi.advanceTimersByTime(LIVE_SETTLE_MS * 2);
    expect(groups().every((group) => group.isCachedAsTexture)).toBe(true);
    gestures.begin();
    for (let step = 0; step < 3; step += 1) moveHub(store, 4, 4);
    const holding = renderer
      .chunkMembers()
      .map((ids) => ids.some((id) => id.startsWith("line") || id === "hub"));
    expect(groups().map((group) => group.isCachedAsTexture)).toEqual(holding.map((h) => !h));
    gestures.end();
    vi.advanceTimersByTime(LIVE_SETTLE_MS);
    expect(groups().every((group) => group.isCachedAsTexture)).toBe(true);
    dispose();
  });
});
