import { expect, test, type Page } from "@playwright/test";
import {
  BACKGROUND,
  BLUE,
  RED,
  Screen,
  isInk,
  near,
  nodes,
  resumeJourney,
  stroke,
  type Box,
  type NodeSummary,
  type Point,
  type Rgb,
} from "./journey";
import { sharedFreshApp } from "../support";

// One app for the file, put back as a fresh start leaves it before each journey (resetApp).
const shared = sharedFreshApp();

// Sketching with the pencil: Shift+P and four freehand strokes of many mouse moves each, the
// stroke colour and width of the first two changed in the properties panel between strokes,
// Ctrl+Z twice, Ctrl+Shift+Z once, then the eraser (E) wiped across the first stroke. The
// document and the pixels are checked at the end.

/** A wavy stroke across a horizontal band centred on `y`, one sample every 12 px. */
function wave(y: number): Point[] {
  const points: Point[] = [];
  for (let x = 120; x <= 600; x += 12) points.push({ x, y: y + 22 * Math.sin((x - 120) / 40) });
  return points;
}

/** The band a wave covers on screen, with room for its width. */
function band(y: number): Box {
  return { x: 110, y: y - 40, width: 500, height: 80 };
}

const BANDS = [140, 260, 380, 500] as const;

/** Sets the selected stroke's colour and width in the properties panel, each ended by Enter. */
async function styleStroke(page: Page, hex: string, width: string): Promise<void> {
  const panel = page.getByRole("region", { name: "Properties" });
  const swatch = panel.getByRole("button", { name: /^Stroke colour:/ });
  if ((await swatch.getAttribute("aria-expanded")) !== "true") await swatch.click();
  await panel
    .getByRole("group", { name: "Stroke colour" })
    .getByRole("textbox", { name: "Hex" })
    .click();
  await page.keyboard.press("Control+KeyA");
  await page.keyboard.type(hex);
  await page.keyboard.press("Enter");
  await panel.getByRole("textbox", { name: "Stroke width" }).click();
  await page.keyboard.press("Control+KeyA");
  await page.keyboard.type(width);
  await page.keyboard.press("Enter");
}

test("journey: sketch with the pencil, restyle, undo, redo and erase", async () => {
  const page = shared();
  test.setTimeout(60_000);
  const errors = await resumeJourney(page);

  await page.keyboard.press("Shift+KeyP");
  await stroke(page, wave(BANDS[0]));
  await styleStroke(page, "#ff0000", "8");
  // Back to the pencil with the toolbar, and from a field with Esc and the key.
  const tools = page.getByRole("toolbar", { name: "Tools" });
  await tools.getByRole("button", { name: "Pencil" }).click();
  await stroke(page, wave(BANDS[1]));
  await styleStroke(page, "#0000ff", "6");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Shift+KeyP");
  await stroke(page, wave(BANDS[2]));
  // Shift+P straight after a stroke, the key on the canvas.
  await page.keyboard.press("Shift+KeyP");
  await stroke(page, wave(BANDS[3]));

  const drawn = await nodes(page);
  expect(drawn.map((n) => n.type)).toEqual(["freehand", "freehand", "freehand", "freehand"]);
  const [first, second, third, fourth] = drawn as [
    NodeSummary,
    NodeSummary,
    NodeSummary,
    NodeSummary,
  ];
  expect([first.stroke, first.strokeWidth]).toEqual(["#ff0000", 8]);
  expect([second.stroke, second.strokeWidth]).toEqual(["#0000ff", 6]);
  expect([third.strokeWidth, fourth.strokeWidth]).toEqual([2, 2]);
  // Each stroke kept every mouse sample: 40 moves plus the press.
  const sampleCounts = await page.evaluate(() =>
    window
      .linework!.editor.store.childrenOf(window.linework!.current.pageId())
      .map((n) => (n.type === "freehand" ? n.points.length / 3 : 0)),
  );
  for (const count of sampleCounts) expect(count).toBeGreaterThanOrEqual(41);

  // Two undos take back the last two strokes; one redo brings the third back.
  await page.keyboard.press("Control+KeyZ");
  await page.keyboard.press("Control+KeyZ");
  expect((await nodes(page)).map((n) => n.id)).toEqual([first.id, second.id]);
  await page.keyboard.press("Control+Shift+KeyZ");
  expect((await nodes(page)).map((n) => n.id)).toEqual([first.id, second.id, third.id]);

  // The eraser wiped down across the first stroke only.
  await page.keyboard.press("KeyE");
  await stroke(page, [
    { x: 330, y: 100 },
    { x: 331, y: 120 },
    { x: 332, y: 140 },
    { x: 333, y: 160 },
    { x: 334, y: 185 },
  ]);
  const final = await nodes(page);
  expect(final.map((n) => n.id)).toEqual([second.id, third.id]);
  expect(final).toEqual([second, third]);
  // Erasing was one step.
  await page.keyboard.press("Control+KeyZ");
  expect((await nodes(page)).map((n) => n.id)).toEqual([first.id, second.id, third.id]);
  await page.keyboard.press("Control+Shift+KeyZ");
  expect((await nodes(page)).map((n) => n.id)).toEqual([second.id, third.id]);

  // The screen: no red left in the first band, a thick blue wave in the second, dark ink in the
  // third, and the fourth band bare.
  const screen = await Screen.grab(page);
  expect(screen.colour(band(BANDS[0]), RED, 60)).toBe(0);
  expect(screen.count(band(BANDS[0]), (p) => !near(p, BACKGROUND, 6))).toBe(0);
  // Waves about 650 px long, several pixels thick (how thick: the test below).
  expect(screen.colour(band(BANDS[1]), BLUE, 60)).toBeGreaterThan(1500);
  expect(screen.count(band(BANDS[1]), isInk)).toBe(0);
  expect(screen.count(band(BANDS[2]), isInk)).toBeGreaterThan(1500);
  expect(screen.colour(band(BANDS[2]), BLUE, 60)).toBe(0);
  expect(screen.count(band(BANDS[3]), (p) => !near(p, BACKGROUND, 6))).toBe(0);

  expect(await page.evaluate(() => window.linework!.engine.state)).toBe("running");
  expect(errors).toEqual([]);
});

// Esc in a properties field hands the keyboard back to the canvas (README, "Panels"): after Enter
// has committed a stroke width, Esc then Shift+P picks the pencil. The field used to keep the
// caret, so "P" was typed into it and the next drag was a marquee.
test("journey: Esc after Enter in the stroke width field gives the keys back to the canvas", async () => {
  const page = shared();
  const errors = await resumeJourney(page);
  await page.keyboard.press("Shift+KeyP");
  await stroke(page, wave(BANDS[0]));
  const width = page.getByRole("region", { name: "Properties" }).getByRole("textbox", {
    name: "Stroke width",
  });
  await width.click();
  await page.keyboard.press("Control+KeyA");
  await page.keyboard.type("8");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Shift+KeyP");
  await stroke(page, wave(BANDS[1]));
  const drawn = await nodes(page);
  expect(drawn.map((n) => [n.type, n.strokeWidth])).toEqual([
    ["freehand", 8],
    ["freehand", 2],
  ]);
  await expect(width).not.toBeFocused();
  expect(errors).toEqual([]);
});

/** How many pixels down a column of the screen pass `test`, within a band. */
function thickness(screen: Screen, x: number, box: Box, test: (p: Rgb) => boolean): number {
  return screen.count({ x, y: box.y, width: 1, height: box.height }, test);
}

// A pencil stroke's Stroke width sets how thick its ink is drawn. The ink used to come from the
// stroke's freehand settings alone, so widths 2 and 20 looked the same (about 7 px at 100 %).
test("journey: a pencil stroke's Stroke width sets how thick it is drawn", async () => {
  const page = shared();
  const errors = await resumeJourney(page);
  await page.keyboard.press("Shift+KeyP");
  await stroke(page, wave(BANDS[0]));
  await page.keyboard.press("Shift+KeyP");
  await stroke(page, wave(BANDS[1]));
  await styleStroke(page, "#1f1f24", "20");
  const drawn = await nodes(page);
  expect(drawn.map((n) => n.strokeWidth)).toEqual([2, 20]);
  await page.mouse.click(650, 600);
  const screen = await Screen.grab(page);
  // Where the waves cross their middle line (x = 120 + 40π k), they run at 45°; x = 245.6 is one.
  const thin = thickness(screen, 246, band(BANDS[0]), isInk);
  const thick = thickness(screen, 246, band(BANDS[1]), isInk);
  expect(thin).toBeGreaterThan(0);
  expect(thick).toBeGreaterThan(thin * 3);
  expect(errors).toEqual([]);
});
