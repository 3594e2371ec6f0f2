import { expect, test } from "@playwright/test";
import { serializeDocument } from "../src/io/native/format";
import { galleryDocument, RED_RECT } from "../tests/support/gallery";
import { openApp, screenPixel } from "./support";

const GALLERY = serializeDocument(galleryDocument());
const NODES = galleryDocument().filter((r) => r.type !== "document" && r.type !== "page").length;

test.describe("the document in the app", () => {
  test("a fixture document loads, renders and autosaves, and reopens after a reload", async ({
    page,
  }) => {
    await openApp(page);
    const result = await page.evaluate((text) => window.linework!.importDocument(text), GALLERY);
    expect(result).toMatchObject({ ok: true, path: "/home/web_user/Drawings/Gallery.linework" });
    await expect(page).toHaveTitle("Gallery — Linework");
    expect(await page.evaluate(() => window.linework!.current.renderer.displayedCount)).toBe(NODES);
    await expect
      .poll(() =>
        screenPixel(page, RED_RECT.x + RED_RECT.width / 2, RED_RECT.y + RED_RECT.height / 2),
      )
      .toEqual([255, 0, 0]);

    // An edit: the red rectangle moves to the frame's empty lower right.
    await page.evaluate(async () => {
      const { store } = window.linework!.editor;
      store.transact("Move", (tx) => {
        const red = tx.get("red");
        if (red?.type === "rect")
          tx.update("red", {
            transform: { ...red.transform, x: red.transform.x + 640, y: red.transform.y + 330 },
          });
      });
      await window.linework!.persistence!.whenSaved();
    });
    await expect
      .poll(() =>
        screenPixel(
          page,
          RED_RECT.x + 640 + RED_RECT.width / 2,
          RED_RECT.y + 330 + RED_RECT.height / 2,
        ),
      )
      .toEqual([255, 0, 0]);

    await page.reload();
    await page.waitForFunction(() => window.linework?.engine.state === "running");
    await expect(page).toHaveTitle("Gallery — Linework");
    expect(await page.evaluate(() => window.linework!.current.renderer.displayedCount)).toBe(NODES);
    expect(await page.evaluate(() => window.linework!.current.spatial.size)).toBe(NODES);
    await expect
      .poll(() =>
        screenPixel(
          page,
          RED_RECT.x + 640 + RED_RECT.width / 2,
          RED_RECT.y + 330 + RED_RECT.height / 2,
        ),
      )
      .toEqual([255, 0, 0]);
  });

  test("after a lost and restored WebGL context the document is drawn again", async ({ page }) => {
    await openApp(page);
    await page.evaluate((text) => window.linework!.importDocument(text), GALLERY);
    const centre = [RED_RECT.x + RED_RECT.width / 2, RED_RECT.y + RED_RECT.height / 2] as const;
    await expect.poll(() => screenPixel(page, ...centre)).toEqual([255, 0, 0]);
    await page.evaluate(async () => {
      const engine = window.linework!.engine;
      const gl = (engine.gfx.renderer as unknown as { gl: WebGL2RenderingContext }).gl;
      const extension = gl.getExtension("WEBGL_lose_context")!;
      const canvas = engine.shell.canvas;
      const lost = new Promise((resolve) =>
        canvas.addEventListener("webglcontextlost", resolve, { once: true }),
      );
      extension.loseContext();
      await lost;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const restored = new Promise((resolve) =>
        canvas.addEventListener("webglcontextrestored", resolve, { once: true }),
      );
      extension.restoreContext();
      await restored;
    });
    await expect.poll(() => screenPixel(page, ...centre)).toEqual([255, 0, 0]);
  });

  test("a file that cannot be read gets a clear error and leaves the open document untouched", async ({
    page,
  }) => {
    await openApp(page);
    const before = await page.evaluate(() => window.linework!.editor.store.snapshot());
    const result = await page.evaluate(
      (text) => window.linework!.importDocument(text),
      GALLERY.slice(0, GALLERY.length / 2),
    );
    expect(result.ok).toBe(false);
    expect((result as { error: string }).error.length).toBeGreaterThan(10);
    expect(await page.evaluate(() => window.linework!.editor.store.snapshot())).toEqual(before);
    await expect(page).toHaveTitle("Untitled — Linework");
  });
});
