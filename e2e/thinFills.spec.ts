import { generateNKeysBetween } from "fractional-indexing";
import { expect, test } from "@playwright/test";
import { createDocument, NO_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { DocRecord, FrameNode, PathNode, RectNode, RGBA, SceneNode } from "../src/doc/types";
import { canvasBox, hideChrome, sharedApp, showDocument } from "./support";

/**
 * Thin filled shapes on the canvas against Chromium's own rendering of their exported SVG: bars
 * from a quarter pixel to two pixels thick, a ring, outlined line art and tiles one pixel apart,
 * at several zooms. A fill whose anti-aliased rim sits outside its edge instead of straddling it
 * draws all of these bold and closes the gaps; the exports never did.
 *
 * Tolerance: a pixel differs when one of its channels is off by more than 48 of 255 (under a
 * fifth of full coverage). Per zoom, the share of the sheet's pixels that may differ and how far
 * the canvas's ink (summed darkness) may stray from Chromium's, measured:
 *
 * | zoom | differing | ink vs Chromium |
 * |------|-----------|-----------------|
 * | 0.5  | 0.844 %   | 1.013×          |
 * | 1    | 0.254 %   | 1.005×          |
 * | 2    | 0.000 %   | 1.000×          |
 * | 3    | 0.023 %   | 1.003×          |
 *
 * (18.0 / 9.76 / 5.37 / 3.48 % and 1.58 / 1.31 / 1.16 / 1.10× when every filled edge sat half a
 * pixel out.) A fill's rim straddles its outline: the shader shrinks the fill's flat triangles by
 * half a screen pixel, and its rim runs from there to half a pixel out with the box filter's
 * coverage, 0.5 on the outline (see `rimCoverage`); where the fill is thinner than a pixel the
 * triangles close up along its middle and the rims of its two sides give it its thickness as
 * coverage. What is left is mostly Chromium's: its coverage of near-level bars under a pixel
 * thick comes in steps (as if sampled at a few heights per pixel), so it draws a quarter-pixel bar
 * as nothing or as a quarter pixel and a three-quarter-pixel one with half a pixel's ink (the
 * thinnest bars at 0.5, 1 and 3), and it gives the steep legs of the thin zigzags more ink than
 * their area (at 0.5); the canvas matches the box filter there. And at 0.5, where four tiles meet
 * across gaps half a pixel wide, the canvas's corners take each edge's distance alone (0.5 coverage
 * where the box filter gives 0.25).
 */
const CHANNEL_TOLERANCE = 48;
const LIMITS: Readonly<Record<number, { differing: number; ink: number }>> = {
  0.5: { differing: 0.0095, ink: 0.02 },
  1: { differing: 0.003, ink: 0.01 },
  2: { differing: 0.0005, ink: 0.005 },
  3: { differing: 0.0005, ink: 0.006 },
};

/** The sheet, a white frame holding the shapes, in page units. */
const SHEET = { x: 40, y: 40, width: 300, height: 180 };
/** Where the sheet's corner lands on the canvas, in CSS pixels, at every zoom. */
const SCREEN_ORIGIN = 20;
const ZOOMS = [0.5, 1, 2, 3];

const INK: RGBA = { r: 0.1, g: 0.1, b: 0.15, a: 1 };

type Points = readonly (readonly [number, number])[];

/** A band `width` thick along the segment a–b, as a closed outline. */
function bar(ax: number, ay: number, bx: number, by: number, width: number): Points {
  const length = Math.hypot(bx - ax, by - ay);
  const nx = (-(by - ay) / length) * (width / 2);
  const ny = ((bx - ax) / length) * (width / 2);
  return [
    [ax + nx, ay + ny],
    [bx + nx, by + ny],
    [bx - nx, by - ny],
    [ax - nx, ay - ny],
  ];
}

/** A polygon approximating a circle, clockwise or not. */
function circle(cx: number, cy: number, r: number, reverse: boolean): Points {
  const points: [number, number][] = [];
  for (let i = 0; i < 96; i += 1) {
    const angle = ((reverse ? -i : i) / 96) * Math.PI * 2;
    points.push([cx + r * Math.cos(angle), cy + r * Math.sin(angle)]);
  }
  return points;
}

/** The outline of a zigzag polyline `width` thick (miter joins), as one closed outline. */
function zigzag(x: number, y: number, width: number): Points {
  const top: [number, number][] = [];
  const bottom: [number, number][] = [];
  const h = width / 2 / Math.cos(Math.atan2(20, 12));
  for (let i = 0; i <= 8; i += 1) {
    const px = x + i * 12;
    const py = y + (i % 2 === 0 ? 20 : 0);
    top.push([px, py - h]);
    bottom.push([px, py + h]);
  }
  return [...top, ...bottom.reverse()];
}

function pathOf(
  id: string,
  index: string,
  outlines: readonly Points[],
  fillRule: "nonzero" | "evenodd" = "nonzero",
): PathNode {
  return makeNode<PathNode>("path", id, "sheet", index, {
    fill: { type: "solid", color: INK },
    stroke: NO_STROKE,
    fillRule,
    subpaths: outlines.map((outline) => ({
      start: { x: outline[0]![0], y: outline[0]![1] },
      segments: outline.slice(1).map(([x, y]) => ({ type: "line" as const, to: { x, y } })),
      closed: true,
    })),
  });
}

function thinFillsDocument(): DocRecord[] {
  const records: DocRecord[] = createDocument({
    id: "thin-fills",
    pageId: "page",
    name: "Thin fills",
    author: "web_user",
    created: "2026-01-01T00:00:00.000Z",
  });
  const frame = makeNode<FrameNode>("frame", "sheet", "page", "a0", {
    width: SHEET.width,
    height: SHEET.height,
    clip: false,
    fill: { type: "solid", color: { r: 1, g: 1, b: 1, a: 1 } },
    stroke: NO_STROKE,
  });
  const sheet: FrameNode = { ...frame, transform: { ...frame.transform, x: SHEET.x, y: SHEET.y } };
  const children: SceneNode[] = [];
  // Hairline to two-pixel bars, slightly slanted so they cross every sub-pixel offset.
  const widths = [0.25, 0.5, 0.75, 1, 1.5, 2];
  widths.forEach((width, i) => {
    children.push(pathOf(`bar-${i}`, "", [bar(10, 12 + i * 10, 130, 18 + i * 10, width)]));
  });
  // Steep bars, the same widths.
  widths.forEach((width, i) => {
    children.push(pathOf(`steep-${i}`, "", [bar(140 + i * 8, 10, 146 + i * 8, 70, width)]));
  });
  // A ring 0.6 units thick (a circle with a hole) and a thicker one.
  children.push(
    pathOf("ring", "", [circle(230, 40, 28, false), circle(230, 40, 27.4, true)], "evenodd"),
  );
  children.push(
    pathOf("ring-2", "", [circle(230, 40, 18, false), circle(230, 40, 16.8, true)], "evenodd"),
  );
  // Outlined line art: zigzags 0.8 and 1.2 units thick.
  children.push(pathOf("zigzag", "", [zigzag(10, 80, 0.8)]));
  children.push(pathOf("zigzag-2", "", [zigzag(120, 80, 1.2)]));
  // Tiles one unit apart, as paths (earcut fills with rims) and as rectangles (analytic quads):
  // the white seams between them must stay open.
  const tiles: Points[] = [];
  for (let row = 0; row < 4; row += 1) {
    for (let col = 0; col < 8; col += 1) {
      const x = 10 + col * 9;
      const y = 115 + row * 9;
      tiles.push([
        [x, y],
        [x + 8, y],
        [x + 8, y + 8],
        [x, y + 8],
      ]);
    }
  }
  children.push(pathOf("tiles", "", tiles));
  // Triangles sharing a diagonal seam one unit wide.
  for (let col = 0; col < 5; col += 1) {
    const x = 100 + col * 22;
    children.push(
      pathOf(`tri-${col}`, "", [
        [
          [x, 115],
          [x + 20, 115],
          [x, 150],
        ],
        [
          [x + 20 + 0.4, 115 + 1.15],
          [x + 20 + 0.4, 150 + 0.01],
          [x + 1.15, 150 + 0.01],
        ],
      ]),
    );
  }
  for (let col = 0; col < 8; col += 1) {
    children.push(
      makeNode<RectNode>("rect", `box-${col}`, "sheet", "", {
        width: 10,
        height: 20,
        radii: [0, 0, 0, 0],
        fill: { type: "solid", color: INK },
        stroke: NO_STROKE,
      }),
    );
    const last = children.at(-1)!;
    children[children.length - 1] = {
      ...last,
      transform: { ...last.transform, x: 210 + col * 11, y: 150 },
    };
  }
  const keys = generateNKeysBetween(null, null, children.length);
  records.push(sheet, ...children.map((child, i) => ({ ...child, index: keys[i]! }) as SceneNode));
  return records;
}

test.use({ viewport: { width: 960, height: 600 } });

test.describe("thin fills", () => {
  const shared = sharedApp({ viewport: { width: 960, height: 600 } });

  for (const zoom of ZOOMS) {
    test(`thin fills match Chromium's rendering of the SVG at ${zoom * 100} %`, async () => {
      const page = shared();
      const view = { zoom, x: SCREEN_ORIGIN - SHEET.x * zoom, y: SCREEN_ORIGIN - SHEET.y * zoom };
      await showDocument(page, thinFillsDocument(), view);
      // Past the zoom settle, so the batches are rebuilt for this zoom.
      await page.waitForTimeout(500);
      await hideChrome(page);
      const width = Math.round(SHEET.width * zoom);
      const height = Math.round(SHEET.height * zoom);
      const box = await canvasBox(page);
      const shot = await page.screenshot({
        clip: { x: box.x + SCREEN_ORIGIN, y: box.y + SCREEN_ORIGIN, width, height },
      });
      const result = await page.evaluate(
        async ({ base64, width, height, tolerance }) => {
          const exported = window.linework!.exports.svg({ scope: { page: "page" } });
          const load = async (src: string): Promise<HTMLImageElement> => {
            const image = new Image();
            image.src = src;
            await image.decode();
            return image;
          };
          const pixels = (image: HTMLImageElement): Uint8ClampedArray => {
            const canvas = document.createElement("canvas");
            canvas.width = width;
            canvas.height = height;
            const context = canvas.getContext("2d")!;
            context.fillStyle = "#fff";
            context.fillRect(0, 0, width, height);
            context.drawImage(image, 0, 0, width, height);
            return context.getImageData(0, 0, width, height).data;
          };
          const svg = exported.svg.replace(
            /<svg([^>]*?) width="[^"]*" height="[^"]*"/,
            `<svg$1 width="${width}" height="${height}"`,
          );
          const chromium = pixels(
            await load(`data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`),
          );
          const canvas = pixels(await load(`data:image/png;base64,${base64}`));
          let differing = 0;
          let chromiumInk = 0;
          let canvasInk = 0;
          for (let i = 0; i < chromium.length; i += 4) {
            const off = Math.max(
              Math.abs(chromium[i]! - canvas[i]!),
              Math.abs(chromium[i + 1]! - canvas[i + 1]!),
              Math.abs(chromium[i + 2]! - canvas[i + 2]!),
            );
            if (off > tolerance) differing += 1;
            chromiumInk += 255 - chromium[i]!;
            canvasInk += 255 - canvas[i]!;
          }
          return {
            differing,
            total: chromium.length / 4,
            inkRatio: canvasInk / chromiumInk,
            bounds: exported.bounds,
          };
        },
        { base64: shot.toString("base64"), width, height, tolerance: CHANNEL_TOLERANCE },
      );
      expect(result.bounds).toEqual({
        minX: SHEET.x,
        minY: SHEET.y,
        maxX: SHEET.x + SHEET.width,
        maxY: SHEET.y + SHEET.height,
      });
      const ratio = result.differing / result.total;
      test.info().annotations.push({
        type: "thin fills",
        description: `zoom ${zoom}: differing ${(ratio * 100).toFixed(3)} %, ink ${result.inkRatio.toFixed(3)}× Chromium's`,
      });
      const limit = LIMITS[zoom]!;
      expect(Math.abs(result.inkRatio - 1)).toBeLessThan(limit.ink);
      expect(ratio).toBeLessThanOrEqual(limit.differing);
    });
  }
});
