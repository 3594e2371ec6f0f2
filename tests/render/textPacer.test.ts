import { beforeAll, describe, expect, it } from "vitest";
import type { RectNode } from "../../src/doc/types";
import type * as Renderer from "../../src/render/sceneRenderer";
import { TEXTS_PER_FRAME, TextPacer } from "../../src/render/textPacer";
import type { Container as PixiContainer, Text as PixiText } from "pixi.js";
import type { emptyDocumentStore } from "../support/store";
import { boxesPage, textsPage } from "./support/texts";
import { testFrames } from "./support/frames";

let SceneRenderer: typeof Renderer.SceneRenderer;
let Container: typeof PixiContainer;
let Text: typeof PixiText;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ SceneRenderer } = await import("../../src/render/sceneRenderer"));
  ({ Container, Text } = await import("pixi.js"));
  const headless = await import("./support/headlessPixi");
  headless.allowShadersWithoutCanvas();
  headless.measureTextWithoutCanvas();
});

/** Stand-ins for texts: what the pacer touches of them. */
function texts(count: number): { renderable: boolean; destroyed: boolean }[] {
  return Array.from({ length: count }, () => ({ renderable: true, destroyed: false }));
}

describe("texts drawn for the first time, a frame's worth at a time", () => {
  it("lets in a frame's worth, holds back the rest and lets them in over the next frames, in order", () => {
    let asked = 0;
    const pacer = new TextPacer(() => (asked += 1), 3);
    const set = texts(8);
    for (const text of set) pacer.admit(text as never);
    expect(set.map((t) => t.renderable)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(pacer.waitingCount).toBe(5);
    pacer.beforeRender();
    pacer.afterRender();
    expect(asked).toBe(1);
    pacer.beforeRender();
    expect(set.map((t) => t.renderable)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    pacer.afterRender();
    // A text gone meanwhile takes no room.
    set[6]!.destroyed = true;
    pacer.beforeRender();
    expect(set[7]!.renderable).toBe(true);
    expect(pacer.waitingCount).toBe(0);
    pacer.afterRender();
    expect(asked).toBe(2);
  });

  it("lets everything in when told to", () => {
    const pacer = new TextPacer(() => {}, 1);
    const set = texts(4);
    for (const text of set) pacer.admit(text as never);
    pacer.releaseAll();
    expect(set.every((t) => t.renderable)).toBe(true);
    expect(pacer.waitingCount).toBe(0);
  });
});

/** A page of `count` rectangles, each labelled with its number, ten to a row. */
function labelledBoxes(count: number) {
  return boxesPage(count, true, { width: 80, height: 40, perRow: 10, pitchX: 100, pitchY: 60 });
}

/** A renderer of `store`'s page with frames the test draws, and its labels' words. */
function framedRenderer(store: ReturnType<typeof emptyDocumentStore>) {
  const { hooks, frame } = testFrames();
  let invalidated = 0;
  const renderer = new SceneRenderer(store, new Container(), () => (invalidated += 1), {
    renderHooks: hooks,
  });
  renderer.showPage("page");
  const words = () => {
    const out: boolean[] = [];
    const walk = (object: PixiContainer) => {
      for (const child of object.children) {
        if (child instanceof Text) out.push(child.renderable);
        else walk(child);
      }
    };
    walk(renderer.world);
    return out;
  };
  return {
    renderer,
    words,
    shown: () => words().filter(Boolean).length,
    frame,
    invalidated: () => invalidated,
  };
}

describe("a renderer given its frames", () => {
  it("draws a page of labelled boxes' words over frames, no more new ones a frame than allowed, and rests once all show", () => {
    const count = TEXTS_PER_FRAME * 3 + 5;
    const { renderer, words, shown, frame, invalidated } = framedRenderer(labelledBoxes(count));
    expect(words()).toHaveLength(count);
    expect(shown()).toBe(TEXTS_PER_FRAME);
    expect(renderer.textsWaiting).toBe(count - TEXTS_PER_FRAME);
    expect(renderer.resting).toBe(false);
    const perFrame: number[] = [];
    for (let i = 0; i < 10 && renderer.textsWaiting > 0; i += 1) {
      const before = shown();
      const wanted = invalidated();
      frame()!.after();
      expect(invalidated()).toBe(wanted + 1);
      frame()!.before();
      perFrame.push(shown() - before);
    }
    expect(perFrame).toEqual([TEXTS_PER_FRAME, TEXTS_PER_FRAME, 5]);
    expect(shown()).toBe(count);
    expect(renderer.resting).toBe(true);
    renderer.dispose();
    expect(frame()).toBeNull();
  });

  it("gives a frame's room to the texts still there, not to those deleted while they waited", () => {
    const count = 100;
    const store = textsPage(count, (i) => ({ x: (i % 10) * 100, y: Math.floor(i / 10) * 60 }));
    const { renderer, shown, frame } = framedRenderer(store);
    expect(shown()).toBe(TEXTS_PER_FRAME);
    frame()!.after();
    // The 32 shown and the next 28, which wait, go: the 40 left all wait.
    store.transact("delete", (tx) => {
      for (let i = 0; i < 60; i += 1) tx.remove(`t${i}`);
    });
    expect(shown()).toBe(0);
    frame()!.before();
    expect(shown()).toBe(TEXTS_PER_FRAME);
    frame()!.after();
    frame()!.before();
    expect(shown()).toBe(count - 60);
    expect(renderer.textsWaiting).toBe(0);
    renderer.dispose();
  });

  it("keeps showing words drawn before, redrawn as they were (a drag) or set anew, and holds back new labels", () => {
    const count = TEXTS_PER_FRAME + 8;
    const store = labelledBoxes(count);
    const { renderer, shown, frame } = framedRenderer(store);
    for (let i = 0; i < 10 && renderer.textsWaiting > 0; i += 1) {
      frame()!.after();
      frame()!.before();
    }
    expect(shown()).toBe(count);
    frame()!.after();
    const boxes = () => store.childrenOf("page") as RectNode[];
    // One step of a drag: every box moves, its words stay as they were.
    store.transact("move", (tx) => {
      for (const box of boxes())
        tx.put({ ...box, transform: { ...box.transform, x: box.transform.x + 5 } });
    });
    expect(shown()).toBe(count);
    expect(renderer.textsWaiting).toBe(0);
    // New words on shown labels (as a settled zoom sets every label's glyphs anew): held back,
    // the labels past a frame's room would vanish until their turn, so all are drawn at once.
    store.transact("rename", (tx) => {
      for (const box of boxes())
        tx.put({ ...box, label: { ...box.label!, content: `${box.label!.content}!` } });
    });
    expect(shown()).toBe(count);
    expect(renderer.textsWaiting).toBe(0);
    // New labels still wait their turn, in the next frame.
    frame()!.after();
    store.transact("add", (tx) => {
      for (const box of boxes())
        tx.put({
          ...box,
          id: `${box.id}-copy`,
          index: `${box.index}V`,
          label: { ...box.label!, content: "Copy" },
        });
    });
    expect(shown()).toBe(count + TEXTS_PER_FRAME);
    expect(renderer.textsWaiting).toBe(count - TEXTS_PER_FRAME);
    renderer.dispose();
  });
});
