import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClipboardTarget } from "../../src/app/systemClipboard";
import { BrowserClipboard, CopyTurns, whileLatestItem } from "../../src/app/systemClipboard";

/** A promise and the hand that settles it. */
function later<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** The browser's asynchronous clipboard: a write lands once every type of its item is made. */
function fakeClipboard(): { readonly landed: string[] } {
  const landed: string[] = [];
  class FakeItem {
    constructor(readonly types: Record<string, Blob | Promise<Blob>>) {}
  }
  vi.stubGlobal("ClipboardItem", FakeItem);
  vi.stubGlobal("navigator", {
    clipboard: {
      write: async (items: FakeItem[]) => {
        const text = await items[0]!.types["text/html"];
        await Promise.all(Object.values(items[0]!.types));
        landed.push(await text!.text());
      },
    },
  });
  return { landed };
}

afterEach(() => vi.unstubAllGlobals());

describe("copies made over many tasks: the latest keeps the clipboard", () => {
  it("a turn holds until another is taken, whoever takes it", () => {
    const turns = new CopyTurns();
    const first = turns.take();
    expect(first()).toBe(true);
    const second = turns.take();
    expect(first()).toBe(false);
    expect(second()).toBe(true);
  });

  it("an item made after a later copy fails in every type; one made in its turn is unchanged", async () => {
    const turns = new CopyTurns();
    const png = new Blob(["png"]);
    const kept = whileLatestItem({ "image/png": Promise.resolve(png) }, turns.take());
    await expect(kept["image/png"]).resolves.toBe(png);
    const slow = later<Blob>();
    const stale = whileLatestItem(
      { "image/png": slow.promise, "text/plain": slow.promise },
      turns.take(),
    );
    turns.take();
    slow.resolve(png);
    await expect(stale["image/png"]).rejects.toThrow("later copy");
    await expect(stale["text/plain"]).rejects.toThrow("later copy");
  });

  it("Edit → Copy whose picture is drawn after a later copy writes nothing, not even its plainer retries", async () => {
    const { landed } = fakeClipboard();
    const turns = new CopyTurns();
    const target = {} as ClipboardTarget;
    const menu = new BrowserClipboard(target, turns);
    const picture = later<Blob>();
    const early = menu.write("first", { svg: null, png: picture.promise });
    // The keys' copy (or Copy as PNG) takes the same turns.
    const keys = turns.take();
    expect(keys()).toBe(true);
    await menu.write("second", { svg: null, png: Promise.resolve(new Blob(["png"])) });
    picture.resolve(new Blob(["png"]));
    await early;
    expect(landed).toHaveLength(1);
    expect(landed[0]).toContain("second");
  });
});
