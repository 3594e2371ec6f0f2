import { expect, test, type Page } from "@playwright/test";
import {
  canvasBox,
  dragWorld,
  drawWith,
  prepareDrawing,
  reusedApp,
  screenPixel,
  screenshotPixels,
  waitForRestingView,
  waitTicks,
  worldToPage,
} from "./support";
import { pdfPixels, pdfText } from "./pdfPixels";
import { differenceFromExport, expectNear as expectNearTo, showSvg } from "./svgOnCanvas";

// Clip paths and masks come in as masked groups, are drawn on the canvas as Chromium draws the
// exported SVG, and stay masked when the masked group is moved.

const reused = reusedApp();

// A square clipped to a circle and a star (any shape, one of them nested in the other), and a
// square masked by a luminance mask: white on its left half, mid grey on its right.
const DRAWING = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
  <clipPath id="star"><path d="M50 0L62 36H100L69 58L81 95L50 72L19 95L31 58L0 36H38Z"/></clipPath>
  <clipPath id="round" clipPathUnits="objectBoundingBox" clip-path="url(#star)">
    <circle cx="0.5" cy="0.5" r="0.45"/>
  </clipPath>
  <rect x="0" y="0" width="100" height="100" fill="#0000ff" clip-path="url(#round)"/>
  <mask id="fade" maskUnits="userSpaceOnUse" x="110" y="10" width="80" height="80">
    <rect x="110" y="10" width="40" height="80" fill="#ffffff"/>
    <rect x="150" y="10" width="40" height="80" fill="#808080"/>
  </mask>
  <g mask="url(#fade)"><rect x="110" y="10" width="80" height="80" fill="#008000"/></g>
</svg>`;

function expectNear(actual: number[], expected: number[], what: string): void {
  expectNearTo(actual, expected, what, 8);
}

async function masked(page: Page): Promise<{ clip: string; mask: string }> {
  return page.evaluate(() => {
    const lw = window.linework!;
    const store = lw.editor.store;
    const found: Record<string, string> = {};
    const stack = [lw.current.pageId()];
    while (stack.length > 0) {
      for (const child of store.childrenOf(stack.pop()!)) {
        if (child.type === "group" && child.mask !== undefined) found[child.mask] = child.id;
        stack.push(child.id);
      }
    }
    return { clip: found.outline!, mask: found.luminance! };
  });
}

test("a clip path and a mask are drawn as the export draws them, and move with their group", async ({
  browser,
}) => {
  const page = await reused(browser);
  const zoom = 2;
  await showSvg(page, "masked.svg", DRAWING, zoom);
  const box = await canvasBox(page);
  const area = { x: box.x, y: box.y, width: 420, height: 220 };
  let shot = await screenshotPixels(page, area);
  const at = (x: number, y: number): number[] => {
    const i = (Math.round(y * zoom) * shot.width + Math.round(x * zoom)) * 4;
    return Array.from(shot.data.subarray(i, i + 3));
  };
  const { clip, mask } = await masked(page);
  expect(clip).toBeTruthy();
  expect(mask).toBeTruthy();
  // Inside the star and the circle; inside the circle only; outside both.
  expectNear(at(50, 50), [0, 0, 255], "in the star and the circle");
  expectNear(at(50, 85), [255, 255, 255], "in the circle, between the star's lower points");
  expectNear(at(3, 3), [255, 255, 255], "out of both");
  // Luminance: the full green where the mask is white, about half of it where it is grey.
  expectNear(at(130, 50), [0, 128, 0], "under white");
  expectNear(at(170, 50), [127, 191, 127], "under grey");
  expectNear(at(195, 50), [255, 255, 255], "outside the mask's region");

  // Tolerance: 32 of 255 per channel, on at most 1 % of the pixels (anti-aliased edges differ).
  const before = await differenceFromExport(page, shot, zoom, 32);
  test.info().annotations.push({ type: "differing pixels", description: before.share.toFixed(4) });
  expect(before.share).toBeLessThan(0.01);

  // Move the masked group: what it masks moves with it, mask included.
  await page.evaluate((id) => {
    const store = window.linework!.editor.store;
    store.transact("Move", (tx) => {
      const node = tx.get(id)!;
      if (node.type !== "group") return;
      tx.update(id, { transform: { ...node.transform, y: node.transform.y + 20 } });
    });
  }, mask);
  await waitForRestingView(page);
  shot = await screenshotPixels(page, area);
  expectNear(at(130, 20), [255, 255, 255], "above the moved mask");
  expectNear(at(130, 100), [0, 128, 0], "under white, moved");
  expectNear(at(170, 100), [127, 191, 127], "under grey, moved");
  const after = await differenceFromExport(page, shot, zoom, 32);
  test
    .info()
    .annotations.push({ type: "differing pixels moved", description: after.share.toFixed(4) });
  expect(after.share).toBeLessThan(0.01);
});

// svg2pdf.js draws clip paths as PDF clipping paths but has neither soft masks nor filters: a
// masked or blurred group goes into the PDF as a picture of itself, and the rest stays vector.
test("the exported PDF draws clip paths, masks, blurs and filters as the canvas does, its text still text", async ({
  browser,
}) => {
  const page = await reused(browser);
  const drawing = DRAWING.replace('viewBox="0 0 200 100"', 'viewBox="0 0 300 130"').replace(
    "</svg>",
    `<filter id="soft"><feGaussianBlur stdDeviation="4"/></filter>
  <rect x="220" y="20" width="60" height="60" fill="#0000ff" filter="url(#soft)"/>
  <filter id="shadow" x="-50%" y="-50%" width="200%" height="200%">
    <feDropShadow dx="6" dy="6" stdDeviation="1" flood-color="#000000" flood-opacity="1"/>
  </filter>
  <rect x="230" y="95" width="30" height="20" fill="#ff0000" filter="url(#shadow)"/>
  <text x="10" y="120" font-family="sans-serif" font-size="12" fill="#000000">Words stay words</text>
</svg>`,
  );
  await showSvg(page, "masked.svg", drawing, 1);
  const { base64, minX, minY } = await page.evaluate(async () => {
    const lw = window.linework!;
    const scope = { page: lw.current.pageId() };
    const { bounds } = lw.exports.svg({ scope });
    const bytes = await lw.exports.pdf({ pages: [scope] });
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return { base64: btoa(binary), minX: bounds.minX, minY: bounds.minY };
  });
  const pdf = Buffer.from(base64, "base64");
  const { width, data } = pdfPixels(pdf);
  // One pixel a point, the page's corner at the drawing's.
  const at = (x: number, y: number): number[] => {
    const i = (Math.round(y - minY) * width + Math.round(x - minX)) * 4;
    return Array.from(data.subarray(i, i + 3));
  };
  expectNear(at(50, 50), [0, 0, 255], "PDF: in the star and the circle");
  expectNear(at(50, 85), [255, 255, 255], "PDF: in the circle, between the star's lower points");
  expectNear(at(8, 8), [255, 255, 255], "PDF: out of both");
  // Luminance: as on the canvas (the first test), half the green under the grey half.
  expectNear(at(130, 50), [0, 128, 0], "PDF: under the mask's white");
  expectNear(at(170, 50), [127, 191, 127], "PDF: under the mask's grey");
  // A Gaussian of 4: solid inside, half way on the edge, 16 % one deviation out (a sharp square
  // is blue there and white here), nothing three deviations out.
  expectNear(at(250, 50), [0, 0, 255], "PDF: inside the blurred square");
  expectNearTo(at(220, 50), [127, 127, 255], "PDF: the blurred square's edge", 16);
  expectNearTo(at(216, 50), [214, 214, 255], "PDF: a deviation out", 16);
  expectNearTo(at(207, 50), [255, 255, 255], "PDF: three deviations out", 8);
  // Any other filter too: a drop shadow, black past the red square's lower right corner.
  expectNear(at(245, 105), [255, 0, 0], "PDF: the shadowed square");
  expectNearTo(at(263, 118), [0, 0, 0], "PDF: its shadow", 32);
  // What is not masked or blurred stays vector: the words are text a reader finds.
  expect(pdfText(pdf)).toContain("Words stay words");
});

test("a blur filter is drawn as the export draws it", async ({ browser }) => {
  const page = await reused(browser);
  const zoom = 2;
  const blurred = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
    <filter id="soft"><feGaussianBlur stdDeviation="4"/></filter>
    <rect x="30" y="20" width="60" height="60" fill="#0000ff" filter="url(#soft)"/>
    <rect x="110" y="20" width="60" height="60" fill="#008000"/>
  </svg>`;
  await showSvg(page, "blurred.svg", blurred, zoom);
  const box = await canvasBox(page);
  const shot = await screenshotPixels(page, { x: box.x, y: box.y, width: 420, height: 220 });
  const at = (x: number, y: number): number[] => {
    const i = (Math.round(y * zoom) * shot.width + Math.round(x * zoom)) * 4;
    return Array.from(shot.data.subarray(i, i + 3));
  };
  // Solid inside, half way at the edge, faded three deviations out.
  expectNear(at(60, 50), [0, 0, 255], "inside the blurred square");
  expectNear(at(30, 50), [127, 127, 255], "on its edge");
  expectNear(at(17, 50), [255, 255, 255], "three deviations out");
  // Tolerance: 32 of 255 per channel, on at most 1 % of the pixels (PixiJS's blur is a few
  // passes of a 15-tap kernel, Chromium's a true Gaussian: 0.9 % of the pixels differ by more
  // than 16, none by more than 32).
  const { share } = await differenceFromExport(page, shot, zoom, 32);
  test.info().annotations.push({ type: "differing pixels", description: share.toFixed(4) });
  expect(share).toBeLessThan(0.01);
});

// A masked group's handles sit on what shows, and it is picked only there: the mask, a circle,
// cuts a bar twice its width to the circle's width.
test("a clipped group is selected where it shows, and its handles sit on that part", async ({
  browser,
}) => {
  const page = await reused(browser);
  await prepareDrawing(page, { x: 0, y: 0, zoom: 1 });
  await drawWith(page, "KeyO", { x: 150, y: 100 }, { x: 250, y: 200 });
  await drawWith(page, "KeyR", { x: 100, y: 130 }, { x: 400, y: 170 });
  await page.keyboard.press("Control+KeyA");
  await page.keyboard.press("Control+KeyK");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByRole("combobox").fill("Clip with bottom shape");
  await page.keyboard.press("Enter");
  await expect(palette).toHaveCount(0);
  const group = await page.evaluate(() => {
    const lw = window.linework!;
    const [only] = lw.editor.store.childrenOf(lw.current.pageId());
    return only?.type === "group" && only.mask === "outline" ? only.id : null;
  });
  expect(group).not.toBeNull();
  const selection = (): Promise<readonly string[]> =>
    page.evaluate(() => window.linework!.editor.store.selection);
  const click = async (x: number, y: number): Promise<void> => {
    const at = await worldToPage(page, { x, y });
    await page.mouse.click(at.x, at.y);
    await waitTicks(page);
  };
  // The bar where the circle hides it, and the circle where there is no bar: nothing.
  await click(350, 150);
  expect(await selection()).toEqual([]);
  await click(200, 110);
  expect(await selection()).toEqual([]);
  await click(200, 150);
  expect(await selection()).toEqual([group]);

  // The frame: the circle's width (150–250) by the bar's height (130–170), strokes a pixel out.
  const frame = async (): Promise<{ minX: number; minY: number; maxX: number; maxY: number }> => {
    await waitTicks(page);
    return page.evaluate(() => {
      const lw = window.linework!;
      const quad = lw.editor.overlays.selectionFrame!;
      const world = quad.map((p) => lw.current.camera.screenToWorld(p));
      const xs = world.map((p) => p.x);
      const ys = world.map((p) => p.y);
      return {
        minX: Math.min(...xs),
        minY: Math.min(...ys),
        maxX: Math.max(...xs),
        maxY: Math.max(...ys),
      };
    });
  };
  const expectFrame = (actual: Record<string, number>, expected: Record<string, number>) => {
    for (const key of Object.keys(expected))
      expect(Math.abs(actual[key]! - expected[key]!), `${key}: ${actual[key]}`).toBeLessThan(2);
  };
  expectFrame(await frame(), { minX: 150, minY: 130, maxX: 250, maxY: 170 });
  // Its east handle is on the circle's edge: dragged 50 further, what shows is 150 wide.
  await dragWorld(page, { x: 250, y: 150 }, { x: 300, y: 150 });
  expect(await selection()).toEqual([group]);
  expectFrame(await frame(), { minX: 150, minY: 130, maxX: 300, maxY: 170 });
});

// At 25,600 % the luminance mask (80 units) and the clip path (100) are over 20,000 pixels wide
// on screen, past the GPU's largest texture: only what is on screen of them is drawn.
test("a mask larger than the GPU's largest texture on screen still draws at a deep zoom", async ({
  browser,
}) => {
  const page = await reused(browser);
  await showSvg(page, "masked.svg", DRAWING, 1);
  const box = await canvasBox(page);
  const { limit, ratio } = await page.evaluate(() => {
    const gl = document.createElement("canvas").getContext("webgl2")!;
    return {
      limit: gl.getParameter(gl.MAX_TEXTURE_SIZE) as number,
      ratio: window.devicePixelRatio,
    };
  });
  const zoom = 256;
  test.info().annotations.push({ type: "max texture size", description: String(limit) });
  expect(80 * zoom * ratio).toBeGreaterThan(limit);
  const centre = { x: Math.round(box.width / 2), y: Math.round(box.height / 2) };
  const seen = async (x: number, y: number): Promise<number[]> => {
    await page.evaluate(
      ({ x, y, zoom, centre }) =>
        window.linework!.current.camera.set({
          x: centre.x - x * zoom,
          y: centre.y - y * zoom,
          zoom,
        }),
      { x, y, zoom, centre },
    );
    await waitForRestingView(page);
    return screenPixel(page, box.x + centre.x, box.y + centre.y);
  };
  expectNear(await seen(130, 50), [0, 128, 0], "deep: under the mask's white");
  expectNear(await seen(170, 50), [127, 191, 127], "deep: under the mask's grey");
  expectNear(await seen(50, 50), [0, 0, 255], "deep: in the star and the circle");
  expectNear(await seen(50, 85), [255, 255, 255], "deep: between the star's lower points");
  // Half on screen: the mask's edge at the centre, the square on one side only.
  expectNear(await seen(150.5, 50), [127, 191, 127], "deep: just right of the grey's edge");
  expectNear(await seen(190.5, 50), [255, 255, 255], "deep: just past the mask");
});
