import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { createDocument, NO_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { TextNode } from "../src/doc/types";
import { serializeDocument } from "../src/io/native/format";
import { canvasBox, hideChrome, openApp, waitTicks } from "./support";

test.use({ viewport: { width: 1024, height: 700 } });

function textDocument() {
  const records = createDocument({
    id: "doc",
    pageId: "page",
    name: "Words",
    author: "web_user",
    created: "2026-01-01T00:00:00.000Z",
  });
  const text = makeNode<TextNode>("text", "words", "page", "a0", {
    content: "Linework 1234",
    fontFamily: "Inter, system-ui, sans-serif",
    fontSize: 64,
    fontWeight: 400,
    fontStyle: "normal",
    align: "left",
    lineHeight: 1.2,
    width: null,
    fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
    stroke: NO_STROKE,
  });
  return [...records, { ...text, transform: { ...text.transform, x: 100, y: 100 } }];
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The box of the dark pixels of a PNG (or an SVG drawn on white), in its own pixels. */
async function inkBox(page: Page, dataUrl: string, width: number, height: number): Promise<Box> {
  return page.evaluate(
    async ({ dataUrl, width, height }) => {
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      context.fillStyle = "#fff";
      context.fillRect(0, 0, width, height);
      context.drawImage(image, 0, 0, width, height);
      const data = context.getImageData(0, 0, width, height).data;
      const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
      for (let y = 0; y < height; y += 1)
        for (let x = 0; x < width; x += 1) {
          if (data[(y * width + x) * 4]! > 128) continue;
          box.minX = Math.min(box.minX, x);
          box.minY = Math.min(box.minY, y);
          box.maxX = Math.max(box.maxX, x + 1);
          box.maxY = Math.max(box.maxY, y + 1);
        }
      return box;
    },
    { dataUrl, width, height },
  );
}

test.describe("outlined text", () => {
  test("the shipped typeface has loaded by the time a document shows", async ({ page }) => {
    await openApp(page);
    const faces = await page.evaluate(() =>
      [...document.fonts].filter((f) => f.family === "Inter").map((f) => f.status),
    );
    expect(faces).toEqual(["loaded", "loaded", "loaded", "loaded"]);
    expect(await page.evaluate(() => document.fonts.check("italic 700 16px Inter"))).toBe(true);
  });

  test("Export with Outline text writes glyph paths where the canvas draws the words", async ({
    page,
  }) => {
    await openApp(page);
    const result = await page.evaluate(
      (text) => window.linework!.importDocument(text),
      serializeDocument(textDocument()),
    );
    expect(result.ok).toBe(true);
    await page.evaluate(() => window.linework!.current.camera.set({ x: 0, y: 0, zoom: 1 }));
    await waitTicks(page, 5);

    const dialog = await (async () => {
      await page.locator("canvas").focus();
      await page.keyboard.press("Control+Shift+KeyE");
      const found = page.getByRole("dialog", { name: "Export" });
      await expect(found).toBeVisible();
      return found;
    })();
    await dialog.getByRole("radio", { name: "SVG" }).check();
    await dialog.getByRole("radio", { name: "Page", exact: true }).check();
    await dialog.getByRole("checkbox", { name: "Background" }).uncheck();
    await dialog.getByRole("checkbox", { name: "Outline text" }).check();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Export" }).click(),
    ]);
    const svg = readFileSync(await download.path()).toString("utf8");
    expect(svg).not.toContain("<text");
    expect(svg).toContain('aria-label="Linework 1234"');
    await expect(dialog).toBeHidden();

    // The words on the canvas, from a screenshot, in page units (zoom 1, camera at the origin).
    await hideChrome(page);
    await waitTicks(page, 3);
    const canvas = await canvasBox(page);
    const shot = await page.screenshot({ clip: canvas });
    const onCanvas = await inkBox(
      page,
      `data:image/png;base64,${shot.toString("base64")}`,
      Math.round(canvas.width),
      Math.round(canvas.height),
    );
    // The outlines, drawn by Chromium's SVG renderer at one pixel per unit.
    const viewBox = /viewBox="([^"]+)"/.exec(svg)![1]!.split(" ").map(Number);
    const [vx, vy, vw, vh] = viewBox as [number, number, number, number];
    const inSvg = await inkBox(
      page,
      `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
      Math.ceil(vw),
      Math.ceil(vh),
    );
    const outlined = {
      minX: inSvg.minX + vx,
      minY: inSvg.minY + vy,
      maxX: inSvg.maxX + vx,
      maxY: inSvg.maxY + vy,
    };
    // Both start at the text's place, and the same glyphs span the same width and height; a
    // fallback font on the canvas would be several pixels wider or narrower at 64 px.
    for (const side of ["minX", "minY", "maxX", "maxY"] as const)
      expect(Math.abs(outlined[side] - onCanvas[side]), side).toBeLessThanOrEqual(2);
    expect(onCanvas.minX).toBeGreaterThan(95);
    expect(onCanvas.maxX - onCanvas.minX).toBeGreaterThan(300);
  });
});
