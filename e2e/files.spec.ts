import { expect, test } from "@playwright/test";
import { serializeDocument } from "../src/io/native/format";
import { parseDocument } from "../src/io/native/parse";
import { galleryDocument } from "../tests/support/gallery";
import { addRects, hasRecord as has, openApp, reusedApp } from "./support";

const GALLERY = serializeDocument(galleryDocument());

test.describe("keyboard commands on the canvas", () => {
  // One app per worker for the tests that need no page set up before the start, put back as a
  // fresh start leaves it before each (resetApp); the others start their own.
  const reused = reusedApp();

  test("Ctrl+Z undoes and Ctrl+Shift+Z redoes, through real key presses", async ({ browser }) => {
    const page = await reused(browser);
    await addRects(page, ["r1"]);
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+KeyZ");
    await expect.poll(() => has(page, "r1")).toBe(false);
    await page.keyboard.press("Control+Shift+KeyZ");
    await expect.poll(() => has(page, "r1")).toBe(true);
    await page.keyboard.press("Control+KeyZ");
    await page.keyboard.press("Control+KeyY");
    await expect.poll(() => has(page, "r1")).toBe(true);
  });

  test("Ctrl+S is kept from the browser and downloads the drawing where files cannot be written", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      // A browser without the File System Access API.
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
      delete (window as { showOpenFilePicker?: unknown }).showOpenFilePicker;
      window.addEventListener("keydown", (e) => {
        if (e.code === "KeyS")
          (window as { savePrevented?: boolean }).savePrevented = e.defaultPrevented;
      });
    });
    await openApp(page);
    await addRects(page, ["r1"]);
    await page.locator("canvas").focus();
    const download = page.waitForEvent("download");
    await page.keyboard.press("Control+KeyS");
    const file = await download;
    expect(file.suggestedFilename()).toBe("Untitled.linework");
    const text = await (await file.createReadStream()).toArray();
    const saved = parseDocument(Buffer.concat(text).toString("utf8"));
    expect(saved.ok && saved.records.some((r) => r.id === "r1")).toBe(true);
    expect(await page.evaluate(() => (window as { savePrevented?: boolean }).savePrevented)).toBe(
      true,
    );
  });

  test("Ctrl+S asks where once, then saves in place", async ({ page }) => {
    await page.addInitScript(() => {
      // A stand-in for the browser's save picker: a file that records what is written to it.
      const log = { pickers: 0, writes: [] as string[] };
      (window as unknown as { fileLog: typeof log }).fileLog = log;
      (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async () => {
        log.pickers += 1;
        return {
          kind: "file",
          name: "Plan.linework",
          getFile: async () => new File([log.writes.at(-1) ?? ""], "Plan.linework"),
          createWritable: async () => {
            const parts: string[] = [];
            return {
              write: async (data: Blob | string) => {
                parts.push(typeof data === "string" ? data : await data.text());
              },
              close: async () => {
                log.writes.push(parts.join(""));
              },
            };
          },
        };
      };
    });
    await openApp(page);
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+KeyS");
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { fileLog: { writes: string[] } }).fileLog.writes.length,
        ),
      )
      .toBe(1);
    await addRects(page, ["r2"]);
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+KeyS");
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { fileLog: { writes: string[] } }).fileLog.writes.length,
        ),
      )
      .toBe(2);
    const log = await page.evaluate(
      () => (window as unknown as { fileLog: { pickers: number; writes: string[] } }).fileLog,
    );
    expect(log.pickers).toBe(1);
    const second = parseDocument(log.writes[1]!);
    expect(second.ok && second.records.some((r) => r.id === "r2")).toBe(true);
  });

  test("Ctrl+O opens a .linework file from disk into the library", async ({ page }) => {
    await page.addInitScript((text) => {
      (window as unknown as { showOpenFilePicker: unknown }).showOpenFilePicker = async () => [
        {
          kind: "file",
          name: "Gallery.linework",
          getFile: async () => new File([text], "Gallery.linework"),
          createWritable: async () => {
            throw new Error("read-only");
          },
        },
      ];
    }, GALLERY);
    await openApp(page);
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+KeyO");
    await expect(page).toHaveTitle("Gallery — Linework");
    expect(await page.evaluate(() => window.linework!.persistence?.path)).toBe(
      "/home/web_user/Drawings/Gallery.linework",
    );
  });

  test("a file from a newer Linework opens read-only with a message, and edits are refused", async ({
    browser,
  }) => {
    const page = await reused(browser);
    const newer = GALLERY.replace(/"version":\d+/, '"version":99');
    expect(newer).not.toBe(GALLERY);
    const result = await page.evaluate((text) => window.linework!.importDocument(text), newer);
    expect(result).toMatchObject({ ok: true, path: null, readOnly: true });
    await expect(
      page.getByRole("status").filter({ hasText: "newer version of Linework" }),
    ).toBeVisible();
    await expect(page).toHaveTitle("Gallery — Linework");
    await addRects(page, ["r3"]);
    expect(await has(page, "r3")).toBe(false);
  });
});
