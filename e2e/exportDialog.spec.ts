import { readFileSync } from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { serializeDocument } from "../src/io/native/format";
import { galleryDocument } from "../tests/support/gallery";
import { sharedApp } from "./support";

const VIEWPORT = { width: 1024, height: 700 };

/** Opens the gallery as a document of its own. */
async function openGallery(page: Page): Promise<void> {
  const result = await page.evaluate(
    (text) => window.linework!.importDocument(text),
    serializeDocument(galleryDocument()),
  );
  expect(result.ok).toBe(true);
}

async function openExportDialog(page: Page) {
  await page.locator("canvas").focus();
  await page.keyboard.press("Control+Shift+KeyE");
  const dialog = page.getByRole("dialog", { name: "Export" });
  await expect(dialog).toBeVisible();
  return dialog;
}

function bytesOf(download: Download): Promise<Buffer> {
  return download.path().then((path) => readFileSync(path));
}

test.describe("export dialog", () => {
  // Each test opens the gallery afresh, in one app started for them all, and leaves the dialog
  // closed.
  const shared = sharedApp({ viewport: VIEWPORT });

  test("exports the page as SVG", async () => {
    const page = shared();
    await openGallery(page);
    const dialog = await openExportDialog(page);
    await dialog.getByRole("radio", { name: "SVG" }).check();
    await dialog.getByRole("radio", { name: "Page", exact: true }).check();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Export" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.svg$/);
    const text = (await bytesOf(download)).toString("utf8");
    expect(text).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*<\/svg>\s*$/);
    await expect(dialog).toBeHidden();
  });

  test("exports a PNG at 2× the page's size", async () => {
    const page = shared();
    await openGallery(page);
    const bounds = await page.evaluate(() => {
      const lw = window.linework!;
      return lw.exports.svg({ scope: { page: lw.current.pageId() } }).bounds;
    });
    const dialog = await openExportDialog(page);
    await dialog.getByRole("radio", { name: "PNG" }).check();
    await dialog.getByRole("radio", { name: "2×" }).check();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Export" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    const png = await bytesOf(download);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    // The IHDR chunk comes first: width and height are its first two big-endian words.
    expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
    expect(png.readUInt32BE(16)).toBe(Math.ceil((bounds.maxX - bounds.minX) * 2 - 1e-9));
    expect(png.readUInt32BE(20)).toBe(Math.ceil((bounds.maxY - bounds.minY) * 2 - 1e-9));
  });

  test("exports a PDF", async () => {
    const page = shared();
    await openGallery(page);
    const dialog = await openExportDialog(page);
    await dialog.getByRole("radio", { name: "PDF" }).check();
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 20_000 }),
      dialog.getByRole("button", { name: "Export" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await bytesOf(download)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("a large PNG shows its progress and Cancel stops it without a download", async () => {
    const page = shared();
    await openGallery(page);
    let downloads = 0;
    const counted = () => downloads++;
    page.on("download", counted);
    const dialog = await openExportDialog(page);
    await dialog.getByRole("radio", { name: "PNG" }).check();
    await dialog.getByRole("radio", { name: "Custom" }).check();
    await dialog.getByRole("textbox", { name: "Custom scale" }).fill("20");
    // The export keeps the page so busy between its strips that a locator's polling barely runs
    // until it ends: the progress bar is watched by a mutation observer, which runs regardless,
    // and Cancel, which takes Export's place, is clicked by position.
    await page.evaluate(() => {
      const seen: Array<{ value: number; max: number; label: string | null }> = [];
      Object.assign(window, { progressSeen: seen });
      new MutationObserver(() => {
        const bar = document.querySelector("[role=dialog] progress");
        if (bar instanceof HTMLProgressElement)
          seen.push({ value: bar.value, max: bar.max, label: bar.getAttribute("aria-label") });
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const box = await dialog.getByRole("button", { name: "Export" }).boundingBox();
    expect(box).not.toBeNull();
    const at = { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
    await page.mouse.click(at.x, at.y);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await page.mouse.click(at.x, at.y);
    const progress = dialog.getByRole("progressbar", { name: "Export progress" });
    await expect(dialog.getByRole("status")).toHaveText("Export cancelled");
    await expect(progress).toBeHidden();
    await expect(dialog.getByRole("button", { name: "Export" })).toBeEnabled();
    // Long enough for the remaining strips of a run that was not stopped to finish and save.
    await page.waitForTimeout(3000);
    expect(downloads).toBe(0);
    await expect(dialog).toBeVisible();
    const seen = await page.evaluate(
      () =>
        (window as unknown as { progressSeen: { value: number; max: number; label: string }[] })
          .progressSeen,
    );
    expect(seen.every((entry) => entry.label === "Export progress")).toBe(true);
    expect(seen.some((entry) => entry.value > 0 && entry.value < entry.max)).toBe(true);
    page.off("download", counted);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("an export too large to draw is refused in the dialog in plain words", async () => {
    const page = shared();
    await openGallery(page);
    const dialog = await openExportDialog(page);
    await dialog.getByRole("radio", { name: "PNG" }).check();
    await dialog.getByRole("radio", { name: "Custom" }).check();
    const scale = dialog.getByRole("textbox", { name: "Custom scale" });
    await scale.fill("0");
    await expect(scale).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByRole("button", { name: "Export" })).toBeDisabled();
    await scale.fill("64");
    await dialog.getByRole("button", { name: "Export" }).click();
    await expect(dialog.getByRole("alert")).toContainText("larger than this browser can draw");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });
});
