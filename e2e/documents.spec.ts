import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { addRects, hasRecord, openApp } from "./support";

/** Runs a File menu item through the menu bar, as a person would. */
async function fileMenu(page: Page, item: string | RegExp): Promise<void> {
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("button", { name: "File" })
    .click();
  await page.getByRole("menu", { name: "File" }).getByRole("menuitem", { name: item }).click();
}

async function newDocumentByKey(page: Page): Promise<void> {
  await page.locator("canvas").focus();
  await page.keyboard.press("Control+Alt+KeyN");
}

function canvasIsFocused(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.tagName === "CANVAS");
}

test.describe("the document library", () => {
  test("renaming the open drawing in the library renames it everywhere: title, library and its exports, with no undo step", async ({
    page,
  }) => {
    await openApp(page);
    expect(await addRects(page, ["a"])).toBe(true);
    await expect(page).toHaveTitle("Untitled — Linework");
    const depth = await page.evaluate(() => window.linework!.editor.history.depth.undo);
    await fileMenu(page, "Open from library…");
    const dialog = page.getByRole("dialog", { name: "Open" });
    await dialog.getByRole("button", { name: "Rename" }).click();
    await dialog.getByRole("textbox", { name: "New name" }).fill("Plans");
    await dialog.getByRole("button", { name: "Rename" }).first().click();
    await expect(dialog.getByRole("option", { name: /Plans/ })).toHaveCount(1);
    await expect(page).toHaveTitle("Plans — Linework");
    const after = await page.evaluate(() => ({
      name: window.linework!.editor.store.document.name,
      depth: window.linework!.editor.history.depth.undo,
    }));
    expect(after).toEqual({ name: "Plans", depth });
    // It is stored so: the drawing reopens as Plans.
    await page.keyboard.press("Escape");
    await page.evaluate(() => window.linework!.persistence?.whenSaved());
    await page.reload();
    await expect(page).toHaveTitle("Plans — Linework");
  });

  test("New, Open with the keyboard, Rename, Duplicate and Delete", async ({ page }) => {
    await openApp(page);
    expect(await addRects(page, ["first"])).toBe(true);
    await expect(page).toHaveTitle("Untitled — Linework");

    await newDocumentByKey(page);
    await expect(page).toHaveTitle("Untitled 2 — Linework");
    expect(await hasRecord(page, "first")).toBe(false);
    expect(await addRects(page, ["second"])).toBe(true);
    await expect(page).toHaveTitle("Untitled 2 — Linework");

    await fileMenu(page, "Open from library…");
    const dialog = page.getByRole("dialog", { name: "Open" });
    const list = dialog.getByRole("listbox", { name: "Drawings" });
    await expect(list).toBeFocused();
    const options = list.getByRole("option");
    await expect(options).toHaveCount(2);
    // Most recently modified first: the drawing just made.
    await expect(options.nth(0)).toContainText("Untitled 2");
    await expect(options.nth(0)).toContainText("open now");
    await expect(options.nth(1)).toContainText("modified");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    const audit = await new AxeBuilder({ page }).include("[role='dialog']").analyze();
    const serious = audit.violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(serious.map((v) => v.id)).toEqual([]);
    await page.keyboard.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveTitle("Untitled — Linework");
    expect(await hasRecord(page, "first")).toBe(true);
    expect(await hasRecord(page, "second")).toBe(false);
    expect(await canvasIsFocused(page)).toBe(true);

    await fileMenu(page, "Open from library…");
    const other = list.getByRole("option", { name: /Untitled 2/ });
    await other.click();
    await dialog.getByRole("button", { name: "Rename" }).click();
    await dialog.getByRole("textbox", { name: "New name" }).fill("Sketch");
    await dialog.getByRole("button", { name: "Rename" }).first().click();
    await expect(list.getByRole("option", { name: /Sketch/ })).toHaveCount(1);
    await expect(list.getByRole("option", { name: /Untitled 2/ })).toHaveCount(0);

    await dialog.getByRole("button", { name: "Duplicate" }).click();
    const copy = list.getByRole("option", { name: /Sketch copy/ });
    await expect(copy).toHaveAttribute("aria-selected", "true");
    await expect(list.getByRole("option")).toHaveCount(3);

    // The open document cannot be deleted from under itself.
    await list.getByRole("option", { name: /open now/ }).click();
    await expect(dialog.getByRole("button", { name: "Delete" })).toBeDisabled();

    await copy.click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    const confirm = dialog.getByRole("group", { name: "Delete" });
    await expect(confirm).toContainText("Delete “Sketch copy”? This cannot be undone.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(list.getByRole("option")).toHaveCount(3);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(list.getByRole("option")).toHaveCount(2);
    await expect(list.getByRole("option", { name: /Sketch copy/ })).toHaveCount(0);

    // The renamed drawing opens with its content, under its new name.
    await list.getByRole("option", { name: /Sketch/ }).dblclick();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveTitle("Sketch — Linework");
    expect(await hasRecord(page, "second")).toBe(true);

    await fileMenu(page, "Open from library…");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    expect(await canvasIsFocused(page)).toBe(true);
  });

  test("Recover lists the drawings saved this week, newest first", async ({ page }) => {
    await openApp(page);
    expect(await addRects(page, ["r1"])).toBe(true);
    await expect(page).toHaveTitle("Untitled — Linework");
    await newDocumentByKey(page);
    await expect(page).toHaveTitle("Untitled 2 — Linework");

    await fileMenu(page, "Recover…");
    const dialog = page.getByRole("dialog", { name: "Recover" });
    await expect(dialog).toContainText("Drawings saved in the last 7 days");
    const options = dialog.getByRole("listbox", { name: "Drawings" }).getByRole("option");
    await expect(options).toHaveCount(2);
    await expect(options.nth(0)).toContainText("Untitled 2");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveTitle("Untitled — Linework");
    expect(await hasRecord(page, "r1")).toBe(true);
  });

  test("New while changes are not saved asks first: Cancel, Discard, Wait", async ({ page }) => {
    // Only the edit log fails, so new drawings can still be made while edits are retried.
    await page.addInitScript(() => {
      const flags = window as unknown as { failLog?: boolean };
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args) {
        if (flags.failLog && this.name === "log")
          throw new DOMException("The disk said no", "UnknownError");
        return put.apply(this, args);
      } as typeof put;
    });
    await openApp(page);
    const failLog = (on: boolean) =>
      page.evaluate((value) => ((window as unknown as { failLog: boolean }).failLog = value), on);
    await failLog(true);
    expect(await addRects(page, ["u1"])).toBe(true);
    await expect(page.getByRole("contentinfo", { name: "Status" })).toContainText(
      "Not saved — retrying",
    );

    await newDocumentByKey(page);
    const ask = page.getByRole("dialog", { name: "Your latest changes are not saved yet" });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(ask).toHaveCount(0);
    await expect(page).toHaveTitle("*Untitled — Linework");
    expect(await canvasIsFocused(page)).toBe(true);

    // Wait: the new drawing opens once the edit is written.
    await newDocumentByKey(page);
    await ask.getByRole("button", { name: "Wait" }).click();
    await expect(ask.getByRole("status")).toHaveText("Waiting for the save…");
    await expect(page).toHaveTitle("*Untitled — Linework");
    await failLog(false);
    await expect(ask).toHaveCount(0, { timeout: 15_000 });
    await expect(page).toHaveTitle("Untitled 2 — Linework");

    // Discard and continue: the unsaved edit is given up.
    await failLog(true);
    expect(await addRects(page, ["u2"])).toBe(true);
    await expect(page.getByRole("contentinfo", { name: "Status" })).toContainText(
      "Not saved — retrying",
    );
    await fileMenu(page, "Open from library…");
    const open = page.getByRole("dialog", { name: "Open" });
    await open.getByRole("option", { name: /^Untitled(?! 2)/ }).click();
    await open.getByRole("button", { name: "Open", exact: true }).click();
    await ask.getByRole("button", { name: "Discard and continue" }).click();
    await expect(ask).toHaveCount(0);
    await expect(page).toHaveTitle("Untitled — Linework");
    expect(await hasRecord(page, "u1")).toBe(true);
    const stored = await page.evaluate(async () => {
      const library = window.linework!.persistence!.documents!;
      const info = (await library.list()).find((file) => file.name === "Untitled 2");
      if (!info) throw new Error("Untitled 2 is not in the library");
      const handle = await library.open(info.path);
      try {
        return (await handle.load()).records.map((record) => record.id);
      } finally {
        handle.close();
      }
    });
    expect(stored).not.toContain("u2");
  });
});
