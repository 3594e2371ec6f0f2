import { expect, test, type Page } from "@playwright/test";
import {
  BACKGROUND,
  INK,
  RED,
  Screen,
  WHITE,
  activeTool,
  engineState,
  near,
  nodes,
  selection,
  resumeJourney,
  toScreen,
  type NodeSummary,
} from "./journey";
import { sharedFreshApp } from "../support";

// One app for the file, put back as a fresh start leaves it before each journey (resetApp).
const shared = sharedFreshApp();

// Working from the keyboard alone: after the page loads the mouse is never touched. Tool letters
// and the keyboard crosshair draw a box (arrows and Enter) and an ellipse (arrows, Space and a
// typed size), Tab cycles the shapes, the arrows nudge, Ctrl+D duplicates, Delete removes, the
// command palette (Ctrl+K) draws and fills a box from typed commands, and Ctrl+Z takes the fill
// back. The document and the pixels are checked at the end.

async function press(page: Page, key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Ctrl+K, the command typed at once, Enter once the palette shows what was typed. */
async function palette(page: Page, line: string): Promise<void> {
  await page.keyboard.press("Control+KeyK");
  await page.keyboard.type(line);
  await expect(page.getByRole("combobox", { name: "Command palette" })).toHaveValue(line);
  await page.keyboard.press("Enter");
}

const place = (n: NodeSummary) => ({ type: n.type, x: n.x, y: n.y, w: n.width, h: n.height });

test("journey: work from the keyboard alone", async () => {
  const page = shared();
  test.setTimeout(60_000);
  const errors = await resumeJourney(page);
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("CANVAS");

  // R, Enter at the view's centre, two big steps right and one down, Enter: a 200 × 100 box.
  await page.keyboard.press("KeyR");
  await page.keyboard.press("Enter");
  await press(page, "Shift+ArrowRight", 2);
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Enter");
  let drawn = await nodes(page);
  expect(drawn.map((n) => [n.type, n.width, n.height])).toEqual([["rect", 200, 100]]);
  const box = drawn[0]!;
  // The crosshair starts on the grid (10) at the middle of the view.
  expect(box.x % 10).toBe(0);
  expect(box.y % 10).toBe(0);
  expect(await activeTool(page)).toBe("select");

  // O, the crosshair moved up and left, Space for the first corner, "150, 100" and Enter.
  await page.keyboard.press("KeyO");
  await press(page, "Shift+ArrowLeft", 3);
  await press(page, "Shift+ArrowUp", 2);
  await page.keyboard.press("Space");
  await page.keyboard.type("150, 100");
  await page.keyboard.press("Enter");
  drawn = await nodes(page);
  expect(drawn.map(place)).toEqual([
    place(box),
    { type: "ellipse", x: box.x - 300, y: box.y - 200, w: 150, h: 100 },
  ]);
  const ellipse = drawn[1]!;
  expect(await selection(page)).toEqual([ellipse.id]);

  // Esc lets go; Tab and Tab again walk through the shapes.
  await page.keyboard.press("Escape");
  expect(await selection(page)).toEqual([]);
  await page.keyboard.press("Tab");
  const firstTab = await selection(page);
  await page.keyboard.press("Tab");
  const secondTab = await selection(page);
  expect([...firstTab, ...secondTab].sort()).toEqual([box.id, ellipse.id].sort());
  expect(secondTab).toEqual([ellipse.id]);

  // Nudges: three steps right, one big step down.
  await press(page, "ArrowRight", 3);
  await page.keyboard.press("Shift+ArrowDown");
  drawn = await nodes(page);
  const nudged = drawn[1]!;
  expect([nudged.x - ellipse.x, nudged.y - ellipse.y]).toEqual([3, 10]);

  // Ctrl+D makes a copy, selected; Delete takes the copy away again.
  await page.keyboard.press("Control+KeyD");
  drawn = await nodes(page);
  expect(drawn.map((n) => n.type)).toEqual(["rect", "ellipse", "ellipse"]);
  const copy = drawn[2]!;
  expect(await selection(page)).toEqual([copy.id]);
  await page.keyboard.press("Delete");
  drawn = await nodes(page);
  expect(drawn.map((n) => n.id)).toEqual([box.id, ellipse.id]);

  // The palette draws a box and fills it red; Ctrl+Z takes the fill back, not the box.
  await palette(page, "rect 100 450 200 100");
  drawn = await nodes(page);
  expect(drawn.map(place)).toEqual([
    place(box),
    place(nudged),
    { type: "rect", x: 100, y: 450, w: 200, h: 100 },
  ]);
  const typed = drawn[2]!;
  expect(await selection(page)).toEqual([typed.id]);
  await palette(page, "fill #ff0000");
  expect((await nodes(page))[2]!.fill).toBe("#ff0000");
  await page.keyboard.press("Control+KeyZ");
  const final = await nodes(page);
  expect(final.map(place)).toEqual(drawn.map(place));
  expect(final.map((n) => n.fill)).toEqual(["#ffffff", "#ffffff", "#ffffff"]);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("CANVAS");

  // The screen, after Esc lets go of the selection: each shape's left edge in ink, its inside
  // white, bare canvas just left of it, and no red anywhere.
  await page.keyboard.press("Escape");
  const screen = await Screen.grab(page);
  for (const shape of final) {
    const edge = await toScreen(page, { x: shape.x, y: shape.y + shape.height! / 2 });
    expect(near(screen.at(edge), INK, 60), `left edge of the ${shape.type}`).toBe(true);
    const inside = await toScreen(page, {
      x: shape.x + shape.width! / 2,
      y: shape.y + shape.height! / 2,
    });
    expect(screen.at(inside), `inside the ${shape.type}`).toEqual([...WHITE]);
    const outside = await toScreen(page, { x: shape.x - 12, y: shape.y + shape.height! / 2 });
    expect(near(screen.at(outside), BACKGROUND, 3), `left of the ${shape.type}`).toBe(true);
  }
  expect(screen.colour({ x: 60, y: 60, width: 680, height: 580 }, RED, 60)).toBe(0);

  expect(await engineState(page)).toBe("running");
  expect(errors).toEqual([]);
});

// Ctrl+K, then "fill #ff0000" typed at once: the palette's field opens a render after the key,
// and the keys typed meanwhile used to reach the canvas as shortcuts (the F chose the Frame
// tool, and the palette read "ill #ff0000"). They are the field's text now, in order.
test("journey: every key typed straight after Ctrl+K lands in the palette", async () => {
  const page = shared();
  const errors = await resumeJourney(page);
  const field = page.getByRole("combobox", { name: "Command palette" });
  for (let attempt = 0; attempt < 8; attempt++) {
    await page.keyboard.press("Control+KeyK");
    await page.keyboard.type("fill #ff0000");
    await expect(field).toBeVisible();
    expect(await activeTool(page)).toBe("select");
    await expect(field).toHaveValue("fill #ff0000");
    await page.keyboard.press("Escape");
    await expect(field).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});
