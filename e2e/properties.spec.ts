import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { NO_STROKE } from "../src/doc/factory";
import type { Fill, GradientStop, RectNode, TextNode } from "../src/doc/types";
import { makeNode } from "../src/shapes/makeNode";
import { addRects, drawWith, prepareDrawing, reusedApp } from "./support";

// One app for the file's tests in each worker, put back as a fresh start leaves it.
const reused = reusedApp();

/** The app with rectangle "a" selected; returns the properties panel. */
async function openWithRect(browser: Browser): Promise<{ page: Page; panel: Locator }> {
  const page = await reused(browser);
  await expect(page.getByRole("toolbar", { name: "Tools" })).toBeVisible();
  expect(await addRects(page, ["a"])).toBe(true);
  await page.evaluate(() => window.linework!.editor.store.setSelection(["a"]));
  return { page, panel: page.getByRole("region", { name: "Properties" }).first() };
}

function rect(page: Page): Promise<RectNode> {
  return page.evaluate(() => window.linework!.editor.store.get("a") as unknown as RectNode);
}

async function fill(page: Page): Promise<Fill> {
  return (await rect(page)).fill;
}

async function solidColor(page: Page): Promise<{ r: number; g: number; b: number }> {
  const value = await fill(page);
  if (value.type !== "solid") throw new Error(`not a solid fill: ${value.type}`);
  return value.color;
}

function stopsOf(value: Fill): readonly GradientStop[] {
  if (value.type !== "linear" && value.type !== "radial")
    throw new Error(`not a gradient: ${value.type}`);
  return value.stops;
}

test("a rectangle's fill becomes a linear gradient whose stops are added, recoloured, moved and removed", async ({
  browser,
}) => {
  const { page, panel } = await openWithRect(browser);
  await panel.getByLabel("Fill type").selectOption({ label: "Linear gradient" });
  await expect.poll(async () => (await fill(page)).type).toBe("linear");
  const linear = await fill(page);
  // The rectangle is 40 × 30: the gradient runs across it, left to right, in local coordinates.
  expect(linear).toMatchObject({ from: { x: 0, y: 15 }, to: { x: 40, y: 15 } });
  expect(stopsOf(linear).map((s) => s.offset)).toEqual([0, 1]);

  // One undo step brings the solid fill back; redo restores the gradient.
  await page.evaluate(() => window.linework!.editor.history.undo());
  expect((await fill(page)).type).toBe("solid");
  await page.evaluate(() => window.linework!.editor.history.redo());
  expect((await fill(page)).type).toBe("linear");

  const bar = panel.getByRole("group", { name: "Gradient stops" });
  await expect(bar.getByRole("button")).toHaveCount(2);
  const box = (await bar.boundingBox())!;
  await bar.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect.poll(async () => stopsOf(await fill(page)).length).toBe(3);
  const added = stopsOf(await fill(page));
  expect(added[1]!.offset).toBeCloseTo(0.5, 1);
  const middle = bar.getByRole("button", { name: /^Stop 2 at/ });
  await expect(middle).toHaveAttribute("aria-pressed", "true");

  await panel.getByRole("button", { name: /^Stop colour/ }).click();
  const hex = panel.getByRole("group", { name: "Stop colour" }).getByLabel("Hex");
  await hex.fill("#00ff00");
  await hex.press("Enter");
  await expect
    .poll(async () => stopsOf(await fill(page))[1]!.color)
    // The hex field sets the colour and keeps the stop's opacity.
    .toEqual({ r: 0, g: 1, b: 0, a: added[1]!.color.a });
  // The ends keep their colours.
  expect(stopsOf(await fill(page))[0]!.color).toEqual(added[0]!.color);

  // Drag the middle stop to three quarters: one write when released.
  const handle = (await middle.boundingBox())!;
  const versionBefore = await page.evaluate(() => window.linework!.editor.store.version);
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, handle.y + handle.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.75, handle.y + handle.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => stopsOf(await fill(page))[1]!.offset).toBeCloseTo(0.75, 1);
  expect(await page.evaluate(() => window.linework!.editor.store.version)).toBe(versionBefore + 1);

  // Arrow keys nudge the focused stop; Delete removes it, but never below two stops.
  const focused = bar.getByRole("button", { name: /^Stop 2 at/ });
  await focused.focus();
  const before = stopsOf(await fill(page))[1]!.offset;
  await focused.press("ArrowRight");
  await expect.poll(async () => stopsOf(await fill(page))[1]!.offset).toBeCloseTo(before + 0.01, 6);
  await focused.press("Delete");
  await expect.poll(async () => stopsOf(await fill(page)).length).toBe(2);
  await expect(panel.getByRole("button", { name: "Remove stop" })).toBeDisabled();
  await bar.getByRole("button", { name: /^Stop 1 at/ }).press("Delete");
  expect(stopsOf(await fill(page)).length).toBe(2);

  await panel.getByLabel("Fill type").selectOption({ label: "Radial gradient" });
  await expect.poll(async () => (await fill(page)).type).toBe("radial");
  expect(await fill(page)).toMatchObject({ center: { x: 20, y: 15 }, radius: 20 });

  const axe = await new AxeBuilder({ page }).include(".lw-properties").analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test("the saturation/value square moves by arrow keys and by dragging, one undo step each", async ({
  browser,
}) => {
  const { page, panel } = await openWithRect(browser);
  await panel.getByRole("button", { name: /^Fill colour/ }).click();
  const square = panel.getByRole("slider", { name: "Saturation and brightness" });
  await expect(square).toHaveAttribute("aria-valuetext", "Saturation 100 %, brightness 100 %");
  await square.focus();
  await square.press("ArrowDown");
  await expect(square).toHaveAttribute("aria-valuetext", "Saturation 100 %, brightness 99 %");
  await expect.poll(async () => (await solidColor(page)).b).toBeCloseTo(0.99, 6);
  await square.press("Shift+ArrowLeft");
  await expect(square).toHaveAttribute("aria-valuetext", "Saturation 90 %, brightness 99 %");
  // The arrow keys belong to the square: the rectangle did not move.
  expect((await rect(page)).transform.x).toBe(10);

  const area = (await square.boundingBox())!;
  await page.mouse.move(area.x + area.width * 0.2, area.y + area.height * 0.2);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width * 0.5, area.y + area.height * 0.5, { steps: 5 });
  await page.mouse.up();
  const color = await solidColor(page);
  // Half saturation, half value of pure blue.
  expect(color.b).toBeCloseTo(0.5, 1);
  expect(color.r).toBeCloseTo(0.25, 1);
  await page.evaluate(() => window.linework!.editor.history.undo());
  const undone = await solidColor(page);
  expect(undone.r).toBeCloseTo(0.099, 3);
  expect(undone.b).toBeCloseTo(0.99, 3);
});

test("corner radii unlink into four fields that take arithmetic and units", async ({ browser }) => {
  const { page, panel } = await openWithRect(browser);
  const radius = panel.getByLabel("Corner radius", { exact: true });
  await radius.fill("3*2");
  await radius.press("Enter");
  expect((await rect(page)).radii).toEqual([6, 6, 6, 6]);

  await panel.getByRole("checkbox", { name: "Same radius for all corners" }).uncheck();
  const entries: [string, string][] = [
    ["Top-left radius", "1"],
    ["Top-right radius", "1+1"],
    ["Bottom-right radius", "3px"],
    ["Bottom-left radius", "2*2"],
  ];
  for (const [label, text] of entries) {
    const field = panel.getByLabel(label, { exact: true });
    await expect(field).toHaveValue("6");
    await field.fill(text);
    await field.press("Enter");
  }
  expect((await rect(page)).radii).toEqual([1, 2, 3, 4]);
  await page.evaluate(() => window.linework!.editor.history.undo());
  expect((await rect(page)).radii).toEqual([1, 2, 3, 6]);
});

test("fill type reads Mixed for differing fills, and one switch changes every shape in one step", async ({
  browser,
}) => {
  const { page, panel } = await openWithRect(browser);
  expect(await addRects(page, ["b"])).toBe(true);
  await panel.getByLabel("Fill type").selectOption({ label: "Radial gradient" });
  await expect.poll(async () => (await fill(page)).type).toBe("radial");
  await page.evaluate(() => window.linework!.editor.store.setSelection(["a", "b"]));
  const type = panel.getByLabel("Fill type");
  await expect(type.locator("option:checked")).toHaveText("Mixed");
  await type.selectOption({ label: "None" });
  const types = () =>
    page.evaluate(() =>
      ["a", "b"].map(
        (id) => (window.linework!.editor.store.get(id) as unknown as { fill: Fill }).fill.type,
      ),
    );
  await expect.poll(types).toEqual(["none", "none"]);
  await page.evaluate(() => window.linework!.editor.history.undo());
  expect(await types()).toEqual(["radial", "solid"]);
});

test("Tab from field to field keeps the keyboard in the panel: nothing is added to the canvas's parent, so no re-fit takes the focus", async ({
  browser,
}) => {
  const { page, panel } = await openWithRect(browser);
  const children = (): Promise<number> =>
    page.evaluate(() => window.linework!.engine.shell.parent.childElementCount);
  const before = await children();
  const fits = await page.evaluate(() => window.linework!.engine.shell.fitCount);
  const width = panel.getByLabel("Width", { exact: true });
  const height = panel.getByLabel("Height", { exact: true });
  await width.click();
  await page.keyboard.press("Tab");
  await expect(height).toBeFocused();
  // A child added to the parent would have queued a re-fit by now (its observer runs at once);
  // that fit lands 200 ms later and moves the keyboard to the canvas (spec §2).
  expect(await page.evaluate(() => window.linework!.engine.shell.fitPending)).toBe(false);
  expect(await children()).toBe(before);
  await page.keyboard.type("90");
  await page.keyboard.press("Enter");
  expect((await rect(page)).height).toBe(90);
  await expect(height).toBeFocused();
  // Tab on the canvas (the Select tool's cycling) wakes nothing either.
  await page.locator("canvas").focus();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => window.linework!.engine.shell.fitPending)).toBe(false);
  expect(await children()).toBe(before);
  expect(await page.evaluate(() => window.linework!.engine.shell.fitCount)).toBe(fits);
});

test("Ctrl+Z in a field just applied undoes the document, a step at a time, and leaves no stale value to apply", async ({
  browser,
}) => {
  const { page, panel } = await openWithRect(browser);
  const width = panel.getByLabel("Stroke width", { exact: true });
  const opacity = panel.getByLabel("Opacity", { exact: true });
  const before = await rect(page);
  await width.click();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("6");
  await page.keyboard.press("Enter");
  await opacity.click();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("40");
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await rect(page)).opacity).toBeCloseTo(0.4, 6);
  expect((await rect(page)).stroke.width).toBe(6);
  // The first undo takes the opacity back, in the document and in the field still focused.
  await page.keyboard.press("Control+z");
  await expect.poll(async () => (await rect(page)).opacity).toBe(before.opacity);
  await expect(opacity).toHaveValue("100");
  await expect(opacity).toBeFocused();
  // The second, the stroke width.
  await page.keyboard.press("Control+z");
  await expect.poll(async () => (await rect(page)).stroke.width).toBe(before.stroke.width);
  await expect(width).toHaveValue(String(before.stroke.width));
  // Leaving the field applies nothing: the document is as it was before the two edits.
  await page.mouse.click(450, 420);
  expect(await rect(page)).toEqual(before);
  // Redo brings both back.
  await page.keyboard.press("Control+Shift+z");
  await page.keyboard.press("Control+Shift+z");
  await expect.poll(async () => (await rect(page)).opacity).toBeCloseTo(0.4, 6);
  expect((await rect(page)).stroke.width).toBe(6);
});

test("a selected text's font, size, weight and alignment are set in its Text section, each one undo step", async ({
  browser,
}) => {
  const page = await reused(browser);
  await expect(page.getByRole("toolbar", { name: "Tools" })).toBeVisible();
  const record = makeNode<TextNode>("text", "t", "", "a0", {
    content: "Hello",
    fontFamily: "Inter, sans-serif",
    fontSize: 24,
    fontWeight: 400,
    fontStyle: "normal",
    align: "left",
    lineHeight: 1.25,
    width: null,
    fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
    stroke: NO_STROKE,
  });
  await page.evaluate((node) => {
    const lw = window.linework!;
    lw.editor.store.transact("Add text", (tx) => tx.put({ ...node, parent: lw.current.pageId() }));
    lw.editor.store.setSelection(["t"]);
  }, record);
  const panel = page.getByRole("region", { name: "Properties" }).first();
  const text = () =>
    page.evaluate(
      () => window.linework!.editor.store.get("t") as unknown as Record<string, unknown>,
    );
  const depth = () => page.evaluate(() => window.linework!.editor.history.depth.undo);
  const before = await depth();
  const size = panel.getByLabel("Font size", { exact: true });
  await size.fill("48");
  await size.press("Enter");
  await expect.poll(async () => (await text())["fontSize"]).toBe(48);
  await panel.getByRole("combobox", { name: /^Weight/ }).selectOption({ label: "Bold" });
  await expect.poll(async () => (await text())["fontWeight"]).toBe(700);
  await panel.getByRole("combobox", { name: /^Align/ }).selectOption({ label: "Centre" });
  await expect.poll(async () => (await text())["align"]).toBe("center");
  await panel.getByRole("combobox", { name: /^Font/ }).selectOption({ label: "Noto Serif" });
  await expect.poll(async () => (await text())["fontFamily"]).toBe("Noto Serif, serif");
  expect(await depth()).toBe(before + 4);
  await expect(panel.getByLabel("Label size")).toHaveCount(0);
  await page.evaluate(() => window.linework!.editor.history.undo());
  expect((await text())["fontFamily"]).toBe("Inter, sans-serif");
  expect((await text())["fontSize"]).toBe(48);
});

test("a group's Width field resizes the shapes it holds, each keeping its stroke width", async ({
  browser,
}) => {
  const page = await reused(browser);
  await prepareDrawing(page);
  await drawWith(page, "r", { x: 0, y: 0 }, { x: 100, y: 60 });
  await drawWith(page, "r", { x: 200, y: 0 }, { x: 300, y: 60 });
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Control+g");
  const panel = page.getByRole("region", { name: "Properties" }).first();
  const width = panel.getByLabel("Width", { exact: true });
  await expect(width).toHaveValue("300");
  await width.click();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("150");
  await page.keyboard.press("Enter");
  await expect(width).toHaveValue("150");
  const shapes = await page.evaluate(() => {
    const lw = window.linework!;
    const store = lw.editor.store;
    const group = store.childrenOf(lw.current.pageId())[0]!;
    return {
      group: group.transform,
      rects: store.childrenOf(group.id).map((n) =>
        n.type === "rect"
          ? {
              x: n.transform.x,
              width: n.width,
              stroke: n.stroke.width,
              scaleX: n.transform.scaleX,
            }
          : null,
      ),
    };
  });
  // Half as wide by their own widths, not by a stretch that would halve their sides' strokes.
  expect(shapes.group).toMatchObject({ scaleX: 1, scaleY: 1 });
  expect(shapes.rects).toEqual([
    { x: 0, width: 50, stroke: 2, scaleX: 1 },
    { x: 100, width: 50, stroke: 2, scaleX: 1 },
  ]);
});
