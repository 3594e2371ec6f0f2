import { expect, test } from "@playwright/test";
import { canvasBox, reusedApp, screenshotPixels } from "./support";
import { differenceFromExport, expectNear as expectNearTo, showSvg } from "./svgOnCanvas";

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

function expectNear(actual: number[], expected: number[], what: string): void {
  expectNearTo(actual, expected, what, 6);
}

test("a translucent group is one layer, and blending stops at the drawing's edge", async ({
  browser,
}) => {
  const page = await reused(browser);
  const zoom = 2;
  await showSvg(page, "drawing.svg", DRAWING, zoom);
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

  const { share } = await differenceFromExport(page, shot, zoom, 32);
  test.info().annotations.push({ type: "differing pixels", description: share.toFixed(4) });
  expect(share).toBeLessThan(0.01);
});
