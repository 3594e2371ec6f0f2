import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { addRects, canvasBox, openApp, waitTicks } from "./support";

interface StorageStub {
  /** What persist() and persisted() answer. */
  readonly persist: boolean;
  /** The share of a 1000 MB quota in use; null keeps the browser's own estimate. */
  readonly used: number | null;
}

/** Replaces navigator.storage's answers before the page runs, and records persist() calls. */
async function stubStorage(page: Page, stub: StorageStub): Promise<void> {
  await page.addInitScript((s: StorageStub) => {
    const record = window as unknown as { persistCalls: number };
    record.persistCalls = 0;
    const storage = navigator.storage;
    Object.defineProperty(storage, "persist", {
      value: () => {
        record.persistCalls += 1;
        return Promise.resolve(s.persist);
      },
    });
    Object.defineProperty(storage, "persisted", { value: () => Promise.resolve(false) });
    if (s.used !== null) {
      const quota = 1000 * 1024 * 1024;
      Object.defineProperty(storage, "estimate", {
        value: () => Promise.resolve({ usage: s.used! * quota, quota }),
      });
    }
  }, stub);
}

function persistCalls(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { persistCalls: number }).persistCalls);
}

test.describe("persistent storage", () => {
  for (const granted of [true, false]) {
    test(`asks at the first save and shows the answer (${granted ? "granted" : "refused"})`, async ({
      page,
    }) => {
      await stubStorage(page, { persist: granted, used: null });
      await openApp(page);
      const item = page.getByTestId("storage-persistence");
      // Read with persisted() at start, which says no; nothing has been asked yet.
      await expect(item).toHaveText("Storage may be cleared by the browser");
      expect(await persistCalls(page)).toBe(0);

      expect(await addRects(page, ["p1"])).toBe(true);
      await page.evaluate(() => window.linework!.persistence!.whenSaved());
      await expect.poll(() => persistCalls(page)).toBe(1);
      if (granted) {
        await expect(item).toHaveText("Stored persistently");
        await expect(item).toHaveAttribute("title", /will not clear them/);
      } else {
        await expect(item).toHaveText("Storage may be cleared by the browser");
        await expect(item).toHaveAttribute("title", /may clear your drawings/);
      }

      // Once per page: later saves do not ask again.
      expect(await addRects(page, ["p2"])).toBe(true);
      await page.evaluate(() => window.linework!.persistence!.whenSaved());
      await page.waitForTimeout(100);
      expect(await persistCalls(page)).toBe(1);
    });
  }
});

test.describe("storage quota", () => {
  test("warns above 80 % with a way to free space", async ({ page }) => {
    await stubStorage(page, { persist: true, used: 0.85 });
    await openApp(page);
    const banner = page.locator('[data-banner="storage-quota"]');
    await expect(banner).toContainText(
      "Browser storage is 85 % full (850 MB of 1000 MB). Export or delete drawings you no longer need.",
    );
    await expect(banner).toHaveAttribute("role", "alert");
    await banner.getByRole("button", { name: "Manage drawings…" }).click();
    await expect(page.getByRole("dialog", { name: "Open" })).toBeVisible();
  });

  test("says saving may fail above 95 %", async ({ page }) => {
    await stubStorage(page, { persist: true, used: 0.97 });
    await openApp(page);
    const banner = page.locator('[data-banner="storage-quota"]');
    await expect(banner).toContainText("Browser storage is 97 % full (970 MB of 1000 MB)");
    await expect(banner).toContainText("saving may fail");
  });

  test("shows nothing below 80 %", async ({ page }) => {
    await stubStorage(page, { persist: true, used: 0.5 });
    await openApp(page);
    await expect(page.getByTestId("storage-persistence")).toBeVisible();
    await expect(page.locator('[data-banner="storage-quota"]')).toHaveCount(0);
  });
});

/** Draws a rectangle with the mouse, as a person would; returns the new node's id. */
async function drawRect(page: Page): Promise<string | null> {
  const before = await nodeIds(page);
  await page.locator("canvas").focus();
  await page.keyboard.press("r");
  await waitTicks(page);
  const box = await canvasBox(page);
  await page.mouse.move(box.x + 120, box.y + 260);
  await page.mouse.down();
  await page.mouse.move(box.x + 240, box.y + 340, { steps: 6 });
  await page.mouse.up();
  await waitTicks(page);
  const added = (await nodeIds(page)).filter((id) => !before.includes(id));
  return added.length === 1 ? added[0]! : null;
}

function nodeIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lw = window.linework!;
    return lw.editor.store
      .childrenOf(lw.current.pageId())
      .filter((n) => n.type === "rect")
      .map((n) => n.id);
  });
}

async function writerAndReader(context: BrowserContext): Promise<[Page, Page]> {
  const first = await context.newPage();
  await openApp(first);
  expect(await addRects(first, ["w1"])).toBe(true);
  const second = await context.newPage();
  await openApp(second);
  await expect(second.getByRole("alert")).toContainText("open in another tab");
  return [first, second];
}

async function takeOverAndDraw(second: Page, left: number): Promise<void> {
  const banner = second.locator('[data-banner="read-only"]');
  await expect(banner).toContainText("has closed", { timeout: 1000 });
  expect(Date.now() - left).toBeLessThan(1500);
  await banner.getByRole("button", { name: "Take over" }).click();
  await expect(second.locator("[data-banner]")).toHaveCount(0);
  // What the writer saved before it went is there to build on.
  expect(await nodeIds(second)).toContain("w1");
  const id = await drawRect(second);
  expect(id).not.toBeNull();
  await second.evaluate(() => window.linework!.persistence!.whenSaved());
  await expect(second).toHaveTitle("Untitled — Linework");
  await second.reload();
  await second.waitForFunction(() => window.linework?.engine.state === "running");
  expect(await nodeIds(second)).toEqual(expect.arrayContaining(["w1", id!]));
}

test.describe("the writer tab goes away", () => {
  test("closed: the reader offers to take over at once", async ({ context }) => {
    const [first, second] = await writerAndReader(context);
    await first.evaluate(() => window.linework!.persistence!.whenSaved());
    const left = Date.now();
    await first.close({ runBeforeUnload: true });
    await takeOverAndDraw(second, left);
  });

  test("crashed: the reader learns it from the freed lock", async ({ context }) => {
    const [first, second] = await writerAndReader(context);
    await first.evaluate(() => window.linework!.persistence!.whenSaved());
    const cdp = await context.newCDPSession(first);
    const crashed = first.waitForEvent("crash");
    const left = Date.now();
    void cdp.send("Page.crash").catch(() => undefined);
    await crashed;
    await takeOverAndDraw(second, left);
  });
});
