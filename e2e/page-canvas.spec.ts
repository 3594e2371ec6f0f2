import { expect, test, type Page } from "@playwright/test";
import { canvasBox, openApp, startFixtureEngine } from "./support";

/** Changes something in the page, then reads the canvas's CSS width at ~100 ms and ~300 ms. */
async function widthsAfter(page: Page, change: string) {
  return page.evaluate(async (what) => {
    const parent = document.getElementById("parent") as HTMLElement;
    const canvas = parent.querySelector("canvas") as HTMLCanvasElement;
    const fits = () => window.engine?.shell.fitCount ?? -1;
    const before = { width: canvas.style.width, fits: fits() };
    if (what === "size") parent.style.width = "640px";
    if (what === "children") parent.appendChild(document.createElement("span"));
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await sleep(100);
    const at100 = { width: canvas.style.width, fits: fits() };
    await sleep(200);
    const at300 = { width: canvas.style.width, fits: fits() };
    return { before, at100, at300 };
  }, change);
}

test.describe("spec §2 page and canvas", () => {
  test("§2 the page holds one canvas inside a parent container, and the canvas is focusable", async ({
    page,
  }) => {
    await openApp(page);
    await expect(page.locator("canvas")).toHaveCount(1);
    const facts = await page.evaluate(() => {
      const canvas = document.querySelector("canvas") as HTMLCanvasElement;
      return {
        parentId: canvas.parentElement?.id,
        tabIndex: canvas.tabIndex,
        focused: document.activeElement === canvas,
      };
    });
    expect(facts).toEqual({ parentId: "app", tabIndex: 0, focused: true });
  });

  test("§2 by default the ratio matches the window, so the canvas fills the window", async ({
    page,
  }) => {
    await openApp(page);
    expect(await canvasBox(page)).toEqual({ x: 0, y: 0, width: 1024, height: 700 });
    await page.setViewportSize({ width: 800, height: 600 });
    await expect.poll(() => canvasBox(page)).toEqual({ x: 0, y: 0, width: 800, height: 600 });
  });

  test("§2 a fixed ratio (16:9 setting) gives the largest box of that ratio, centred in the parent", async ({
    page,
  }) => {
    await openApp(page, "?aspect=16:9");
    expect(await canvasBox(page)).toEqual({ x: 0, y: 62, width: 1024, height: 576 });
  });

  test("§2 a fixed ratio (A4 setting) is centred horizontally when the parent is wider", async ({
    page,
  }) => {
    await openApp(page, "?aspect=A4");
    // 700 × 210/297 = 494.9 → 495 wide, (1024 − 495) / 2 = 264.5 → 264.
    expect(await canvasBox(page)).toEqual({ x: 264, y: 0, width: 495, height: 700 });
  });

  test("§2 the fit is re-applied 200 ms after the parent's size changes (not at 100 ms, done by 300 ms)", async ({
    page,
  }) => {
    await startFixtureEngine(page);
    const { before, at100, at300 } = await widthsAfter(page, "size");
    expect(before.width).toBe("800px");
    expect(at100.width).toBe("800px");
    expect(at300.width).toBe("640px");
  });

  test("§2 the fit is re-applied 200 ms after the parent's child list changes", async ({
    page,
  }) => {
    await startFixtureEngine(page);
    const { before, at100, at300 } = await widthsAfter(page, "children");
    expect(at100.fits).toBe(before.fits);
    expect(at300.fits).toBe(before.fits + 1);
  });

  test("§2 the fit is re-applied 200 ms after fullscreen changes, and fullscreen fits the whole window", async ({
    page,
  }) => {
    await startFixtureEngine(page);
    expect(await canvasBox(page)).toMatchObject({ width: 800, height: 450 });
    // Fit counts read inside the page, 100 ms and 300 ms after the fullscreenchange event.
    await page.evaluate(() => {
      const fits = () => window.engine?.shell.fitCount ?? -1;
      document.addEventListener(
        "fullscreenchange",
        () => {
          const atEvent = fits();
          setTimeout(() => {
            const at100 = fits();
            setTimeout(() => (window.record = [atEvent, at100, fits()]), 200);
          }, 100);
        },
        { once: true },
      );
    });
    await page.click("#fullscreen");
    await expect.poll(() => page.evaluate(() => window.record?.length)).toBe(3);
    const [atEvent, at100, at300] = (await page.evaluate(() => window.record)) as number[];
    expect(at100).toBe(atEvent);
    expect(at300).toBe(atEvent! + 1);
    expect(await page.evaluate(() => window.engine?.shell.size?.fullscreen)).toBe(true);
    const size = await page.evaluate(() => ({
      w: window.innerWidth,
      h: window.innerHeight,
      box: window.engine?.shell.size,
    }));
    const expectedHeight = Math.round((size.w * 9) / 16);
    expect(size.box?.width).toBe(size.w);
    expect(size.box?.height).toBe(Math.min(size.h, expectedHeight));
  });

  test("§2 the full-screen button puts the drawing in fullscreen, fitted to the whole window", async ({
    page,
  }) => {
    await openApp(page, "?aspect=16:9");
    await page.getByRole("button", { name: "Enter full screen" }).click();
    await expect(page.getByRole("button", { name: "Exit full screen" })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => window.linework?.engine.size?.fullscreen))
      .toBe(true);
    await page.getByRole("button", { name: "Exit full screen" }).click();
    await expect
      .poll(() => page.evaluate(() => window.linework?.engine.size?.fullscreen))
      .toBe(false);
  });

  test("§2 after each fit the canvas takes focus", async ({ page }) => {
    await startFixtureEngine(page);
    // Start-up itself changes the parent (the first observation, the status elements), and those
    // fits land 200 ms later; focus is moved away only once they have.
    await page.waitForTimeout(400);
    await page.focus("#elsewhere");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("elsewhere");
    await page.evaluate(() => {
      (document.getElementById("parent") as HTMLElement).style.width = "700px";
    });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("CANVAS");
  });

  test("§2 after each fit the program is told the new width and height, and the overlay follows", async ({
    page,
  }) => {
    await openApp(page);
    await page.evaluate(() => {
      window.record = [];
      window.linework?.engine.onResize((size) => window.record?.push([size.width, size.height]));
    });
    await page.setViewportSize({ width: 900, height: 500 });
    // Every fit is reported; the last one carries the new size.
    await expect.poll(() => page.evaluate(() => window.record?.at(-1))).toEqual([900, 500]);
    const overlay = await page.getByTestId("overlay").boundingBox();
    expect(overlay).toEqual(await canvasBox(page));
  });

  test("§2 the backing store is CSS size × devicePixelRatio", async ({ browser }) => {
    const context = await browser.newContext({
      deviceScaleFactor: 2,
      viewport: { width: 640, height: 400 },
    });
    const page = await context.newPage();
    await openApp(page);
    const sizes = await page.evaluate(() => {
      const canvas = document.querySelector("canvas") as HTMLCanvasElement;
      return {
        css: [canvas.clientWidth, canvas.clientHeight],
        backing: [canvas.width, canvas.height],
      };
    });
    expect(sizes).toEqual({ css: [640, 400], backing: [1280, 800] });
    await context.close();
  });

  test("§2 with three or more .emscripten elements the parent is 100% wide, 70vh tall, centred", async ({
    page,
  }) => {
    await page.goto("/fixtures/emscripten-shell.html");
    await page.waitForFunction(() => window.linework?.engine.state === "running");
    const layout = await page.evaluate(() => {
      const parent = document.getElementById("canvas-parent") as HTMLElement;
      const style = getComputedStyle(parent);
      const rect = parent.getBoundingClientRect();
      return {
        inline: [
          parent.style.width,
          parent.style.height,
          parent.style.marginLeft,
          parent.style.marginRight,
        ],
        width: rect.width,
        height: rect.height,
        left: rect.left,
        bodyWidth: document.body.clientWidth,
        vh70: window.innerHeight * 0.7,
        display: style.display,
      };
    });
    expect(layout.inline).toEqual(["100%", "70vh", "auto", "auto"]);
    expect(layout.width).toBe(layout.bodyWidth);
    expect(layout.height).toBeCloseTo(layout.vh70, 0);
    expect(layout.left).toBe(0);
    // The 16:9 canvas is then centred horizontally in that 70vh box.
    const box = await canvasBox(page);
    expect(box.height).toBeCloseTo(layout.vh70, 0);
    expect(Math.abs(box.x + box.width / 2 - layout.width / 2)).toBeLessThanOrEqual(1);
  });

  test("§2 with fewer than three .emscripten elements the parent keeps its own size", async ({
    page,
  }) => {
    await startFixtureEngine(page);
    const inline = await page.evaluate(
      () => (document.getElementById("parent") as HTMLElement).style.height,
    );
    expect(inline).toBe("");
  });

  test("§2 page unload notifies the program (pagehide)", async ({ page }) => {
    await openApp(page);
    await page.evaluate(() => {
      localStorage.removeItem("unload-seen");
      window.linework?.engine.onUnload(() => localStorage.setItem("unload-seen", "yes"));
    });
    await page.goto("/fixtures/blank.html");
    expect(await page.evaluate(() => localStorage.getItem("unload-seen"))).toBe("yes");
  });

  test("§2 the program sets the page title, with a mark while there are unsaved changes", async ({
    page,
  }) => {
    await openApp(page);
    await expect(page).toHaveTitle("Untitled — Linework");
    await page.evaluate(() => window.linework?.document.set({ dirty: true }));
    await expect(page).toHaveTitle("*Untitled — Linework");
    await page.evaluate(() => window.linework?.document.set({ dirty: false, name: "Floor plan" }));
    await expect(page).toHaveTitle("Floor plan — Linework");
  });
});
