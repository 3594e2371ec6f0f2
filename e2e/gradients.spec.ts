import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_STROKE, NO_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { Fill, RectNode, Stroke } from "../src/doc/types";
import { canvasBox, reusedApp, screenPixel, waitTicks } from "./support";

// On-canvas gradient editing and stroke gradients, through the real mouse and the panel.

interface Point {
  x: number;
  y: number;
}

const RED = { r: 1, g: 0, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 1, a: 1 };

// One app per worker, put back as a fresh start leaves it before each test (resetApp).
const reused = reusedApp();

/** A 300 × 150 rectangle at world (100, 100), selected, with the camera at a known place. */
async function start(page: Page, style: { fill: Fill; stroke: Stroke }): Promise<void> {
  const node = makeNode<RectNode>("rect", "g", "", "a0", {
    width: 300,
    height: 150,
    radii: [0, 0, 0, 0],
    ...style,
  });
  await page.evaluate(
    (rect) => {
      const lw = window.linework!;
      lw.current.camera.set({ x: 100, y: 120, zoom: 1 });
      lw.tools.update({ snap: { grid: false, objects: false, spacing: false, tolerancePx: 6 } });
      const store = lw.editor.store;
      const parent = store.pages()[0]!.id;
      store.transact("Add", (tx) => tx.put({ ...rect, parent }));
      store.setSelection([rect.id]);
    },
    { ...node, transform: { ...node.transform, x: 100, y: 100 } },
  );
  await waitTicks(page);
}

/** Page coordinates of a world point. */
async function screen(page: Page, x: number, y: number): Promise<Point> {
  const box = await canvasBox(page);
  const p = await page.evaluate((w) => window.linework!.current.camera.worldToScreen(w), { x, y });
  return { x: box.x + p.x, y: box.y + p.y };
}

async function pixelAt(page: Page, x: number, y: number): Promise<number[]> {
  const p = await screen(page, x, y);
  return screenPixel(page, Math.round(p.x), Math.round(p.y));
}

function rect(page: Page): Promise<RectNode> {
  return page.evaluate(() => window.linework!.editor.store.get("g") as unknown as RectNode);
}

function tool(page: Page): Promise<string> {
  return page.evaluate(() => window.linework!.tools.get().tool);
}

function undoDepth(page: Page): Promise<number> {
  return page.evaluate(() => window.linework!.editor.history.depth.undo);
}

/** How far a colour is from pure blue towards pure red: 0 blue, 1 red. */
function redness(rgb: number[]): number {
  return rgb[0]! / (rgb[0]! + rgb[2]!);
}

test("dragging a linear gradient's end handle on the canvas edits the paint in one undo step", async ({
  browser,
}) => {
  // Each pixel read is a screenshot; on a shared, loaded machine they add up.
  test.slow();
  const page = await reused(browser);
  await start(page, {
    fill: {
      type: "linear",
      from: { x: 0, y: 75 },
      to: { x: 300, y: 75 },
      stops: [
        { offset: 0, color: RED },
        { offset: 1, color: BLUE },
      ],
    },
    stroke: NO_STROKE,
  });
  // Six pixels left of the end handle's centre: the gradient's blue, then the handle's white rim.
  const besideEnd = (): Promise<number[]> => pixelAt(page, 394, 175);
  expect((await besideEnd())[0]).toBeLessThan(60);
  const fill = page.getByRole("group", { name: "Fill" });
  await fill.getByRole("button", { name: "Edit on canvas" }).click();
  await waitTicks(page);
  expect(await tool(page)).toBe("gradient");
  // Keys go to the canvas next, so Esc and the arrows reach the tool.
  await expect(page.locator("canvas")).toBeFocused();
  await expect.poll(async () => Math.min(...(await besideEnd()))).toBeGreaterThan(200);
  // The gradient runs through the middle (y 175): samples sit above it, clear of the line.
  const before = [await pixelAt(page, 175, 130), await pixelAt(page, 325, 130)];
  expect(redness(before[0]!)).toBeCloseTo(0.75, 1);
  expect(redness(before[1]!)).toBeCloseTo(0.25, 1);

  const depth = await undoDepth(page);
  const from = await screen(page, 400, 175);
  const to = await screen(page, 250, 175);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
  await waitTicks(page);

  const paint = (await rect(page)).fill;
  expect(paint.type).toBe("linear");
  if (paint.type !== "linear") return;
  expect(paint.from).toEqual({ x: 0, y: 75 });
  expect(paint.to.x).toBeCloseTo(150, 0);
  expect(paint.to.y).toBeCloseTo(75, 0);
  expect(await undoDepth(page)).toBe(depth + 1);
  await expect
    .poll(async () => redness(await pixelAt(page, 175, 130)), { timeout: 3000 })
    .toBeCloseTo(0.5, 1);
  // Past the new end the gradient holds its last colour.
  const beyond = await pixelAt(page, 325, 130);
  expect(beyond[0]).toBeLessThan(20);
  expect(beyond[2]).toBeGreaterThan(235);

  // Shift keeps the line horizontal while the pointer wanders off it.
  const start2 = await screen(page, 250, 175);
  const end2 = await screen(page, 350, 190);
  await page.mouse.move(start2.x, start2.y);
  await page.mouse.down();
  await page.keyboard.down("Shift");
  await page.mouse.move(end2.x, end2.y, { steps: 6 });
  await page.mouse.up();
  await page.keyboard.up("Shift");
  await waitTicks(page);
  const constrained = (await rect(page)).fill;
  if (constrained.type !== "linear") throw new Error("not linear");
  expect(constrained.to.y).toBeCloseTo(75, 6);

  // Esc mid-drag puts everything back; Esc again leaves gradient editing.
  const settled = await rect(page);
  const settledDepth = await undoDepth(page);
  const grab = await screen(page, 100, 175);
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x + 60, grab.y + 40, { steps: 5 });
  await waitTicks(page);
  expect((await rect(page)).fill).not.toEqual(settled.fill);
  await page.keyboard.press("Escape");
  await waitTicks(page);
  await page.mouse.up();
  await waitTicks(page);
  expect(await rect(page)).toEqual(settled);
  expect(await undoDepth(page)).toBe(settledDepth);
  expect(await tool(page)).toBe("gradient");
  await page.keyboard.press("Escape");
  await waitTicks(page);
  expect(await tool(page)).toBe("select");
  expect(await page.evaluate(() => window.linework!.editor.store.selection)).toEqual(["g"]);
});

test("a stroke set to a linear gradient in the panel is drawn as one", async ({ browser }) => {
  test.slow();
  const page = await reused(browser);
  await start(page, {
    fill: { type: "none" },
    stroke: { ...DEFAULT_STROKE, width: 16, paint: { type: "solid", color: RED } },
  });
  const stroke = page.getByRole("group", { name: "Stroke" });
  // A solid stroke: red on both sides. The stroke is centred on the edges x = 100 and x = 400;
  // samples sit inside it but off the selection outline on the edge itself.
  expect(redness(await pixelAt(page, 95, 130))).toBeGreaterThan(0.9);
  expect((await pixelAt(page, 405, 130))[0]).toBeGreaterThan(235);

  await stroke.getByLabel("Stroke type").selectOption({ label: "Linear gradient" });
  await expect.poll(async () => (await rect(page)).stroke.paint?.type).toBe("linear");
  const paint = (await rect(page)).stroke.paint;
  // Across the shape's box, from the solid colour to a light shade of it.
  expect(paint).toMatchObject({
    from: { x: 0, y: 75 },
    to: { x: 300, y: 75 },
    stops: [
      { offset: 0, color: RED },
      { offset: 1, color: { r: 1, g: 0.7, b: 0.7, a: 1 } },
    ],
  });
  await expect(stroke.getByRole("group", { name: "Stroke gradient stops" })).toBeVisible();
  // Fill and stroke editors side by side keep distinct names.
  const axe = await new AxeBuilder({ page }).include(".lw-properties").analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  // The left edge stays red, the right edge turns pink, the top edge is in between.
  await expect
    .poll(async () => (await pixelAt(page, 405, 130))[1], { timeout: 3000 })
    .toBeGreaterThan(160);
  const left = await pixelAt(page, 95, 130);
  const right = await pixelAt(page, 405, 130);
  // A third of the way along the top edge, clear of its middle handle.
  const top = await pixelAt(page, 200, 95);
  expect(left[0]).toBeGreaterThan(200);
  expect(left[1]).toBeLessThan(60);
  expect(right[0]).toBeGreaterThan(235);
  [1, 2].forEach((i) => expect(Math.abs(right[i]! - 0.7 * 255)).toBeLessThan(20));
  expect(top[1]).toBeGreaterThan(left[1]! + 40);
  expect(top[1]).toBeLessThan(right[1]! - 40);

  // The stroke's gradient is edited on the canvas like the fill's.
  await stroke.getByRole("button", { name: "Edit on canvas" }).click();
  await waitTicks(page);
  expect(await tool(page)).toBe("gradient");
  const from = await screen(page, 400, 175);
  const to = await screen(page, 250, 175);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await waitTicks(page);
  const edited = (await rect(page)).stroke.paint;
  expect(edited).toMatchObject({ to: { x: 150, y: 75 } });
  expect((await rect(page)).fill).toEqual({ type: "none" });
});

test("without a pointer: G edits the gradient, Tab picks a handle, the arrows move it", async ({
  browser,
}) => {
  const page = await reused(browser);
  await start(page, {
    fill: {
      type: "radial",
      center: { x: 150, y: 75 },
      focal: { x: 150, y: 75 },
      radius: 60,
      stops: [
        { offset: 0, color: RED },
        { offset: 1, color: BLUE },
      ],
    },
    stroke: NO_STROKE,
  });
  await page.locator("canvas").focus();
  await page.keyboard.press("g");
  await waitTicks(page);
  expect(await tool(page)).toBe("gradient");
  const depth = await undoDepth(page);
  // Tab: the centre; Tab again: the radius handle, which Shift+→ pushes ten units out.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+ArrowRight");
  await waitTicks(page);
  await expect.poll(async () => (await rect(page)).fill).toMatchObject({ radius: 70 });
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("ArrowDown");
  await waitTicks(page);
  await expect
    .poll(async () => (await rect(page)).fill)
    .toMatchObject({ center: { x: 150, y: 76 }, focal: { x: 150, y: 76 }, radius: 70 });
  expect(await undoDepth(page)).toBe(depth + 2);
  // Focus never left the canvas: Tab went to the handles, not to the panels.
  await expect(page.locator("canvas")).toBeFocused();
  await page.keyboard.press("Enter");
  await waitTicks(page);
  expect(await tool(page)).toBe("select");
});
