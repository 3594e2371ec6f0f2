import { expect, test, type Page } from "@playwright/test";
import { addRects, prepareDrawing, sharedFreshApp, waitTicks, worldToPage } from "./support";

// Pen, pencil, text, image, eyedropper, eraser and path editing through real input (mouse,
// keyboard, the text field, the file chooser), asserted through the document state.

interface Point {
  x: number;
  y: number;
}

/** Page coordinates of a world point. */
function screen(page: Page, x: number, y: number): Promise<Point> {
  return worldToPage(page, { x, y });
}

async function click(page: Page, x: number, y: number): Promise<void> {
  const p = await screen(page, x, y);
  await page.mouse.click(p.x, p.y);
  await waitTicks(page);
}

async function drag(page: Page, from: Point, to: Point, steps = 8): Promise<void> {
  const a = await screen(page, from.x, from.y);
  const b = await screen(page, to.x, to.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps });
  await page.mouse.up();
  await waitTicks(page);
}

async function key(page: Page, combo: string): Promise<void> {
  await page.keyboard.press(combo);
  await waitTicks(page);
}

async function tool(page: Page): Promise<string> {
  return page.evaluate(() => window.linework!.tools.get().tool);
}

async function types(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lw = window.linework!;
    return lw.editor.store.childrenOf(lw.current.pageId()).map((n) => n.type);
  });
}

/** The nodes of the first path on the page, in page coordinates (its transform is a translation). */
async function pathNodes(page: Page): Promise<{ points: Point[]; closed: boolean } | null> {
  return page.evaluate(() => {
    const lw = window.linework!;
    const node = lw.editor.store.childrenOf(lw.current.pageId()).find((n) => n.type === "path");
    if (node?.type !== "path") return null;
    const sub = node.subpaths[0]!;
    const { x, y } = node.transform;
    const points = [sub.start, ...sub.segments.map((s) => s.to)].map((p) => ({
      x: p.x + x,
      y: p.y + y,
    }));
    return { points, closed: sub.closed };
  });
}

async function undoDepth(page: Page): Promise<number> {
  return page.evaluate(() => window.linework!.editor.history.depth.undo);
}

/** A 3×2 PNG made by the browser's own encoder. */
async function png3x2(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 3;
    canvas.height = 2;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#f00";
    context.fillRect(0, 0, 3, 2);
    return canvas.toDataURL("image/png").split(",")[1]!;
  });
  return Buffer.from(base64, "base64");
}

test.describe("drawing tools with real input", () => {
  // One app for them all, put back as a fresh start leaves it before each (resetApp).
  const shared = sharedFreshApp();

  test("P: clicks place nodes, Enter finishes the path as one undo step", async () => {
    const page = shared();
    await prepareDrawing(page);
    await key(page, "p");
    expect(await tool(page)).toBe("pen");
    await click(page, 100, 100);
    await click(page, 250, 100);
    await click(page, 250, 220);
    await key(page, "Enter");
    expect(await pathNodes(page)).toEqual({
      points: [
        { x: 100, y: 100 },
        { x: 250, y: 100 },
        { x: 250, y: 220 },
      ],
      closed: false,
    });
    expect(await tool(page)).toBe("select");
    expect(await undoDepth(page)).toBe(1);
    await key(page, "Control+z");
    expect(await types(page)).toEqual([]);
  });

  test("a drawn path scaled by the typed `scale 2` keeps the stroke width its field shows", async () => {
    const page = shared();
    await prepareDrawing(page);
    await key(page, "p");
    await click(page, 100, 100);
    await click(page, 250, 100);
    await click(page, 250, 220);
    await key(page, "Enter");
    await key(page, "/");
    await page.keyboard.type("scale 2");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Command palette" })).toHaveCount(0);
    const path = await page.evaluate(() => {
      const lw = window.linework!;
      const node = lw.editor.store.childrenOf(lw.current.pageId())[0];
      return node?.type === "path"
        ? {
            transform: node.transform,
            width: node.stroke.width,
            points: node.subpaths[0]!.segments,
          }
        : null;
    });
    expect(path).not.toBeNull();
    // Twice as big by its points, not by its transform, which would have doubled the stroke too.
    expect(path!.transform.scaleX).toBe(1);
    expect(path!.transform.scaleY).toBe(1);
    expect(path!.points.at(-1)).toMatchObject({ to: { x: 300, y: 240 } });
    const field = page
      .getByRole("region", { name: "Properties" })
      .first()
      .getByLabel("Stroke width", { exact: true });
    await expect(field).toHaveValue(String(path!.width));
    expect(await undoDepth(page)).toBe(2);
  });

  test("P: clicking the first node closes the path; Esc with one node leaves nothing", async () => {
    const page = shared();
    await prepareDrawing(page);
    await key(page, "p");
    await click(page, 100, 100);
    await key(page, "Escape");
    expect(await types(page)).toEqual([]);
    expect(await undoDepth(page)).toBe(0);
    await click(page, 100, 100);
    await click(page, 200, 100);
    await click(page, 150, 200);
    await click(page, 101, 101);
    expect((await pathNodes(page))?.closed).toBe(true);
  });

  test("Shift+P: a freehand stroke keeps the mouse's samples", async () => {
    const page = shared();
    await prepareDrawing(page);
    await key(page, "Shift+P");
    expect(await tool(page)).toBe("pencil");
    await drag(page, { x: 100, y: 100 }, { x: 300, y: 180 }, 30);
    const stroke = await page.evaluate(() => {
      const lw = window.linework!;
      const node = lw.editor.store.childrenOf(lw.current.pageId())[0];
      return node?.type === "freehand"
        ? { count: node.points.length / 3, x: node.transform.x, y: node.transform.y }
        : null;
    });
    expect(stroke).not.toBeNull();
    expect(stroke!.count).toBeGreaterThanOrEqual(20);
    expect(stroke).toMatchObject({ x: 100, y: 100 });
    expect(await undoDepth(page)).toBe(1);
  });

  test("T: typing happens in a real text field over the canvas; Esc commits", async () => {
    const page = shared();
    await prepareDrawing(page);
    await key(page, "t");
    await click(page, 300, 200);
    const field = page.locator("textarea.linework-text-editor");
    await expect(field).toBeVisible();
    await expect(field).toBeFocused();
    const box = await field.boundingBox();
    const at = await screen(page, 300, 200);
    expect(Math.abs(box!.x - at.x)).toBeLessThan(2);
    expect(Math.abs(box!.y - at.y)).toBeLessThan(2);
    await page.keyboard.type("Hello there");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    await expect(field).toBeHidden();
    const text = await page.evaluate(() => {
      const lw = window.linework!;
      const node = lw.editor.store.childrenOf(lw.current.pageId())[0];
      return node?.type === "text"
        ? { content: node.content, hidden: node.hidden, fontFamily: node.fontFamily }
        : null;
    });
    // New text is set in the typeface the app ships, so it looks the same everywhere.
    expect(text).toEqual({
      content: "Hello there",
      hidden: false,
      fontFamily: "Inter, sans-serif",
    });
    expect(await undoDepth(page)).toBe(1);
    // The keyboard is back on the canvas: Ctrl+Z undoes the whole text at once.
    await key(page, "Control+z");
    expect(await types(page)).toEqual([]);
  });

  test("double-click with Select edits a text in place, scaled with the zoom", async () => {
    const page = shared();
    await prepareDrawing(page);
    await key(page, "t");
    await click(page, 100, 100);
    await page.keyboard.type("Hi");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    await page.evaluate(() => window.linework!.current.camera.set({ x: 50, y: 50, zoom: 2 }));
    await waitTicks(page);
    const at = await screen(page, 110, 112);
    await page.mouse.dblclick(at.x, at.y);
    await waitTicks(page);
    const field = page.locator("textarea.linework-text-editor");
    await expect(field).toBeFocused();
    await expect(field).toHaveValue("Hi");
    const box = await field.boundingBox();
    const origin = await screen(page, 100, 100);
    expect(Math.abs(box!.x - origin.x)).toBeLessThan(2);
    // 24 px type at 200 %: the field is at least one 60 px line tall on screen.
    expect(box!.height).toBeGreaterThanOrEqual(59);
    await page.keyboard.press("End");
    await page.keyboard.type(" there");
    await page.keyboard.press("Control+Enter");
    await waitTicks(page);
    const content = await page.evaluate(() => {
      const lw = window.linework!;
      const node = lw.editor.store.childrenOf(lw.current.pageId())[0];
      return node?.type === "text" ? node.content : null;
    });
    expect(content).toBe("Hi there");
    expect(await undoDepth(page)).toBe(2);
  });

  test("Ctrl+Shift+K: the picked image lands at natural size, centred on the click", async () => {
    const page = shared();
    await prepareDrawing(page);
    const buffer = await png3x2(page);
    const chooser = page.waitForEvent("filechooser");
    await key(page, "Control+Shift+K");
    await (await chooser).setFiles({ name: "red.png", mimeType: "image/png", buffer });
    await expect
      .poll(() => page.evaluate(() => window.linework!.current.tools.controller.tool.state))
      .toBe("ready");
    await click(page, 200, 200);
    const image = await page.evaluate(() => {
      const lw = window.linework!;
      const node = lw.editor.store.childrenOf(lw.current.pageId())[0];
      return node?.type === "image"
        ? { w: node.width, h: node.height, x: node.transform.x, y: node.transform.y }
        : null;
    });
    expect(image).toEqual({ w: 3, h: 2, x: 198.5, y: 199 });
    expect(await undoDepth(page)).toBe(1);
  });

  test("I: the eyedropper takes a shape's colours for new shapes", async () => {
    const page = shared();
    await prepareDrawing(page);
    expect(await addRects(page, ["r1"])).toBe(true);
    await key(page, "i");
    await click(page, 30, 25);
    const fill = await page.evaluate(() => window.linework!.tools.get().fill);
    expect(fill).toEqual({ type: "solid", color: { r: 0, g: 0, b: 1, a: 1 } });
  });

  test("E: a drag across shapes removes them in one undo step", async () => {
    const page = shared();
    await prepareDrawing(page);
    expect(await addRects(page, ["r1"])).toBe(true);
    await key(page, "e");
    await drag(page, { x: 0, y: 25 }, { x: 90, y: 25 });
    expect(await types(page)).toEqual([]);
    await key(page, "Control+z");
    expect(await types(page)).toEqual(["rect"]);
  });

  test("A: a path's node follows the mouse; Esc goes back to Select", async () => {
    const page = shared();
    await prepareDrawing(page);
    await key(page, "p");
    await click(page, 100, 100);
    await click(page, 200, 100);
    await click(page, 200, 200);
    await key(page, "Enter");
    await key(page, "a");
    expect(await tool(page)).toBe("path");
    await drag(page, { x: 200, y: 100 }, { x: 260, y: 60 });
    expect((await pathNodes(page))?.points[1]).toEqual({ x: 260, y: 60 });
    expect(await undoDepth(page)).toBe(2);
    await key(page, "Escape");
    expect(await tool(page)).toBe("select");
  });
});
