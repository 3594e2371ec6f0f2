import { expect, test, type Page } from "@playwright/test";
import { prepareDrawing, screenPixel, sharedFreshApp, waitTicks, worldToPage } from "./support";

// Frames as artboards, through the real mouse and keyboard: what is drawn, dragged or pasted in
// a frame becomes its child, moves with it, is clipped by it, and leaves it when dragged out.

interface Point {
  x: number;
  y: number;
}

/** Page coordinates of a world point. */
function screen(page: Page, p: Point): Promise<Point> {
  return worldToPage(page, p);
}

/** A drag that only needs to get somewhere: a few moves, as each one waits for a frame. */
async function drag(page: Page, from: Point, to: Point): Promise<void> {
  const a = await screen(page, from);
  const b = await screen(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up();
  await waitTicks(page);
}

async function click(page: Page, p: Point): Promise<void> {
  const s = await screen(page, p);
  await page.mouse.click(s.x, s.y);
  await waitTicks(page);
}

async function key(page: Page, combo: string): Promise<void> {
  await page.keyboard.press(combo);
  await waitTicks(page);
}

/** Draws with a tool's key and one drag; returns the new node's id (it is selected). */
async function draw(page: Page, toolKey: string, from: Point, to: Point): Promise<string> {
  await key(page, toolKey);
  await drag(page, from, to);
  return page.evaluate(() => window.linework!.editor.store.selection[0]!);
}

async function parentOf(page: Page, id: string): Promise<string | null> {
  return page.evaluate((id) => {
    const node = window.linework!.editor.store.get(id);
    return node !== undefined && "parent" in node ? node.parent : null;
  }, id);
}

async function pageId(page: Page): Promise<string> {
  return page.evaluate(() => window.linework!.current.pageId());
}

/** A node's origin on the page (the frames here are neither turned nor scaled). */
async function origin(page: Page, id: string): Promise<Point | null> {
  return page.evaluate((id) => {
    const store = window.linework!.editor.store;
    let node = store.get(id);
    if (node === undefined || !("transform" in node)) return null;
    let x = 0;
    let y = 0;
    while (node !== undefined && "transform" in node) {
      x += node.transform.x;
      y += node.transform.y;
      node = store.get(node.parent);
    }
    return { x, y };
  }, id);
}

async function exists(page: Page, id: string): Promise<boolean> {
  return page.evaluate((id) => window.linework!.editor.store.get(id) !== undefined, id);
}

async function selection(page: Page): Promise<readonly string[]> {
  return page.evaluate(() => window.linework!.editor.store.selection);
}

/** Pixels in a screen rectangle that differ clearly from the rectangle's top-left pixel. */
async function inkIn(page: Page, clip: { x: number; y: number; width: number; height: number }) {
  const png = await page.screenshot({ clip });
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height).data;
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) {
      const d =
        Math.abs(data[i]! - data[0]!) +
        Math.abs(data[i + 1]! - data[1]!) +
        Math.abs(data[i + 2]! - data[2]!);
      if (d > 60) ink++;
    }
    return ink;
  }, png.toString("base64"));
}

/** Resizing scales by ratios: positions come back within rounding. */
function expectAt(actual: Point | null, expected: Point): void {
  expect(actual).not.toBeNull();
  expect(actual!.x).toBeCloseTo(expected.x, 6);
  expect(actual!.y).toBeCloseTo(expected.y, 6);
}

function near(a: number[], b: number[], tolerance = 12): boolean {
  return a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
}

test.describe("frames", () => {
  // One app for them all, put back as a fresh start leaves it before each (resetApp).
  const shared = sharedFreshApp();

  test("a rectangle drawn in a frame is its child, moves with it, leaves and rejoins it", async () => {
    const page = shared();
    await prepareDrawing(page);
    const top = await pageId(page);
    const frame = await draw(page, "f", { x: 0, y: 0 }, { x: 300, y: 200 });
    expect(await parentOf(page, frame)).toBe(top);
    const rect = await draw(page, "r", { x: 50, y: 50 }, { x: 150, y: 120 });
    expect(await parentOf(page, rect)).toBe(frame);
    expect(await origin(page, rect)).toEqual({ x: 50, y: 50 });
    // Drawing into the frame was one step.
    await key(page, "Control+z");
    expect(await exists(page, rect)).toBe(false);
    await key(page, "Control+Shift+z");
    expect(await parentOf(page, rect)).toBe(frame);

    // Dragging the frame by its empty area carries the child.
    await key(page, "Escape");
    await drag(page, { x: 250, y: 170 }, { x: 280, y: 190 });
    expect(await origin(page, frame)).toEqual({ x: 30, y: 20 });
    expect(await origin(page, rect)).toEqual({ x: 80, y: 70 });

    // Dragged out, the child leaves the frame, keeping where it was dropped.
    await drag(page, { x: 100, y: 100 }, { x: 500, y: 350 });
    expect(await parentOf(page, rect)).toBe(top);
    expect(await origin(page, rect)).toEqual({ x: 480, y: 320 });
    // The move and the leaving are one step.
    await key(page, "Control+z");
    expect(await parentOf(page, rect)).toBe(frame);
    expect(await origin(page, rect)).toEqual({ x: 80, y: 70 });
    await key(page, "Control+Shift+z");
    expect(await parentOf(page, rect)).toBe(top);

    // Dragged back in, it joins again.
    await drag(page, { x: 530, y: 350 }, { x: 150, y: 150 });
    expect(await parentOf(page, rect)).toBe(frame);
    expect(await origin(page, rect)).toEqual({ x: 100, y: 120 });
    await key(page, "Control+z");
    expect(await parentOf(page, rect)).toBe(top);
    await key(page, "Control+Shift+z");
    expect(await parentOf(page, rect)).toBe(frame);
  });

  test("resizing a frame leaves its children where they are; deleting it deletes them", async () => {
    const page = shared();
    await prepareDrawing(page);
    const frame = await draw(page, "f", { x: 0, y: 0 }, { x: 300, y: 200 });
    const rect = await draw(page, "r", { x: 100, y: 80 }, { x: 160, y: 120 });
    expect(await parentOf(page, rect)).toBe(frame);
    await key(page, "Escape");
    await click(page, { x: 280, y: 180 });
    expect(await selection(page)).toEqual([frame]);
    // The north-west handle moves the frame's origin; the child stays on the page.
    await drag(page, { x: 0, y: 0 }, { x: -40, y: -30 });
    expectAt(await origin(page, frame), { x: -40, y: -30 });
    expectAt(await origin(page, rect), { x: 100, y: 80 });
    const size = await page.evaluate((id) => {
      const node = window.linework!.editor.store.get(id);
      return node?.type === "frame" ? { x: node.width, y: node.height } : null;
    }, frame);
    expectAt(size, { x: 340, y: 230 });
    expect(await parentOf(page, rect)).toBe(frame);
    await key(page, "Control+z");
    expectAt(await origin(page, frame), { x: 0, y: 0 });
    expectAt(await origin(page, rect), { x: 100, y: 80 });

    await key(page, "Delete");
    expect(await exists(page, frame)).toBe(false);
    expect(await exists(page, rect)).toBe(false);
    await key(page, "Control+z");
    expect(await exists(page, frame)).toBe(true);
    expect(await parentOf(page, rect)).toBe(frame);
  });

  test("a paste over a frame goes into it", async () => {
    const page = shared();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await prepareDrawing(page);
    const frame = await draw(page, "f", { x: 0, y: 0 }, { x: 300, y: 200 });
    const rect = await draw(page, "r", { x: 40, y: 40 }, { x: 100, y: 90 });
    expect(await parentOf(page, rect)).toBe(frame);
    await page.keyboard.press("Control+c");
    await page.keyboard.press("Control+v");
    await expect
      .poll(() => page.evaluate((f) => window.linework!.editor.store.childrenOf(f).length, frame))
      .toBe(2);
    const pasted = (await selection(page))[0]!;
    expect(pasted).not.toBe(rect);
    expect(await parentOf(page, pasted)).toBe(frame);
    // One undo step takes the paste away.
    await key(page, "Control+z");
    expect(await exists(page, pasted)).toBe(false);
    expect(await exists(page, rect)).toBe(true);
  });

  test("a file dropped on a frame is imported into it, centred on the drop point", async () => {
    const page = shared();
    await prepareDrawing(page);
    const frame = await draw(page, "f", { x: 50, y: 50 }, { x: 350, y: 250 });
    const at = await screen(page, { x: 150, y: 120 });
    await page.evaluate(({ x, y }) => {
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#00f"/></svg>';
      const data = new DataTransfer();
      data.items.add(new File([svg], "drop.svg", { type: "image/svg+xml" }));
      const canvas = document.querySelector("canvas")!;
      for (const type of ["dragenter", "dragover", "drop"]) {
        canvas.dispatchEvent(
          new DragEvent(type, {
            dataTransfer: data,
            clientX: x,
            clientY: y,
            bubbles: true,
            cancelable: true,
          }),
        );
      }
    }, at);
    await expect
      .poll(() => page.evaluate((f) => window.linework!.editor.store.childrenOf(f).length, frame))
      .toBe(1);
    const dropped = await page.evaluate(
      (f) => window.linework!.editor.store.childrenOf(f)[0]!.id,
      frame,
    );
    const placed = await origin(page, dropped);
    // The 40 × 40 drawing is centred on the drop point, on the page, though it is in the frame.
    expect(Math.abs(placed!.x + 20 - 150)).toBeLessThan(1);
    expect(Math.abs(placed!.y + 20 - 120)).toBeLessThan(1);
  });

  test("a frame clips what it holds", async () => {
    const page = shared();
    await prepareDrawing(page);
    await page.evaluate(() =>
      window.linework!.tools.update({ fill: { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } } }),
    );
    await draw(page, "f", { x: 0, y: 0 }, { x: 200, y: 150 });
    // Begun inside the frame, the rectangle reaches past its right edge.
    const rect = await draw(page, "r", { x: 120, y: 40 }, { x: 280, y: 100 });
    const frame = await parentOf(page, rect);
    expect(await exists(page, frame ?? "")).toBe(true);
    await key(page, "Escape");
    // Away from the shapes, so no hover outline is drawn over them.
    await page.mouse.move(5, 5);
    await waitTicks(page);
    const empty = await screen(page, { x: 240, y: 130 });
    const inside = await screen(page, { x: 160, y: 70 });
    const outside = await screen(page, { x: 240, y: 70 });
    const background = await screenPixel(page, empty.x, empty.y);
    const red = [255, 0, 0];
    expect(near(await screenPixel(page, inside.x, inside.y), red)).toBe(true);
    expect(near(await screenPixel(page, outside.x, outside.y), background)).toBe(true);
    // Without the clip, the same pixel shows the rectangle.
    await page.evaluate((id) => {
      const store = window.linework!.editor.store;
      store.transact("Unclip", (tx) => tx.update(id, { clip: false }));
    }, frame!);
    await waitTicks(page);
    expect(near(await screenPixel(page, outside.x, outside.y), red)).toBe(true);
  });

  test("the frame's name is drawn above it; a click on it selects the frame", async () => {
    const page = shared();
    await prepareDrawing(page);
    const corner = await screen(page, { x: 0, y: 0 });
    const labelArea = { x: corner.x, y: corner.y - 20, width: 40, height: 18 };
    expect(await inkIn(page, labelArea)).toBe(0);
    const frame = await draw(page, "f", { x: 0, y: 0 }, { x: 300, y: 200 });
    // A child covering the whole frame: a click inside takes the child, the label the frame.
    const cover = await draw(page, "r", { x: 1, y: 1 }, { x: 299, y: 199 });
    expect(await parentOf(page, cover)).toBe(frame);
    await key(page, "Escape");
    await page.mouse.move(5, 5);
    await waitTicks(page);
    expect(await inkIn(page, labelArea)).toBeGreaterThan(10);
    await click(page, { x: 150, y: 100 });
    expect(await selection(page)).toEqual([cover]);
    await key(page, "Escape");
    await page.mouse.click(corner.x + 12, corner.y - 10);
    await waitTicks(page);
    expect(await selection(page)).toEqual([frame]);
    // Dragging the label moves the frame and what it holds.
    await page.mouse.move(corner.x + 12, corner.y - 10);
    await page.mouse.down();
    await page.mouse.move(corner.x + 52, corner.y + 20, { steps: 8 });
    await page.mouse.up();
    await waitTicks(page);
    expect(await origin(page, frame)).toEqual({ x: 40, y: 30 });
    expect(await origin(page, cover)).toEqual({ x: 41, y: 31 });
  });
});
