import { expect, test, type Page } from "@playwright/test";
import { canvasBox, openApp, waitTicks } from "./support";

/** Starts recording what every tick polls: keys held, samples, touches. */
async function recordTicks(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.record = [];
    window.linework?.engine.onTick((input) => {
      window.record?.push({
        keyA: input.isDown("KeyA"),
        keyAPressed: input.pressed("KeyA"),
        bracket: input.keyPressed("["),
        samples: input.samples.map((s) => ({ kind: s.kind, phase: s.phase, x: s.x, y: s.y })),
        touches: input.touchPoints.length,
        wheel: input.wheelDelta.dy,
      });
    });
  });
}

type TickRecord = {
  keyA: boolean;
  keyAPressed: boolean;
  bracket: boolean;
  samples: { kind: string; phase: string; x: number; y: number }[];
  touches: number;
  wheel: number;
};

const records = (page: Page) => page.evaluate(() => (window.record ?? []) as TickRecord[]);

test.describe("spec §2 input through the canvas", () => {
  test("§2 keyboard input reaches the program through the canvas, by code and by key", async ({
    page,
  }) => {
    await openApp(page);
    await recordTicks(page);
    await page.keyboard.down("a");
    await waitTicks(page);
    await page.keyboard.up("a");
    await page.keyboard.press("BracketLeft");
    await waitTicks(page);
    const seen = await records(page);
    expect(seen.filter((r) => r.keyAPressed)).toHaveLength(1);
    expect(seen.some((r) => r.keyA)).toBe(true);
    expect(seen.some((r) => r.bracket)).toBe(true);
    expect(seen.at(-1)?.keyA).toBe(false);
  });

  test("§2 mouse input reaches the program through the canvas, with positions relative to it", async ({
    page,
  }) => {
    await openApp(page, "?aspect=16:9");
    await recordTicks(page);
    const box = await canvasBox(page);
    await page.mouse.move(box.x + 100, box.y + 50);
    await page.mouse.down();
    await page.mouse.up();
    await page.mouse.wheel(0, 120);
    await waitTicks(page);
    const samples = (await records(page)).flatMap((r) => r.samples);
    expect(samples.map((s) => s.phase)).toEqual(expect.arrayContaining(["move", "down", "up"]));
    const down = samples.find((s) => s.phase === "down");
    expect(down).toMatchObject({ kind: "mouse", x: 100, y: 50 });
    expect((await records(page)).some((r) => r.wheel === 120)).toBe(true);
  });

  test("§2 touch input reaches the program through the canvas", async ({ page }) => {
    await openApp(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchStart",
      touchPoints: [{ x: 200, y: 150, id: 1 }],
    });
    await waitTicks(page);
    expect(await page.evaluate(() => window.linework?.engine.input.touchPoints.length)).toBe(1);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await waitTicks(page);
    expect(await page.evaluate(() => window.linework?.engine.input.touchPoints.length)).toBe(0);
  });

  test("§2 touch points are capped at 31 per event: 40 touches dispatched, 31 seen", async ({
    page,
  }) => {
    await openApp(page);
    const cdp = await page.context().newCDPSession(page);
    // Chromium's own input pipeline carries at most 16 touches per event, so a 40-point event can
    // only be made as a DOM TouchEvent; it is sent through CDP's Runtime domain onto the canvas.
    const { result } = await cdp.send("Runtime.evaluate", {
      expression: `(() => {
        const canvas = document.querySelector("canvas");
        const rect = canvas.getBoundingClientRect();
        const touches = Array.from({ length: 40 }, (_, i) => new Touch({
          identifier: i + 1, target: canvas,
          clientX: rect.left + 20 + (i % 10) * 60, clientY: rect.top + 20 + Math.floor(i / 10) * 60,
        }));
        const event = new TouchEvent("touchstart", {
          touches, targetTouches: touches, changedTouches: touches, bubbles: true, cancelable: true,
        });
        canvas.dispatchEvent(event);
        return event.touches.length;
      })()`,
      returnByValue: true,
    });
    expect(result.value).toBe(40);
    await waitTicks(page);
    const ids = await page.evaluate(() =>
      window.linework?.engine.input.touchPoints.map((t) => t.id),
    );
    expect(ids).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
  });

  test("§2 real multi-touch through CDP Input: every touch up to Chromium's 16 reaches the program", async ({
    page,
  }) => {
    await openApp(page);
    const cdp = await page.context().newCDPSession(page);
    const touchPoints = Array.from({ length: 16 }, (_, i) => ({
      x: 30 + i * 40,
      y: 200,
      id: i + 1,
    }));
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints });
    await waitTicks(page);
    expect(await page.evaluate(() => window.linework?.engine.input.touchPoints.length)).toBe(16);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  });
});

test.describe("engine input polling", () => {
  test("a pen reports pressure, tilt and its pointer type", async ({ page }) => {
    await openApp(page);
    await page.evaluate(() => {
      window.record = [];
      window.linework?.engine.onTick((input) => {
        for (const s of input.samples)
          window.record?.push([s.kind, s.phase, s.pressure, s.tiltX, s.tiltY]);
      });
    });
    const cdp = await page.context().newCDPSession(page);
    const pen = { pointerType: "pen" as const, button: "left" as const, tiltX: 30, tiltY: -15 };
    await cdp.send("Input.dispatchMouseEvent", {
      type: "mousePressed",
      x: 200,
      y: 200,
      force: 0.25,
      clickCount: 1,
      ...pen,
    });
    await cdp.send("Input.dispatchMouseEvent", {
      type: "mouseMoved",
      x: 220,
      y: 210,
      force: 0.75,
      buttons: 1,
      ...pen,
    });
    await cdp.send("Input.dispatchMouseEvent", {
      type: "mouseReleased",
      x: 220,
      y: 210,
      force: 0,
      clickCount: 1,
      ...pen,
    });
    await waitTicks(page);
    const seen = (await page.evaluate(() => window.record)) as [
      string,
      string,
      number,
      number,
      number,
    ][];
    expect(seen.map(([kind, phase]) => `${kind}:${phase}`)).toEqual([
      "pen:down",
      "pen:move",
      "pen:up",
    ]);
    expect(seen[0]![2]).toBeCloseTo(0.25, 2);
    expect(seen[1]![2]).toBeCloseTo(0.75, 2);
    expect(seen[1]!.slice(3)).toEqual([30, -15]);
  });

  test("a dense synthetic stroke loses no points: every coalesced sample arrives in order", async ({
    page,
  }) => {
    await openApp(page);
    await recordTicks(page);
    const cdp = await page.context().newCDPSession(page);
    const points = Array.from({ length: 400 }, (_, i) => ({ x: 100 + i, y: 200 + (i % 50) }));
    await cdp.send("Input.dispatchMouseEvent", {
      type: "mousePressed",
      x: 100,
      y: 200,
      button: "left",
      clickCount: 1,
    });
    // Fired without waiting on each other, so many land inside one frame and get coalesced.
    await Promise.all(
      points.map((p) =>
        cdp.send("Input.dispatchMouseEvent", {
          type: "mouseMoved",
          x: p.x,
          y: p.y,
          button: "left",
          buttons: 1,
        }),
      ),
    );
    await cdp.send("Input.dispatchMouseEvent", {
      type: "mouseReleased",
      x: 499,
      y: 249,
      button: "left",
      clickCount: 1,
    });
    await waitTicks(page, 5);
    const moves = (await records(page))
      .flatMap((r) => r.samples)
      .filter((s) => s.phase === "move")
      .map((s) => ({ x: s.x, y: s.y }));
    expect(moves).toEqual(points);
  });
});
