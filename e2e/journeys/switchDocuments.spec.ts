import { expect, test, type Page } from "@playwright/test";
import {
  BLUE,
  INK,
  Screen,
  drag,
  engineState,
  menu,
  near,
  nodes,
  saved,
  startJourney,
  toScreen,
  type NodeSummary,
} from "./journey";

// Two drawings in one session: draw in the first, File → New with Ctrl+Alt+N, draw in the new
// one, open the first again from File → Open from library…, find its shapes back, draw one more
// and undo it; then File → New from the menu and draw once more. The engine keeps running and
// nothing goes wrong in the page; the document and the screen agree at the end.

/** Waits until `linework.current` is another document than the one open when it was called. */
async function replacing(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    window.record = [window.linework!.current];
  });
  return () =>
    page
      .waitForFunction(() => window.linework!.current !== window.record?.[0])
      .then(() => undefined);
}

const shapeOf = (n: NodeSummary) => ({
  type: n.type,
  x: n.x,
  y: n.y,
  width: n.width,
  height: n.height,
  fill: n.fill,
});

test("journey: switch documents and keep drawing", async ({ page }) => {
  test.setTimeout(60_000);
  const errors = await startJourney(page);
  await expect(page).toHaveTitle("Untitled — Linework");

  // The first drawing: a box and an ellipse, the ellipse filled blue from the palette.
  await page.keyboard.press("KeyR");
  await drag(page, { x: 120, y: 120 }, { x: 300, y: 240 });
  await page.keyboard.press("KeyO");
  await drag(page, { x: 380, y: 160 }, { x: 560, y: 320 });
  await page.keyboard.press("Control+KeyK");
  await page.keyboard.type("fill #0000ff");
  await page.keyboard.press("Enter");
  const first = await nodes(page);
  expect(first.map((n) => [n.type, n.fill])).toEqual([
    ["rect", "#ffffff"],
    ["ellipse", "#0000ff"],
  ]);
  await saved(page);

  // Ctrl+Alt+N: an empty drawing, where a line is drawn at once.
  let replaced = await replacing(page);
  await page.keyboard.press("Control+Alt+KeyN");
  await replaced();
  await expect(page).toHaveTitle("Untitled 2 — Linework");
  expect(await nodes(page)).toEqual([]);
  await page.keyboard.press("KeyL");
  await drag(page, { x: 150, y: 400 }, { x: 500, y: 420 });
  await page.keyboard.press("KeyY");
  await drag(page, { x: 150, y: 150 }, { x: 300, y: 300 });
  const second = await nodes(page);
  expect(second.map((n) => n.type)).toEqual(["line", "polygon"]);
  await saved(page);

  // File → Open from library…: the first drawing is the second entry (newest first).
  replaced = await replacing(page);
  await menu(page, "File", "Open from library…");
  const dialog = page.getByRole("dialog", { name: "Open" });
  const options = dialog.getByRole("listbox", { name: "Drawings" }).getByRole("option");
  await expect(options).toHaveCount(2);
  await expect(options.nth(1)).toContainText("Untitled");
  await options.nth(1).click();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await replaced();
  await expect(page).toHaveTitle("Untitled — Linework");
  const back = await nodes(page);
  expect(back.map(shapeOf)).toEqual(first.map(shapeOf));

  // One more box straight away, and Ctrl+Z takes back just that.
  await page.keyboard.press("KeyR");
  await drag(page, { x: 120, y: 400 }, { x: 260, y: 520 });
  expect((await nodes(page)).map((n) => n.type)).toEqual(["rect", "ellipse", "rect"]);
  await page.keyboard.press("Control+KeyZ");
  expect((await nodes(page)).map(shapeOf)).toEqual(first.map(shapeOf));
  await saved(page);

  // The screen shows the first drawing, not the second's line nor the undone box.
  let screen = await Screen.grab(page);
  const boxEdge = await toScreen(page, { x: back[0]!.x, y: back[0]!.y + 60 });
  expect(near(screen.at(boxEdge), INK, 60)).toBe(true);
  const ellipse = back[1]!;
  const ellipseCentre = await toScreen(page, {
    x: ellipse.x + ellipse.width! / 2,
    y: ellipse.y + ellipse.height! / 2,
  });
  expect(near(screen.at(ellipseCentre), BLUE)).toBe(true);
  expect(screen.ink({ x: 300, y: 395, width: 40, height: 30 }), "no line from Untitled 2").toBe(0);
  expect(screen.ink({ x: 115, y: 395, width: 160, height: 130 }), "the undone box").toBe(0);

  // File → New from the menu, and the tools still draw there.
  replaced = await replacing(page);
  await menu(page, "File", /^New/);
  await replaced();
  await expect(page).toHaveTitle("Untitled 3 — Linework");
  await page.keyboard.press("KeyR");
  await drag(page, { x: 200, y: 200 }, { x: 400, y: 300 });
  const third = await nodes(page);
  expect(third.map((n) => n.type)).toEqual(["rect"]);
  // Esc lets go of it, so its edge is not under the selection outline.
  await page.keyboard.press("Escape");
  screen = await Screen.grab(page);
  const thirdEdge = await toScreen(page, { x: third[0]!.x, y: third[0]!.y + 50 });
  expect(near(screen.at(thirdEdge), INK, 60)).toBe(true);
  expect(near(screen.at(ellipseCentre), BLUE)).toBe(false);

  expect(await engineState(page)).toBe("running");
  expect(errors).toEqual([]);
});
