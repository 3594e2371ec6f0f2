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
      // Every attempt reads the shell's aspect ratio once (the shell itself reads its field), so a
      // getter on this shell records each attempt as it happens: when, and whether the ratio was
      // known by then.
      const attempts: Array<{ at: number; ratioKnown: boolean }> = [];
      let ratioSetAt: number | null = null;
      let stateAfter100 = "none";
      const started = window.embed!.startEngine({
        parent: document.getElementById("parent") as HTMLElement,
        wasmUrl: "/linework.wasm",
        aspectRatio: null,
        preRun: (engine) => {
          window.engine = engine;
          const shell = engine.shell;
          const ratio = Object.getOwnPropertyDescriptor(
            Object.getPrototypeOf(shell),
            "aspectRatio",
          )!;
          Object.defineProperty(shell, "aspectRatio", {
            configurable: true,
            get() {
              attempts.push({ at: performance.now(), ratioKnown: ratioSetAt !== null });
              return ratio.get!.call(shell) as unknown;
            },
          });
          // Timed from preRun, not from the load, which takes longer on a loaded machine.
          setTimeout(() => (stateAfter100 = engine.state), 100);
          setTimeout(() => {
            ratioSetAt = performance.now();
            engine.setAspectRatio(16, 9);
          }, 260);
        },
      });
      const engine = await started;
      return {
        stateAfter100,
        initAttempts: engine.initAttempts,
        state: engine.state,
        attempts,
        ratioSetAt,
      };
    });
    expect(result.stateAfter100).toBe("initialising");
    expect(result.state).toBe("running");
    expect(result.attempts).toHaveLength(result.initAttempts);
    const attemptsAt = result.attempts.map((attempt) => attempt.at);
    // The attempts before the ratio is known fail; the first one after it succeeds and is the last.
    const before = result.attempts.filter((attempt) => !attempt.ratioKnown);
    expect(result.attempts.map((attempt) => attempt.ratioKnown)).toEqual([
      ...before.map(() => false),
      true,
    ]);
    // Attempts at 0, 50, …, 250 ms fail (6 on an idle machine; timers may run late on a loaded one,
    // which only lowers the count, but never early, which would raise it).
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.length).toBeLessThanOrEqual(6);
    // The gaps between attempts: never under 50 ms (less 1 ms for the timer clock's rounding) …
    const gaps = attemptsAt.slice(1).map((at, i) => at - attemptsAt[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(49);
    // … and, scheduling delays aside (timers only ever run late), 50 ms: a 100 ms cadence fails.
    expect(Math.min(...gaps)).toBeLessThan(100);
    // Once the ratio is known, the next attempt (≤ 50 ms later on an idle machine) completes
    // initialisation.
    expect(attemptsAt.at(-1)! - result.ratioSetAt!).toBeLessThan(1000);
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
