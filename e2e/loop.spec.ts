import { expect, test } from "@playwright/test";
import { BACKGROUND_RGB, canvasBox, openApp, screenPixel, sharedApp } from "./support";

test.describe("engine loop", () => {
  // One app for the three, in this order: the first watches it idle from start-up on, the second
  // looks at it as it started, and only the third asks for a render.
  const shared = sharedApp();

  test("an idle page draws no frames: renders counted over 2 s stay put while ticks run", async () => {
    const page = shared();
    await page.waitForTimeout(300); // let start-up fits settle
    const before = await page.evaluate(() => ({
      renders: window.linework!.engine.renders,
      ticks: window.linework!.engine.ticks,
    }));
    await page.waitForTimeout(2000);
    const after = await page.evaluate(() => ({
      renders: window.linework!.engine.renders,
      ticks: window.linework!.engine.ticks,
    }));
    expect(after.renders - before.renders).toBe(0);
    // The fixed-step loop kept polling input all the while (≈120 steps at 60 Hz).
    expect(after.ticks - before.ticks).toBeGreaterThan(60);
  });

  test("the app starts on an empty page on a neutral background", async () => {
    const page = shared();
    const box = await canvasBox(page);
    expect(await screenPixel(page, box.x + box.width / 2, box.y + box.height / 2)).toEqual(
      BACKGROUND_RGB,
    );
    await expect(page.getByRole("banner", { name: "Document" })).toContainText("Untitled");
  });

  test("a change asks for exactly one render", async () => {
    const page = shared();
    await page.waitForTimeout(300);
    const delta = await page.evaluate(async () => {
      const engine = window.linework!.engine;
      const before = engine.renders;
      engine.invalidate();
      engine.invalidate();
      for (let i = 0; i < 5; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      return engine.renders - before;
    });
    expect(delta).toBe(1);
  });
});

test("environment: USER and LOGNAME are web_user, HOME is under /home, LANG comes from the browser", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "de-DE" });
  const page = await context.newPage();
  await openApp(page);
  const env = await page.evaluate(() => window.linework?.engine.environment);
  expect(env).toMatchObject({
    USER: "web_user",
    LOGNAME: "web_user",
    HOME: "/home/web_user",
    LANG: "de_DE.UTF-8",
  });
  await context.close();
});
