import { expect, test, type Page } from "@playwright/test";
import { generateKeyBetween } from "fractional-indexing";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../src/doc/factory";
import { IDENTITY_TRANSFORM } from "../src/doc/transform";
import type { DocRecord, RectNode } from "../src/doc/types";
import { serializeDocument } from "../src/io/native/format";
import { makeNode } from "../src/shapes/makeNode";
import { openApp } from "./support";

// Switching to a big drawing stored in the library: it is read and loaded while the open one
// stays on screen and editable, with a bar showing how far it has got and a Cancel that leaves
// the open one as it was; then the big one is drawn in and the edit undone.

const SHAPES = 40_000;

/** A .linework text of SHAPES small rectangles in a grid, called `name`. */
function bigFile(name: string): string {
  const records: DocRecord[] = createDocument({
    id: "big-document",
    pageId: "big-page",
    name,
    author: "test",
    created: "2024-01-01T00:00:00.000Z",
  });
  let index: string | null = null;
  for (let i = 0; i < SHAPES; i++) {
    index = generateKeyBetween(index, null);
    records.push(
      makeNode<RectNode>("rect", `r${i}`, "big-page", index, {
        width: 8,
        height: 8,
        radii: [0, 0, 0, 0],
        fill: DEFAULT_FILL,
        stroke: DEFAULT_STROKE,
        transform: {
          ...IDENTITY_TRANSFORM,
          x: 2000 + (i % 200) * 10,
          y: 2000 + Math.floor(i / 200) * 10,
        },
      }),
    );
  }
  return serializeDocument(records);
}

/** Stores the big drawing in the library and opens a new one in its place; returns its path. */
async function storeBig(page: Page, name: string): Promise<string> {
  return page.evaluate(
    async ({ text, title }) => {
      const lw = window.linework!;
      const imported = await lw.importDocument(text, title);
      if (!imported.ok || imported.path === null) throw new Error("not stored");
      await lw.persistence!.whenSnapshotChecked();
      await lw.persistence!.whenSaved();
      await lw.newDocument();
      return imported.path;
    },
    { text: bigFile(name), title: name },
  );
}

/** What the page saw of the opening bar while a switch ran (see `watchBar`). */
interface Seen {
  /** The bar's progress values, in order. */
  readonly fractions: number[];
  /** Whether the open document was still the current one each time the bar changed. */
  readonly kept: boolean[];
}

/**
 * Watches the opening bar from inside the page, so that no change of it is missed however fast
 * the load runs; with `cancel`, clicks its Cancel button as soon as it appears.
 */
async function watchBar(page: Page, cancel: boolean): Promise<void> {
  await page.evaluate((clickCancel) => {
    const lw = window.linework!;
    const before = lw.current;
    const seen = { fractions: [] as number[], kept: [] as boolean[] };
    window.record = [seen];
    const observer = new MutationObserver(() => {
      const bar = document.querySelector(".lw-opening-progress");
      if (bar === null) return;
      seen.fractions.push(Number(bar.querySelector("progress")!.value));
      seen.kept.push(lw.current === before);
      if (!clickCancel) return;
      observer.disconnect();
      bar.querySelector("button")!.click();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  }, cancel);
}

const seen = (page: Page): Promise<Seen> => page.evaluate(() => window.record![0] as Seen);

const count = (page: Page): Promise<number> =>
  page.evaluate(() => window.linework!.editor.store.size);

/** Draws a rectangle with the mouse where the view is empty. */
async function drawRect(page: Page): Promise<void> {
  await page.locator("canvas").focus();
  await page.keyboard.press("KeyR");
  await page.mouse.move(150, 150);
  await page.mouse.down();
  await page.mouse.move(260, 230, { steps: 2 });
  await page.mouse.up();
}

test.describe("switching to a big stored drawing", () => {
  test("an edit made in the open drawing while a big file is opened is kept in it", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openApp(page);
    const first = await page.evaluate(() => window.linework!.persistence!.path);
    const small = await count(page);
    // The edit is made the moment the opening bar shows, while the big file is read and built:
    // a person drawing then would race the load.
    const rect = makeNode<RectNode>("rect", "drawn-meanwhile", "", "a0", {
      width: 40,
      height: 30,
      radii: [0, 0, 0, 0],
      fill: DEFAULT_FILL,
      stroke: DEFAULT_STROKE,
    });
    await page.evaluate(
      ({ text, node }) => {
        const lw = window.linework!;
        const open = lw.current;
        const observer = new MutationObserver(() => {
          if (document.querySelector(".lw-opening-progress") === null) return;
          observer.disconnect();
          const parent = open.pageId();
          open.store.transact("draw", (tx) => tx.put({ ...node, parent }));
        });
        observer.observe(document.body, { subtree: true, childList: true });
        window.record = [lw.importDocument(text, "Big file")];
      },
      { text: bigFile("Big file"), node: rect },
    );
    await expect(page).toHaveTitle("Big file — Linework", { timeout: 120_000 });
    // Back in the first drawing, the edit is there, and it is edited again.
    await page.evaluate((path) => window.linework!.open(path!), first);
    await expect(page).not.toHaveTitle("Big file — Linework");
    await expect.poll(() => count(page)).toBe(small + 1);
    await drawRect(page);
    await expect.poll(() => count(page)).toBe(small + 2);
  });

  test("shows progress, keeps the open drawing until the big one is ready, then edits it", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openApp(page);
    await storeBig(page, "Big drawing");
    await expect(page).toHaveTitle("Untitled 2 — Linework");
    await watchBar(page, false);

    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("button", { name: "File" })
      .click();
    await page
      .getByRole("menu", { name: "File" })
      .getByRole("menuitem", { name: "Open from library…" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Open" });
    await dialog.getByRole("option", { name: /^Big drawing/ }).click();
    await page.keyboard.press("Enter");

    await expect(page).toHaveTitle("Big drawing — Linework", { timeout: 120_000 });
    await expect(page.getByRole("status", { name: /^Opening/ })).toHaveCount(0);
    await expect(dialog).toHaveCount(0);
    // The bar went up from 0 while the drawing loaded, the open one on screen all along.
    const { fractions, kept } = await seen(page);
    expect(fractions.length).toBeGreaterThan(2);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBeGreaterThan(fractions[0]!);
    expect(kept.every(Boolean)).toBe(true);
    expect(await count(page)).toBe(SHAPES + 2);

    await drawRect(page);
    await expect.poll(() => count(page)).toBe(SHAPES + 3);
    await page.keyboard.press("Control+KeyZ");
    await expect.poll(() => count(page)).toBe(SHAPES + 2);
  });

  test("Cancel, or another switch, stops it and the open drawing stays, editable", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openApp(page);
    const big = await storeBig(page, "Big drawing");
    const small = await page.evaluate(() =>
      window.linework!.persistence!.documents!.create("Small drawing"),
    );
    await expect(page).toHaveTitle("Untitled 2 — Linework");
    await drawRect(page);
    await expect.poll(() => count(page)).toBe(3);
    await expect(page).not.toHaveTitle(/^\*/);
    const current = (): Promise<unknown> =>
      page.evaluate(() => window.linework!.current.store.document.id);
    const before = await current();

    // Cancel on the bar, clicked as soon as it shows.
    await watchBar(page, true);
    const outcome = await page.evaluate(
      (path) =>
        window.linework!.open(path).then(
          () => "opened",
          (error: unknown) => (error instanceof DOMException ? error.name : String(error)),
        ),
      big,
    );
    expect(outcome).toBe("AbortError");
    expect((await seen(page)).kept.every(Boolean)).toBe(true);
    await expect(page.getByRole("status", { name: /^Opening/ })).toHaveCount(0);
    await expect(page).toHaveTitle("Untitled 2 — Linework");
    expect(await current()).toBe(before);
    await drawRect(page);
    await expect.poll(() => count(page)).toBe(4);
    await expect(page).not.toHaveTitle(/^\*/);

    // Another switch started while the big one loads takes its place.
    const outcomes = await page.evaluate(
      ({ first, second }) => {
        const lw = window.linework!;
        const settled = (switching: Promise<void>): Promise<string> =>
          switching.then(
            () => "opened",
            (error: unknown) => (error instanceof DOMException ? error.name : String(error)),
          );
        const stopped = settled(lw.open(first));
        return Promise.all([stopped, settled(lw.open(second))]);
      },
      { first: big, second: small },
    );
    expect(outcomes).toEqual(["AbortError", "opened"]);
    await expect(page).toHaveTitle("Small drawing — Linework");
    await drawRect(page);
    await expect.poll(() => count(page)).toBe(3);

    // The drawing left behind kept every edit.
    await page.evaluate(() => window.linework!.persistence!.whenSaved());
    const left = await page.evaluate(async () => {
      const library = window.linework!.persistence!.documents!;
      const path = (await library.list()).find((file) => file.name === "Untitled 2")!.path;
      const handle = await library.open(path);
      const loaded = await handle.load();
      handle.close();
      return loaded.records.length;
    });
    expect(left).toBe(4);
  });

  test("a big .linework opened with Ctrl+O is read in steps with the bar: Cancel keeps the open drawing, then it opens and is edited", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openApp(page);
    const file = {
      name: "Big file.linework",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(bigFile("Big file")),
    };
    await page.evaluate(() => {
      // Without the File System Access API, Open falls back to a file input.
      delete (window as { showOpenFilePicker?: unknown }).showOpenFilePicker;
    });
    const title = await page.title();
    const current = (): Promise<unknown> =>
      page.evaluate(() => window.linework!.current.store.document.id);
    const before = await current();
    const chooseFile = async (): Promise<void> => {
      await page.locator("canvas").focus();
      const chooser = page.waitForEvent("filechooser");
      await page.keyboard.press("Control+KeyO");
      await (await chooser).setFiles(file);
    };

    // Cancel on the bar, clicked as soon as it shows.
    await watchBar(page, true);
    await chooseFile();
    await expect.poll(async () => (await seen(page)).fractions.length).toBeGreaterThan(0);
    await expect(page.getByRole("status", { name: /^Opening/ })).toHaveCount(0);
    // Long enough for a read that was not really stopped to open the file.
    await page.waitForTimeout(3000);
    expect((await seen(page)).kept.every(Boolean)).toBe(true);
    expect(await current()).toBe(before);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole("alert")).toHaveCount(0);
    const small = await count(page);
    await drawRect(page);
    await expect.poll(() => count(page)).toBe(small + 1);
    await page.keyboard.press("Control+KeyZ");
    await expect.poll(() => count(page)).toBe(small);

    // Not cancelled: frames go on being drawn while it is read and loaded.
    await watchBar(page, false);
    await page.evaluate(() => {
      const frames: number[] = [];
      const frame = (time: number): void => {
        frames.push(time);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      window.record!.push(frames);
    });
    await chooseFile();
    await expect(page).toHaveTitle("Big file — Linework", { timeout: 120_000 });
    await expect(page.getByRole("status", { name: /^Opening/ })).toHaveCount(0);
    const { fractions, kept } = await seen(page);
    expect(fractions.length).toBeGreaterThan(2);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(kept.every(Boolean)).toBe(true);
    const frames = await page.evaluate(() => (window.record![1] as number[]).length);
    expect(frames).toBeGreaterThan(10);
    expect(await count(page)).toBe(SHAPES + 2);
    await drawRect(page);
    await expect.poll(() => count(page)).toBe(SHAPES + 3);
    await page.keyboard.press("Control+KeyZ");
    await expect.poll(() => count(page)).toBe(SHAPES + 2);
  });
});
