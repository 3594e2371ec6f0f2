import { expect, type Page } from "@playwright/test";
import { hideChrome, waitForRestingView } from "./support";

/**
 * Imports `svg` into an emptied white page and shows it at `zoom`, its origin at the canvas's
 * corner, with the chrome hidden and the renderer at rest (pattern tiles and layers rendered for
 * that zoom).
 */
export async function showSvg(page: Page, name: string, svg: string, zoom: number): Promise<void> {
  const error = await page.evaluate(
    async ({ name, svg, zoom }) => {
      const lw = window.linework!;
      const store = lw.editor.store;
      const pageId = lw.current.pageId();
      store.transact("White page", (tx) => {
        tx.update(pageId, { background: { r: 1, g: 1, b: 1, a: 1 } });
      });
      const outcome = await lw.importFile(name, svg);
      store.setSelection([]);
      lw.current.camera.set({ x: 0, y: 0, zoom });
      return outcome.ok ? null : outcome.error;
    },
    { name, svg, zoom },
  );
  expect(error).toBeNull();
  await hideChrome(page);
  await waitForRestingView(page);
}

export function expectNear(
  actual: number[],
  expected: number[],
  what: string,
  tolerance: number,
): void {
  const near = actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);
  expect(near, `${what}: ${actual.join(", ")} is not ${expected.join(", ")}`).toBe(true);
}

/**
 * How the canvas's pixels (`shot`, taken from the canvas's corner at `zoom`) differ from
 * Chromium's own drawing of the open page exported as SVG: the share of pixels off by more than
 * `tolerance` in a channel, and how many `<pattern>`s the export holds.
 */
export function differenceFromExport(
  page: Page,
  shot: { width: number; height: number; data: Buffer },
  zoom: number,
  tolerance: number,
): Promise<{ share: number; patterns: number }> {
  return page.evaluate(
    async ({ raw, width, height, zoom, tolerance }) => {
      const exported = window.linework!.exports.svg({
        scope: { page: window.linework!.current.pageId() },
        background: true,
      });
      const image = new Image();
      image.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(exported.svg)))}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d")!;
      context.fillStyle = "#fff";
      context.fillRect(0, 0, width, height);
      // The export's view box starts at its drawing's corner (a stroke's outer edge).
      const { minX, minY, maxX, maxY } = exported.bounds;
      context.drawImage(
        image,
        minX * zoom,
        minY * zoom,
        (maxX - minX) * zoom,
        (maxY - minY) * zoom,
      );
      const theirs = context.getImageData(0, 0, width, height).data;
      const ours = Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
      let differing = 0;
      for (let i = 0; i < theirs.length; i += 4) {
        const off = Math.max(
          Math.abs(theirs[i]! - ours[i]!),
          Math.abs(theirs[i + 1]! - ours[i + 1]!),
          Math.abs(theirs[i + 2]! - ours[i + 2]!),
        );
        if (off > tolerance) differing += 1;
      }
      return {
        share: differing / (width * height),
        patterns: (exported.svg.match(/<pattern\b/g) ?? []).length,
      };
    },
    { raw: shot.data.toString("base64"), width: shot.width, height: shot.height, zoom, tolerance },
  );
}
