import { expect, test, type Page } from "@playwright/test";
import { NO_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { EllipseNode } from "../src/doc/types";
import { canvasBox, hideChrome, openApp, screenPixel, waitTicks } from "./support";

const ACCENT_RGB = [0x25, 0x63, 0xeb];
/** The ellipse on the page: no stroke, so its bounding box is exactly its width and height. */
const ELLIPSE = { x: 100, y: 50, width: 300, height: 200 };

async function addEllipse(page: Page): Promise<void> {
  const node = makeNode<EllipseNode>("ellipse", "hovered", "", "a0", {
    width: ELLIPSE.width,
    height: ELLIPSE.height,
    fill: { type: "solid", color: { r: 0.1, g: 0.7, b: 0.3, a: 1 } },
    stroke: NO_STROKE,
  });
  const placed = { ...node, transform: { ...node.transform, x: ELLIPSE.x, y: ELLIPSE.y } };
  const added = await page.evaluate((record) => {
    const store = window.linework!.editor.store;
    const parent = store.pages()[0]!.id;
    return store.transact("Add ellipse", (tx) => tx.put({ ...record, parent })) !== null;
  }, placed);
  expect(added).toBe(true);
}

test("hovering an ellipse traces the ellipse, not its bounding box", async ({ page }) => {
  await openApp(page);
  await hideChrome(page);
  await page.evaluate(() => window.linework!.current.camera.set({ x: 200, y: 150, zoom: 1 }));
  await addEllipse(page);
  await waitTicks(page);
  const canvas = await canvasBox(page);
  const screenOf = (world: { x: number; y: number }) =>
    page.evaluate((p) => window.linework!.current.camera.worldToScreen(p), world);
  const pixel = (p: { x: number; y: number }): Promise<number[]> =>
    screenPixel(page, canvas.x + Math.round(p.x), canvas.y + Math.round(p.y));

  const topMiddle = await screenOf({ x: ELLIPSE.x + ELLIPSE.width / 2, y: ELLIPSE.y });
  const corner = await screenOf({ x: ELLIPSE.x, y: ELLIPSE.y });
  const centre = await screenOf({
    x: ELLIPSE.x + ELLIPSE.width / 2,
    y: ELLIPSE.y + ELLIPSE.height / 2,
  });
  expect(await pixel(topMiddle)).not.toEqual(ACCENT_RGB);

  // The real mouse over the ellipse: the select tool hovers it.
  await page.mouse.move(canvas.x + centre.x - 20, canvas.y + centre.y);
  await page.mouse.move(canvas.x + centre.x, canvas.y + centre.y, { steps: 4 });
  await expect.poll(() => pixel(topMiddle)).toEqual(ACCENT_RGB);
  // The box's corner, and its top edge near the corner, are where a box outline would run.
  expect(await pixel(corner)).not.toEqual(ACCENT_RGB);
  expect(await pixel({ x: corner.x + 20, y: corner.y })).not.toEqual(ACCENT_RGB);

  // Zooming re-projects the outline: the top middle moves, and is traced there.
  await page.evaluate(() => window.linework!.current.camera.set({ x: -100, y: 100, zoom: 2 }));
  const zoomedTop = await screenOf({ x: ELLIPSE.x + ELLIPSE.width / 2, y: ELLIPSE.y });
  const zoomedCorner = await screenOf({ x: ELLIPSE.x, y: ELLIPSE.y });
  await expect.poll(() => pixel(zoomedTop)).toEqual(ACCENT_RGB);
  expect(await pixel(zoomedCorner)).not.toEqual(ACCENT_RGB);
  expect(await pixel(topMiddle)).not.toEqual(ACCENT_RGB);

  // Off the ellipse, the hover goes.
  await page.mouse.move(canvas.x + 5, canvas.y + canvas.height - 5, { steps: 4 });
  await expect.poll(() => pixel(zoomedTop)).not.toEqual(ACCENT_RGB);
});
