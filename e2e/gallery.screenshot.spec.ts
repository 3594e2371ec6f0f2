import { expect, test } from "@playwright/test";
import { createDocument, DEFAULT_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type {
  DocRecord,
  EllipseNode,
  LineCap,
  LineNode,
  PathNode,
  PolygonNode,
  RectNode,
  StarNode,
} from "../src/doc/types";
import { galleryDocument } from "../tests/support/gallery";
import { hideChrome, sharedApp, showDocument } from "./support";

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

const ZOOMS = [
  { name: "zoom-50", zoom: 0.5, x: 0, y: 0 },
  { name: "zoom-100", zoom: 1, x: 0, y: 0 },
  // The star and hexagon corner, twice as large.
  { name: "zoom-200", zoom: 2, x: -1000, y: -20 },
];

const VIEWPORT = { width: 960, height: 600 };

// Every test opens its document afresh (a new renderer, at its own zoom), in one app started for
// all of them.
const shared = sharedApp({ viewport: VIEWPORT });

test.describe("style gallery rendering", () => {
  for (const view of ZOOMS) {
    test(`the gallery renders as its baseline at ${view.zoom * 100} %`, async () => {
      const page = shared();
      await showDocument(page, galleryDocument(), view);
      // Let the render and any late text rasterisation settle.
      await page.waitForTimeout(300);
      await hideChrome(page);
      await expect(page.locator("canvas")).toHaveScreenshot(`${view.name}.png`, TOLERANCE);
    });
  }
});

/**
 * Shapes the renderer draws in its batches, all anti-aliased: rectangles with one radius and
 * ellipses as analytic quads; paths, stars, polygons, lines, mixed radii and dashes as stroked
 * and filled triangles with distances to their edges. With the styles that change how: miter,
 * round and bevel joins, butt, round and square caps, wide and hairline strokes, translucent
 * strokes and fills, unstroked fills, half opacity over another shape, rotation.
 */
function batchedDocument(): DocRecord[] {
  const records: DocRecord[] = createDocument({
    id: "batched",
    pageId: "page",
    name: "Batched",
    author: "web_user",
    created: "2026-01-01T00:00:00.000Z",
  });
  const teal = { r: 0.1, g: 0.6, b: 0.6, a: 1 };
  const orange = { r: 1, g: 0.55, b: 0.1, a: 1 };
  const ink = { r: 0.1, g: 0.1, b: 0.15, a: 1 };
  const stroke = (width: number, join: "miter" | "round") => ({
    ...DEFAULT_STROKE,
    paint: { type: "solid" as const, color: ink },
    width,
    join,
  });
  const place = <T extends RectNode | EllipseNode | PathNode | StarNode | PolygonNode | LineNode>(
    node: T,
    x: number,
    y: number,
    rotation = 0,
    opacity = 1,
  ): T => ({ ...node, opacity, transform: { ...node.transform, x, y, rotation } });
  const rect = (
    id: string,
    index: string,
    radius: number,
    width: number,
    join: "miter" | "round",
  ) =>
    makeNode<RectNode>("rect", id, "page", index, {
      fill: { type: "solid", color: teal },
      stroke: stroke(width, join),
      width: 120,
      height: 80,
      radii: [radius, radius, radius, radius],
    });
  const ellipse = (id: string, index: string, width: number) =>
    makeNode<EllipseNode>("ellipse", id, "page", index, {
      fill: { type: "solid", color: orange },
      stroke: stroke(width, "round"),
      width: 140,
      height: 70,
    });
  const zigzag = makeNode<PathNode>("path", "zigzag", "page", "a7", {
    fill: { type: "none" },
    stroke: stroke(6, "miter"),
    fillRule: "nonzero",
    subpaths: [
      {
        start: { x: 0, y: 60 },
        segments: [
          { type: "line", to: { x: 40, y: 0 } },
          { type: "line", to: { x: 80, y: 60 } },
          {
            type: "cubic",
            control1: { x: 120, y: 0 },
            control2: { x: 160, y: 120 },
            to: { x: 200, y: 60 },
          },
        ],
        closed: false,
      },
    ],
  });
  const star = makeNode<StarNode>("star", "star", "page", "a8", {
    fill: { type: "solid", color: { r: 1, g: 0.75, b: 0, a: 1 } },
    stroke: stroke(3, "miter"),
    width: 120,
    height: 120,
    points: 5,
    innerRatio: 0.45,
  });
  const hexagon = makeNode<PolygonNode>("polygon", "hexagon", "page", "a9", {
    fill: { type: "solid", color: { r: 0.5, g: 0.2, b: 0.8, a: 0.6 } },
    stroke: stroke(2, "round"),
    width: 110,
    height: 100,
    sides: 6,
  });
  const dashed = makeNode<RectNode>("rect", "dashed", "page", "b0", {
    fill: { type: "solid", color: teal },
    stroke: { ...stroke(3, "miter"), dash: [10, 6], cap: "butt" },
    width: 140,
    height: 90,
    radii: [0, 16, 30, 4],
  });
  const line = (id: string, index: string, cap: LineCap) =>
    makeNode<LineNode>("line", id, "page", index, {
      fill: { type: "none" },
      stroke: { ...stroke(10, "round"), cap },
      start: { x: 0, y: 0 },
      end: { x: 140, y: 24 },
      startHead: "none",
      endHead: "none",
    });
  const hairline = makeNode<PathNode>("path", "hairpath", "page", "b4", {
    fill: { type: "none" },
    stroke: stroke(0.4, "round"),
    fillRule: "nonzero",
    subpaths: [
      {
        start: { x: 0, y: 0 },
        segments: [
          {
            type: "cubic",
            control1: { x: 200, y: -40 },
            control2: { x: 40, y: 120 },
            to: { x: 180, y: 90 },
          },
        ],
        closed: false,
      },
    ],
  });
  const translucent = makeNode<PathNode>("path", "translucent", "page", "b5", {
    fill: { type: "none" },
    stroke: {
      ...stroke(12, "round"),
      join: "bevel",
      paint: { type: "solid", color: { r: 0.8, g: 0.1, b: 0.3, a: 0.5 } },
    },
    fillRule: "nonzero",
    subpaths: [
      {
        start: { x: 0, y: 60 },
        segments: [
          { type: "line", to: { x: 50, y: 0 } },
          { type: "line", to: { x: 90, y: 70 } },
          { type: "line", to: { x: 160, y: 20 } },
        ],
        closed: false,
      },
    ],
  });
  const blob = makeNode<PathNode>("path", "blob", "page", "b6", {
    fill: { type: "solid", color: { r: 0.2, g: 0.4, b: 0.9, a: 1 } },
    stroke: { ...stroke(1, "round"), paint: null },
    fillRule: "nonzero",
    subpaths: [
      {
        start: { x: 0, y: 50 },
        segments: [
          {
            type: "cubic",
            control1: { x: 20, y: -30 },
            control2: { x: 150, y: 0 },
            to: { x: 160, y: 50 },
          },
          { type: "quad", control: { x: 80, y: 160 }, to: { x: 0, y: 50 } },
        ],
        closed: true,
      },
    ],
  });
  records.push(
    place(rect("square-miter", "a1", 0, 8, "miter"), 40, 40),
    place(rect("square-round", "a2", 0, 8, "round"), 220, 40),
    place(rect("rounded", "a3", 24, 3, "round"), 400, 40, 0.3),
    place(ellipse("ellipse", "a4", 4), 40, 200),
    place(ellipse("hairline", "a5", 0.5), 220, 200, -0.4),
    // Half opacity over the rectangle below it: the stroke must not show the fill through.
    place(rect("over", "a6", 10, 10, "round"), 430, 110, 0, 0.5),
    place(zigzag, 600, 60),
    place(star, 40, 320),
    place(hexagon, 200, 330, 0.2),
    place(dashed, 350, 330),
    place(line("butt", "b1", "butt"), 540, 330),
    place(line("round", "b2", "round"), 540, 380),
    place(line("square", "b3", "square"), 540, 430),
    place(hairline, 740, 300),
    place(translucent, 740, 440),
    place(blob, 40, 470, -0.1),
  );
  return records;
}

const BATCHED = [
  { name: "batched-100", zoom: 1, x: 0, y: 0 },
  // Deep zoom on the rounded corner and the half-transparent overlap: edges stay smooth.
  { name: "batched-400", zoom: 4, x: -1600, y: -320 },
  // The hexagon and the dashed rectangle with mixed radii, three times as large: a zoom between
  // two buckets, drawn from geometry built for the nearer one (4).
  { name: "batched-flat-300", zoom: 3, x: -540, y: -900 },
];

test.describe("batched shape rendering", () => {
  for (const view of BATCHED) {
    test(`batched shapes render as their baseline at ${view.zoom * 100} %`, async () => {
      const page = shared();
      await showDocument(page, batchedDocument(), view);
      // Past the zoom settle, so the batches are rebuilt for this zoom.
      await page.waitForTimeout(500);
      await hideChrome(page);
      await expect(page.locator("canvas")).toHaveScreenshot(`${view.name}.png`, TOLERANCE);
    });
  }
});
