import { expect, test, type Page } from "@playwright/test";
import { addRects, openApp, waitTicks } from "./support";

/**
 * The chrome in light and dark at 1440 × 900 and the tablet layout at 1024 × 1366, compared with
 * committed baselines.
 *
 * Tolerance: a pixel counts as different when its colour differs by more than 0.2 (Playwright's
 * YIQ threshold, 0–1), and at most 0.5 % of the page's pixels may differ. That absorbs font
 * anti-aliasing between runs but not a moved, missing or recoloured panel.
 *
 * Refresh the baselines after an intended change of the chrome:
 *   LINEWORK_TEST_PORT=4306 npx playwright test e2e/chrome.screenshot.spec.ts --update-snapshots=all
 * and look at the new PNGs before committing them.
 */
const TOLERANCE = { threshold: 0.2, maxDiffPixelRatio: 0.005 } as const;

async function prepare(page: Page): Promise<void> {
  await openApp(page);
  expect(await addRects(page, ["one", "two"])).toBe(true);
  await page.evaluate(() => {
    const lw = window.linework!;
    lw.editor.store.setSelection(["one"]);
    lw.current.camera.set({ x: 200, y: 150, zoom: 2 });
  });
  await expect(page.getByTestId("save-state")).toHaveText("Saved");
  await waitTicks(page, 5);
  // The canvas's caret-free focus ring and blinking text carets are not part of the chrome's look.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const CASES = [
  { name: "light-1440x900", scheme: "light", width: 1440, height: 900 },
  { name: "dark-1440x900", scheme: "dark", width: 1440, height: 900 },
  { name: "tablet-1024x1366", scheme: "light", width: 1024, height: 1366 },
] as const;

test.describe("chrome look", () => {
  for (const view of CASES) {
    test(`the chrome matches its baseline: ${view.name}`, async ({ page }) => {
      await page.setViewportSize({ width: view.width, height: view.height });
      await page.emulateMedia({ colorScheme: view.scheme });
      await prepare(page);
      await expect(page).toHaveScreenshot(`${view.name}.png`, {
        ...TOLERANCE,
        animations: "disabled",
      });
    });
  }
});
