import { expect, test, type Page } from "@playwright/test";
import { createDocument, DEFAULT_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { DocRecord, RectNode } from "../src/doc/types";
import { serializeDocument } from "../src/io/native/format";
import { galleryDocument, RED_RECT } from "../tests/support/gallery";
import {
  BACKGROUND_RGB,
  canvasBox,
  hideChrome,
  openApp,
  screenPixel,
  sharedApp,
  waitTicks,
} from "./support";

const GALLERY = serializeDocument(galleryDocument());
const RED_CENTRE = { x: RED_RECT.x + RED_RECT.width / 2, y: RED_RECT.y + RED_RECT.height / 2 };

/** Opens the gallery as a document of its own; resolves to the canvas's corner on the page. */
async function openGallery(page: Page): Promise<{ x: number; y: number }> {
  const result = await page.evaluate((text) => window.linework!.importDocument(text), GALLERY);
  expect(result.ok).toBe(true);
  await waitTicks(page);
  // The panels over the canvas would stand between the probes and the drawing.
  await hideChrome(page, { keepHud: true });
  const box = await canvasBox(page);
  return { x: box.x, y: box.y };
}

function camera(page: Page): Promise<{ x: number; y: number; zoom: number }> {
  return page.evaluate(() => window.linework!.current.camera.state);
}

/** Where a world point is on the page, through the app's own camera. */
async function onPage(
  page: Page,
  canvas: { x: number; y: number },
  world: { x: number; y: number },
): Promise<{ x: number; y: number }> {
  const screen = await page.evaluate(
    (p) => window.linework!.current.camera.worldToScreen(p),
    world,
  );
  return { x: canvas.x + screen.x, y: canvas.y + screen.y };
}

/** `count` top-level blue 100×100 squares, square `i` at `place(i)` (by default a row, 1,000 apart). */
function rowDocument(
  count: number,
  place: (i: number) => { x: number; y: number } = (i) => ({ x: i * 1000, y: 100 }),
): DocRecord[] {
  const records = createDocument({
    id: "row",
    pageId: "page",
    name: "Row",
    author: "web_user",
    created: "2026-01-01T00:00:00.000Z",
  });
  const rects: RectNode[] = [];
  let index = "a0";
  for (let i = 0; i < count; i += 1) {
    const rect = makeNode<RectNode>("rect", `r${i}`, "page", index, {
      width: 100,
      height: 100,
      radii: [0, 0, 0, 0],
      fill: { type: "solid", color: { r: 0, g: 0, b: 1, a: 1 } },
      stroke: { ...DEFAULT_STROKE, paint: null },
    });
    rects.push({ ...rect, transform: { ...rect.transform, ...place(i) } });
    index = `a${String(i + 1).padStart(4, "0")}`;
  }
  return [...records, ...rects];
}

test.describe("the viewport", () => {
  // The tests that open the gallery (or only read the renderer) share one app; each opens the
  // gallery afresh, with a camera of its own. The ones that add to the start-up document start
  // their own.
  const shared = sharedApp();

  test("the wheel pans by its pixels; the drawing follows", async () => {
    const page = shared();
    const canvas = await openGallery(page);
    await page.mouse.move(canvas.x + 500, canvas.y + 300);
    const rendersBefore = await page.evaluate(() => window.linework!.engine.renders);
    await page.mouse.wheel(40, 100);
    await expect.poll(() => camera(page)).toEqual({ x: -40, y: -100, zoom: 1 });
    expect(await page.evaluate(() => window.linework!.engine.renders)).toBeGreaterThan(
      rendersBefore,
    );
    // The red rectangle's centre is now 40 px left and 100 px up.
    await expect
      .poll(() => screenPixel(page, canvas.x + RED_CENTRE.x - 40, canvas.y + RED_CENTRE.y - 100))
      .toEqual([255, 0, 0]);
    await expect
      .poll(() => screenPixel(page, canvas.x + RED_CENTRE.x, canvas.y + RED_RECT.y + 100))
      .not.toEqual([255, 0, 0]);
  });

  test("an idle view does not redraw", async () => {
    const page = shared();
    await openGallery(page);
    await waitTicks(page, 10);
    const before = await page.evaluate(() => window.linework!.engine.renders);
    await waitTicks(page, 20);
    expect(await page.evaluate(() => window.linework!.engine.renders)).toBe(before);
  });

  test("Ctrl+wheel zooms at the cursor: the world point under it stays put", async () => {
    const page = shared();
    const canvas = await openGallery(page);
    const cursor = { x: RED_RECT.x + 30, y: RED_RECT.y + 25 };
    await page.mouse.move(canvas.x + cursor.x, canvas.y + cursor.y);
    await waitTicks(page);
    await page.keyboard.down("Control");
    await page.mouse.wheel(0, -40);
    await waitTicks(page);
    await page.mouse.wheel(0, -40);
    await page.keyboard.up("Control");
    await expect.poll(async () => (await camera(page)).zoom).toBeGreaterThan(1.5);
    const state = await camera(page);
    // The world point under the cursor is the one that was there at zoom 1 (screen = world).
    const under = await page.evaluate(
      (p) => window.linework!.current.camera.screenToWorld(p),
      cursor,
    );
    expect(under.x).toBeCloseTo(cursor.x, 6);
    expect(under.y).toBeCloseTo(cursor.y, 6);
    expect(state.zoom).toBeCloseTo(Math.exp(0.8), 6);
    // The red rectangle grew about the cursor: its corner moved away from it by the zoom.
    const corner = await onPage(page, canvas, { x: RED_RECT.x + 6, y: RED_RECT.y + 6 });
    expect(corner.x).toBeCloseTo(canvas.x + cursor.x - 24 * state.zoom, 3);
    await expect.poll(() => screenPixel(page, corner.x, corner.y)).toEqual([255, 0, 0]);
    await expect
      .poll(() => screenPixel(page, canvas.x + cursor.x, canvas.y + cursor.y))
      .toEqual([255, 0, 0]);
    const centre = await onPage(page, canvas, RED_CENTRE);
    await expect.poll(() => screenPixel(page, centre.x, centre.y)).toEqual([255, 0, 0]);
  });

  test("the zoom stops at 25,600 % and at 2 %", async () => {
    const page = shared();
    const canvas = await openGallery(page);
    await page.mouse.move(canvas.x + 200, canvas.y + 150);
    await page.evaluate(() => window.linework!.current.camera.setZoom(200, { x: 200, y: 150 }));
    await page.keyboard.down("Control");
    for (let i = 0; i < 4; i += 1) {
      await page.mouse.wheel(0, -100);
      await waitTicks(page, 2);
    }
    await expect.poll(async () => (await camera(page)).zoom).toBe(256);
    await page.evaluate(() => window.linework!.current.camera.setZoom(0.03, { x: 200, y: 150 }));
    for (let i = 0; i < 4; i += 1) {
      await page.mouse.wheel(0, 100);
      await waitTicks(page, 2);
    }
    await page.keyboard.up("Control");
    await expect.poll(async () => (await camera(page)).zoom).toBe(0.02);
    // Zooming out past the limit moved nothing: the anchor stayed put throughout.
    const under = await page.evaluate(() =>
      window.linework!.current.camera.screenToWorld({ x: 200, y: 150 }),
    );
    expect(under.x).toBeCloseTo(200, 3);
    expect(under.y).toBeCloseTo(150, 3);
  });

  test("an imported group of thousands of shapes is drawn in chunks, built only near the view", async ({
    page,
  }) => {
    await openApp(page);
    const count = 6000;
    let rects = "";
    for (let i = 0; i < count; i += 1) rects += `<rect x="${i * 100}" width="80" height="80"/>`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><g fill="#00f">${rects}</g></svg>`;
    const result = await page.evaluate(
      (text) => window.linework!.importFile("row.svg", text, { x: 0, y: 0 }),
      svg,
    );
    expect(result.ok).toBe(true);
    await waitTicks(page);
    const chunks = () => page.evaluate(() => window.linework!.current.renderer.chunkStats);
    // The group's children are split into chunks like a page's (1,024 each), not one display
    // object per shape; only chunks near the view are drawn. The import goes in by slices (at
    // most 24), each of which may rebuild the chunk near the view it grows; none of the far ones
    // is built.
    await expect.poll(async () => (await chunks()).chunks).toBeGreaterThanOrEqual(7);
    const stats = await chunks();
    expect(stats.drawn).toBeLessThanOrEqual(4);
    expect(stats.builds).toBeLessThanOrEqual(4 + 24);
    expect(stats.batchedShapesDrawn).toBeGreaterThan(0);
    expect(stats.batchedShapesDrawn).toBeLessThan(100);
    // Every node of the import is drawn: the shapes and the groups holding them.
    const drawnAndStored = await page.evaluate(() => {
      const { renderer, store } = window.linework!.current;
      let stored = 0;
      const stack = [renderer.currentPage!];
      while (stack.length > 0)
        for (const child of store.childrenOf(stack.pop()!)) {
          stored += 1;
          stack.push(child.id);
        }
      return { drawn: renderer.displayedCount, stored };
    });
    expect(drawnAndStored.stored).toBeGreaterThan(count);
    expect(drawnAndStored.drawn).toBe(drawnAndStored.stored);
  });

  test("a software rasteriser batches one texture per draw, and builds chunks in longer slices", async () => {
    const page = shared();
    // The browser under test renders with SwiftShader (see the Playwright config).
    const limits = await page.evaluate(() => {
      const gfx = window.linework!.engine.gfx;
      const renderer = gfx.renderer as unknown as { limits: { maxBatchableTextures: number } };
      return {
        software: gfx.softwareRendering,
        textures: renderer.limits.maxBatchableTextures,
        buildSlice: window.linework!.current.renderer.buildSlice,
      };
    });
    // And fills a big view in with the longer build slice of a software rasteriser.
    expect(limits).toEqual({ software: true, textures: 1, buildSlice: 40 });
  });

  test("culling draws only the chunks near the view, and brings them back", async ({ page }) => {
    await openApp(page);
    // Three chunks of consecutive siblings: r0–r1023, r1024–r2047, r2048–r2599.
    const count = 2600;
    const result = await page.evaluate(
      (text) => window.linework!.importDocument(text),
      serializeDocument(rowDocument(count)),
    );
    expect(result.ok).toBe(true);
    await waitTicks(page);
    const stats = () => page.evaluate(() => window.linework!.current.renderer.cullStats);
    const chunks = () => page.evaluate(() => window.linework!.current.renderer.chunkStats);
    const canvas = await canvasBox(page);
    expect(await page.evaluate(() => window.linework!.current.renderer.displayedCount)).toBe(count);
    expect((await chunks()).chunks).toBe(3);
    // At zoom 1 the view (plus a quarter screen each side) reaches r0 and r1: the first chunk only,
    // and only it has been built.
    await expect.poll(stats).toEqual({ topLevel: count, drawn: 1024 });
    expect(await chunks()).toMatchObject({ drawn: 1, builds: 1 });
    // Inside that chunk only the few rectangles near the view reach the GPU, not all 1,024.
    const shapesDrawn = async () => (await chunks()).batchedShapesDrawn;
    expect(await shapesDrawn()).toBeGreaterThan(0);
    expect(await shapesDrawn()).toBeLessThanOrEqual(4);
    await expect.poll(() => screenPixel(page, canvas.x + 50, canvas.y + 150)).toEqual([0, 0, 255]);

    // Far along the row, at r1500: the second chunk instead, built when it first came near.
    await page.evaluate(() =>
      window.linework!.current.camera.set({ x: -1_500_000, y: 0, zoom: 1 }),
    );
    await expect.poll(stats).toEqual({ topLevel: count, drawn: 1024 });
    expect(await chunks()).toMatchObject({ drawn: 1, builds: 2 });
    expect(await shapesDrawn()).toBeLessThanOrEqual(4);
    await expect.poll(() => screenPixel(page, canvas.x + 50, canvas.y + 150)).toEqual([0, 0, 255]);
    await expect
      .poll(() => screenPixel(page, canvas.x + 300, canvas.y + 150))
      .toEqual(BACKGROUND_RGB);

    // Across the boundary of the first two chunks, at half size so r1023 (canvas x 25–75) and
    // r1024 (525–575) are both in view: both chunks are drawn.
    await page.evaluate(() =>
      window.linework!.current.camera.set({ x: -1_023_000 * 0.5 + 25, y: 100, zoom: 0.5 }),
    );
    await expect.poll(stats).toEqual({ topLevel: count, drawn: 2048 });
    expect(await shapesDrawn()).toBeLessThanOrEqual(5);
    await expect.poll(() => screenPixel(page, canvas.x + 50, canvas.y + 175)).toEqual([0, 0, 255]);
    await expect.poll(() => screenPixel(page, canvas.x + 550, canvas.y + 175)).toEqual([0, 0, 255]);

    // Back home: the first chunk again, drawn from what was built, and r0 where it was.
    await page.evaluate(() => window.linework!.current.camera.set({ x: 0, y: 0, zoom: 1 }));
    await expect.poll(stats).toEqual({ topLevel: count, drawn: 1024 });
    expect((await chunks()).builds).toBe(2);
    await expect.poll(() => screenPixel(page, canvas.x + 50, canvas.y + 150)).toEqual([0, 0, 255]);
    // A small pan, inside the margin, so no new cull: r1, kept by the last one, comes into view.
    await page.evaluate(() => window.linework!.current.camera.set({ x: -600, y: 0, zoom: 1 }));
    await expect.poll(() => screenPixel(page, canvas.x + 450, canvas.y + 150)).toEqual([0, 0, 255]);
    await page.evaluate(() => window.linework!.current.camera.set({ x: 0, y: 0, zoom: 1 }));

    // An edit that brings a rectangle of a culled chunk into view shows it at once.
    await page.evaluate(() => {
      const { store } = window.linework!.editor;
      store.transact("Move", (tx) => {
        const far = tx.get("r2500");
        if (far?.type === "rect") tx.update("r2500", { transform: { ...far.transform, x: 300 } });
      });
    });
    await expect.poll(() => screenPixel(page, canvas.x + 350, canvas.y + 150)).toEqual([0, 0, 255]);
  });

  test("the chunk beside the view is built while the page is idle, so panning onto it builds nothing", async ({
    page,
  }) => {
    await openApp(page);
    // Rows of 32 squares 40 apart: a chunk (1,024 squares) is 32 rows, 1,280 units tall; at
    // zoom 1 the view shows the first chunk only, and the second starts 480 units below it.
    const count = 2600;
    const result = await page.evaluate(
      (text) => window.linework!.importDocument(text),
      serializeDocument(
        rowDocument(count, (i) => ({ x: (i % 32) * 40, y: Math.floor(i / 32) * 40 })),
      ),
    );
    expect(result.ok).toBe(true);
    const chunks = () => page.evaluate(() => window.linework!.current.renderer.chunkStats);
    // Drawn: the first chunk. Built once the page had a moment to spare: the second as well, not
    // the third (2,048 squares on, past a view beyond the edge).
    await expect
      .poll(chunks, { timeout: 20_000 })
      .toMatchObject({ chunks: 3, drawn: 1, builds: 2 });
    const canvas = await canvasBox(page);
    // The pan's own cull builds nothing (read in the same task, before any idle moment could
    // build the chunk next to the new view).
    const afterPan = await page.evaluate(() => {
      const { camera, renderer } = window.linework!.current;
      camera.set({ x: 0, y: -1400, zoom: 1 });
      return renderer.chunkStats.builds;
    });
    expect(afterPan).toBe(2);
    // World (50, 1550), under the squares of rows 36 to 38: the second chunk's, drawn.
    await expect.poll(() => screenPixel(page, canvas.x + 50, canvas.y + 150)).toEqual([0, 0, 255]);
  });

  test("the shapes' programs are compiled while the page is idle, not in the first frame of a document", async ({
    page,
  }) => {
    // Counts the links of programs whose fragment shader is a batch mesh's (it sets
    // finalColor = shade…(…)).
    await page.addInitScript(() => {
      const sources = new WeakMap<WebGLShader, string>();
      const scope = globalThis as { __batchLinks?: number };
      scope.__batchLinks = 0;
      const proto = WebGL2RenderingContext.prototype;
      const shaderSource = proto.shaderSource;
      proto.shaderSource = function (shader, source) {
        sources.set(shader, source);
        shaderSource.call(this, shader, source);
      };
      const linkProgram = proto.linkProgram;
      proto.linkProgram = function (program) {
        const shaders = this.getAttachedShaders(program) ?? [];
        if (shaders.some((shader) => /finalColor = shade\w*\(/.test(sources.get(shader) ?? "")))
          scope.__batchLinks! += 1;
        linkProgram.call(this, program);
      };
    });
    await openApp(page);
    const links = () => page.evaluate(() => (globalThis as { __batchLinks?: number }).__batchLinks);
    // The start-up drawing is empty: the four programs were linked in an idle moment.
    await expect.poll(links, { timeout: 20_000 }).toBe(4);
    const result = await page.evaluate(
      (text) => window.linework!.importDocument(text),
      serializeDocument(
        rowDocument(300, (i) => ({ x: (i % 20) * 40, y: Math.floor(i / 20) * 40 })),
      ),
    );
    expect(result.ok).toBe(true);
    await waitTicks(page, 5);
    const canvas = await canvasBox(page);
    await expect.poll(() => screenPixel(page, canvas.x + 60, canvas.y + 60)).toEqual([0, 0, 255]);
    // Drawing the document compiled nothing more.
    expect(await links()).toBe(4);
  });

  test("Ctrl+' shows and hides the grid", async () => {
    const page = shared();
    const canvas = await openGallery(page);
    const grid = () =>
      page.evaluate(() => {
        const { grid } = window.linework!.current.viewport;
        return { visible: grid.visible, step: grid.step };
      });
    expect(await grid()).toEqual({ visible: false, step: null });
    // Below the gallery's frame only the background shows; a vertical grid line is at x = 20.
    const below = canvas.y + 630;
    const column = async () => [
      await screenPixel(page, canvas.x + 20, below),
      await screenPixel(page, canvas.x + 30, below),
    ];
    expect(await column()).toEqual([BACKGROUND_RGB, BACKGROUND_RGB]);
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+Quote");
    await expect.poll(grid).toEqual({ visible: true, step: 20 });
    await expect.poll(async () => (await column())[0]).not.toEqual(BACKGROUND_RGB);
    expect((await column())[1]).toEqual(BACKGROUND_RGB);
    // The spacing follows the zoom.
    await page.evaluate(() => window.linework!.current.camera.setZoom(0.1));
    await expect.poll(grid).toEqual({ visible: true, step: 200 });
    await page.keyboard.press("Control+Quote");
    await expect.poll(grid).toEqual({ visible: false, step: null });
    await page.evaluate(() => window.linework!.current.camera.setZoom(1));
    await expect.poll(column).toEqual([BACKGROUND_RGB, BACKGROUND_RGB]);
  });

  test("F3 and Ctrl+Shift+D show and hide the statistics", async () => {
    const page = shared();
    await openGallery(page);
    const hud = page.locator(".lw-hud");
    await expect(hud).toHaveCount(0);
    await page.locator("canvas").focus();
    await page.keyboard.press("F3");
    await expect(hud).toBeVisible();
    await page.evaluate(() => window.linework!.current.camera.panBy(5, 0));
    await expect(hud).toContainText("renders/s");
    await expect(hud).toContainText("zoom 100 %");
    await expect(hud).toContainText(/render \d+\.\d+ ms mean, \d+\.\d+ ms p95/);
    await expect(hud).toContainText("nodes 9 displayed");
    await page.keyboard.press("F3");
    await expect(hud).toHaveCount(0);
    await page.keyboard.press("Control+Shift+KeyD");
    await expect(hud).toBeVisible();
    // Opening another document keeps the statistics on.
    await page.evaluate((text) => window.linework!.importDocument(text, "Again"), GALLERY);
    await expect(hud).toHaveCount(1);
    await page.keyboard.press("Control+Shift+KeyD");
    await expect(hud).toHaveCount(0);
  });
});
