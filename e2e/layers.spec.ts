import {
  expect,
  test,
  type Browser,
  type CDPSession,
  type Locator,
  type Page,
} from "@playwright/test";
import { addRects, openApp, reusedApp } from "./support";

// Reordering layers and pages by pointer (mouse and touch) and by keyboard: every move is one
// transaction, so one undo step.

async function openChrome(page: Page): Promise<void> {
  await openApp(page);
  await expect(page.getByRole("toolbar", { name: "Tools" })).toBeVisible();
}

// The mouse and keyboard tests take this app, put back as a fresh start leaves it; the touch
// tests need a touch context of their own.
const reused = reusedApp();

async function reuseChrome(browser: Browser): Promise<Page> {
  const page = await reused(browser);
  await expect(page.getByRole("toolbar", { name: "Tools" })).toBeVisible();
  return page;
}

/** Rectangles a, b, c on the first page, named so rows can be found by their labels. */
async function addNamed(page: Page, names: Record<string, string>): Promise<void> {
  expect(await addRects(page, Object.keys(names))).toBe(true);
  await page.evaluate((list) => {
    const store = window.linework!.editor.store;
    store.transact("Name", (tx) => {
      for (const [id, name] of Object.entries(list)) tx.update(id, { name });
    });
  }, names);
}

function layers(page: Page): Locator {
  return page.getByRole("list", { name: "Layers" });
}

/** The layers panel's rows, top to bottom (front to back), by node id. */
function rowOrder(page: Page): Promise<string[]> {
  return layers(page)
    .locator("[data-node]")
    .evaluateAll((rows) =>
      rows
        .map((row) => row as HTMLElement)
        .sort((a, b) => a.offsetTop - b.offsetTop)
        .map((row) => row.dataset["node"]!),
    );
}

/** The page's top-level nodes back to front, as the document holds them. */
function documentOrder(page: Page, parent?: string): Promise<string[]> {
  return page.evaluate((id) => {
    const store = window.linework!.editor.store;
    return store.childrenOf(id ?? store.pages()[0]!.id).map((n) => n.id);
  }, parent);
}

/** Groups the selection with Ctrl+G on the canvas; returns the new group's id once it exists. */
async function groupSelection(page: Page): Promise<string> {
  await page.locator("canvas").focus();
  await page.keyboard.press("Control+KeyG");
  // The engine reads keys on its next tick: wait for the group, not just any order.
  const findGroup = (): Promise<string | undefined> =>
    page.evaluate(() => {
      const store = window.linework!.editor.store;
      return store.childrenOf(store.pages()[0]!.id).find((node) => node.type === "group")?.id;
    });
  await expect.poll(findGroup).toBeDefined();
  return (await findGroup())!;
}

function pageNames(page: Page): Promise<string[]> {
  return page.evaluate(() => window.linework!.editor.store.pages().map((p) => p.name));
}

function undo(page: Page): Promise<void> {
  return page.evaluate(() => {
    window.linework!.editor.history.undo();
  });
}

function row(page: Page, name: string): Locator {
  return layers(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name, exact: true }) });
}

/** The middle of an element, scrolled into view first (the side panels scroll). */
async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
}

async function touch(
  cdp: CDPSession,
  type: "touchStart" | "touchMove" | "touchEnd",
  point?: { x: number; y: number },
): Promise<void> {
  await cdp.send("Input.dispatchTouchEvent", {
    type,
    touchPoints: point ? [{ x: point.x, y: point.y, id: 1, radiusX: 2, radiusY: 2, force: 1 }] : [],
  });
}

/** A finger pressed at `from`, moved in steps to `to`, and lifted. */
async function touchDrag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await touch(cdp, "touchStart", from);
  for (let step = 1; step <= 8; step++)
    await touch(cdp, "touchMove", {
      x: from.x + ((to.x - from.x) * step) / 8,
      y: from.y + ((to.y - from.y) * step) / 8,
    });
  await touch(cdp, "touchEnd");
  await cdp.detach();
}

test.describe("layers: reorder with the mouse", () => {
  test("dragging a row above another moves it in front, with a drop indicator, one undo step", async ({
    browser,
  }) => {
    const page = await reuseChrome(browser);
    await addNamed(page, { a: "Alpha", b: "Bravo", c: "Charlie" });
    await expect.poll(() => rowOrder(page)).toEqual(["c", "b", "a"]);
    const from = await centre(
      row(page, "Alpha").getByRole("button", { name: "Alpha", exact: true }),
    );
    const charlie = await row(page, "Charlie").boundingBox();
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++)
      await page.mouse.move(from.x, from.y + ((charlie!.y + 3 - from.y) * step) / 10);
    await expect(row(page, "Charlie")).toHaveClass(/lw-drop-above/);
    await expect(row(page, "Alpha")).toHaveClass(/lw-dragging/);
    await page.mouse.up();
    await expect.poll(() => rowOrder(page)).toEqual(["a", "c", "b"]);
    expect(await documentOrder(page)).toEqual(["b", "c", "a"]);
    await expect(row(page, "Charlie")).not.toHaveClass(/lw-drop-above/);
    // The release after a drag is not a click: the selection stays as it was.
    expect(await page.evaluate(() => window.linework!.editor.store.selection)).toEqual([]);
    await undo(page);
    await expect.poll(() => rowOrder(page)).toEqual(["c", "b", "a"]);
  });

  test("a short press is still a click, and Esc cancels a drag without clicking", async ({
    browser,
  }) => {
    const page = await reuseChrome(browser);
    await addNamed(page, { a: "Alpha", b: "Bravo" });
    await row(page, "Alpha").getByRole("button", { name: "Alpha", exact: true }).click();
    expect(await page.evaluate(() => window.linework!.editor.store.selection)).toEqual(["a"]);
    // With a selection the properties panel above grows: the rows are further down the panels.
    const alpha = await centre(row(page, "Alpha"));
    const bravo = await centre(row(page, "Bravo"));
    await page.mouse.move(bravo.x, bravo.y);
    await page.mouse.down();
    await page.mouse.move(alpha.x, alpha.y + 10, { steps: 5 });
    await expect(row(page, "Alpha")).toHaveClass(/lw-drop-below/);
    await page.keyboard.press("Escape");
    await expect(row(page, "Alpha")).not.toHaveClass(/lw-drop-below/);
    // Back over the row it started on: the release there is no click on Bravo.
    await page.mouse.move(bravo.x, bravo.y, { steps: 3 });
    await page.mouse.up();
    expect(await documentOrder(page)).toEqual(["a", "b"]);
    expect(await page.evaluate(() => window.linework!.editor.store.selection)).toEqual(["a"]);
  });

  test("a double-click renames the row clicked, though its first click grows the panel above", async ({
    browser,
  }) => {
    const page = await reuseChrome(browser);
    await addNamed(page, { a: "Alpha", b: "Bravo", c: "Charlie" });
    // Nothing selected: the first click selects Bravo, and the properties panel above the
    // layers grows by the selection's fields; the row must still be under the second click.
    const bravo = await centre(
      row(page, "Bravo").getByRole("button", { name: "Bravo", exact: true }),
    );
    await page.mouse.dblclick(bravo.x, bravo.y);
    const field = layers(page).getByRole("textbox", { name: "Rename Bravo" });
    await expect(field).toBeFocused();
    await page.keyboard.type("Second");
    await page.keyboard.press("Enter");
    const names = await page.evaluate(() =>
      ["a", "b", "c"].map((id) => (window.linework!.editor.store.get(id) as { name: string }).name),
    );
    expect(names).toEqual(["Alpha", "Second", "Charlie"]);
    expect(await page.evaluate(() => window.linework!.editor.store.selection)).toEqual(["b"]);
    // A click on the next row selects it where it is seen.
    await page.mouse.click(bravo.x, bravo.y + 28);
    expect(await page.evaluate(() => window.linework!.editor.store.selection)).toEqual(["a"]);
  });

  test("dropping on the middle of a group puts the row inside it", async ({ browser }) => {
    const page = await reuseChrome(browser);
    await addNamed(page, { a: "Alpha", b: "Bravo" });
    await page.evaluate(() => {
      const store = window.linework!.editor.store;
      store.setSelection(["b"]);
    });
    const groupId = await groupSelection(page);
    const from = await centre(
      row(page, "Alpha").getByRole("button", { name: "Alpha", exact: true }),
    );
    const to = await centre(layers(page).locator(`[data-node='${groupId}']`));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => documentOrder(page, groupId)).toEqual(["b", "a"]);
  });
});

test.describe("layers and pages: reorder by touch", () => {
  test.use({ hasTouch: true });

  test("a finger on the drag handle reorders; a finger elsewhere on a row does not", async ({
    page,
  }) => {
    await openChrome(page);
    await addNamed(page, { a: "Alpha", b: "Bravo", c: "Charlie" });
    await expect.poll(() => rowOrder(page)).toEqual(["c", "b", "a"]);
    const handle = layers(page).getByRole("img", { name: "Drag Alpha" });
    const size = await handle.boundingBox();
    expect(size!.width).toBeGreaterThanOrEqual(44);
    expect(size!.height).toBeGreaterThanOrEqual(44);
    const charlie = await row(page, "Charlie").boundingBox();
    await touchDrag(page, await centre(handle), { x: charlie!.x + 100, y: charlie!.y + 4 });
    await expect.poll(() => rowOrder(page)).toEqual(["a", "c", "b"]);

    // Started on the name, the finger is the list's (scrolling), not a drag.
    const bravo = await centre(
      row(page, "Bravo").getByRole("button", { name: "Bravo", exact: true }),
    );
    await touchDrag(page, bravo, { x: bravo.x, y: charlie!.y + 4 });
    expect(await documentOrder(page)).toEqual(["b", "c", "a"]);

    await undo(page);
    await expect.poll(() => rowOrder(page)).toEqual(["c", "b", "a"]);
  });

  test("pages reorder by their drag handle", async ({ page }) => {
    await openChrome(page);
    const pages = page.getByRole("list", { name: "Pages" });
    await page.getByRole("button", { name: "Add page" }).click();
    await page.getByRole("button", { name: "Add page" }).click();
    await expect(pages.getByRole("listitem")).toHaveCount(3);
    const first = await pages.getByRole("listitem").first().boundingBox();
    await touchDrag(page, await centre(pages.getByRole("img", { name: "Drag Page 3" })), {
      x: first!.x + 60,
      y: first!.y + 3,
    });
    await expect.poll(() => pageNames(page)).toEqual(["Page 3", "Page 1", "Page 2"]);
  });
});

test.describe("layers and pages: reorder from the keyboard", () => {
  test("Alt+arrows move the focused row up, down, into and out of a group, focus following", async ({
    browser,
  }) => {
    const page = await reuseChrome(browser);
    await addNamed(page, { a: "Alpha", b: "Bravo", c: "Charlie" });
    await expect.poll(() => rowOrder(page)).toEqual(["c", "b", "a"]);
    const alpha = layers(page).getByRole("button", { name: "Alpha", exact: true });
    await expect(alpha).toHaveAttribute("aria-keyshortcuts", /Alt\+ArrowUp/);
    await alpha.focus();
    await page.keyboard.press("Alt+ArrowUp");
    await expect.poll(() => rowOrder(page)).toEqual(["c", "a", "b"]);
    await expect(alpha).toBeFocused();
    await page.keyboard.press("Alt+ArrowUp");
    await expect.poll(() => rowOrder(page)).toEqual(["a", "c", "b"]);
    await expect(alpha).toBeFocused();
    // At the front already: nothing moves, nothing is committed.
    const version = await page.evaluate(() => window.linework!.editor.store.version);
    await page.keyboard.press("Alt+ArrowUp");
    expect(await page.evaluate(() => window.linework!.editor.store.version)).toBe(version);
    await page.keyboard.press("Alt+ArrowDown");
    await expect.poll(() => rowOrder(page)).toEqual(["c", "a", "b"]);

    // Group Charlie; Alpha, right below the group, goes into it and comes out again.
    await page.evaluate(() => window.linework!.editor.store.setSelection(["c"]));
    const groupId = await groupSelection(page);
    expect(await documentOrder(page)).toEqual(["b", "a", groupId]);
    await alpha.focus();
    await page.keyboard.press("Alt+ArrowRight");
    await expect.poll(() => documentOrder(page, groupId)).toEqual(["a", "c"]);
    await expect(alpha).toBeFocused();
    // The group opened so the row stays in view, one level in.
    await expect(layers(page).getByRole("button", { name: /^Collapse/ })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await page.keyboard.press("Alt+ArrowLeft");
    await expect.poll(() => documentOrder(page, groupId)).toEqual(["c"]);
    expect((await documentOrder(page)).slice(-2)).toEqual([groupId, "a"]);
    await expect(alpha).toBeFocused();
    // Each move was one undo step.
    await undo(page);
    await expect.poll(() => documentOrder(page, groupId)).toEqual(["a", "c"]);
  });

  test("pages: drag with the mouse and Alt+arrows reorder them", async ({ browser }) => {
    const page = await reuseChrome(browser);
    const pages = page.getByRole("list", { name: "Pages" });
    await page.getByRole("button", { name: "Add page" }).click();
    await page.getByRole("button", { name: "Add page" }).click();
    await expect(pages.getByRole("listitem")).toHaveCount(3);
    const from = await centre(pages.getByRole("button", { name: "Page 3", exact: true }));
    const first = await pages.getByRole("listitem").first().boundingBox();
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, first!.y + 3, { steps: 6 });
    await expect(pages.getByRole("listitem").first()).toHaveClass(/lw-drop-above/);
    await page.mouse.up();
    await expect.poll(() => pageNames(page)).toEqual(["Page 3", "Page 1", "Page 2"]);

    const page3 = pages.getByRole("button", { name: "Page 3", exact: true });
    await expect(page3).toHaveAttribute("aria-keyshortcuts", "Alt+ArrowUp Alt+ArrowDown");
    await page3.focus();
    await page.keyboard.press("Alt+ArrowDown");
    await expect.poll(() => pageNames(page)).toEqual(["Page 1", "Page 3", "Page 2"]);
    await expect(page3).toBeFocused();
    await page.keyboard.press("Alt+ArrowDown");
    await expect.poll(() => pageNames(page)).toEqual(["Page 1", "Page 2", "Page 3"]);
    await undo(page);
    await expect.poll(() => pageNames(page)).toEqual(["Page 1", "Page 3", "Page 2"]);
  });
});
