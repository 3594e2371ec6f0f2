import { expect, test, type Page } from "@playwright/test";
import { generateKeyBetween } from "fractional-indexing";
import { NO_STROKE } from "../src/doc/factory";
import type { RectNode } from "../src/doc/types";
import { makeNode } from "../src/shapes/makeNode";
import { sharedApp } from "./support";

/** Rectangles in the drawing: an SVG of them takes seconds to write on this machine. */
const SHAPES = 60_000;

/**
 * `SHAPES` small rectangles on a grid, put on the open page in one transaction, unless an earlier
 * test of the shared page put them there.
 */
async function bigDrawing(page: Page): Promise<void> {
  if (await page.evaluate(() => window.linework!.editor.store.get("big0") !== undefined)) return;
  const keys: string[] = [];
  let key: string | null = null;
  for (let i = 0; i < SHAPES; i++) keys.push((key = generateKeyBetween(key, null)));
  const template = makeNode<RectNode>("rect", "x", "page", "a0", {
    width: 8,
    height: 8,
    radii: [0, 0, 0, 0],
    fill: { type: "solid", color: { r: 0.2, g: 0.4, b: 0.6, a: 1 } },
    stroke: NO_STROKE,
  });
  await page.evaluate(
    ({ keys, template }) => {
      const lw = window.linework!;
      const pageId = lw.current.pageId();
      lw.editor.store.transact("Add", (tx) => {
        keys.forEach((index, i) =>
          tx.put({
            ...template,
            id: `big${i}`,
            parent: pageId,
            index,
            transform: { ...template.transform, x: (i % 250) * 10, y: Math.floor(i / 250) * 10 },
          }),
        );
      });
    },
    { keys, template },
  );
  // Drawing the new shapes takes tasks of its own: they are over before the export starts.
  await page.evaluate(async () => {
    const lw = window.linework!;
    while (lw.current.renderer.building)
      await new Promise((done) => requestAnimationFrame(() => done(null)));
  });
}

async function documentState(page: Page): Promise<{ version: number; records: string }> {
  return page.evaluate(() => {
    const store = window.linework!.editor.store;
    return { version: store.version, records: JSON.stringify(store.snapshot()) };
  });
}

/**
 * Records every value the progress bars named `name` show, the long tasks the page runs and the
 * frames it draws, from now on: a mutation observer, a long-task observer and a frame callback
 * run whatever the page is doing.
 */
async function watch(page: Page, name: string): Promise<void> {
  await page.evaluate((label) => {
    const seen: number[] = [];
    const tasks: number[] = [];
    const frames: number[] = [];
    const frame = (time: number): void => {
      frames.push(time);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const bars = (): HTMLProgressElement[] =>
      [...document.querySelectorAll("progress")].filter((bar) =>
        bar.getAttribute("aria-label")!.startsWith(label),
      );
    new MutationObserver(() => {
      for (const bar of bars()) seen.push(bar.value / bar.max);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    }).observe({ type: "longtask" });
    Object.assign(window, { exportWatch: { seen, tasks, frames } });
  }, name);
}

interface Watched {
  readonly seen: number[];
  readonly tasks: number[];
  readonly frames: number[];
}

async function watched(page: Page): Promise<Watched> {
  return page.evaluate(() => (window as unknown as { exportWatch: Watched }).exportWatch);
}

/** Runs a command by its name from the palette, with the keyboard. */
async function fromPalette(page: Page, command: string): Promise<void> {
  await page.locator("canvas").focus();
  await page.keyboard.press("Control+KeyK");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByRole("combobox").fill(command);
  await page.keyboard.press("Enter");
}

/** The system clipboard's first item's types, and the text of `type` when it has it. */
function clipboardText(
  page: Page,
  type: string,
): Promise<{ types: string[]; text: string | null }> {
  return page.evaluate(async (wanted) => {
    const [item] = await navigator.clipboard.read();
    const types = [...(item?.types ?? [])];
    return {
      types,
      text: types.includes(wanted) ? await (await item!.getType(wanted)).text() : null,
    };
  }, type);
}

/** Draws a rectangle with the tool and waits for it to be in the document. */
async function drawsARectangle(page: Page): Promise<void> {
  const count = (): Promise<number> =>
    page.evaluate(() => window.linework!.editor.store.snapshot().length);
  const before = await count();
  await page.locator("canvas").focus();
  await page.keyboard.press("r");
  const box = (await page.locator("canvas").boundingBox())!;
  await page.mouse.move(box.x + 100, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, box.y + 150, { steps: 4 });
  await page.mouse.up();
  await expect.poll(count).toBe(before + 1);
  await page.keyboard.press("Control+z");
  await expect.poll(count).toBe(before);
}

test.describe("export of a large drawing", () => {
  const shared = sharedApp();

  test("the dialog's SVG export shows its progress, keeps the page answering, and its file is the drawing", async () => {
    test.setTimeout(120_000);
    const page = shared();
    await bigDrawing(page);
    await watch(page, "Export progress");
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+Shift+KeyE");
    const dialog = page.getByRole("dialog", { name: "Export" });
    await dialog.getByRole("radio", { name: "SVG" }).check();
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 90_000 }),
      dialog.getByRole("button", { name: "Export" }).click(),
    ]);
    const { seen, tasks } = await watched(page);
    // The bar moved through values between its ends: the page drew while the file was written.
    expect(seen.filter((value) => value > 0 && value < 1).length).toBeGreaterThan(3);
    // Written in one task, the file took seconds here; in steps no task comes near that.
    expect(Math.max(0, ...tasks)).toBeLessThan(500);
    const text = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    });
    expect(text.match(/<rect /g)?.length).toBe(SHAPES + 1);
    const once = await page.evaluate(
      () =>
        window.linework!.exports.svg({
          scope: { page: window.linework!.current.pageId() },
          background: true,
        }).svg,
    );
    expect(text === once).toBe(true);
  });

  test("Export as SVG from the palette shows a bar with Cancel; cancelled, nothing is saved and the document is as it was and editable", async () => {
    test.setTimeout(120_000);
    const page = shared();
    await bigDrawing(page);
    const before = await documentState(page);
    let downloads = 0;
    const counted = (): void => void downloads++;
    page.on("download", counted);
    await watch(page, "Export progress of");
    // As on a slow machine: the export must still be under way when Cancel is pressed, which
    // on a fast one it need not be by the time the bar is seen moving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+KeyK");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await palette.getByRole("combobox").fill("Export as SVG");
    await page.keyboard.press("Enter");
    const jobs = page.getByRole("region", { name: "Imports and exports in progress" });
    const bar = jobs.getByRole("progressbar", { name: /^Export progress of .*\.svg$/ });
    try {
      await expect(bar).toBeVisible();
      await expect
        .poll(() => bar.evaluate((node) => (node as HTMLProgressElement).value), {
          intervals: [50],
        })
        .toBeGreaterThan(0);
      await jobs.getByRole("button", { name: "Cancel" }).click();
      await expect(bar).toBeHidden();
    } finally {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await cdp.detach();
    }
    // Long enough for an export that was not really stopped to finish and save.
    await page.waitForTimeout(3000);
    expect(downloads).toBe(0);
    page.off("download", counted);
    expect(await documentState(page)).toEqual(before);
    const { seen } = await watched(page);
    expect(seen.some((value) => value > 0 && value < 1)).toBe(true);
    // Still editable: a rectangle drawn with the tool goes in.
    await drawsARectangle(page);
  });

  test("Copy as SVG from the palette shows its bar while the page draws, and puts the drawing on the clipboard", async () => {
    test.setTimeout(120_000);
    const page = shared();
    await bigDrawing(page);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate(() => navigator.clipboard.writeText("before"));
    await watch(page, "Copy progress of");
    await fromPalette(page, "Copy as SVG");
    const jobs = page.getByRole("region", { name: "Imports and exports in progress" });
    const bar = jobs.getByRole("progressbar", { name: /^Copy progress of .*\.svg$/ });
    await expect(bar).toBeVisible();
    await expect(bar).toBeHidden({ timeout: 90_000 });
    const { seen, tasks, frames } = await watched(page);
    expect(seen.filter((value) => value > 0 && value < 1).length).toBeGreaterThan(3);
    // Frames went on being drawn while it was made: the page answered throughout.
    expect(frames.length).toBeGreaterThan(10);
    expect(Math.max(0, ...tasks)).toBeLessThan(500);
    const copied = await clipboardText(page, "text/plain");
    expect(copied.types).toContain("image/svg+xml");
    expect(copied.text!.match(/<rect /g)?.length).toBe(SHAPES);
    await drawsARectangle(page);
  });

  test("Export as PDF from the palette goes up in steps while the page draws; Cancel saves nothing and leaves the document as it was and editable", async () => {
    test.setTimeout(120_000);
    const page = shared();
    await bigDrawing(page);
    const before = await documentState(page);
    let downloads = 0;
    const counted = (): void => void downloads++;
    page.on("download", counted);
    await watch(page, "Export progress of");
    await fromPalette(page, "Export as PDF");
    const jobs = page.getByRole("region", { name: "Imports and exports in progress" });
    const bar = jobs.getByRole("progressbar", { name: /^Export progress of .*\.pdf$/ });
    await expect(bar).toBeVisible();
    // Several steps of the bar, a layer of the page each, with frames drawn between them.
    await expect
      .poll(async () => (await watched(page)).seen.filter((v) => v > 0 && v < 1).length, {
        timeout: 60_000,
      })
      .toBeGreaterThan(3);
    await jobs.getByRole("button", { name: "Cancel" }).click();
    await expect(bar).toBeHidden();
    const { frames, tasks } = await watched(page);
    expect(frames.length).toBeGreaterThan(10);
    expect(Math.max(0, ...tasks)).toBeLessThan(500);
    await page.waitForTimeout(3000);
    expect(downloads).toBe(0);
    page.off("download", counted);
    await expect(page.getByText(/failed/)).toHaveCount(0);
    expect(await documentState(page)).toEqual(before);
    await drawsARectangle(page);
  });

  for (const format of ["SVG", "PNG"])
    test(`Copy as ${format} cancelled from its bar leaves the clipboard, the document and its history as they were`, async () => {
      test.setTimeout(120_000);
      const page = shared();
      await bigDrawing(page);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.evaluate(() => navigator.clipboard.writeText("before"));
      const before = await documentState(page);
      const history = () => page.evaluate(() => window.linework!.editor.history.depth);
      const depth = await history();
      await watch(page, "Copy progress of");
      await fromPalette(page, `Copy as ${format}`);
      const jobs = page.getByRole("region", { name: "Imports and exports in progress" });
      const bar = jobs.getByRole("progressbar", {
        name: new RegExp(`^Copy progress of .*\\.${format.toLowerCase()}$`),
      });
      await expect(bar).toBeVisible();
      // The page answers while the payload is made: a frame comes.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
      await jobs.getByRole("button", { name: "Cancel" }).click();
      await expect(bar).toBeHidden();
      // Long enough for a copy that was not really stopped to reach the clipboard.
      await page.waitForTimeout(3000);
      expect(await clipboardText(page, "text/plain")).toEqual({
        types: ["text/plain"],
        text: "before",
      });
      await expect(page.getByText(/failed/)).toHaveCount(0);
      expect(await documentState(page)).toEqual(before);
      expect(await history()).toEqual(depth);
      await drawsARectangle(page);
    });
});
