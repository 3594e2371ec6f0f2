import { expect, test } from "@playwright/test";
import { openFixture } from "./support";

test.describe("spec §4 start-up lifecycle", () => {
  test("§4 load → preRun → initialise → main once → postRun, in that order", async ({ page }) => {
    await openFixture(page);
    const log = await page.evaluate(async () => {
      const log: string[] = [];
      const parent = document.getElementById("parent") as HTMLElement;
      const engine = await window.embed!.startEngine({
        parent,
        wasmUrl: "/linework.wasm",
        aspectRatio: { width: 4, height: 3 },
        preRun: [
          (e) => log.push(`preRun:${e.state}:loaded=${e.loadPath !== null}`),
          (e) => log.push(`preRun2:${e.state}`),
        ],
        main: (e) => log.push(`main:${e.state}:renderer=${e.gfx.renderer !== null}`),
        postRun: (e) => log.push(`postRun:${e.state}`),
      });
      engine.callMain(); // main runs once only
      log.push(`resolved:${engine.state}`);
      return log;
    });
    expect(log).toEqual([
      "preRun:preparing:loaded=true",
      "preRun2:preparing",
      "main:running:renderer=true",
      "postRun:running",
      "resolved:running",
    ]);
  });

  test("§4 noInitialRun: main is not run until the page calls it", async ({ page }) => {
    await openFixture(page);
    const log = await page.evaluate(async () => {
      const log: string[] = [];
      const engine = await window.embed!.startEngine({
        parent: document.getElementById("parent") as HTMLElement,
        wasmUrl: "/linework.wasm",
        aspectRatio: { width: 4, height: 3 },
        noInitialRun: true,
        main: () => log.push("main"),
        postRun: () => log.push("postRun"),
      });
      log.push(`started:${engine.state}`);
      engine.callMain();
      return log;
    });
    expect(log).toEqual(["postRun", "started:running", "main"]);
  });

  test("§4 initialisation is retried every 50 ms until the canvas aspect ratio is known", async ({
    page,
  }) => {
    await openFixture(page);
    const result = await page.evaluate(async () => {
      let ratioSetAt = 0;
      const started = window.embed!.startEngine({
        parent: document.getElementById("parent") as HTMLElement,
        wasmUrl: "/linework.wasm",
        aspectRatio: null,
        preRun: (engine) => {
          window.engine = engine;
          setTimeout(() => {
            ratioSetAt = performance.now();
            engine.setAspectRatio(16, 9);
          }, 260);
        },
      });
      const stateAt100 = await new Promise<string>((resolve) =>
        setTimeout(() => resolve(window.engine?.state ?? "none"), 100),
      );
      const engine = await started;
      return {
        stateAt100,
        attempts: engine.initAttempts,
        state: engine.state,
        runningAfterRatioMs: performance.now() - ratioSetAt,
      };
    });
    expect(result.stateAt100).toBe("initialising");
    expect(result.state).toBe("running");
    // Attempts at 0, 50, …, 250 ms fail and the next succeeds (7 on an idle machine; timers may
    // run late on a loaded one, which only lowers the count).
    expect(result.attempts).toBeGreaterThanOrEqual(3);
    expect(result.attempts).toBeLessThanOrEqual(8);
    // Once the ratio is known, the next attempt (≤ 50 ms later) completes initialisation.
    expect(result.runningAfterRatioMs).toBeLessThan(1000);
  });

  test("§4 exit(code) ends the program: the loop stops and the exit code is reported", async ({
    page,
  }) => {
    await openFixture(page);
    const result = await page.evaluate(async () => {
      let reported: number | null = null;
      const engine = await window.embed!.startEngine({
        parent: document.getElementById("parent") as HTMLElement,
        wasmUrl: "/linework.wasm",
        aspectRatio: { width: 4, height: 3 },
        onExit: (code) => (reported = code),
      });
      engine.exit(3);
      const ticks = engine.ticks;
      await new Promise((resolve) => setTimeout(resolve, 200));
      return {
        state: engine.state,
        code: engine.exitCode,
        reported,
        ticksMoved: engine.ticks - ticks,
      };
    });
    expect(result).toEqual({ state: "exited", code: 3, reported: 3, ticksMoved: 0 });
    await expect(page.getByRole("status").filter({ hasText: "exited (code 3)" })).toBeVisible();
  });
});
