import { expect, test, type Page } from "@playwright/test";
import { createDocument } from "../src/doc/factory";
import { serializeDocument } from "../src/io/native/format";
import { openApp, waitTicks } from "./support";

// Every way the open document is replaced, then every drawing tool through real mouse and
// keyboard input, then Ctrl+Z. Before the fix the closed document's tools still followed the
// shared tool settings, so the first tool switch drew on its destroyed overlays and the engine
// aborted ("Cannot read properties of null (reading 'clear')").

/** An empty .linework file whose document is called `name`. */
function blankFile(name: string): string {
  return serializeDocument(
    createDocument({
      id: "blank-document",
      pageId: "blank-page",
      name,
      author: "test",
      created: "2024-01-01T00:00:00.000Z",
    }),
  );
}

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

// Two moves are enough: the shapes' checks need only the end points (`made` reads node types).
async function drag(page: Page, from: Point, to: Point, steps = 2): Promise<void> {
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
    // A few moves make a stroke; `made` only checks that there is one.
    draw: (page, at) => drag(page, at, { x: at.x + 110, y: at.y + 70 }, 5),
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

/** Polls often: the shapes land within a few frames, and the default waits 100 ms and up. */
const POLL = [20, 50, 100];

/** Draws with every tool, each in its own cell, waiting for the document between tools. */
async function drawEverything(page: Page): Promise<void> {
  for (const [index, drawing] of DRAWINGS.entries()) {
    await page.keyboard.press(drawing.keys);
    await drawing.draw(page, cell(index));
    await expect
      .poll(() => made(page), {
        message: `the ${drawing.tool} tool made its shape`,
        intervals: POLL,
      })
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

/** Adds an empty drawing called `name` to the library, as another session would have. */
async function blankInLibrary(page: Page, name: string): Promise<string> {
  // Unique names, so the dialogs pick this one and the title tells it was opened.
  return page.evaluate((title) => window.linework!.persistence!.documents!.create(title), name);
}

async function pickFromLibrary(page: Page, dialogName: string, name: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: dialogName });
  await dialog.getByRole("option", { name: new RegExp(`^${name}`) }).click();
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
}

/** One way of putting another, empty document in place of the open one. */
interface Replacement {
  readonly name: string;
  /** Replaces `page`'s document, which every tool has drawn in and which is saved. */
  replace(page: Page): Promise<void>;
}

// One after another in one tab: each replaces the document the one before opened and drew in
// (the first the start-up document), so the "Untitled" numbers count up along the chain.
const REPLACEMENTS: readonly Replacement[] = [
  {
    name: "File → New with Ctrl+Alt+N",
    async replace(page) {
      await markCurrent(page);
      await page.keyboard.press("Control+Alt+KeyN");
      await replaced(page, "Untitled 2");
    },
  },
  {
    name: "File → New from the menu",
    async replace(page) {
      await markCurrent(page);
      await fileMenu(page, "New");
      await replaced(page, "Untitled 3");
    },
  },
  {
    name: "linework.newDocument()",
    async replace(page) {
      await markCurrent(page);
      await page.evaluate(() => window.linework!.newDocument());
      await replaced(page, "Untitled 4");
    },
  },
  {
    name: "the Open dialog",
    async replace(page) {
      await blankInLibrary(page, "Blank from Open");
      await markCurrent(page);
      await fileMenu(page, "Open from library…");
      await pickFromLibrary(page, "Open", "Blank from Open");
      await replaced(page, "Blank from Open");
    },
  },
  {
    name: "linework.open(path)",
    async replace(page) {
      const path = await blankInLibrary(page, "Blank by path");
      await markCurrent(page);
      await page.evaluate((file) => window.linework!.open(file), path);
      await replaced(page, "Blank by path");
    },
  },
  {
    name: "Recover",
    async replace(page) {
      await blankInLibrary(page, "Blank from Recover");
      await markCurrent(page);
      await fileMenu(page, "Recover…");
      await pickFromLibrary(page, "Recover", "Blank from Recover");
      await replaced(page, "Blank from Recover");
    },
  },
  {
    name: "a .linework file through Ctrl+O and the file chooser",
    async replace(page) {
      // Without the File System Access API, Open falls back to a file input; the app looks for
      // the API when Open runs.
      await page.evaluate(() => {
        delete (window as { showOpenFilePicker?: unknown }).showOpenFilePicker;
        delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
      });
      await markCurrent(page);
      const chooser = page.waitForEvent("filechooser");
      await page.keyboard.press("Control+KeyO");
      await (
        await chooser
      ).setFiles({
        name: "Blank file.linework",
        mimeType: "application/octet-stream",
        buffer: Buffer.from(blankFile("Blank file")),
      });
      await replaced(page, "Blank file");
    },
  },
  {
    name: "linework.importDocument(text)",
    async replace(page) {
      await markCurrent(page);
      const result = await page.evaluate(
        (text) => window.linework!.importDocument(text),
        blankFile("Blank import"),
      );
      expect(result).toMatchObject({ ok: true, readOnly: false });
      await replaced(page, "Blank import");
    },
  },
];

const DRAWN = DRAWINGS.map((drawing) => drawing.made);

test.describe("replacing the open document, then drawing with every tool", () => {
  test("every way, one after another in one tab", async ({ page }) => {
    test.setTimeout(240_000);
    const failures = watchFailures(page);
    await openApp(page);
    await page.locator("canvas").focus();
    await test.step("drawing with every tool in the start-up document", () => drawEverything(page));

    for (const replacement of REPLACEMENTS) {
      await test.step(replacement.name, async () => {
        await saved(page);
        await replacement.replace(page);
        await page.locator("canvas").focus();
        expect(await made(page)).toEqual([]);
        await drawEverything(page);
        expect(await made(page)).toEqual(DRAWN);

        await page.keyboard.press("Control+KeyZ");
        await expect.poll(() => made(page), { intervals: POLL }).toEqual(DRAWN.slice(0, -1));
        expect(await page.evaluate(() => window.linework!.engine.state)).toBe("running");
        expect(failures).toEqual([]);
      });
    }
  });

  test("taking over from another tab", async ({ context }) => {
    test.setTimeout(90_000);
    const first = await context.newPage();
    const failures = watchFailures(first);
    await openApp(first);
    await first.locator("canvas").focus();
    await drawEverything(first);
    await saved(first);

    const before = await made(first);
    const second = await context.newPage();
    const secondFailures = watchFailures(second);
    await openApp(second);
    const banner = second.getByRole("alert");
    await expect(banner).toContainText("open in another tab");
    await expect.poll(() => made(second)).toEqual(before);
    await banner.getByRole("button", { name: "Take over" }).click();
    await expect(second.locator("[data-banner]")).toHaveCount(0);
    await expect(first.getByRole("alert")).toContainText("being edited in another tab");
    expect(secondFailures).toEqual([]);
    // The first tab, read-only now, still runs and draws nothing. It is brought to the front as
    // a person would to draw in it: a hidden tab's frames, and so its input, wait seconds.
    await first.bringToFront();
    await first.locator("canvas").focus();
    await first.keyboard.press("KeyR");
    await dragBox(first, cell(0));
    await waitTicks(first);
    expect(await made(first)).toEqual(before);
    await second.bringToFront();
    // What the second tab draws next goes beside, not inside, the frame already there.
    const view = () => second.evaluate(() => window.linework!.current.camera.state.y);
    const top = await view();
    await second.mouse.move(400, 400);
    await second.mouse.wheel(0, 800);
    await expect.poll(view).toBeLessThan(top - 600);

    await second.locator("canvas").focus();
    expect(await made(second)).toEqual(before);
    await drawEverything(second);
    expect(await made(second)).toEqual([...before, ...DRAWN]);

    await second.keyboard.press("Control+KeyZ");
    await expect.poll(() => made(second)).toEqual([...before, ...DRAWN.slice(0, -1)]);
    expect(await second.evaluate(() => window.linework!.engine.state)).toBe("running");
    expect(await first.evaluate(() => window.linework!.engine.state)).toBe("running");
    expect(failures).toEqual([]);
    expect(secondFailures).toEqual([]);
  });
});
