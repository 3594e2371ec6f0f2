import { expect, test, type Page } from "@playwright/test";
import { canvasBox, hideChrome, reusedApp, screenshotPixels } from "./support";

// Groups composited as SVG composites them: a translucent group as one layer (its overlapping
// children do not show through one another), and blend modes inside an SVG's outermost element
// blending with the drawing alone, not with the page.

const reused = reusedApp();

const DRAWING = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
  <g opacity="0.5">
    <rect x="10" y="10" width="60" height="60" fill="#0000ff"/>
    <rect x="40" y="10" width="60" height="60" fill="#0000ff"/>
  </g>
  <rect x="110" y="10" width="60" height="60" fill="#008000"/>
  <rect x="140" y="30" width="50" height="60" fill="#ffff00" style="mix-blend-mode: difference"/>
</svg>`;

async function show(page: Page, svg: string, zoom: number): Promise<void> {
  const error = await page.evaluate(
    async ({ svg, zoom }) => {
      const lw = window.linework!;
      const store = lw.editor.store;
      const pageId = lw.current.pageId();
      store.transact("White page", (tx) => {
        tx.update(pageId, { background: { r: 1, g: 1, b: 1, a: 1 } });
      });
      const outcome = await lw.importFile("drawing.svg", svg);
      store.setSelection([]);
      lw.current.camera.set({ x: 0, y: 0, zoom });
      return outcome.ok ? null : outcome.error;
    },
    { svg, zoom },
  );
  expect(error).toBeNull();
  await hideChrome(page);
  await page.waitForTimeout(300);
}

function expectNear(actual: number[], expected: number[], what: string, tolerance = 6): void {
  const near = actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);
  expect(near, `${what}: ${actual.join(", ")} is not ${expected.join(", ")}`).toBe(true);
}

test("a translucent group is one layer, and blending stops at the drawing's edge", async ({
  browser,
}) => {
  const page = await reused(browser);
  const zoom = 2;
  await show(page, DRAWING, zoom);
  const box = await canvasBox(page);
  const shot = await screenshotPixels(page, { x: box.x, y: box.y, width: 400, height: 200 });
  const at = (x: number, y: number): number[] => {
    const i = (y * zoom * shot.width + x * zoom) * 4;
    return Array.from(shot.data.subarray(i, i + 3));
  };
  // Half-transparent blue over white, where one rectangle lies and where both overlap alike.
  expectNear(at(25, 40), [127, 127, 255], "one child");
  expectNear(at(55, 40), [127, 127, 255], "overlapping children");
  // Difference of yellow with green; where the drawing has nothing beneath, yellow as it is
  // (blended with the white page it would be blue).
  expectNear(at(150, 50), [255, 127, 0], "yellow over green");
  expectNear(at(185, 80), [255, 255, 0], "yellow over nothing of the drawing");

  const share = await page.evaluate(
    async ({ raw, width, height, zoom }) => {
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
        if (off > 32) differing += 1;
      }
      return differing / (width * height);
    },
    { raw: shot.data.toString("base64"), width: shot.width, height: shot.height, zoom },
  );
  test.info().annotations.push({ type: "differing pixels", description: share.toFixed(4) });
  expect(share).toBeLessThan(0.01);
});
