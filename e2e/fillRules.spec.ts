import { expect, test } from "@playwright/test";
import { createDocument, NO_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { FillRule, PathNode, Subpath } from "../src/doc/types";
import {
  BACKGROUND_RGB,
  canvasBox,
  hideChrome,
  openApp,
  screenPixel,
  waitTicks,
  showDocument,
} from "./support";

function squarePath(x: number, half: number): Subpath {
  return {
    start: { x: x - half, y: 200 - half },
    segments: [
      { type: "line", to: { x: x + half, y: 200 - half } },
      { type: "line", to: { x: x + half, y: 200 + half } },
      { type: "line", to: { x: x - half, y: 200 + half } },
    ],
    closed: true,
  };
}

/** Two paths of two squares turning the same way: one filled nonzero, one evenodd. */
function document() {
  const records = createDocument({
    id: "doc",
    pageId: "page",
    name: "Rules",
    author: "web_user",
    created: "2026-01-01T00:00:00.000Z",
  });
  const path = (id: string, index: string, x: number, fillRule: FillRule) =>
    makeNode<PathNode>("path", id, "page", index, {
      subpaths: [squarePath(x, 80), squarePath(x, 40)],
      fillRule,
      fill: { type: "solid", color: { r: 0, g: 0, b: 1, a: 1 } },
      stroke: NO_STROKE,
    });
  return [...records, path("nonzero", "a0", 150, "nonzero"), path("evenodd", "a1", 400, "evenodd")];
}

test("fill rules: nonzero fills the inner square, evenodd cuts it out", async ({ page }) => {
  await openApp(page);
  await showDocument(page, document());
  await hideChrome(page);
  await waitTicks(page, 3);
  const canvas = await canvasBox(page);
  const at = (x: number, y: number) => screenPixel(page, canvas.x + x, canvas.y + y);
  const blue = [0, 0, 255];
  await expect.poll(() => at(150, 200)).toEqual(blue);
  expect(await at(150 - 60, 200)).toEqual(blue);
  expect(await at(400, 200)).toEqual(BACKGROUND_RGB);
  expect(await at(400 - 60, 200)).toEqual(blue);
});
