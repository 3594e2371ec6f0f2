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

const RADIUS = 90;

/** A five-pointed star as one outline of five points, each joined to the next but one. */
function pentagram(cx: number, cy: number): Subpath {
  const points = Array.from({ length: 5 }, (_, k) => {
    const angle = -Math.PI / 2 + (k * 4 * Math.PI) / 5;
    return { x: cx + RADIUS * Math.cos(angle), y: cy + RADIUS * Math.sin(angle) };
  });
  return {
    start: points[0]!,
    segments: points.slice(1).map((to) => ({ type: "line" as const, to })),
    closed: true,
  };
}

/** Two pentagrams: one filled nonzero, one evenodd. */
function document() {
  const records = createDocument({
    id: "doc",
    pageId: "page",
    name: "Stars",
    author: "web_user",
    created: "2026-01-01T00:00:00.000Z",
  });
  const star = (id: string, index: string, x: number, fillRule: FillRule) =>
    makeNode<PathNode>("path", id, "page", index, {
      subpaths: [pentagram(x, 200)],
      fillRule,
      fill: { type: "solid", color: { r: 0, g: 0, b: 1, a: 1 } },
      stroke: NO_STROKE,
    });
  return [...records, star("nonzero", "a0", 150, "nonzero"), star("evenodd", "a1", 400, "evenodd")];
}

test("a pentagram drawn as one outline: nonzero fills its centre, evenodd leaves it empty", async ({
  page,
}) => {
  await openApp(page);
  await showDocument(page, document());
  await hideChrome(page);
  await waitTicks(page, 3);
  const canvas = await canvasBox(page);
  const at = (x: number, y: number) => screenPixel(page, canvas.x + x, canvas.y + y);
  const blue = [0, 0, 255];
  // The top point of each star, well inside it, is filled under both rules.
  const tipY = 200 - RADIUS * 0.7;
  await expect.poll(() => at(150, 200)).toEqual(blue);
  expect(await at(150, tipY)).toEqual(blue);
  expect(await at(400, 200)).toEqual(BACKGROUND_RGB);
  expect(await at(400, tipY)).toEqual(blue);
  // In the notch between two points, outside the star, nothing.
  expect(await at(150 + RADIUS * 0.6, 200 - RADIUS * 0.6)).toEqual(BACKGROUND_RGB);
});
