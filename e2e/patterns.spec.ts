import { expect, test, type Page } from "@playwright/test";
import { canvasBox, reusedApp, screenshotPixels } from "./support";
import { differenceFromExport, expectNear as expectNearTo, showSvg } from "./svgOnCanvas";

// Pattern paints: an SVG <pattern> comes in as a pattern paint, the canvas repeats its rendered
// tile over the shape, and the exports carry it as a <pattern> (PNG through the browser's own
// drawing of that SVG, PDF through svg2pdf's tiling patterns).

const reused = reusedApp();

/**
 * A 160 × 120 rectangle at (20, 20) filled with a 20-unit checker (grey corner square, green
 * square diagonally across, the rest empty), outlined in blue.
 */
const CHECKER = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 160">
  <pattern id="checker" patternUnits="userSpaceOnUse" width="20" height="20">
    <rect width="10" height="10" fill="#808080"/>
    <rect x="10" y="10" width="10" height="10" fill="#008000"/>
  </pattern>
  <rect x="20" y="20" width="160" height="120" fill="url(#checker)" stroke="#0000ff"/>
</svg>`;

const GREY = [128, 128, 128];
const GREEN = [0, 128, 0];
const WHITE = [255, 255, 255];

function show(page: Page, svg: string, zoom: number): Promise<void> {
  return showSvg(page, "checker.svg", svg, zoom);
}

/** The canvas's pixels over the drawing's 200 × 160 units at `zoom`. */
async function canvasPixels(page: Page, zoom: number) {
  const box = await canvasBox(page);
  return screenshotPixels(page, { x: box.x, y: box.y, width: 200 * zoom, height: 160 * zoom });
}

function at(shot: { width: number; data: Buffer }, x: number, y: number): number[] {
  const i = (Math.round(y) * shot.width + Math.round(x)) * 4;
  return Array.from(shot.data.subarray(i, i + 3));
}

function expectNear(actual: number[], expected: number[], what: string): void {
  expectNearTo(actual, expected, what, 12);
}

test("a pattern fill is drawn on the canvas as its tile repeated, at every zoom", async ({
  browser,
}) => {
  const page = await reused(browser);
  for (const zoom of [1, 1.5, 3]) {
    await show(page, CHECKER, zoom);
    const shot = await canvasPixels(page, zoom);
    // Square centres across the rectangle, in world units: the pattern's tiles start at 0, 0.
    for (const [x, y] of [
      [25, 25],
      [65, 105],
      [165, 125],
    ])
      expectNear(at(shot, x! * zoom, y! * zoom), GREY, `grey at ${x}, ${y} zoom ${zoom}`);
    for (const [x, y] of [
      [35, 35],
      [95, 75],
      [175, 135],
    ])
      expectNear(at(shot, x! * zoom, y! * zoom), GREEN, `green at ${x}, ${y} zoom ${zoom}`);
    for (const [x, y] of [
      [35, 25],
      [25, 35],
      [115, 85],
      // Outside the rectangle: nothing.
      [10, 10],
      [190, 150],
    ])
      expectNear(at(shot, x! * zoom, y! * zoom), WHITE, `white at ${x}, ${y} zoom ${zoom}`);
  }
});

test("the canvas draws a pattern as Chromium draws the exported SVG's <pattern>", async ({
  browser,
}) => {
  const page = await reused(browser);
  const zoom = 2;
  await show(page, CHECKER, zoom);
  const shot = await canvasPixels(page, zoom);
  const result = await differenceFromExport(page, shot, zoom, 64);
  expect(result.patterns).toBe(1);
  test.info().annotations.push({ type: "differing pixels", description: result.share.toFixed(4) });
  // Edges of the squares anti-alias a little differently; a missing or shifted tile is ~40 %.
  expect(result.share).toBeLessThan(0.02);
});

test("PNG and PDF exports keep the pattern", async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await reused(browser);
  await show(page, CHECKER, 1);
  const result = await page.evaluate(async () => {
    const lw = window.linework!;
    const scope = { page: lw.current.pageId() };
    const blob = await lw.exports.png({ scope, scale: 1 });
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext("2d")!;
    context.drawImage(bitmap, 0, 0);
    // The PNG's corner is the stroke's outer edge, half a unit outside (20, 20).
    const pixel = (x: number, y: number) =>
      Array.from(context.getImageData(x - 19.5, y - 19.5, 1, 1).data).slice(0, 3);
    const pdf = await lw.exports.pdf({ pages: [scope] });
    let text = "";
    for (const byte of pdf) text += String.fromCharCode(byte);
    return {
      grey: pixel(25, 25),
      green: pixel(35, 35),
      tilingPatterns: (text.match(/\/PatternType 1\b/g) ?? []).length,
    };
  });
  expectNear(result.grey, GREY, "result.grey");
  expectNear(result.green, GREEN, "result.green");
  // svg2pdf writes a <pattern> as a PDF tiling pattern, its content as vector drawing.
  expect(result.tilingPatterns).toBeGreaterThan(0);
});

test("a gradient or pattern on text is painted through its glyphs, as Chromium paints the export", async ({
  browser,
}) => {
  const page = await reused(browser);
  const zoom = 1.5;
  await show(
    page,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 160" font-family="Noto Sans" font-size="60">
      <linearGradient id="lg"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient>
      <pattern id="dots" patternUnits="userSpaceOnUse" width="8" height="8"><rect width="4" height="8" fill="#008000"/></pattern>
      <text x="100" y="60" text-anchor="middle" fill="url(#lg)">Text</text>
      <text x="100" y="140" text-anchor="middle" fill="none" stroke="url(#dots)" stroke-width="4">Text</text>
    </svg>`,
    zoom,
  );
  const shot = await canvasPixels(page, zoom);
  // Red towards the text's left, blue towards its right, nothing between the letters' strokes.
  const reds: number[] = [];
  const blues: number[] = [];
  for (let y = 20 * zoom; y < 60 * zoom; y++)
    for (let x = 0; x < shot.width; x++) {
      const [r, , b] = at(shot, x, y);
      if (r! > 200 && b! < 80) reds.push(x);
      if (b! > 200 && r! < 80) blues.push(x);
    }
  expect(reds.length).toBeGreaterThan(50);
  expect(blues.length).toBeGreaterThan(50);
  expect(Math.max(...reds)).toBeLessThan(Math.min(...blues));
  const { share } = await differenceFromExport(page, shot, zoom, 64);
  test.info().annotations.push({ type: "differing pixels", description: share.toFixed(4) });
  expect(share).toBeLessThan(0.03);
});
