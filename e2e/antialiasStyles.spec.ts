import { expect, test, type Page } from "@playwright/test";
import { createDocument, DEFAULT_STROKE, NO_FILL, NO_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type {
  DocRecord,
  EllipseNode,
  FrameNode,
  FreehandNode,
  LinearGradientPaint,
  LineNode,
  RectNode,
  RGBA,
} from "../src/doc/types";
import { BACKGROUND_RGB, canvasBox, hideChrome, openApp, waitTicks, showDocument } from "./support";

/**
 * The styles the batch cannot draw alone (gradient fills and strokes, blend modes, frame
 * backgrounds) and the ones it now draws (arrowheads, freehand ink), checked pixel by pixel
 * without multisampling: their edges must hold intermediate colours, their insides the right ones.
 */

const RED: RGBA = { r: 1, g: 0, b: 0, a: 1 };
const BLUE: RGBA = { r: 0, g: 0, b: 1, a: 1 };
const INK: RGBA = { r: 0.1, g: 0.1, b: 0.15, a: 1 };

function redToBlue(width: number, y: number): LinearGradientPaint {
  return {
    type: "linear",
    from: { x: 0, y },
    to: { x: width, y },
    stops: [
      { offset: 0, color: RED },
      { offset: 1, color: BLUE },
    ],
  };
}

function at<T extends { transform: RectNode["transform"] }>(node: T, x: number, y: number): T {
  return { ...node, transform: { ...node.transform, x, y } };
}

/** Shapes on the page itself, at zoom 1 each world unit is a canvas pixel. */
function stylesDocument(): DocRecord[] {
  const records = createDocument({
    id: "styles",
    pageId: "page",
    name: "Styles",
    author: "web_user",
    created: "2026-01-01T00:00:00.000Z",
  });
  const gradientEllipse = makeNode<EllipseNode>("ellipse", "filled", "page", "a0", {
    width: 200,
    height: 120,
    fill: redToBlue(200, 60),
    stroke: NO_STROKE,
  });
  const gradientRing = makeNode<EllipseNode>("ellipse", "ring", "page", "a1", {
    width: 200,
    height: 120,
    fill: NO_FILL,
    stroke: { ...DEFAULT_STROKE, width: 12, paint: redToBlue(200, 60) },
  });
  const cyan = makeNode<RectNode>("rect", "cyan", "page", "a2", {
    width: 100,
    height: 200,
    radii: [0, 0, 0, 0],
    fill: { type: "solid", color: { r: 0, g: 1, b: 1, a: 1 } },
    stroke: NO_STROKE,
  });
  const multiplied = makeNode<RectNode>("rect", "multiplied", "page", "a3", {
    width: 160,
    height: 100,
    radii: [0, 0, 0, 0],
    fill: { type: "solid", color: { r: 1, g: 1, b: 0, a: 1 } },
    stroke: NO_STROKE,
    blendMode: "multiply",
  });
  const arrow = makeNode<LineNode>("line", "arrow", "page", "a4", {
    start: { x: 50, y: 300 },
    end: { x: 400, y: 300 },
    startHead: "none",
    endHead: "triangle",
    fill: NO_FILL,
    stroke: { ...DEFAULT_STROKE, width: 8, paint: { type: "solid", color: INK } },
  });
  const points: number[] = [];
  for (let i = 0; i <= 80; i += 1) points.push(50 + i * 5, 450, 0.1 + (0.9 * i) / 80);
  const ink = makeNode<FreehandNode>("freehand", "ink", "page", "a5", {
    points,
    settings: {
      size: 24,
      thinning: 0.7,
      smoothing: 0.5,
      streamline: 0.5,
      simulatePressure: false,
      fixedWidth: false,
    },
    fill: NO_FILL,
    stroke: { ...DEFAULT_STROKE, paint: { type: "solid", color: INK } },
  });
  // Focal point 40 left of the centre: offsets grow twice as fast to its left as to its right.
  const radial = makeNode<EllipseNode>("ellipse", "radial", "page", "a6", {
    width: 200,
    height: 200,
    fill: {
      type: "radial",
      center: { x: 100, y: 100 },
      radius: 100,
      focal: { x: 60, y: 100 },
      stops: [
        { offset: 0, color: RED },
        { offset: 1, color: BLUE },
      ],
    },
    stroke: NO_STROKE,
  });
  const frame = makeNode<FrameNode>("frame", "frame", "page", "a7", {
    width: 120,
    height: 80,
    clip: false,
    fill: redToBlue(120, 40),
    stroke: NO_STROKE,
  });
  // White over cyan with "difference" gives red; only a filter over the backdrop can do it.
  const differenced = makeNode<RectNode>("rect", "differenced", "page", "a8", {
    width: 25,
    height: 30,
    radii: [0, 0, 0, 0],
    fill: { type: "solid", color: { r: 1, g: 1, b: 1, a: 1 } },
    stroke: NO_STROKE,
    blendMode: "difference",
  });
  // Red in "hue" over a greyish blue keeps the blue's saturation and luminosity: (164, 62, 62);
  // "color" (what hue used to be drawn as) would give (255, 23, 23).
  const muted = makeNode<RectNode>("rect", "muted", "page", "a9", {
    width: 80,
    height: 60,
    radii: [0, 0, 0, 0],
    fill: { type: "solid", color: { r: 0.2, g: 0.4, b: 0.6, a: 1 } },
    stroke: NO_STROKE,
  });
  const hued = makeNode<RectNode>("rect", "hued", "page", "b0", {
    width: 40,
    height: 40,
    radii: [0, 0, 0, 0],
    fill: { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } },
    stroke: NO_STROKE,
    blendMode: "hue",
  });
  return [
    ...records,
    at(muted, 900, 500),
    at(hued, 910, 510),
    at(differenced, 710, 30),
    { ...frame, transform: { ...frame.transform, x: 100, y: 520, rotation: 0.3 } },
    at(radial, 600, 280),
    at(gradientEllipse, 50, 50),
    at(gradientRing, 300, 50),
    at(cyan, 640, 20),
    {
      ...at(multiplied, 600, 80),
      transform: { ...multiplied.transform, x: 600, y: 80, rotation: 0.35 },
    },
    arrow,
    ink,
  ];
}

type Pixels = (x: number, y: number) => number[];

/** One screenshot of the canvas, read back as RGB by canvas coordinates. */
async function grabCanvas(page: Page): Promise<Pixels> {
  const box = await canvasBox(page);
  const png = await page.screenshot({
    clip: { x: box.x, y: box.y, width: box.width, height: box.height },
  });
  // The raw bytes travel as base64: as a JSON array of numbers they would take seconds.
  const { width, raw } = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let binary = "";
    for (let i = 0; i < pixels.length; i += 0x8000)
      binary += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
    return { width: image.width, raw: btoa(binary) };
  }, png.toString("base64"));
  const data = Buffer.from(raw, "base64");
  return (x, y) => {
    const o = (Math.round(y) * width + Math.round(x)) * 4;
    return [data[o]!, data[o + 1]!, data[o + 2]!];
  };
}

function difference(a: readonly number[], b: readonly number[]): number {
  return Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!);
}

/**
 * Whether walking the column `x` from `inside` to `outside` (y values) crosses the edge through
 * at least one pixel that is neither the inside's colour nor the outside's: coverage, not a
 * jagged step.
 */
function softColumn(pixels: Pixels, x: number, inside: number, outside: number): boolean {
  const first = pixels(x, inside);
  const last = pixels(x, outside);
  const step = outside > inside ? 1 : -1;
  for (let y = inside; y !== outside; y += step) {
    const p = pixels(x, y);
    if (difference(p, first) > 30 && difference(p, last) > 30) return true;
  }
  return false;
}

/** How many of the columns cross their edge softly. */
function softColumns(pixels: Pixels, xs: number[], edge: (x: number) => [number, number]): number {
  return xs.filter((x) => softColumn(pixels, x, ...edge(x))).length;
}

/** The top edge of an ellipse (left, top, width, height) above column x, in canvas pixels. */
function ellipseTop(x: number, left: number, top: number, w: number, h: number): number {
  const u = (x - left - w / 2) / (w / 2);
  return top + h / 2 - (h / 2) * Math.sqrt(Math.max(0, 1 - u * u));
}

const range = (from: number, to: number, by = 1) =>
  Array.from({ length: Math.floor((to - from) / by) + 1 }, (_, i) => from + i * by);

test.describe("anti-aliased styles", () => {
  // One page draws every case; each test reads its part of one screenshot.
  test.describe.configure({ mode: "serial" });
  let pixels: Pixels;

  test.beforeAll(async ({ browser }, testInfo) => {
    const { baseURL, viewport } = testInfo.project.use;
    const page = await browser.newPage({ baseURL, viewport });
    await openApp(page);
    await showDocument(page, stylesDocument());
    await hideChrome(page);
    await waitTicks(page, 3);
    await page.waitForTimeout(200);
    pixels = await grabCanvas(page);
    await page.close();
  });

  test("a gradient-filled ellipse: red at its start, blue at its end, soft edges", () => {
    const left = pixels(60, 110);
    const right = pixels(240, 110);
    expect(left[0]).toBeGreaterThan(220);
    expect(left[2]).toBeLessThan(40);
    expect(right[2]).toBeGreaterThan(220);
    expect(right[0]).toBeLessThan(40);
    // Halfway along: an even mix.
    const middle = pixels(150, 110);
    expect(Math.abs(middle[0]! - middle[2]!)).toBeLessThan(30);
    const columns = range(60, 240, 6);
    const soft = softColumns(pixels, columns, (x) => {
      const edge = ellipseTop(x, 50, 50, 200, 120);
      return [Math.ceil(edge) + 3, Math.floor(edge) - 3];
    });
    expect(soft).toBeGreaterThan(columns.length * 0.6);
  });

  test("a radial gradient with a focal point: red at the focus, halfway at half of each ray", () => {
    const local = (x: number) => pixels(600 + x, 380);
    const focus = local(60);
    expect(focus[0]).toBeGreaterThan(240);
    expect(focus[2]).toBeLessThan(15);
    // Offset ½ lies 30 left of the focus (its ray meets the circle after 60) and 70 right (140).
    const left = local(30);
    const right = local(130);
    expect(difference(left, right)).toBeLessThan(24);
    expect(Math.abs(left[0]! - left[2]!)).toBeLessThan(40);
    // A gradient centred on the circle would colour the mirror point alike; this one does not.
    expect(difference(local(30), local(170))).toBeGreaterThan(120);
    expect(local(196)[2]).toBeGreaterThan(220);
  });

  test("a gradient stroke: the ring runs red to blue and its edges are soft", () => {
    const left = pixels(300, 110);
    const right = pixels(500, 110);
    expect(left[0]).toBeGreaterThan(200);
    expect(left[2]).toBeLessThan(60);
    expect(right[2]).toBeGreaterThan(200);
    expect(right[0]).toBeLessThan(60);
    // Hollow: the page shows through the middle.
    expect(pixels(400, 110)).toEqual(BACKGROUND_RGB);
    const columns = range(320, 480, 8);
    const outer = softColumns(pixels, columns, (x) => {
      const edge = ellipseTop(x, 300, 50, 200, 120);
      return [Math.round(edge), Math.floor(edge) - 10];
    });
    expect(outer).toBeGreaterThan(columns.length * 0.6);
  });

  test("a frame's gradient background: red to blue along the turned frame, soft edges", () => {
    // Local (10, 40) and (110, 40), turned 0.3 rad about the frame's corner at (100, 520).
    const start = pixels(98, 561);
    const end = pixels(193, 591);
    expect(start[0]).toBeGreaterThan(200);
    expect(start[2]).toBeLessThan(60);
    expect(end[2]).toBeGreaterThan(200);
    expect(end[0]).toBeLessThan(60);
    const slope = Math.tan(0.3);
    const columns = range(105, 205, 5);
    const soft = softColumns(pixels, columns, (x) => {
      const edge = 520 + (x - 100) * slope;
      return [Math.ceil(edge) + 4, Math.floor(edge) - 4];
    });
    expect(soft).toBeGreaterThan(columns.length * 0.6);
  });

  test("a multiply-blended rectangle darkens what is under it, with soft edges", () => {
    // Yellow times cyan is green; yellow times the page is the page's yellow part.
    const overlap = pixels(690, 150);
    expect(overlap[0]).toBeLessThan(20);
    expect(overlap[1]).toBeGreaterThan(235);
    expect(overlap[2]).toBeLessThan(20);
    // The rectangle turns by 0.35 rad about its corner at (600, 80): its top edge climbs
    // tan(0.35) ≈ 0.365 per pixel to the right.
    const slope = Math.tan(0.35);
    const columns = range(605, 635, 2);
    const soft = softColumns(pixels, columns, (x) => {
      const edge = 80 + (x - 600) * slope;
      return [Math.ceil(edge) + 4, Math.floor(edge) - 4];
    });
    expect(soft).toBeGreaterThan(columns.length * 0.6);
    const inside = pixels(610, 100);
    expect(difference(inside, [BACKGROUND_RGB[0]!, BACKGROUND_RGB[1]!, 0])).toBeLessThan(6);
  });

  test("a difference-blended rectangle subtracts from what is under it", () => {
    // Drawn through a filter over a copy of the backdrop, which needs the back buffer on.
    expect(difference(pixels(722, 45), [255, 0, 0])).toBeLessThan(12);
  });

  test("a hue-blended rectangle takes its hue only", () => {
    expect(difference(pixels(930, 530), [164, 62, 62])).toBeLessThan(12);
  });

  test("an arrowhead is filled in the line's colour with soft sides", () => {
    const ink = [Math.round(0.1 * 255), Math.round(0.1 * 255), Math.round(0.15 * 255)];
    expect(difference(pixels(382, 294), ink)).toBeLessThan(12);
    // The triangle's sides spread π/7 from the line: half-height (400 − x)·tan(π/7).
    const spread = Math.tan(Math.PI / 7);
    const columns = range(379, 390);
    const soft = softColumns(pixels, columns, (x) => {
      const edge = 300 - (400 - x) * spread;
      return [Math.ceil(edge) + 1, Math.floor(edge) - 3];
    });
    expect(soft).toBeGreaterThan(columns.length * 0.6);
  });

  test("freehand ink is the stroke's colour, soft-edged and wider where pressure is higher", () => {
    const ink = [Math.round(0.1 * 255), Math.round(0.1 * 255), Math.round(0.15 * 255)];
    expect(difference(pixels(400, 450), ink)).toBeLessThan(12);
    const height = (x: number) =>
      range(420, 480).filter((y) => difference(pixels(x, y), BACKGROUND_RGB) > 200).length;
    const thin = height(100);
    const thick = height(400);
    expect(thin).toBeGreaterThan(0);
    expect(thick).toBeGreaterThan(thin * 1.5);
    // Its outline is a smooth curve, so its edges cross pixels partly along the stroke.
    const columns = range(80, 420, 10);
    const soft = columns.filter((x) => softColumn(pixels, x, 450, 420)).length;
    expect(soft).toBeGreaterThan(columns.length * 0.6);
  });
});
