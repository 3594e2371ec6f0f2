import { expect, test, type Page } from "@playwright/test";
import { generateKeyBetween } from "fractional-indexing";
import { NO_STROKE } from "../src/doc/factory";
import type { RectNode } from "../src/doc/types";
import { makeNode } from "../src/shapes/makeNode";
import { sharedApp } from "./support";

/** Rectangles in the drawing: an SVG of them takes seconds to write on this machine. */
const SHAPES = 60_000;

/** `SHAPES` small rectangles on a grid, put on the open page in one transaction. */
async function bigDrawing(page: Page): Promise<void> {
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
 * Records every value the progress bars named `name` show, and the longest task the page runs,
 * from now on: a mutation observer and a long-task observer run whatever the page is doing.
 */
async function watch(page: Page, name: string): Promise<void> {
  await page.evaluate((label) => {
    const seen: number[] = [];
    const tasks: number[] = [];
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
    Object.assign(window, { exportWatch: { seen, tasks } });
  }, name);
}

async function watched(page: Page): Promise<{ seen: number[]; tasks: number[] }> {
  return page.evaluate(
    () => (window as unknown as { exportWatch: { seen: number[]; tasks: number[] } }).exportWatch,
  );
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
    const before = await documentState(page);
    let downloads = 0;
    const counted = (): void => void downloads++;
    page.on("download", counted);
    await watch(page, "Export progress of");
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+KeyK");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await palette.getByRole("combobox").fill("Export as SVG");
    await page.keyboard.press("Enter");
    const jobs = page.getByRole("region", { name: "Imports and exports in progress" });
    const bar = jobs.getByRole("progressbar", { name: /^Export progress of .*\.svg$/ });
    await expect(bar).toBeVisible();
    await expect
      .poll(() => bar.evaluate((node) => (node as HTMLProgressElement).value))
      .toBeGreaterThan(0);
    await jobs.getByRole("button", { name: "Cancel" }).click();
    await expect(bar).toBeHidden();
    // Long enough for an export that was not really stopped to finish and save.
    await page.waitForTimeout(3000);
    expect(downloads).toBe(0);
    page.off("download", counted);
    expect(await documentState(page)).toEqual(before);
    const { seen } = await watched(page);
    expect(seen.some((value) => value > 0 && value < 1)).toBe(true);
    // Still editable: a rectangle drawn with the tool goes in.
    await page.keyboard.press("r");
    const box = (await page.locator("canvas").boundingBox())!;
    await page.mouse.move(box.x + 100, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + 160, box.y + 150, { steps: 4 });
    await page.mouse.up();
    await expect
      .poll(() => page.evaluate(() => window.linework!.editor.store.snapshot().length))
      .toBe(JSON.parse(before.records).length + 1);
  });
});
