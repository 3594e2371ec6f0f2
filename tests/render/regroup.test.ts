import { beforeAll, describe, expect, it } from "vitest";
import { invertPatch, type Patch } from "../../src/doc/patch";
import type { DocumentStore } from "../../src/doc/store";
import type { GroupNode, RectNode } from "../../src/doc/types";
import type * as Renderer from "../../src/render/sceneRenderer";
import { makeNode } from "../../src/shapes/makeNode";
import type { Container as PixiContainer, Text as PixiText } from "pixi.js";
import { boxesPage as layOutBoxes } from "./support/texts";
import { testFrames } from "./support/frames";

let SceneRenderer: typeof Renderer.SceneRenderer;
let MAX_NESTED_BATCHES: number;
let Container: typeof PixiContainer;
let Text: typeof PixiText;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ SceneRenderer, MAX_NESTED_BATCHES } = await import("../../src/render/sceneRenderer"));
  ({ Container, Text } = await import("pixi.js"));
  const headless = await import("./support/headlessPixi");
  headless.allowShadersWithoutCanvas();
  headless.measureTextWithoutCanvas();
});
type SceneRendererT = InstanceType<typeof SceneRenderer>;

/** A page of `count` boxes twenty to a row, each labelled with its number if `labelled`. */
function boxesPage(count: number, labelled: boolean): DocumentStore {
  return layOutBoxes(count, labelled, {
    width: 60,
    height: 30,
    perRow: 20,
    pitchX: 70,
    pitchY: 45,
  });
}

/** Ctrl+G of every box on the page into group `g`; returns its patch, for undo and redo. */
function groupAll(store: DocumentStore): Patch {
  const boxes = store.childrenOf("page");
  let patch: Patch | null = null;
  const stop = store.subscribe((commit) => (patch = commit.patch));
  store.transact("group", (tx) => {
    tx.put({ ...makeNode<GroupNode>("group", "g", "page", "a0", {}), type: "group" });
    for (const box of boxes) tx.put({ ...box, parent: "g" });
  });
  stop();
  return patch!;
}

/** Ctrl+Shift+G of group `g`: the group goes first in its patch, its children after. */
function ungroup(store: DocumentStore): void {
  const boxes = store.childrenOf("g");
  store.transact("ungroup", (tx) => {
    tx.remove("g");
    for (const box of boxes) tx.put({ ...box, parent: "page" });
  });
}

/**
 * What a frame would show: the boxes drawn (by a chunk's batch or a display object of their
 * own) and their words let in to be drawn, each reached through objects neither hidden nor culled.
 */
function onScreen(renderer: SceneRendererT, count: number): { boxes: number; words: number } {
  let words = 0;
  const walk = (object: PixiContainer) => {
    for (const child of object.children) {
      if (!child.visible || child.culled) continue;
      if (child instanceof Text) {
        if (child.renderable) words += 1;
      } else walk(child);
    }
  };
  walk(renderer.world);
  const batched = renderer.chunkStats.batchedShapesDrawn;
  let own = 0;
  for (let i = 0; i < count; i += 1) {
    const object = renderer.displayOf(`r${i}`);
    if (object === null) continue;
    // A mesh of its own: "batch" in a small group, "shape" where the batch cannot draw it.
    let shown = object.children.some((child) => child.label === "shape" || child.label === "batch");
    for (let at: PixiContainer | null = object; shown && at !== null; at = at.parent)
      if (!at.visible || at.culled) shown = false;
    // Reached from the world, not left out of it.
    let reached = false;
    for (let at: PixiContainer | null = object; at !== null; at = at.parent)
      if (at === renderer.world) reached = true;
    if (shown && reached) own += 1;
  }
  return { boxes: batched + own, words };
}

/**
 * Whether frames are still to fill something in: chunks or shapes near the view, or words. (Not
 * `resting`: commits this close together count as live edits, which settle on a timer.)
 */
function busy(renderer: SceneRendererT): boolean {
  return renderer.building || renderer.textsWaiting > 0;
}

/** A renderer that builds in slices, as in the app, with frames the test draws. */
function slicedRenderer(store: DocumentStore) {
  const { hooks, frame } = testFrames();
  let now = 0;
  const renderer = new SceneRenderer(store, new Container(), () => {}, {
    renderHooks: hooks,
    buildSliceMs: 8,
    clock: () => (now += 1),
  });
  renderer.showPage("page");
  /** One display frame: a build slice if any is left, then drawing. */
  const nextFrame = () => {
    if (renderer.building) renderer.continueBuilds();
    frame()!.before();
    frame()!.after();
  };
  return { renderer, nextFrame };
}

/**
 * What the commit just made and each frame after it until everything rests show that is not
 * `all`; checks that no word was held back as new in the commit's own task.
 */
function framesAfter(
  renderer: SceneRendererT,
  nextFrame: () => void,
  count: number,
  all: { boxes: number; words: number },
): { boxes: number; words: number }[] {
  const seen = [onScreen(renderer, count)];
  expect(renderer.textsWaiting).toBe(0);
  for (let i = 0; i < 1000 && busy(renderer); i += 1) {
    nextFrame();
    seen.push(onScreen(renderer, count));
  }
  expect(busy(renderer)).toBe(false);
  return seen.filter((frame) => frame.boxes !== all.boxes || frame.words !== all.words);
}

describe("grouping and ungrouping more shapes than a small group holds", () => {
  it.each([
    [300, true],
    [1000, false],
  ])(
    "%i boxes (labelled: %s) stay on screen in every frame, old words are not held back as new",
    (count, labelled) => {
      // Past the size that gives a group chunks of its own.
      expect(count).toBeGreaterThan(MAX_NESTED_BATCHES);
      const store = boxesPage(count, labelled);
      const { renderer, nextFrame } = slicedRenderer(store);
      for (let i = 0; i < 1000 && busy(renderer); i += 1) nextFrame();
      const all = { boxes: count, words: labelled ? count : 0 };
      expect(onScreen(renderer, count)).toEqual(all);
      let grouping: Patch | null = null;
      const steps: [string, () => void][] = [
        ["group", () => (grouping = groupAll(store))],
        ["undo", () => store.apply(invertPatch(grouping!), "undo", "group")],
        ["redo", () => store.apply(grouping!, "redo", "group")],
        ["ungroup", () => ungroup(store)],
      ];
      for (const [name, commit] of steps) {
        commit();
        expect(framesAfter(renderer, nextFrame, count, all), name).toEqual([]);
      }
      expect(renderer.chunkMembersOf("g")).toBeNull();
      renderer.dispose();
    },
  );

  it.each([true, false])(
    "a group grown past the size for chunks and shrunk back keeps its shapes on screen (labelled: %s)",
    (labelled) => {
      const count = 300;
      const store = boxesPage(count, labelled);
      const boxes = store.childrenOf("page");
      store.transact("group", (tx) => {
        tx.put({ ...makeNode<GroupNode>("group", "g", "page", "a0", {}), type: "group" });
        for (const box of boxes.slice(0, 100)) tx.put({ ...box, parent: "g" });
      });
      const { renderer, nextFrame } = slicedRenderer(store);
      for (let i = 0; i < 1000 && busy(renderer); i += 1) nextFrame();
      const all = { boxes: count, words: labelled ? count : 0 };
      expect(onScreen(renderer, count)).toEqual(all);
      expect(renderer.chunkMembersOf("g")).toBeNull();
      const rest = boxes.slice(100).map((box) => store.get(box.id) as RectNode);
      store.transact("into the group", (tx) => {
        for (const box of rest) tx.put({ ...box, parent: "g" });
      });
      expect(renderer.chunkMembersOf("g")).not.toBeNull();
      expect(framesAfter(renderer, nextFrame, count, all)).toEqual([]);
      store.transact("out of the group", (tx) => {
        for (const box of rest) tx.put({ ...box, parent: "page" });
      });
      expect(renderer.chunkMembersOf("g")).toBeNull();
      expect(framesAfter(renderer, nextFrame, count, all)).toEqual([]);
      renderer.dispose();
    },
  );
});

describe("shapes only moved", () => {
  it("keep their drawing where their scale is the same, and are drawn again where it is not", () => {
    const store = boxesPage(20, true);
    store.transact("groups", (tx) => {
      tx.put({ ...makeNode<GroupNode>("group", "plain", "page", "Zx", {}), type: "group" });
      const scaled = makeNode<GroupNode>("group", "scaled", "page", "Zy", {});
      tx.put({
        ...scaled,
        type: "group",
        transform: { ...scaled.transform, scaleX: 2, scaleY: 2 },
      });
    });
    const { renderer, nextFrame } = slicedRenderer(store);
    for (let i = 0; i < 1000 && busy(renderer); i += 1) nextFrame();
    const meshOf = (id: string) =>
      renderer.displayOf(id)!.children.find((child) => child.label === "shape")!;
    const before = ["r0", "r1"].map(meshOf);
    store.transact("into groups", (tx) => {
      tx.put({ ...(store.get("r0") as RectNode), parent: "plain" });
      tx.put({ ...(store.get("r1") as RectNode), parent: "scaled" });
    });
    expect(meshOf("r0")).toBe(before[0]);
    expect(renderer.displayOf("r0")!.parent).toBe(renderer.displayOf("plain")!);
    // Twice the size on screen: its curves and its words' glyphs are made for that.
    expect(meshOf("r1")).not.toBe(before[1]);
    renderer.dispose();
  });
});
