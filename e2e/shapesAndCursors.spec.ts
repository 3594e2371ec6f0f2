import { expect, test, type Page } from "@playwright/test";
import { DEFAULT_STROKE, NO_FILL, NO_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { LineNode, PolygonNode, RectNode, SceneNode, StarNode } from "../src/doc/types";
import { canvasBox, hideChrome, screenPixel, sharedFreshApp } from "./support";

const RED = { r: 1, g: 0, b: 0, a: 1 };
const WHITE = { r: 1, g: 1, b: 1, a: 1 };
/** The overlays' accent, 0x2563eb. */
const ACCENT = [0x25, 0x63, 0xeb];

type Point = { x: number; y: number };

// One app for the file, put back as a fresh start leaves it before each test (resetApp).
const shared = sharedFreshApp();

/** The app with the chrome shown and the camera at 100 % on the page's origin. */
async function open(): Promise<Page> {
  const page = shared();
  await expect(page.getByRole("toolbar", { name: "Tools" })).toBeVisible();
  await page.evaluate(() => window.linework!.current.camera.set({ x: 0, y: 0, zoom: 1 }));
  return page;
}

/** Adds a node at (x, y) on the first page, as a tool would, and selects it. */
async function add(page: Page, node: SceneNode, x: number, y: number): Promise<void> {
  const placed = { ...node, transform: { ...node.transform, x, y } };
  await page.evaluate((record) => {
    const store = window.linework!.editor.store;
    const parent = store.pages()[0]!.id;
    store.transact("Add", (tx) => {
      tx.put({ ...record, parent } as never);
      tx.select([record.id]);
    });
  }, placed);
}

function node<T extends SceneNode>(page: Page, id: string): Promise<T> {
  return page.evaluate((key) => window.linework!.editor.store.get(key) as unknown as T, id);
}

function undoDepth(page: Page): Promise<number> {
  return page.evaluate(() => window.linework!.editor.history.depth.undo);
}

/** The colour at a canvas point (CSS pixels from the canvas's corner), from a real screenshot. */
async function pixel(page: Page, at: Point): Promise<number[]> {
  const box = await canvasBox(page);
  return screenPixel(page, Math.round(box.x + at.x), Math.round(box.y + at.y));
}

const isRed = (c: number[]): boolean => c[0]! > 200 && c[1]! < 80 && c[2]! < 80;

/** A point `r` from `centre` at `degrees` (0 = right, clockwise on screen). */
function polar(centre: Point, r: number, degrees: number): Point {
  const a = (degrees * Math.PI) / 180;
  return { x: centre.x + Math.cos(a) * r, y: centre.y + Math.sin(a) * r };
}

/** Pixels of a canvas area, as [r, g, b] per pixel row by row, from a real screenshot. */
async function area(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
): Promise<number[][]> {
  const box = await canvasBox(page);
  const png = await page.screenshot({
    clip: { x: box.x + clip.x, y: box.y + clip.y, width: clip.width, height: clip.height },
  });
  return page.evaluate(
    async ({ base64, width, height }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0, width, height);
      const data = context.getImageData(0, 0, width, height).data;
      const out: number[][] = [];
      for (let i = 0; i < data.length; i += 4) out.push([data[i]!, data[i + 1]!, data[i + 2]!]);
      return out;
    },
    { base64: png.toString("base64"), width: clip.width, height: clip.height },
  );
}

function polygon(id: string, sides: number): PolygonNode {
  return makeNode<PolygonNode>("polygon", id, "", "a0", {
    fill: { type: "solid", color: RED },
    stroke: NO_STROKE,
    width: 200,
    height: 200,
    sides,
  });
}

function rect(id: string, fill = RED): RectNode {
  return makeNode<RectNode>("rect", id, "", "a0", {
    fill: { type: "solid", color: fill },
    stroke: NO_STROKE,
    width: 200,
    height: 100,
    radii: [0, 0, 0, 0],
  });
}

/**
 * A star of `tips` tips centred on `centre` with outer radius `r`: red at 70 % of the radius
 * towards a tip, the page between two tips, where a polygon would be filled.
 */
async function expectStarOnCanvas(
  page: Page,
  centre: Point,
  r: number,
  tips: number,
): Promise<void> {
  await page.evaluate(() => window.linework!.editor.store.setSelection([]));
  await hideChrome(page);
  const tip = polar(centre, r * 0.7, -90);
  const notch = polar(centre, r * 0.7, -90 + 180 / tips);
  await expect.poll(async () => isRed(await pixel(page, tip))).toBe(true);
  expect(isRed(await pixel(page, notch))).toBe(false);
}

/** The star's vertex count in the exported SVG's <polygon>. */
async function exportedVertices(page: Page): Promise<number> {
  const svg = await page.evaluate(() => {
    const page = window.linework!.editor.store.pages()[0]!.id;
    return window.linework!.exports.svg({ scope: { page } }).svg;
  });
  const match = /<polygon[^>]* points="([^"]+)"/.exec(svg);
  expect(match).not.toBeNull();
  return match![1]!.trim().split(/[\s,]+/).length / 2;
}

test.describe("stars", () => {
  test("a polygon becomes a star through the properties panel: Star, Points, Inner radius", async () => {
    const page = await open();
    await add(page, polygon("poly", 5), 300, 200);
    const panel = page.getByRole("region", { name: "Properties" }).first();
    const star = panel.getByRole("checkbox", { name: "Star", exact: true });
    await expect(star).not.toBeChecked();
    await star.check();
    await expect.poll(async () => (await node<StarNode>(page, "poly")).type).toBe("star");
    const points = panel.getByLabel("Points", { exact: true });
    await points.fill("6");
    await points.press("Enter");
    await expect.poll(async () => (await node<StarNode>(page, "poly")).points).toBe(6);
    const inner = panel.getByLabel("Inner radius", { exact: true });
    await inner.fill("40");
    await inner.press("Enter");
    await expect.poll(async () => (await node<StarNode>(page, "poly")).innerRatio).toBe(0.4);
    expect(await node<StarNode>(page, "poly")).toMatchObject({ type: "star", width: 200 });

    await expectStarOnCanvas(page, { x: 400, y: 300 }, 100, 6);
    expect(await exportedVertices(page)).toBe(12);
  });

  test("the command line makes the selection a star and draws new ones", async () => {
    const page = await open();
    await add(page, polygon("poly", 5), 300, 200);
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+KeyK");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    const input = palette.getByRole("combobox");
    await input.fill("star 7 0.4");
    await input.press("Enter");
    await expect(palette).toHaveCount(0);
    expect(await node<StarNode>(page, "poly")).toMatchObject({
      type: "star",
      points: 7,
      innerRatio: 0.4,
    });
    // The palette's Toggle star turns it back.
    await page.keyboard.press("Control+KeyK");
    await input.fill("Toggle star");
    await input.press("Enter");
    await expect.poll(async () => (await node<PolygonNode>(page, "poly")).type).toBe("polygon");

    await page.evaluate(() => {
      const store = window.linework!.editor.store;
      store.transact("Clear", (tx) => {
        tx.remove("poly");
        tx.select([]);
      });
      window.linework!.tools.update({ fill: { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } } });
    });
    await page.keyboard.press("Control+KeyK");
    await input.fill("star 400 300 100 5");
    await input.press("Enter");
    await expect(palette).toHaveCount(0);
    const made = await page.evaluate(() => {
      const store = window.linework!.editor.store;
      return store.get(store.selection[0]!) as unknown as StarNode;
    });
    expect(made).toMatchObject({ type: "star", points: 5, width: 200, height: 200 });
    await expectStarOnCanvas(page, { x: 400, y: 300 }, 100, 5);
    expect(await exportedVertices(page)).toBe(10);
  });
});

/** The selection frame on the canvas, as drawn: nw, ne, se, sw. */
async function frame(page: Page): Promise<[Point, Point, Point, Point]> {
  const quad = await page.evaluate(() => window.linework!.current.overlays.selectionFrame);
  expect(quad).not.toBeNull();
  return quad as unknown as [Point, Point, Point, Point];
}

function handlePoints(q: [Point, Point, Point, Point]): Record<string, Point> {
  const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  return {
    nw: q[0],
    ne: q[1],
    se: q[2],
    sw: q[3],
    n: mid(q[0], q[1]),
    e: mid(q[1], q[2]),
    s: mid(q[2], q[3]),
    w: mid(q[3], q[0]),
  };
}

/** Just outside a corner, along the diagonal from the frame's centre: its rotation zone. */
function rotationZone(q: [Point, Point, Point, Point], corner: 0 | 1 | 2 | 3): Point {
  const centre = { x: (q[0].x + q[2].x) / 2, y: (q[0].y + q[2].y) / 2 };
  const c = q[corner];
  const d = Math.hypot(c.x - centre.x, c.y - centre.y);
  return { x: c.x + ((c.x - centre.x) / d) * 12, y: c.y + ((c.y - centre.y) / d) * 12 };
}

async function hover(page: Page, at: Point): Promise<void> {
  const box = await canvasBox(page);
  await page.mouse.move(box.x + at.x, box.y + at.y);
}

function canvasCursor(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(window.linework!.engine.shell.canvas).cursor);
}

test.describe("cursors", () => {
  const UPRIGHT: Record<string, string> = {
    nw: "nwse-resize",
    se: "nwse-resize",
    ne: "nesw-resize",
    sw: "nesw-resize",
    n: "ns-resize",
    s: "ns-resize",
    e: "ew-resize",
    w: "ew-resize",
  };
  const TURNED_45: Record<string, string> = {
    nw: "ns-resize",
    se: "ns-resize",
    ne: "ew-resize",
    sw: "ew-resize",
    n: "nesw-resize",
    s: "nesw-resize",
    e: "nwse-resize",
    w: "nwse-resize",
  };

  test("each handle, the rotation zones and shapes show their cursor, turned with the selection", async () => {
    const page = await open();
    await add(page, rect("r"), 300, 250);
    await hideChrome(page);

    await hover(page, { x: 400, y: 300 });
    await expect.poll(() => canvasCursor(page)).toBe("move");
    await hover(page, { x: 150, y: 600 });
    await expect.poll(() => canvasCursor(page)).toBe("default");

    for (const [turn, expected] of [
      [0, UPRIGHT],
      [45, TURNED_45],
    ] as const) {
      if (turn !== 0) {
        // Turned about its centre, so it stays clear of the corner of the canvas used above.
        await page.evaluate(
          (radians) => {
            const store = window.linework!.editor.store;
            const r = store.get("r") as unknown as { transform: { x: number; y: number } };
            store.transact("Rotate", (tx) => {
              const cos = Math.cos(radians);
              const sin = Math.sin(radians);
              const x = 400 - (100 * cos - 50 * sin);
              const y = 300 - (100 * sin + 50 * cos);
              tx.put({ ...r, transform: { ...r.transform, x, y, rotation: radians } } as never);
            });
          },
          (turn * Math.PI) / 180,
        );
        await expect
          .poll(async () => {
            const q = await frame(page);
            return Math.round((Math.atan2(q[1].y - q[0].y, q[1].x - q[0].x) * 180) / Math.PI);
          })
          .toBe(turn);
      }
      const handles = handlePoints(await frame(page));
      for (const [name, at] of Object.entries(handles)) {
        await hover(page, at);
        await expect
          .poll(() => canvasCursor(page), { message: `${turn}° ${name}` })
          .toBe(expected[name]);
      }
      const q = await frame(page);
      for (const corner of [0, 1, 2, 3] as const) {
        await hover(page, rotationZone(q, corner));
        await expect
          .poll(() => canvasCursor(page), { message: `${turn}° rotate ${corner}` })
          .toMatch(/^url\("data:image\/svg\+xml,.*"\) 12 12, crosshair$/);
      }
      await hover(page, { x: (q[0].x + q[2].x) / 2, y: (q[0].y + q[2].y) / 2 });
      await expect.poll(() => canvasCursor(page)).toBe("move");
    }
  });

  test("hovering a rotation zone shows a curved arrow at that corner", async () => {
    const page = await open();
    await add(page, rect("r", WHITE), 300, 250);
    await hideChrome(page);
    const q = await frame(page);
    const se = q[2];
    const clip = { x: Math.round(se.x - 4), y: Math.round(se.y - 4), width: 26, height: 26 };
    const accent = (pixels: number[][]): number =>
      pixels.filter((c) => c.every((v, i) => Math.abs(v - ACCENT[i]!) < 60)).length;

    await hover(page, { x: 150, y: 600 });
    expect(await page.evaluate(() => window.linework!.current.overlays.rotateHint)).toBeNull();
    const before = accent(await area(page, clip));
    await hover(page, rotationZone(q, 2));
    await expect
      .poll(() => page.evaluate(() => window.linework!.current.overlays.rotateHint))
      .toBe("rotate-se");
    await expect.poll(async () => accent(await area(page, clip))).toBeGreaterThan(before + 15);
    // Leaving the zone takes it away again.
    await hover(page, { x: 400, y: 300 });
    await expect.poll(async () => accent(await area(page, clip))).toBeLessThan(before + 5);
  });
});

test("a new gradient runs from the shape's fill to a clearly different colour", async () => {
  const page = await open();
  await add(page, rect("r", WHITE), 300, 250);
  const panel = page.getByRole("region", { name: "Properties" }).first();
  await panel.getByLabel("Fill type").selectOption({ label: "Linear gradient" });
  await expect.poll(async () => (await node<RectNode>(page, "r")).fill.type).toBe("linear");
  const fill = (await node<RectNode>(page, "r")).fill;
  if (fill.type !== "linear") throw new Error("no gradient");
  const [first, last] = [fill.stops[0]!.color, fill.stops.at(-1)!.color];
  expect(first).toEqual(WHITE);
  expect(
    Math.max(...(["r", "g", "b"] as const).map((k) => Math.abs(first[k] - last[k]))),
  ).toBeGreaterThan(0.35);
  expect(last.a).toBe(1);
  // On the canvas the right end is clearly darker than the left end.
  await page.evaluate(() => window.linework!.editor.store.setSelection([]));
  await hideChrome(page);
  await expect.poll(async () => (await pixel(page, { x: 305, y: 300 }))[0]).toBeGreaterThan(235);
  expect((await pixel(page, { x: 495, y: 300 }))[0]).toBeLessThan(140);
});

test("a 2 px arrow has a head 10–16 px long", async () => {
  const page = await open();
  const line = makeNode<LineNode>("line", "arrow", "", "a0", {
    fill: NO_FILL,
    stroke: {
      ...DEFAULT_STROKE,
      width: 2,
      paint: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
    },
    start: { x: 0, y: 0 },
    end: { x: 200, y: 0 },
    startHead: "none",
    endHead: "triangle",
  });
  await add(page, line, 300, 300);
  await page.evaluate(() => window.linework!.editor.store.setSelection([]));
  await hideChrome(page);
  // Dark pixels per column, over the last 40 px of the line.
  const clip = { x: 470, y: 285, width: 40, height: 30 };
  await expect.poll(async () => (await pixel(page, { x: 495, y: 300 }))[0]).toBeLessThan(100);
  const pixels = await area(page, clip);
  const columns = Array.from({ length: clip.width }, (_, x) => {
    let dark = 0;
    for (let y = 0; y < clip.height; y++) if (pixels[y * clip.width + x]![0]! < 128) dark += 1;
    return dark;
  });
  const tip = clip.x + columns.findLastIndex((n) => n > 0);
  // The shaft is 2 px; the head is wider than 4 px from a few pixels behind the tip to its base.
  const head = columns.map((n, x) => (n >= 4 ? clip.x + x : Infinity));
  const base = Math.min(...head);
  expect(tip - base).toBeGreaterThanOrEqual(8);
  expect(tip - base).toBeLessThanOrEqual(16);
  expect(columns[0]).toBeLessThanOrEqual(3);
});

test.describe("edit path", () => {
  test("A on a rectangle converts it to a path in one undo step; only path nodes show", async () => {
    const page = await open();
    await add(page, rect("r"), 300, 250);
    await hideChrome(page);
    const handles = handlePoints(await frame(page));
    // Inside the east handle, which is white on the red shape while Select shows it.
    const inHandle = { x: handles.e!.x - 2, y: handles.e!.y };
    await expect.poll(async () => (await pixel(page, inHandle))[1]).toBeGreaterThan(200);
    const depth = await undoDepth(page);

    await page.locator("canvas").focus();
    await page.keyboard.press("a");
    await expect.poll(async () => (await node<SceneNode>(page, "r")).type).toBe("path");
    expect(await undoDepth(page)).toBe(depth + 1);
    expect(await page.evaluate(() => window.linework!.tools.get().tool)).toBe("path");
    await expect(page.getByTestId("announcer")).toContainText("Converted to a path");
    // No bounding-box handles: drawn or grabbed.
    expect(await page.evaluate(() => window.linework!.current.overlays.handlesShown)).toBe(false);
    expect(
      await page.evaluate((p) => window.linework!.current.overlays.hitHandle(p), handles.e!),
    ).toBeNull();
    await expect.poll(async () => isRed(await pixel(page, inHandle))).toBe(true);

    await page.keyboard.press("Control+z");
    await expect.poll(async () => (await node<SceneNode>(page, "r")).type).toBe("rect");
    expect(await undoDepth(page)).toBe(depth);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.evaluate(() => window.linework!.tools.get().tool)).toBe("select");
    expect(await page.evaluate(() => window.linework!.current.overlays.handlesShown)).toBe(true);
  });
});
