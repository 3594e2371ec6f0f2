import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { PageRecord, RectNode, RGBA } from "../src/doc/types";
import { BACKGROUND_RGB, canvasBox, hideChrome, openApp, screenPixel, waitTicks } from "./support";

/** A canvas pixel far from anything drawn on an empty page. */
async function emptyCanvasPixel(page: Page): Promise<number[]> {
  await waitTicks(page);
  const box = await canvasBox(page);
  return screenPixel(page, box.x + box.width / 2, box.y + box.height / 2);
}

/** Sets the shown page's background through the store, as one undoable edit. */
async function setBackground(page: Page, background: RGBA): Promise<void> {
  await page.evaluate((color) => {
    const lw = window.linework!;
    const pageId = lw.current.pageId();
    lw.editor.store.transact("Page background", (tx) =>
      tx.update<PageRecord>(pageId, { background: color }),
    );
  }, background);
}

/** An unfilled square far from the view: an empty page has nothing to export. */
const PROBE = (() => {
  const node = makeNode<RectNode>("rect", "probe", "", "a0", {
    width: 90,
    height: 90,
    radii: [0, 0, 0, 0],
    fill: { type: "none" },
    stroke: { ...DEFAULT_STROKE, width: 1 },
  });
  return { ...node, transform: { ...node.transform, x: -5000, y: -5000 } };
})();

/** Chromium's rendering of the page's SVG export with its background: the middle pixel. */
async function exportedBackground(page: Page): Promise<number[]> {
  return page.evaluate(async (probe) => {
    const lw = window.linework!;
    const pageId = lw.current.pageId();
    const store = lw.editor.store;
    if (!store.has(probe.id)) {
      store.transact("Add", (tx) => tx.put({ ...probe, parent: pageId }));
    }
    const svg = lw.exports.svg({ scope: { page: pageId }, background: true }).svg;
    const image = new Image();
    image.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = 9;
    canvas.height = 9;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0, 9, 9);
    return Array.from(context.getImageData(4, 4, 1, 1).data.slice(0, 3));
  }, PROBE);
}

test.describe("page background", () => {
  test("the canvas shows the page's background colour, follows its edits and matches the export", async ({
    page,
  }) => {
    await openApp(page);
    await hideChrome(page);
    // A new page keeps the default colour, which is the light canvas's own.
    expect(await emptyCanvasPixel(page)).toEqual(BACKGROUND_RGB);
    expect(await exportedBackground(page)).toEqual(BACKGROUND_RGB);

    await setBackground(page, { r: 0.2, g: 0.4, b: 0.8, a: 1 });
    expect(await emptyCanvasPixel(page)).toEqual([51, 102, 204]);
    expect(await exportedBackground(page)).toEqual([51, 102, 204]);

    // Undo brings the old colour back, on the canvas too.
    await page.evaluate(() => window.linework!.editor.history.undo());
    expect(await emptyCanvasPixel(page)).toEqual(BACKGROUND_RGB);

    await setBackground(page, { r: 1, g: 1, b: 1, a: 1 });
    expect(await emptyCanvasPixel(page)).toEqual([255, 255, 255]);
    expect(await exportedBackground(page)).toEqual([255, 255, 255]);
  });

  test("another page shows its own background; the dark theme keeps its colour for default pages", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await openApp(page);
    await hideChrome(page);
    const dark = [0x27, 0x27, 0x2a];
    expect(await emptyCanvasPixel(page)).toEqual(dark);
    // A second page with a colour of its own, shown, then the first again.
    await page.evaluate(() => {
      const lw = window.linework!;
      const store = lw.editor.store;
      const first = store.pages()[0]!;
      store.transact("Add page", (tx) =>
        tx.put({
          ...first,
          id: "second",
          name: "Second",
          index: `${first.index}V`,
          background: { r: 1, g: 0.8, b: 0.6, a: 1 },
        }),
      );
      lw.current.showPage("second");
    });
    expect(await emptyCanvasPixel(page)).toEqual([255, 204, 153]);
    await page.evaluate(() => {
      const lw = window.linework!;
      lw.current.showPage(lw.editor.store.pages()[0]!.id);
    });
    expect(await emptyCanvasPixel(page)).toEqual(dark);
  });
});
