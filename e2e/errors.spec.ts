import { expect, test, type Page } from "@playwright/test";
import { BACKGROUND_RGB, canvasBox, openFixture, screenPixel, startFixtureEngine } from "./support";

/** Starts an engine on the fixture with a given binary URL; resolves to the rejection message. */
async function startExpectingFailure(page: Page, wasmUrl: string): Promise<string> {
  await openFixture(page);
  return page.evaluate(async (url) => {
    try {
      await window.embed!.startEngine({
        parent: document.getElementById("parent") as HTMLElement,
        wasmUrl: url,
        aspectRatio: { width: 4, height: 3 },
        printErr: () => {},
      });
      return "resolved";
    } catch (error) {
      return (error as Error).message;
    }
  }, wasmUrl);
}

test.describe("spec §8 error catalogue", () => {
  test("§8 the binary fails to load (404): the start promise rejects and the page says so", async ({
    page,
  }) => {
    const message = await startExpectingFailure(page, "/missing.wasm");
    expect(message).toMatch(/failed to load.*HTTP 404/);
    const alert = page.getByRole("alert");
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Linework could not start.");
    await expect(alert).toContainText("HTTP 404");
  });

  test("§8 the binary fails to load (corrupt file): the start promise rejects and the page says so", async ({
    page,
  }) => {
    const message = await startExpectingFailure(page, "/fixtures/corrupt.wasm");
    expect(message).toMatch(/not a valid program/);
    await expect(page.getByRole("alert")).toContainText("not a valid program");
  });

  test("§8 abort shows a visible abort message with the reason", async ({ page }) => {
    await openFixture(page);
    const result = await page.evaluate(async () => {
      const reasons: string[] = [];
      const engine = await window.embed!.startEngine({
        parent: document.getElementById("parent") as HTMLElement,
        wasmUrl: "/linework.wasm",
        aspectRatio: { width: 4, height: 3 },
        onAbort: (reason) => reasons.push(reason),
        printErr: () => {},
      });
      let thrown = "";
      try {
        engine.abort("brush table is corrupt");
      } catch (error) {
        thrown = (error as Error).message;
      }
      return { reasons, thrown, state: engine.state, kind: engine.failure?.kind };
    });
    expect(result).toEqual({
      reasons: ["brush table is corrupt"],
      thrown: "Linework stopped unexpectedly: Aborted(brush table is corrupt)",
      state: "aborted",
      kind: "abort",
    });
    await expect(page.getByRole("alert")).toContainText("Aborted(brush table is corrupt)");
  });

  test("§8 a stack overflow in the core has its own message", async ({ page }) => {
    await startFixtureEngine(page);
    // Outside any caller's try/catch, as a failure inside an event handler would be.
    await page.evaluate(() => {
      setTimeout(() => window.engine?.core.probeStack(10_000_000));
    });
    await expect(page.getByRole("alert")).toContainText("stack overflow in the compute core");
    expect(await page.evaluate(() => window.engine?.failure?.kind)).toBe("stack-overflow");
  });

  test("§8 a memory-growth failure in the core has its own message", async ({ page }) => {
    await startFixtureEngine(page);
    await page.evaluate(() => {
      setTimeout(() => window.engine?.core.index.reserve(200_000_000));
    });
    await expect(page.getByRole("alert")).toContainText(
      "could not grow its memory (maximum 2 GiB)",
    );
    expect(await page.evaluate(() => window.engine?.failure?.kind)).toBe("memory-growth");
  });

  test("§8 output still unflushed at exit produces a visible warning", async ({ page }) => {
    await startFixtureEngine(page);
    const warnings = await page.evaluate(() => {
      const engine = window.engine!;
      engine.stdout.write("saved 3 shapes\n"); // complete line: flushed
      engine.stdout.write("half a line");
      engine.exit(0);
      return engine.warnings;
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("not flushed");
    expect(warnings[0]).toContain("half a line");
    await expect(page.getByRole("status").filter({ hasText: "not flushed" })).toBeVisible();
  });

  test("§8 graphics errors for invalid graphics objects are recorded with queryable codes", async ({
    page,
  }) => {
    await startFixtureEngine(page);
    const codes = await page.evaluate(() => {
      const gfx = window.engine!.gfx;
      const canvas = document.createElement("canvas");
      const handle = gfx.createTexture(canvas);
      const valid = gfx.textures.get(handle) !== null;
      gfx.textures.delete(handle);
      const again = gfx.textures.delete(handle); // already released
      const unknown = gfx.textures.get(987654); // never issued
      return {
        valid,
        again,
        unknown,
        first: gfx.errors.getError(),
        second: gfx.errors.getError(),
        none: gfx.errors.getError(),
      };
    });
    expect(codes).toEqual({
      valid: true,
      again: false,
      unknown: null,
      first: 0x0501,
      second: 0x0501,
      none: 0,
    });
  });

  test("§8 WebGL context loss: the engine recovers on webglcontextrestored and redraws", async ({
    page,
  }) => {
    await startFixtureEngine(page);
    const box = await canvasBox(page);
    const centre = [box.x + box.width / 2, box.y + box.height / 2] as const;
    expect(await screenPixel(page, ...centre)).toEqual(BACKGROUND_RGB);
    const result = await page.evaluate(async () => {
      const engine = window.engine!;
      const gl = (engine.gfx.renderer as unknown as { gl: WebGL2RenderingContext }).gl;
      const extension = gl.getExtension("WEBGL_lose_context");
      if (!extension) return { supported: false };
      const lostOnce = new Promise((resolve) =>
        engine.shell.canvas.addEventListener("webglcontextlost", resolve, { once: true }),
      );
      extension.loseContext();
      await lostOnce;
      // The browser decides whether a restore is allowed only after the lost event's dispatch
      // returns, so the restore is asked for in a later task.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const lost = engine.gfx.contextLost;
      const rendersWhileLost = engine.renders;
      const restored = new Promise((resolve) =>
        engine.shell.canvas.addEventListener("webglcontextrestored", resolve, { once: true }),
      );
      extension.restoreContext();
      await restored;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return {
        supported: true,
        lost,
        recovered: !engine.gfx.contextLost,
        redrew: engine.renders > rendersWhileLost,
        isContextLost: gl.isContextLost(),
      };
    });
    expect(result).toEqual({
      supported: true,
      lost: true,
      recovered: true,
      redrew: true,
      isContextLost: false,
    });
    // Drawn again: the page behind (#ddd) would show through an undrawn canvas.
    expect(await screenPixel(page, ...centre)).toEqual(BACKGROUND_RGB);
  });
});
