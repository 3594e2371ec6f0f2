import { expect, test, type Page } from "@playwright/test";
import { pdfPixels } from "./pdfPixels";
import {
  dragWorld as drag,
  drawWith as draw,
  prepareDrawing,
  screenshotPixels,
  sharedFreshApp,
  showDocument,
  waitForRestingView,
  waitTicks,
  worldToPage,
} from "./support";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { RectNode } from "../src/doc/types";
import { DEFAULT_TEXT_FAMILY } from "../src/fonts/family";

// Labels through the real mouse and keyboard: a double-click on a box (or Enter on a selected
// arrow) opens a field, typing straight away lands in it, Esc commits; the words are drawn
// centred in the box and go where the box goes; an arrow's label slides along the arrow; an input
// method composes into a label as into any text.

interface Point {
  x: number;
  y: number;
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

interface LabelFields {
  content: string;
  position: number;
  fontSize: number;
  color: { r: number; g: number; b: number; a: number };
}

function labelOf(page: Page, id: string): Promise<LabelFields | null> {
  return page.evaluate((nodeId) => {
    const node = window.linework!.editor.store.get(nodeId) as
      { label?: LabelFields | null } | undefined;
    return node?.label ?? null;
  }, id);
}

/** How many clearly red pixels a real screenshot has inside a world rectangle. */
async function redPixels(page: Page, from: Point, to: Point): Promise<number> {
  const a = await worldToPage(page, from);
  const b = await worldToPage(page, to);
  const { width, height, data } = await screenshotPixels(page, {
    x: a.x,
    y: a.y,
    width: b.x - a.x,
    height: b.y - a.y,
  });
  let count = 0;
  for (let i = 0; i < width * height * 4; i += 4)
    if (data[i]! > 180 && data[i + 1]! < 90 && data[i + 2]! < 90) count += 1;
  return count;
}

/**
 * The box, in page coordinates, of the dark pixels (the words) inside a world rectangle, read
 * from a real screenshot; null when there are none.
 */
async function inkBox(page: Page, from: Point, to: Point): Promise<Box | null> {
  const a = await worldToPage(page, from);
  const b = await worldToPage(page, to);
  const { width, height, data } = await screenshotPixels(page, {
    x: a.x,
    y: a.y,
    width: b.x - a.x,
    height: b.y - a.y,
  });
  let box: Box | null = null;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (data[i]! + data[i + 1]! + data[i + 2]! > 3 * 100) continue;
      box = box ?? { minX: x, minY: y, maxX: x, maxY: y };
      box.minX = Math.min(box.minX, x);
      box.minY = Math.min(box.minY, y);
      box.maxX = Math.max(box.maxX, x + 1);
      box.maxY = Math.max(box.maxY, y + 1);
    }
  return (
    box && {
      minX: box.minX + a.x,
      minY: box.minY + a.y,
      maxX: box.maxX + a.x,
      maxY: box.maxY + a.y,
    }
  );
}

const centre = (box: Box): Point => ({
  x: (box.minX + box.maxX) / 2,
  y: (box.minY + box.maxY) / 2,
});

test.describe("labels", () => {
  const shared = sharedFreshApp();

  test("a double-click on a box, typing at once: the words are drawn centred in it and move with it", async () => {
    const page = shared();
    await prepareDrawing(page, { x: 0, y: 0, zoom: 1 });
    const box = await draw(page, "KeyR", { x: 100, y: 100 }, { x: 300, y: 200 });
    // The box's inside (stroke left out) is clear of ink before it has words.
    expect(await inkBox(page, { x: 110, y: 110 }, { x: 290, y: 190 })).toBeNull();

    const middle = await worldToPage(page, { x: 200, y: 150 });
    await page.mouse.dblclick(middle.x, middle.y);
    await page.keyboard.type("Start here");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    expect(await labelOf(page, box)).toMatchObject({ content: "Start here" });

    const ink = await inkBox(page, { x: 110, y: 110 }, { x: 290, y: 190 });
    expect(ink).not.toBeNull();
    // "Start here" at 20 px is about 90 px wide and one line tall, centred on the box.
    expect(ink!.maxX - ink!.minX).toBeGreaterThan(60);
    expect(ink!.maxY - ink!.minY).toBeLessThan(30);
    const at = centre(ink!);
    expect(Math.abs(at.x - middle.x)).toBeLessThanOrEqual(3);
    expect(Math.abs(at.y - middle.y)).toBeLessThanOrEqual(4);

    // Dragged by its words, the box and its label move 100 right and 50 down together.
    await drag(page, { x: 200, y: 150 }, { x: 300, y: 200 });
    const moved = await inkBox(page, { x: 210, y: 160 }, { x: 390, y: 240 });
    expect(moved).not.toBeNull();
    expect(Math.abs(centre(moved!).x - (at.x + 100))).toBeLessThanOrEqual(1);
    expect(Math.abs(centre(moved!).y - (at.y + 50))).toBeLessThanOrEqual(1);

    // Zoomed in, once the zoom settles the words are set anew at the zoom's resolution, sharp.
    const resolution = () =>
      page.evaluate((id) => {
        const shape = window.linework!.current.renderer.displayOf(id)!;
        const words = shape.children.find((child) => child.label === "label") as
          (typeof shape & { resolution: number }) | undefined;
        return words?.resolution ?? null;
      }, box);
    expect(await resolution()).toBe(1);
    await page.evaluate(() => window.linework!.current.camera.set({ x: 0, y: 0, zoom: 4 }));
    await expect.poll(resolution).toBe(4);
    await page.evaluate(() => window.linework!.current.camera.set({ x: 0, y: 0, zoom: 1 }));
    await expect.poll(resolution).toBe(1);

    // Two undos: the move, then the label, each one step.
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    await waitTicks(page);
    expect(await labelOf(page, box)).toBeNull();
    expect(await inkBox(page, { x: 110, y: 110 }, { x: 290, y: 190 })).toBeNull();
  });

  test("the properties panel sets a label's size and colour, each one undo step", async () => {
    const page = shared();
    await prepareDrawing(page, { x: 0, y: 0, zoom: 1 });
    const box = await draw(page, "KeyR", { x: 100, y: 100 }, { x: 300, y: 200 });
    const middle = await worldToPage(page, { x: 200, y: 150 });
    await page.mouse.dblclick(middle.x, middle.y);
    await page.keyboard.type("Hi");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    await page.mouse.click(middle.x, middle.y);
    await waitTicks(page);
    const inside = [
      { x: 110, y: 110 },
      { x: 290, y: 190 },
    ] as const;
    const small = await inkBox(page, ...inside);
    expect(small).not.toBeNull();
    const ink = (await labelOf(page, box))!.color;

    const panel = page.getByRole("region", { name: "Properties" }).first();
    const size = panel.getByLabel("Label size", { exact: true });
    await size.fill("40");
    await size.press("Enter");
    await expect.poll(async () => (await labelOf(page, box))?.fontSize).toBe(40);
    await panel.getByRole("button", { name: /^Label colour/ }).click();
    const hex = panel.getByRole("group", { name: "Label colour" }).getByLabel("Hex");
    await hex.fill("#ff0000");
    await hex.press("Enter");
    await expect
      .poll(async () => (await labelOf(page, box))?.color)
      .toEqual({ r: 1, g: 0, b: 0, a: 1 });
    await waitTicks(page);

    // Twice the size: about twice as tall and wide on the canvas, and red.
    const big = await inkBox(page, ...inside);
    expect(big).not.toBeNull();
    expect(big!.maxY - big!.minY).toBeGreaterThan(1.6 * (small!.maxY - small!.minY));
    expect(big!.maxX - big!.minX).toBeGreaterThan(1.6 * (small!.maxX - small!.minX));
    expect(await redPixels(page, ...inside)).toBeGreaterThan(50);

    // Undo takes the colour back, then the size: one step each.
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+z");
    await waitTicks(page);
    expect(await labelOf(page, box)).toMatchObject({ content: "Hi", fontSize: 40, color: ink });
    expect(await redPixels(page, ...inside)).toBe(0);
    await page.keyboard.press("Control+z");
    await waitTicks(page);
    expect(await labelOf(page, box)).toMatchObject({ content: "Hi", fontSize: 20 });
    const back = await inkBox(page, ...inside);
    // Its ink the height it was, give or take a row of anti-aliasing.
    expect(Math.abs(back!.maxY - back!.minY - (small!.maxY - small!.minY))).toBeLessThanOrEqual(1);
  });

  test("Enter on a selected arrow types its label on the line; dragging the words slides them along", async () => {
    const page = shared();
    await prepareDrawing(page, { x: 0, y: 0, zoom: 1 });
    await draw(page, "KeyR", { x: 100, y: 100 }, { x: 200, y: 160 });
    await draw(page, "KeyR", { x: 500, y: 100 }, { x: 600, y: 160 });
    const arrow = await draw(page, "Shift+KeyL", { x: 150, y: 130 }, { x: 550, y: 130 });
    // The arrow runs from x 200 to 500 between the boxes' outlines and is selected.
    await page.keyboard.press("Enter");
    await page.keyboard.type("yes");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    expect(await labelOf(page, arrow)).toEqual(
      expect.objectContaining({ content: "yes", position: 0.5 }),
    );
    // The words' ink, read above and below the line (which runs through y 129–131).
    const above = await inkBox(page, { x: 300, y: 110 }, { x: 400, y: 128 });
    const below = await inkBox(page, { x: 300, y: 132 }, { x: 400, y: 150 });
    expect(above).not.toBeNull();
    expect(below).not.toBeNull();
    const origin = await worldToPage(page, { x: 0, y: 0 });
    const words = {
      minX: Math.min(above!.minX, below!.minX) - origin.x,
      maxX: Math.max(above!.maxX, below!.maxX) - origin.x,
    };
    // Centred on the arrow's middle (350).
    expect(Math.abs((words.minX + words.maxX) / 2 - 350)).toBeLessThanOrEqual(3);
    // The words are not struck through: the line is cut around them, and runs on either side.
    const onLine = (x: number) => inkBox(page, { x: x - 1, y: 128 }, { x: x + 1, y: 132 });
    expect(await onLine(words.minX - 2)).toBeNull();
    expect(await onLine(words.maxX + 2)).toBeNull();
    expect(await onLine(260)).not.toBeNull();
    expect(await onLine(440)).not.toBeNull();

    await drag(page, { x: 350, y: 130 }, { x: 450, y: 100 });
    // Its words, dragged from the middle (350) to above 450, sit 250 of its 300 along.
    expect((await labelOf(page, arrow))!.position).toBeCloseTo(250 / 300, 2);
    await page.keyboard.press("Control+z");
    await waitTicks(page);
    expect((await labelOf(page, arrow))!.position).toBe(0.5);
  });

  test("a long label wraps inside its box, which is no wider for it and grows taller for it; a short arrow's label leaves its head drawn", async () => {
    const page = shared();
    await prepareDrawing(page, { x: 0, y: 0, zoom: 1 });
    const box = await draw(page, "KeyR", { x: 300, y: 100 }, { x: 450, y: 200 });
    const middle = await worldToPage(page, { x: 375, y: 150 });
    await page.mouse.dblclick(middle.x, middle.y);
    await page.keyboard.type("Process the incoming order quickly");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    expect(await labelOf(page, box)).toMatchObject({
      content: "Process the incoming order quickly",
    });
    const selection = () => page.evaluate(() => window.linework!.editor.store.selection);
    // Clicks 80 to the right of the box and 80 to its left, level with the words, hit nothing.
    for (const x of [530, 220]) {
      const at = await worldToPage(page, { x, y: 150 });
      await page.mouse.click(at.x, at.y);
      await waitTicks(page);
      expect(await selection()).toEqual([]);
    }
    await page.mouse.click(middle.x, middle.y);
    await waitTicks(page);
    expect(await selection()).toEqual([box]);
    // More words than its 100 units hold (Enter on the selected box edits its label): the box
    // grows downwards to hold them, and the words drawn on the canvas stay inside it.
    await page.keyboard.press("Enter");
    await page.keyboard.type(" and send it out on the very same day");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    const grown = await page.evaluate((id) => {
      const node = window.linework!.editor.store.get(id) as {
        height: number;
        transform: { y: number };
      };
      return { height: node.height, y: node.transform.y };
    }, box);
    expect(grown.height).toBeGreaterThan(100);
    expect(grown.y).toBe(100);
    // No dark pixel (words) in the 40 units under the box, clear of its corner handles.
    const under = await worldToPage(page, { x: 310, y: 100 + grown.height + 6 });
    const strip = await screenshotPixels(page, { x: under.x, y: under.y, width: 130, height: 40 });
    let dark = 0;
    for (let i = 0; i < strip.data.length; i += 4)
      if (strip.data[i]! + strip.data[i + 1]! + strip.data[i + 2]! < 300) dark += 1;
    expect(dark).toBe(0);
    // A word wider than the box is broken inside it, on the canvas as in the field.
    await page.keyboard.press("Enter");
    await page.keyboard.type(" Supercalifragilisticexpialidocious");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    const tall = await page.evaluate(
      (id) => (window.linework!.editor.store.get(id) as { height: number }).height,
      box,
    );
    const right = await worldToPage(page, { x: 456, y: 100 });
    const side = await screenshotPixels(page, {
      x: right.x,
      y: right.y,
      width: 60,
      height: Math.round(tall),
    });
    let beside = 0;
    for (let i = 0; i < side.data.length; i += 4)
      if (side.data[i]! + side.data[i + 1]! + side.data[i + 2]! < 300) beside += 1;
    expect(beside).toBe(0);

    // A 60-long arrow, labelled with words longer than it.
    const arrow = await draw(page, "Shift+KeyL", { x: 500, y: 300 }, { x: 560, y: 300 });
    await page.keyboard.press("Enter");
    await page.keyboard.type("in stock");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    expect(await labelOf(page, arrow)).toMatchObject({ content: "in stock" });
    // The words reach past both its ends: the line is drawn whole under them, not cut away
    // (with its head) by the gap a longer line keeps around its words.
    const cut = await page.evaluate((id) => {
      const masked = (node: { mask?: unknown; children?: readonly unknown[] }): boolean =>
        (node.mask ?? null) !== null ||
        (node.children ?? []).some((child) => masked(child as typeof node));
      return masked(window.linework!.current.renderer.displayOf(id)!);
    }, arrow);
    expect(cut).toBe(false);
  });

  test("the exported PDF cuts an arrow around its label's words, as the canvas does", async () => {
    const page = shared();
    await prepareDrawing(page, { x: 0, y: 0, zoom: 1 });
    await draw(page, "Shift+KeyL", { x: 100, y: 130 }, { x: 400, y: 130 });
    await page.keyboard.press("Enter");
    await page.keyboard.type("yes");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    const base64 = await page.evaluate(async () => {
      const lw = window.linework!;
      const bytes = await lw.exports.pdf({ pages: [{ page: lw.current.pageId() }] });
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    });
    const { width, height, data } = pdfPixels(Buffer.from(base64, "base64"));
    const dark = (x: number, y: number): boolean => {
      const i = (y * width + x) * 4;
      return data[i]! + data[i + 1]! + data[i + 2]! < 3 * 128;
    };
    // The arrow's row is the one with the most ink.
    let row = 0;
    let most = -1;
    for (let y = 0; y < height; y++) {
      let count = 0;
      for (let x = 0; x < width; x++) if (dark(x, y)) count += 1;
      if (count > most) [row, most] = [y, count];
    }
    const inked = [...Array(width).keys()].filter((x) => dark(x, row));
    const first = inked[0]!;
    const last = inked[inked.length - 1]!;
    expect(last - first).toBeGreaterThan(250);
    // Between its ends the line stops for the words: light gaps on the row, a few units wide
    // (without the cut the line runs on through them, dark all along).
    let gap = 0;
    let longest = 0;
    for (let x = first; x <= last; x++) {
      gap = dark(x, row) ? 0 : gap + 1;
      longest = Math.max(longest, gap);
    }
    expect(longest).toBeGreaterThanOrEqual(3);
  });

  test("an input method composes into a label and commits", async () => {
    const page = shared();
    await prepareDrawing(page, { x: 0, y: 0, zoom: 1 });
    const box = await draw(page, "KeyO", { x: 100, y: 100 }, { x: 300, y: 220 });
    const middle = await worldToPage(page, { x: 200, y: 160 });
    await page.mouse.dblclick(middle.x, middle.y);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.imeSetComposition", { text: "にほ", selectionStart: 2, selectionEnd: 2 });
    await waitTicks(page);
    await cdp.send("Input.insertText", { text: "日本" });
    await page.keyboard.press("Escape");
    await waitTicks(page);
    expect(await labelOf(page, box)).toMatchObject({ content: "日本" });
  });

  test("Ctrl+G of a thousand labelled boxes sets the words only of those near the view", async () => {
    const page = shared();
    const boxes = Array.from({ length: 1024 }, (_, i) => {
      const node = makeNode<RectNode>("rect", `r${i}`, "page", `a${String(i).padStart(4, "0")}`, {
        width: 80,
        height: 60,
        radii: [0, 0, 0, 0],
        fill: DEFAULT_FILL,
        stroke: DEFAULT_STROKE,
      });
      const transform = { ...node.transform, x: (i % 32) * 100, y: Math.floor(i / 32) * 100 };
      const label = {
        content: `Box ${i}`,
        fontFamily: DEFAULT_TEXT_FAMILY,
        fontSize: 16,
        fontWeight: 400,
        fontStyle: "normal" as const,
        color: { r: 0, g: 0, b: 0, a: 1 },
        position: 0.5,
      };
      return { ...node, transform, label };
    });
    const head = createDocument({ id: "d", pageId: "page", author: "t", created: "2026-01-01" });
    await showDocument(page, [...head, ...boxes]);
    await waitForRestingView(page);
    // Each text PixiJS sets on a canvas and uploads, counted from here.
    await page.evaluate(() => {
      const gfx = (window.linework!.engine as unknown as { gfx: { renderer: TextSystemHost } }).gfx;
      const texts = gfx.renderer.canvasText;
      const made = texts.getManagedTexture.bind(texts);
      const probe = window as unknown as { textsSet: number };
      probe.textsSet = 0;
      texts.getManagedTexture = (text) => {
        probe.textsSet += 1;
        return made(text);
      };
    });
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+a");
    await waitForRestingView(page);
    await page.keyboard.press("Control+g");
    await waitForRestingView(page);
    const grouped = await page.evaluate(() => window.linework!.editor.store.get("r0"));
    expect(grouped?.type === "rect" ? grouped.parent : null).not.toBe("page");
    // About 120 boxes lie near the 1024 × 700 view, and their words were set already. Drawn for
    // a frame as changed nodes, the other 907 had theirs set too, a task of half a second: when
    // the frame ran one fixed step, the viewport's cull came before the tool's commit in it (two
    // tries in three here). The viewport now culls again before the frame is drawn.
    expect(
      await page.evaluate(() => (window as unknown as { textsSet: number }).textsSet),
    ).toBeLessThan(200);
  });
});

/** What the probe needs of PixiJS's renderer: its canvas-text system. */
interface TextSystemHost {
  canvasText: { getManagedTexture(text: unknown): unknown };
}
