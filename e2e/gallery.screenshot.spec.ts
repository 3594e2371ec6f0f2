import { expect, test } from "@playwright/test";
import { serializeDocument } from "../src/io/native/format";
import { galleryDocument } from "../tests/support/gallery";
import { openApp } from "./support";

/**
 * The style gallery drawn at three zoom levels, compared with committed baselines.
 *
 * Tolerance: a pixel counts as different when its colour differs by more than 0.1 (Playwright's
 * YIQ threshold, 0–1), and at most 0.1 % of the canvas's pixels (576 of 960 × 600) may differ. That absorbs
 * anti-aliasing noise in software rasterisation but not a missing or misplaced shape.
 *
 * Refresh the baselines after an intended change of the drawing:
 *   npx playwright test e2e/gallery.screenshot.spec.ts --update-snapshots=all
 * and look at the new PNGs before committing them.
 */
const TOLERANCE = { threshold: 0.1, maxDiffPixelRatio: 0.001 } as const;
/** Only the drawing is compared: the chrome over it changes for its own reasons. */
const HIDE_CHROME = ".lw-overlay-host, .lw-hud { visibility: hidden !important; }";

const ZOOMS = [
  { name: "zoom-50", zoom: 0.5, x: 0, y: 0 },
  { name: "zoom-100", zoom: 1, x: 0, y: 0 },
  // The star and hexagon corner, twice as large.
  { name: "zoom-200", zoom: 2, x: -1000, y: -20 },
];

test.use({ viewport: { width: 960, height: 600 } });

test.describe("style gallery rendering", () => {
  for (const view of ZOOMS) {
    test(`the gallery renders as its baseline at ${view.zoom * 100} %`, async ({ page }) => {
      await openApp(page);
      const result = await page.evaluate(
        (text) => window.linework!.importDocument(text),
        serializeDocument(galleryDocument()),
      );
      expect(result.ok).toBe(true);
      await page.evaluate(({ zoom, x, y }) => {
        window.linework!.current.camera.set({ zoom, x, y });
        window.linework!.engine.invalidate();
      }, view);
      // Let the render and any late text rasterisation settle.
      await page.waitForTimeout(300);
      await page.addStyleTag({ content: HIDE_CHROME });
      await expect(page.locator("canvas")).toHaveScreenshot(`${view.name}.png`, TOLERANCE);
    });
  }
});
