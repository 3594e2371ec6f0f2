import { expect, test } from "@playwright/test";
import { addRects, openApp, waitTicks } from "./support";

test.describe("booleans", () => {
  test("Ctrl+Alt+U unites the selection off the page's thread, as one undo step", async ({
    page,
  }) => {
    await openApp(page);
    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    // Two rectangles at the same place: their union is one path of the same box.
    expect(await addRects(page, ["1", "2"])).toBe(true);
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+KeyA");
    await waitTicks(page);
    await page.keyboard.press("Control+Alt+KeyU");
    const types = () =>
      page.evaluate(() => {
        const lw = window.linework!;
        return lw.editor.store.childrenOf(lw.current.pageId()).map((node) => node.type);
      });
    await expect.poll(types).toEqual(["path"]);
    expect(workers.some((url) => /booleanWorker/.test(url))).toBe(true);
    await page.keyboard.press("Control+KeyZ");
    await expect.poll(types).toEqual(["rect", "rect"]);
  });
});
