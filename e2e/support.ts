import { expect, test, type Page } from "@playwright/test";
import { makeNode, NO_STROKE } from "../src/doc/factory";
import type { DocRecord, RectNode } from "../src/doc/types";
import { serializeDocument } from "../src/io/native/format";

/** Opens the app and waits until the program's main routine has run. */
export async function openApp(page: Page, search = ""): Promise<void> {
  await page.goto(`/${search}`);
  await page.waitForFunction(() => window.linework?.engine.state === "running");
  // The start-up fits end by focusing the canvas (spec §2); a test that moves focus before they
  // land would lose it to them.
  await page.waitForFunction(() => !window.linework!.engine.shell.fitPending);
}

/**
 * One started app for every test of the enclosing `test.describe` (or file), for tests that do
 * not depend on what an earlier one left in it: each opens a document of its own, or only reads.
 * The app starts once instead of once a test. The tests run in order in one worker; after a
 * failure the rest go on in a new worker, with a new app. Returns the page, for the tests.
 */
export function sharedApp(
  options: { readonly viewport?: { width: number; height: number } } = {},
): () => Page {
  let shared: Page | null = null;
  test.describe.configure({ mode: "default" });
  test.beforeAll(async ({ browser }, testInfo) => {
    const { baseURL, viewport } = testInfo.project.use;
    shared = await browser.newPage({ baseURL, viewport: options.viewport ?? viewport });
    await openApp(shared);
  });
  test.afterAll(async () => {
    await shared?.close();
  });
  return () => {
    if (shared === null) throw new Error("the shared app has not started");
    return shared;
  };
}

/** Opens the bare embedding fixture; the test starts the engine itself. */
export async function openFixture(page: Page): Promise<void> {
  await page.goto("/fixtures/blank.html");
  await page.waitForFunction(() => window.embed !== undefined);
}

/** Starts an engine in the fixture's #parent with a fixed 16:9 ratio and waits for it to run. */
export async function startFixtureEngine(page: Page): Promise<void> {
  await openFixture(page);
  await page.evaluate(async () => {
    const parent = document.getElementById("parent");
    if (!parent || !window.embed) throw new Error("fixture not ready");
    window.engine = await window.embed.startEngine({
      parent,
      wasmUrl: "/linework.wasm",
      aspectRatio: { width: 16, height: 9 },
    });
  });
}

export async function canvasBox(
  page: Page,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await page.locator("canvas").boundingBox();
  expect(box).not.toBeNull();
  return box as { x: number; y: number; width: number; height: number };
}

/** Waits for a number of engine ticks, so polled input has been published. */
export async function waitTicks(page: Page, count = 3): Promise<void> {
  await page.evaluate(async (n) => {
    const engine = window.engine ?? window.linework?.engine;
    if (!engine) throw new Error("no engine");
    const target = engine.ticks + n;
    while (engine.ticks < target) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

/** The colour the user sees at a page point, read from a real screenshot. */
export async function screenPixel(page: Page, x: number, y: number): Promise<number[]> {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 } });
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
  }, png.toString("base64"));
}

/** The engine's default clear colour, 0xf4f4f5. */
export const BACKGROUND_RGB = [0xf4, 0xf4, 0xf5];

/** Adds rectangles to the first page in one transaction, as a tool would; false when refused. */
export async function addRects(page: Page, ids: readonly string[]): Promise<boolean> {
  const rects = ids.map((id) => {
    const node = makeNode<RectNode>("rect", id, "", `a${id}`, {
      width: 40,
      height: 30,
      radii: [0, 0, 0, 0],
      fill: { type: "solid", color: { r: 0, g: 0, b: 1, a: 1 } },
      stroke: NO_STROKE,
    });
    return { ...node, transform: { ...node.transform, x: 10, y: 10 } };
  });
  return page.evaluate((list) => {
    const store = window.linework!.editor.store;
    const parent = store.pages()[0]!.id;
    const commit = store.transact("Add rectangles", (tx) => {
      for (const rect of list) tx.put({ ...rect, parent });
    });
    return commit !== null;
  }, rects);
}

export function hasRecord(page: Page, id: string): Promise<boolean> {
  return page.evaluate((key) => window.linework!.editor.store.has(key), id);
}

/**
 * Hides the chrome (panels, banners, the statistics HUD) so probes and screenshots see only the
 * canvas; hidden chrome takes no pointer events either, so input reaches the canvas.
 */
export async function hideChrome(page: Page, options: { keepHud?: boolean } = {}): Promise<void> {
  const hidden = options.keepHud ? ".lw-overlay-host" : ".lw-overlay-host, .lw-hud";
  await page.addStyleTag({ content: `${hidden} { visibility: hidden !important; }` });
}

/** Opens `records` as the document and shows them at `view` (the origin at 100 % unless said). */
export async function showDocument(
  page: Page,
  records: readonly DocRecord[],
  view: { x: number; y: number; zoom: number } = { x: 0, y: 0, zoom: 1 },
): Promise<void> {
  const result = await page.evaluate(
    (text) => window.linework!.importDocument(text),
    serializeDocument(records),
  );
  expect(result.ok).toBe(true);
  await page.evaluate((at) => {
    window.linework!.current.camera.set(at);
    window.linework!.engine.invalidate();
  }, view);
}

/**
 * Opens the app for drawing through real input: the page's origin well inside the canvas
 * (clear of the chrome along its edges), snapping off, the keyboard on the canvas.
 */
export async function startDrawing(
  page: Page,
  view: { x: number; y: number; zoom: number } = { x: 200, y: 150, zoom: 1 },
): Promise<void> {
  await openApp(page);
  await page.evaluate((at) => {
    const lw = window.linework!;
    lw.current.camera.set(at);
    lw.tools.update({ snap: { grid: false, objects: false, spacing: false, tolerancePx: 6 } });
  }, view);
  await page.locator("canvas").focus();
  await waitTicks(page);
}

/** Page (CSS pixel) coordinates of a point of the drawing. */
export async function worldToPage(
  page: Page,
  world: { x: number; y: number },
): Promise<{ x: number; y: number }> {
  const box = await canvasBox(page);
  const p = await page.evaluate((w) => window.linework!.current.camera.worldToScreen(w), world);
  return { x: box.x + p.x, y: box.y + p.y };
}
