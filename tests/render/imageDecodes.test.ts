import type { Texture } from "pixi.js";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DocumentStore } from "../../src/doc/store";
import type { BlobRecord, ImageNode } from "../../src/doc/types";
import type * as Images from "../../src/render/images";

let blobTextureSource: typeof Images.blobTextureSource;
let DECODE_START_BUDGET_MS: number;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ blobTextureSource, DECODE_START_BUDGET_MS } = await import("../../src/render/images"));
});

/** Pictures on a board, each its own blob, and a clock that each decode started moves on 1 ms. */
function board(count: number) {
  const blobs = new Map<string, BlobRecord>();
  for (let i = 0; i < count; i++)
    blobs.set(`b${i}`, { id: `b${i}`, type: "blob", mime: "image/png", data: `AAA${i}` });
  const store = { get: (id: string) => blobs.get(id) } as unknown as DocumentStore;
  let now = 0;
  const started: string[] = [];
  const textures = new Map<string, Texture>();
  const turns: Array<() => void> = [];
  const source = blobTextureSource(store, {
    decode: (_mime, data) => {
      now += 1;
      started.push(data);
      const texture = { destroy: vi.fn(), label: data } as unknown as Texture;
      textures.set(data, texture);
      return Promise.resolve(texture);
    },
    clock: () => now,
    later: (then) => turns.push(then),
  });
  const image = (i: number) => ({ blob: `b${i}` }) as ImageNode;
  /** Runs the next task the source asked for; returns how many decodes it started. */
  const nextTurn = (): number => {
    const before = started.length;
    turns.shift()?.();
    return started.length - before;
  };
  return { source, image, started, textures, turns, nextTurn };
}

describe("decoding a document's pictures", () => {
  it("starts a few decodes a task, in the order asked for, until all are started", async () => {
    const { source, image, started, turns, nextTurn } = board(50);
    const shown: string[] = [];
    for (let i = 0; i < 50; i++)
      source.load(image(i), (texture) => shown.push((texture as { label?: string }).label!));
    expect(started).toEqual([]);
    expect(source.decoding).toBe(true);
    const perTurn: number[] = [];
    while (turns.length > 0) perTurn.push(nextTurn());
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(DECODE_START_BUDGET_MS);
    expect(perTurn.length).toBeGreaterThanOrEqual(50 / DECODE_START_BUDGET_MS);
    expect(started).toEqual(Array.from({ length: 50 }, (_, i) => `AAA${i}`));
    await Promise.resolve();
    await new Promise((done) => setTimeout(done, 0));
    expect(shown).toEqual(started);
    expect(source.decoding).toBe(false);
  });

  it("decodes a blob once however many images show it", async () => {
    const { source, image, started, nextTurn } = board(3);
    const done = vi.fn();
    for (let i = 0; i < 4; i++) source.load(image(1), done);
    nextTurn();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(["AAA1"]);
    expect(done).toHaveBeenCalledTimes(4);
  });

  it("starts nothing more once disposed, and frees what it made", async () => {
    const { source, image, started, textures, turns, nextTurn } = board(30);
    const done = vi.fn();
    for (let i = 0; i < 30; i++) source.load(image(i), done);
    nextTurn();
    const startedBefore = started.length;
    source.dispose();
    while (turns.length > 0) nextTurn();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toHaveLength(startedBefore);
    expect(done).not.toHaveBeenCalled();
    for (const texture of textures.values()) expect(texture.destroy).toHaveBeenCalledWith(true);
  });

  it("a decode that throws leaves that picture empty and the others going", async () => {
    const blobs = new Map<string, BlobRecord>([
      ["bad", { id: "bad", type: "blob", mime: "image/png", data: "bad" }],
      ["good", { id: "good", type: "blob", mime: "image/png", data: "good" }],
    ]);
    const turns: Array<() => void> = [];
    const source = blobTextureSource({ get: (id: string) => blobs.get(id) } as DocumentStore, {
      decode: (_mime, data) => {
        if (data === "bad") throw new Error("not a picture");
        return Promise.resolve({ destroy: vi.fn() } as unknown as Texture);
      },
      clock: () => 0,
      later: (then) => turns.push(then),
    });
    const bad = vi.fn();
    const good = vi.fn();
    source.load({ blob: "bad" } as ImageNode, bad);
    source.load({ blob: "good" } as ImageNode, good);
    while (turns.length > 0) turns.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bad).not.toHaveBeenCalled();
    expect(good).toHaveBeenCalledTimes(1);
    expect(source.decoding).toBe(false);
  });
});
