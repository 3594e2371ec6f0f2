import { expect, test, type Page } from "@playwright/test";
import { NO_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { DocRecord, TextNode } from "../src/doc/types";
import { canvasBox, prepareDrawing, sharedFreshApp, waitTicks, worldToPage } from "./support";

// The text tool through real input, typed as a person types: straight after the click, with no
// pause between keys. The field must take every key, in order, and sit exactly over the text.

interface Point {
  x: number;
  y: number;
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Screen pixels the field may differ from the text's box by: the caret's room and rounding. */
const TOLERANCE = 4;

const FIELD = "textarea.linework-text-editor";

/** Page coordinates of a world point. */
function screen(page: Page, x: number, y: number): Promise<Point> {
  return worldToPage(page, { x, y });
}

async function texts(page: Page): Promise<Array<{ id: string; content: string }>> {
  return page.evaluate(() => {
    const lw = window.linework!;
    return lw.editor.store
      .childrenOf(lw.current.pageId())
      .flatMap((n) => (n.type === "text" ? [{ id: n.id, content: n.content }] : []));
  });
}

async function tool(page: Page): Promise<string> {
  return page.evaluate(() => window.linework!.tools.get().tool);
}

/** Texts of the page, laid out at world (x, y) each, and the view. */
async function showTexts(
  page: Page,
  nodes: ReadonlyArray<{ id: string; content: string; x: number; y: number; width?: number }>,
): Promise<void> {
  const records: DocRecord[] = nodes.map((n, i) => {
    const node = makeNode<TextNode>("text", n.id, "", `a${i}`, {
      fontFamily: "Inter, system-ui, sans-serif",
      fontSize: 24,
      fontWeight: 400,
      fontStyle: "normal",
      align: "left",
      lineHeight: 1.25,
      fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
      stroke: NO_STROKE,
      content: n.content,
      width: n.width ?? null,
    });
    return { ...node, transform: { ...node.transform, x: n.x, y: n.y } };
  });
  await page.evaluate((list) => {
    const lw = window.linework!;
    const page = lw.current.pageId();
    lw.editor.store.transact("Add texts", (tx) => {
      for (const record of list) tx.put({ ...record, parent: page } as typeof record);
    });
  }, records);
  await waitTicks(page);
}

/** Where the canvas draws a text, on screen: its display's measured box (the wrap width if set). */
async function textRect(page: Page, id: string): Promise<Rect> {
  const box = await canvasBox(page);
  const r = await page.evaluate((key) => {
    const lw = window.linework!;
    const node = lw.editor.store.get(key);
    const display = lw.current.renderer.displayOf(key);
    if (node?.type !== "text" || display === null) throw new Error(`no text ${key}`);
    const bounds = display.getLocalBounds();
    const zoom = lw.current.camera.zoom;
    const origin = lw.current.camera.worldToScreen({ x: node.transform.x, y: node.transform.y });
    return {
      x: origin.x,
      y: origin.y,
      width: (node.width ?? bounds.width) * zoom,
      height: bounds.height * zoom,
    };
  }, id);
  return { x: box.x + r.x, y: box.y + r.y, width: r.width, height: r.height };
}

async function fieldRect(page: Page): Promise<Rect> {
  const box = await page.locator(FIELD).boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** The field covers the text's box on screen, within the caret's room. */
async function expectFieldOver(page: Page, id: string): Promise<void> {
  const field = await fieldRect(page);
  const text = await textRect(page, id);
  expect(text.width).toBeGreaterThan(0);
  expect(Math.abs(field.x - text.x)).toBeLessThan(TOLERANCE);
  expect(Math.abs(field.y - text.y)).toBeLessThan(TOLERANCE);
  expect(Math.abs(field.width - text.width)).toBeLessThan(TOLERANCE);
  expect(Math.abs(field.height - text.height)).toBeLessThan(TOLERANCE);
}

async function doubleClickText(page: Page, x: number, y: number): Promise<void> {
  const at = await screen(page, x, y);
  await page.mouse.dblclick(at.x, at.y);
  await expect(page.locator(FIELD)).toBeFocused();
}

async function typeStraightAfterClick(page: Page, words: string): Promise<void> {
  // No waits anywhere: T, the click and the words arrive as fast as a person (or faster).
  await page.keyboard.press("t");
  const at = await screen(page, 100, 100);
  await page.mouse.click(at.x, at.y);
  await page.keyboard.type(words);
  await expect(page.locator(FIELD)).toHaveValue(words);
  expect(await tool(page)).toBe("text");
  await page.keyboard.press("Escape");
  await waitTicks(page);
  expect(await texts(page)).toEqual([{ id: expect.any(String), content: words }]);
  // The letters were text, not shortcuts: no tool was switched to on the way.
  expect(await tool(page)).toBe("select");
}

test.describe("text editing", () => {
  // One app for them all, put back as a fresh start leaves it before each (resetApp).
  const shared = sharedFreshApp();

  test("T, click and typing at once: every key lands in the text, in order", async () => {
    const page = shared();
    await prepareDrawing(page);
    await typeStraightAfterClick(page, "Hello Linework");
  });

  test("the same on a slow machine (CPU throttled six times)", async () => {
    const page = shared();
    await prepareDrawing(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    try {
      await typeStraightAfterClick(page, "Hello Linework, quickly typed");
    } finally {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    }
  });

  test("T and a click on empty canvas with a text selected makes a second text", async () => {
    const page = shared();
    await prepareDrawing(page);
    await showTexts(page, [{ id: "first", content: "First", x: 100, y: 100 }]);
    await page.evaluate(() => window.linework!.editor.store.setSelection(["first"]));
    await page.keyboard.press("t");
    await waitTicks(page);
    await expect(page.locator(FIELD)).toBeHidden();
    const at = await screen(page, 100, 300);
    await page.mouse.click(at.x, at.y);
    await page.keyboard.type("Second");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    const contents = (await texts(page)).map((t) => t.content);
    expect(contents).toEqual(["First", "Second"]);
  });

  test("double-clicking a long text opens a field as wide as the text; typing grows it", async () => {
    const page = shared();
    await prepareDrawing(page);
    await showTexts(page, [{ id: "long", content: "A longer sentence of text", x: 100, y: 100 }]);
    await doubleClickText(page, 110, 112);
    await expect(page.locator(FIELD)).toHaveValue("A longer sentence of text");
    const before = await fieldRect(page);
    expect(before.width).toBeGreaterThan(200);
    await expectFieldOver(page, "long");
    await page.keyboard.press("End");
    await page.keyboard.type(" that grows as it is typed");
    await waitTicks(page);
    const after = await fieldRect(page);
    expect(after.width).toBeGreaterThan(before.width + 100);
    await expectFieldOver(page, "long");
    await page.keyboard.press("Enter");
    await page.keyboard.type("and a line");
    await waitTicks(page);
    expect((await fieldRect(page)).height).toBeGreaterThan(before.height * 1.8);
    await expectFieldOver(page, "long");
  });

  test("a wrapped text's field is its wrapping width and all its lines tall", async () => {
    const page = shared();
    await prepareDrawing(page);
    const content = "Words that wrap over several lines of a narrow box";
    await showTexts(page, [{ id: "wrapped", content, x: 100, y: 100, width: 160 }]);
    await doubleClickText(page, 110, 112);
    const field = await fieldRect(page);
    expect(field.height).toBeGreaterThan(3 * 30 - 1);
    await expectFieldOver(page, "wrapped");
    await page.keyboard.type(" and some more");
    await waitTicks(page);
    expect((await fieldRect(page)).height).toBeGreaterThanOrEqual(field.height);
    await expectFieldOver(page, "wrapped");
  });

  test("a text's box is where its glyphs are: its last wrapped line and its widest letters select it, and a PNG of it holds them", async () => {
    const page = shared();
    await prepareDrawing(page);
    const sentence = "The quick brown fox jumps over the lazy dog again and again";
    await showTexts(page, [
      { id: "wrapped", content: sentence, x: 100, y: 100, width: 200 },
      { id: "wide", content: "WWWWWWWWWW", x: 100, y: 300 },
    ]);
    const selection = () => page.evaluate(() => window.linework!.editor.store.selection);
    // Four lines of 30: the fourth's middle is 105 below the top.
    const last = await screen(page, 130, 205);
    await page.mouse.click(last.x, last.y);
    await waitTicks(page);
    expect(await selection()).toEqual(["wrapped"]);
    // Ten W at 24 are about 236 wide; 220 along is on the ninth.
    const right = await screen(page, 320, 312);
    await page.mouse.click(right.x, right.y);
    await waitTicks(page);
    expect(await selection()).toEqual(["wide"]);
    const sizes = await page.evaluate(async () => {
      const size = async (id: string) => {
        const blob = await window.linework!.exports.png({ scope: { nodes: [id] } });
        const bitmap = await createImageBitmap(blob);
        return { width: bitmap.width, height: bitmap.height };
      };
      return { wrapped: await size("wrapped"), wide: await size("wide") };
    });
    expect(sizes.wrapped).toEqual({ width: 200, height: 120 });
    expect(sizes.wide.width).toBeGreaterThanOrEqual(230);
    // The canvas draws the words inside those boxes.
    expect((await textRect(page, "wrapped")).height).toBeLessThanOrEqual(121);
  });

  test("a double-click on a word puts the caret there, where typing goes", async () => {
    const page = shared();
    await prepareDrawing(page);
    await showTexts(page, [{ id: "words", content: "alpha beta gamma", x: 100, y: 100 }]);
    // "beta" starts about 72 units in at 24 px: its middle is some 95 in.
    await doubleClickText(page, 195, 115);
    const caret = await page
      .locator(FIELD)
      .evaluate((f) => (f as HTMLTextAreaElement).selectionStart);
    expect(caret).toBeGreaterThanOrEqual(6);
    expect(caret).toBeLessThanOrEqual(10);
    await page.keyboard.type("X");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    const content = (await texts(page)).find((t) => t.id === "words")!.content;
    // The X went into "beta", not after "gamma".
    expect(content).toMatch(/^alpha \S*X\S* gamma$/);
  });

  for (const zoom of [0.5, 2]) {
    test(`at zoom ${zoom} the field matches the text, typing included`, async () => {
      const page = shared();
      await prepareDrawing(page, { x: 100, y: 100, zoom });
      await showTexts(page, [
        { id: "long", content: "A longer sentence of text", x: 50, y: 50 },
        { id: "wrapped", content: "Wrapped words in a box", x: 50, y: 200, width: 120 },
      ]);
      await doubleClickText(page, 55, 58);
      await expectFieldOver(page, "long");
      await page.keyboard.type(" grows");
      await waitTicks(page);
      await expectFieldOver(page, "long");
      await page.keyboard.press("Escape");
      await waitTicks(page);
      await doubleClickText(page, 55, 208);
      await expectFieldOver(page, "wrapped");
      // Zooming while the field is open keeps it over the text.
      await page.evaluate((z) => window.linework!.current.camera.set({ x: 80, y: 60, zoom: z }), 1);
      await waitTicks(page);
      await expectFieldOver(page, "wrapped");
    });
  }

  test("an input method's composition keeps the field over the text and commits", async () => {
    const page = shared();
    await prepareDrawing(page);
    await showTexts(page, [{ id: "ime", content: "Words", x: 100, y: 100 }]);
    await doubleClickText(page, 110, 112);
    await page.keyboard.press("End");
    const cdp = await page.context().newCDPSession(page);
    const composing = " composing a long phrase";
    await cdp.send("Input.imeSetComposition", {
      text: composing,
      selectionStart: composing.length,
      selectionEnd: composing.length,
    });
    await waitTicks(page);
    await expect(page.locator(FIELD)).toHaveValue(`Words${composing}`);
    await expectFieldOver(page, "ime");
    await cdp.send("Input.insertText", { text: " committed phrase" });
    await waitTicks(page);
    await expect(page.locator(FIELD)).toHaveValue("Words committed phrase");
    await expectFieldOver(page, "ime");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    expect(await texts(page)).toEqual([{ id: "ime", content: "Words committed phrase" }]);
  });

  test("Esc commits and gives the canvas the keyboard; one undo removes the text", async () => {
    const page = shared();
    await prepareDrawing(page);
    await page.keyboard.press("t");
    const at = await screen(page, 100, 100);
    await page.mouse.click(at.x, at.y);
    await page.keyboard.type("Undo me");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    await expect(page.locator(FIELD)).toBeHidden();
    await expect(page.locator("canvas")).toBeFocused();
    expect((await texts(page)).map((t) => t.content)).toEqual(["Undo me"]);
    expect(await page.evaluate(() => window.linework!.editor.history.depth.undo)).toBe(1);
    await page.keyboard.press("Control+z");
    await waitTicks(page);
    expect(await texts(page)).toEqual([]);
  });

  test("while a text is edited, layers and properties show it as it is", async () => {
    const page = shared();
    await prepareDrawing(page);
    await showTexts(page, [{ id: "shown", content: "Shown", x: 100, y: 100 }]);
    await doubleClickText(page, 110, 112);
    const properties = page.getByRole("region", { name: "Properties" }).first();
    const widthField = properties.getByLabel("Width", { exact: true });
    const width = async (): Promise<number> => Number(await widthField.inputValue());
    const before = await width();
    expect(before).toBeGreaterThan(0);
    await page.keyboard.press("End");
    await page.keyboard.type(" while typed");
    await waitTicks(page);
    // The document holds what is typed so far and does not call the text hidden…
    const node = await page.evaluate(() => {
      const n = window.linework!.editor.store.get("shown");
      return n?.type === "text" ? { content: n.content, hidden: n.hidden } : null;
    });
    expect(node).toEqual({ content: "Shown while typed", hidden: false });
    // …so the panels show it as it is: visible in the layers, as wide as its words.
    const layers = page.getByRole("region", { name: "Layers" }).first();
    const row = layers.locator('[data-node="shown"]');
    await expect(row.getByRole("button", { name: /^Hide/ })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await expect.poll(width).toBeGreaterThan(before * 2);
    // Only the canvas leaves it to the field, which shows the words.
    const drawn = (): Promise<boolean> =>
      page.evaluate(() => {
        const display = window.linework!.current.renderer.displayOf("shown")!;
        return display.visible && display.renderable;
      });
    expect(await drawn()).toBe(false);
    await expect(page.locator(FIELD)).toBeFocused();
    await page.keyboard.press("Escape");
    await waitTicks(page);
    expect(await drawn()).toBe(true);
  });
});
