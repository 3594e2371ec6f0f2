import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { createDocument } from "../src/doc/factory";
import { serializeDocument } from "../src/io/native/format";
import { openApp, waitTicks } from "./support";

// Every way the open document is replaced, then every drawing tool through real mouse and
// keyboard input, then Ctrl+Z. Before the fix the closed document's tools still followed the
// shared tool settings, so the first tool switch drew on its destroyed overlays and the engine
// aborted ("Cannot read properties of null (reading 'clear')").

/** An empty .linework file named "Blank". */
const BLANK = serializeDocument(
  createDocument({
    id: "blank-document",
    pageId: "blank-page",
    name: "Blank",
    author: "test",
    created: "2024-01-01T00:00:00.000Z",
  }),
);

interface Point {
  readonly x: number;
  readonly y: number;
}

/** One drawing tool: its shortcut, how a person draws with it in a cell, what it makes. */
interface Drawing {
  readonly tool: string;
  readonly keys: string;
  /** The node type it makes, with the arrowhead for the arrow and the content for text. */
  readonly made: string;
  draw(page: Page, at: Point): Promise<void>;
}

async function drag(page: Page, from: Point, to: Point, steps = 6): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}

const dragBox = (page: Page, at: Point): Promise<void> =>
  drag(page, at, { x: at.x + 110, y: at.y + 80 });

const DRAWINGS: readonly Drawing[] = [
  { tool: "rect", keys: "KeyR", made: "rect", draw: dragBox },
  { tool: "ellipse", keys: "KeyO", made: "ellipse", draw: dragBox },
  { tool: "polygon", keys: "KeyY", made: "polygon", draw: dragBox },
  { tool: "line", keys: "KeyL", made: "line", draw: dragBox },
  { tool: "arrow", keys: "Shift+KeyL", made: "line→arrow", draw: dragBox },
  {
    tool: "pen",
    keys: "KeyP",
    made: "path",
    async draw(page, at) {
      await page.mouse.click(at.x, at.y);
      await page.mouse.click(at.x + 100, at.y + 10);
      await page.mouse.click(at.x + 50, at.y + 80);
      await page.keyboard.press("Enter");
    },
  },
  {
    tool: "pencil",
    keys: "Shift+KeyP",
    made: "freehand",
    draw: (page, at) => drag(page, at, { x: at.x + 110, y: at.y + 70 }, 20),
  },
  {
    tool: "text",
    keys: "KeyT",
    made: "text:Hi",
    async draw(page, at) {
      await page.mouse.click(at.x, at.y);
      await page.keyboard.type("Hi");
      await page.keyboard.press("Escape");
    },
  },
  // Last: shapes drawn inside a frame would become its children.
  { tool: "frame", keys: "KeyF", made: "frame", draw: dragBox },
];

/** Top-left corners of non-overlapping cells, clear of the toolbar, menus and panels. */
function cell(index: number): Point {
  return { x: 110 + (index % 3) * 200, y: 110 + Math.floor(index / 3) * 160 };
}

/** Draws with every tool, each in its own cell, waiting for the document between tools. */
async function drawEverything(page: Page): Promise<void> {
  for (const [index, drawing] of DRAWINGS.entries()) {
    await page.keyboard.press(drawing.keys);
    await drawing.draw(page, cell(index));
    await expect
      .poll(() => made(page), { message: `the ${drawing.tool} tool made its shape` })
      .toContain(drawing.made);
  }
}

/** What the document on screen holds: every scene node, in document order. */
function made(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lw = window.linework!;
    const store = lw.editor.store;
    const out: string[] = [];
    const walk = (parent: string): void => {
      for (const node of store.childrenOf(parent)) {
        if (node.type === "line" && node.endHead === "arrow") out.push("line→arrow");
        else if (node.type === "text") out.push(`text:${node.content}`);
        else out.push(node.type);
        walk(node.id);
      }
    };
    for (const page of store.pages()) walk(page.id);
    return out;
  });
}

/** Collects page errors and the engine's abort message. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on("pageerror", (error) => failures.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && /stopped|Aborted/.test(message.text()))
      failures.push(`console: ${message.text()}`);
  });
  return failures;
}

/** Remembers the open document, so `replaced` can wait for another. */
async function markCurrent(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.record = [window.linework!.current];
  });
}

async function replaced(page: Page, title: string): Promise<void> {
  await page.waitForFunction(() => window.linework!.current !== window.record?.[0]);
  await expect(page).toHaveTitle(`${title} — Linework`);
}

/** Waits until the document's edits are stored, so a switch does not ask about unsaved changes. */
async function saved(page: Page): Promise<void> {
  await expect(page).not.toHaveTitle(/^\*/);
}

async function fileMenu(page: Page, item: string): Promise<void> {
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("button", { name: "File" })
    .click();
  await page.getByRole("menu", { name: "File" }).getByRole("menuitem", { name: item }).click();
}

/** Adds an empty "Blank" drawing to the library, as another session would have. */
async function blankInLibrary(page: Page): Promise<string> {
  return page.evaluate(() => window.linework!.persistence!.documents!.create("Blank"));
}

async function pickFromLibrary(page: Page, dialogName: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await dialog.getByRole("option", { name: /Blank/ }).click();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
}

interface Replacement {
  readonly name: string;
  /** Runs before the app opens (scripts the page needs). */
  init?(page: Page): Promise<void>;
  /**
   * Puts another document in place of `page`'s, which holds what `drawEverything` drew; returns
   * the page to draw on next and the shapes its document holds already.
   */
  replace(page: Page, context: BrowserContext): Promise<{ page: Page; kept: string[] }>;
}

const REPLACEMENTS: readonly Replacement[] = [
  {
    name: "File → New with Ctrl+Alt+N",
    async replace(page) {
      await markCurrent(page);
      await page.keyboard.press("Control+Alt+KeyN");
      await replaced(page, "Untitled 2");
      return { page, kept: [] };
    },
  },
  {
    name: "File → New from the menu",
    async replace(page) {
      await markCurrent(page);
      await fileMenu(page, "New");
      await replaced(page, "Untitled 2");
      return { page, kept: [] };
    },
  },
  {
    name: "linework.newDocument()",
    async replace(page) {
      await markCurrent(page);
      await page.evaluate(() => window.linework!.newDocument());
      await replaced(page, "Untitled 2");
      return { page, kept: [] };
    },
  },
  {
    name: "the Open dialog",
    async replace(page) {
      await blankInLibrary(page);
      await markCurrent(page);
      await fileMenu(page, "Open from library…");
      await pickFromLibrary(page, "Open");
      await replaced(page, "Blank");
      return { page, kept: [] };
    },
  },
  {
    name: "linework.open(path)",
    async replace(page) {
      const path = await blankInLibrary(page);
      await markCurrent(page);
      await page.evaluate((file) => window.linework!.open(file), path);
      await replaced(page, "Blank");
      return { page, kept: [] };
    },
  },
  {
    name: "Recover",
    async replace(page) {
      await blankInLibrary(page);
      await markCurrent(page);
      await fileMenu(page, "Recover…");
      await pickFromLibrary(page, "Recover");
      await replaced(page, "Blank");
      return { page, kept: [] };
    },
  },
  {
    name: "a .linework file through Ctrl+O and the file chooser",
    async init(page) {
      await page.addInitScript(() => {
        // Without the File System Access API, Open falls back to a file input.
        delete (window as { showOpenFilePicker?: unknown }).showOpenFilePicker;
        delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
      });
    },
    async replace(page) {
      await markCurrent(page);
      const chooser = page.waitForEvent("filechooser");
      await page.keyboard.press("Control+KeyO");
      await (
        await chooser
      ).setFiles({
        name: "Blank.linework",
        mimeType: "application/octet-stream",
        buffer: Buffer.from(BLANK),
      });
      await replaced(page, "Blank");
      return { page, kept: [] };
    },
  },
  {
    name: "linework.importDocument(text)",
    async replace(page) {
      await markCurrent(page);
      const result = await page.evaluate((text) => window.linework!.importDocument(text), BLANK);
      expect(result).toMatchObject({ ok: true, readOnly: false });
      await replaced(page, "Blank");
      return { page, kept: [] };
    },
  },
  {
    name: "taking over from another tab",
    async replace(first, context) {
      const before = await made(first);
      const second = await context.newPage();
      const failures = watchFailures(second);
      await openApp(second);
      const banner = second.getByRole("alert");
      await expect(banner).toContainText("open in another tab");
      await expect.poll(() => made(second)).toEqual(before);
      await banner.getByRole("button", { name: "Take over" }).click();
      await expect(second.locator("[data-banner]")).toHaveCount(0);
      await expect(first.getByRole("alert")).toContainText("being edited in another tab");
      expect(failures).toEqual([]);
      // The first tab, read-only now, still runs and draws nothing.
      await first.locator("canvas").focus();
      await first.keyboard.press("KeyR");
      await dragBox(first, cell(0));
      await waitTicks(first);
      expect(await made(first)).toEqual(before);
      // What the second tab draws next goes beside, not inside, the frame already there.
      const view = () => second.evaluate(() => window.linework!.current.camera.state.y);
      const top = await view();
      await second.mouse.move(400, 400);
      await second.mouse.wheel(0, 800);
      await expect.poll(view).toBeLessThan(top - 600);
      return { page: second, kept: before };
    },
  },
];

test.describe("replacing the open document, then drawing with every tool", () => {
  for (const replacement of REPLACEMENTS) {
    test(replacement.name, async ({ context }) => {
      test.setTimeout(90_000);
      const page = await context.newPage();
      const failures = watchFailures(page);
      await replacement.init?.(page);
      await openApp(page);
      await page.locator("canvas").focus();
      await drawEverything(page);
      await saved(page);

      const { page: next, kept } = await replacement.replace(page, context);
      const nextFailures = next === page ? failures : watchFailures(next);
      await next.locator("canvas").focus();
      expect(await made(next)).toEqual(kept);
      await drawEverything(next);
      const drawn = DRAWINGS.map((drawing) => drawing.made);
      expect(await made(next)).toEqual([...kept, ...drawn]);

      await next.keyboard.press("Control+KeyZ");
      await expect.poll(() => made(next)).toEqual([...kept, ...drawn.slice(0, -1)]);
      expect(await next.evaluate(() => window.linework!.engine.state)).toBe("running");
      expect(await page.evaluate(() => window.linework!.engine.state)).toBe("running");
      expect(failures).toEqual([]);
      expect(nextFailures).toEqual([]);
    });
  }
});
