import { expect, test } from "@playwright/test";
import { addRects, hasRecord, openApp } from "./support";

test.describe("autosave and recovery", () => {
  test("a tab killed mid-edit keeps what was committed more than a moment before", async ({
    context,
  }) => {
    const page = await context.newPage();
    await openApp(page);
    for (let i = 0; i < 5; i++) {
      expect(await addRects(page, [`k${i}`])).toBe(true);
      await page.waitForTimeout(40);
    }
    await page.waitForTimeout(600);
    // Opened first, so the context outlives the crashed tab.
    const reopened = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const crashed = page.waitForEvent("crash");
    void cdp.send("Page.crash").catch(() => undefined);
    await crashed;

    await openApp(reopened);
    for (let i = 0; i < 5; i++) expect(await hasRecord(reopened, `k${i}`)).toBe(true);
    await expect(reopened).toHaveTitle("Untitled — Linework");
    await expect(reopened.getByRole("alert")).toHaveCount(0);
  });

  test("a failing write shows a banner within a second, keeps the edit and retries", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const flags = window as unknown as { failWrites?: boolean };
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args) {
        if (flags.failWrites) throw new DOMException("The disk said no", "UnknownError");
        return put.apply(this, args);
      } as typeof put;
    });
    await openApp(page);
    await page.evaluate(() => ((window as unknown as { failWrites: boolean }).failWrites = true));
    const started = Date.now();
    expect(await addRects(page, ["f1"])).toBe(true);
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("could not be saved", { timeout: 1000 });
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(page).toHaveTitle("*Untitled — Linework");

    await page.evaluate(() => ((window as unknown as { failWrites: boolean }).failWrites = false));
    await expect(alert).toHaveCount(0, { timeout: 10_000 });
    await expect(page).toHaveTitle("Untitled — Linework");
    await page.reload();
    await page.waitForFunction(() => window.linework?.engine.state === "running");
    expect(await hasRecord(page, "f1")).toBe(true);
  });

  test("a damaged document is kept, offered for download, and a new one opens", async ({
    page,
  }) => {
    await openApp(page);
    expect(await addRects(page, ["d1"])).toBe(true);
    await page.evaluate(() => window.linework!.persistence!.whenSaved());
    // Break the stored snapshot behind the app's back.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open("linework");
          open.onsuccess = () => {
            const tx = open.result.transaction("chunks", "readwrite");
            const cursor = tx.objectStore("chunks").openCursor();
            cursor.onsuccess = () => cursor.result?.update("[{broken");
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
    await page.reload();
    await page.waitForFunction(() => window.linework?.engine.state === "running");
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("“Untitled” could not be opened");
    expect(await hasRecord(page, "d1")).toBe(false);
    await expect(page).toHaveTitle("Untitled 2 — Linework");

    const download = page.waitForEvent("download");
    await alert.getByRole("link", { name: "Download damaged original" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("Untitled (damaged original).linework");
    const stream = await file.createReadStream();
    let text = "";
    for await (const chunk of stream) text += String(chunk);
    expect(JSON.parse(text)).toMatchObject({
      format: "linework-stored",
      chunks: [[1, 0, "[{broken"]],
    });

    const names = await page.evaluate(async () =>
      (await window.linework!.persistence!.documents!.list()).map((f) => f.name),
    );
    expect(names).toEqual(["Untitled", "Untitled 2"]);
    const raw = await page.evaluate(async () => {
      const library = window.linework!.persistence!.documents!;
      const handle = await library.open("/home/web_user/Drawings/Untitled.linework");
      const data = await handle.file.readRaw();
      handle.close();
      return data;
    });
    expect(raw.chunks).toEqual([[1, 0, "[{broken"]]);
    expect(raw.log.length).toBeGreaterThan(0);
  });
});

test.describe("two tabs", () => {
  test("the second tab is read-only until it takes over, and then the first is", async ({
    context,
  }) => {
    const first = await context.newPage();
    await openApp(first);
    const second = await context.newPage();
    await openApp(second);

    const banner = second.getByRole("alert");
    await expect(banner).toContainText("open in another tab");
    expect(await addRects(second, ["s1"])).toBe(false);
    expect(await hasRecord(second, "s1")).toBe(false);

    expect(await addRects(first, ["p1"])).toBe(true);
    // The reader follows the writer's saves.
    await expect.poll(() => hasRecord(second, "p1")).toBe(true);

    await banner.getByRole("button", { name: "Take over" }).click();
    // Done when every banner is gone: "Taking over…" is a status, not an alert, while it lasts.
    await expect(second.locator("[data-banner]")).toHaveCount(0);
    await expect(first.getByRole("alert")).toContainText("being edited in another tab");
    expect(await addRects(first, ["p2"])).toBe(false);
    expect(await addRects(second, ["s2"])).toBe(true);
    await second.evaluate(() => window.linework!.persistence!.whenSaved());
    await expect.poll(() => hasRecord(first, "s2")).toBe(true);

    // A person comes back to the first tab to take over: in the background its frames, which
    // the click waits for, are throttled.
    await first.bringToFront();
    await first.getByRole("alert").getByRole("button", { name: "Take over" }).click();
    await expect(first.locator("[data-banner]")).toHaveCount(0);
    await expect(second.getByRole("alert")).toContainText("being edited in another tab");
    expect(await addRects(first, ["p3"])).toBe(true);
  });
});
