import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  canvasBox,
  hideChrome,
  screenshotPixels,
  sharedFreshApp,
  waitForRestingView,
} from "./support";

// Issue 16, item 5: Excalidraw scenes drawn by Linework as Excalidraw draws them. Each fixture in
// e2e/fixtures/excalidraw (and the unit tests' two Excalidraw files) is imported, shown at 100 %
// with the point Excalidraw's export puts at its top-left corner at the canvas's corner, and
// compared with Chromium's drawing of the SVG Excalidraw 0.18's own `exportToSvg` wrote for it
// (made once by scripts/excalidraw-references.ts, kept as data).
//
// The metric, as sketchy outlines (roughness above 0), hatching drawn by rough.js and fonts
// Linework does not ship cannot match pixel for pixel:
//   - colour: the mean difference per channel (0–255) of the two drawings averaged over 8 × 8
//     pixel blocks (a blur that forgives a line a pixel or two off, not a missing or wrong-coloured
//     shape);
//   - ink: the share of each drawing's ink (pixels darker than white by more than 60 over the
//     three channels) with ink of the other within 3 pixels, both ways (Excalidraw's ink that
//     Linework draws, and Linework's that Excalidraw draws).
// The limits are the values measured when the references were made, with a margin; the scenes
// where fonts or sketchiness differ by design have looser ones (see LIMITS).

const FIXTURES = new URL("./fixtures/excalidraw/", import.meta.url);
const UNIT_FIXTURES = new URL("../tests/fixtures/excalidraw/", import.meta.url);

interface Reference {
  /** The scene's point at the SVG's top-left corner. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const REFERENCES = (
  JSON.parse(readFileSync(fileURLToPath(new URL("references.json", FIXTURES)), "utf8")) as {
    scenes: Record<string, Reference>;
  }
).scenes;

/**
 * Per scene: the most mean colour difference allowed, and the least share of ink matched each
 * way. When the references were made these measured (colour; Excalidraw's ink drawn by Linework;
 * Linework's ink where Excalidraw has ink), and before the fixes of issue 16 item 5 (colour;
 * inks), where they differ:
 *   arrowheads    1.75; 94.6 %; 99.0 %
 *   curved        0.91; 92.9 %; 93.9 %   (Linework's curved connector is not rough.js's spline)
 *   elbow         1.53; 98.2 %; 98.9 %
 *   frames        0.44; 98.6 %; 100 %   before 1.1
 *   freedraw      0.29; 100 %; 100 %   before 0.54 (strokes ran on to their last point)
 *   images        0.22; 100 %; 100 %
 *   labels        2.47; 97.5 %; 97.8 %   (Excalidraw's fonts are not Linework's)
 *   legacy        4.93; 96.9 %; 96.0 %   before 29.5 (no hatching, square corners)
 *   scene-0.17    0.60; 99.4 %; 100 %   before 1.4
 *   scene-0.18    1.20; 98.6 %; 99.9 %   before 1.8
 *   shapes-clean  0.83; 99.8 %; 99.9 %
 *   shapes-rough  2.78; 94.5 %; 99.9 %   before 9.1 (hatching drawn solid)
 *   text-fonts    5.34; 89.4 %; 87.9 %   before 8.9; 65 %; 57 % (texts wrapped anew)
 */
const LIMITS: Record<string, { readonly colour: number; readonly ink: number }> = {
  arrowheads: { colour: 2.3, ink: 0.92 },
  curved: { colour: 1.3, ink: 0.9 },
  elbow: { colour: 2, ink: 0.95 },
  frames: { colour: 0.8, ink: 0.96 },
  freedraw: { colour: 0.45, ink: 0.97 },
  images: { colour: 0.5, ink: 0.97 },
  labels: { colour: 3.2, ink: 0.95 },
  legacy: { colour: 6, ink: 0.93 },
  "scene-0.17": { colour: 1.1, ink: 0.96 },
  "scene-0.18": { colour: 1.7, ink: 0.96 },
  "shapes-clean": { colour: 1.2, ink: 0.97 },
  "shapes-rough": { colour: 3.6, ink: 0.92 },
  "text-fonts": { colour: 6.8, ink: 0.85 },
};

interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: Buffer;
}

/** Mean difference per channel of the two drawings' 8 × 8 block averages. */
function blockDifference(a: Pixels, b: Pixels): number {
  const { width, height } = a;
  const size = 8;
  let sum = 0;
  let count = 0;
  for (let by = 0; by < height; by += size) {
    for (let bx = 0; bx < width; bx += size) {
      const mean = [0, 0, 0, 0, 0, 0];
      let n = 0;
      for (let y = by; y < Math.min(height, by + size); y++) {
        for (let x = bx; x < Math.min(width, bx + size); x++) {
          const i = (y * width + x) * 4;
          for (let c = 0; c < 3; c++) {
            mean[c]! += a.data[i + c]!;
            mean[c + 3]! += b.data[i + c]!;
          }
          n++;
        }
      }
      for (let c = 0; c < 3; c++) sum += Math.abs(mean[c]! - mean[c + 3]!) / n;
      count += 3;
    }
  }
  return sum / count;
}

function inkOf(p: Pixels): Uint8Array {
  const ink = new Uint8Array(p.width * p.height);
  for (let i = 0; i < ink.length; i++)
    ink[i] = 765 - p.data[i * 4]! - p.data[i * 4 + 1]! - p.data[i * 4 + 2]! > 60 ? 1 : 0;
  return ink;
}

/** The share of `from`'s ink with ink of `to` within 3 pixels. */
function inkMatched(from: Uint8Array, to: Uint8Array, width: number, height: number): number {
  const offsets: [number, number][] = [];
  for (let dy = -3; dy <= 3; dy++)
    for (let dx = -3; dx <= 3; dx++) if (dx * dx + dy * dy <= 9) offsets.push([dx, dy]);
  let ink = 0;
  let matched = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!from[y * width + x]) continue;
      ink++;
      for (const [dx, dy] of offsets) {
        const X = x + dx;
        const Y = y + dy;
        if (X >= 0 && Y >= 0 && X < width && Y < height && to[Y * width + X]) {
          matched++;
          break;
        }
      }
    }
  }
  return ink === 0 ? 1 : matched / ink;
}

/** Linework's drawing of the scene, from the canvas's corner, the reference's size. */
async function lineworkDrawing(page: Page, name: string, ref: Reference): Promise<Pixels> {
  const file = new URL(`${name}.excalidraw`, name.startsWith("scene-") ? UNIT_FIXTURES : FIXTURES);
  const text = readFileSync(fileURLToPath(file), "utf8");
  const error = await page.evaluate(
    async ({ name, text, x, y }) => {
      const lw = window.linework!;
      const store = lw.editor.store;
      store.transact("White page", (tx) => {
        tx.update(lw.current.pageId(), { background: { r: 1, g: 1, b: 1, a: 1 } });
      });
      const outcome = await lw.importFile(`${name}.excalidraw`, text);
      store.setSelection([]);
      lw.current.camera.set({ x: -x, y: -y, zoom: 1 });
      return outcome.ok ? null : outcome.error;
    },
    { name, text, x: ref.x, y: ref.y },
  );
  expect(error).toBeNull();
  await hideChrome(page);
  await waitForRestingView(page);
  const box = await canvasBox(page);
  const width = Math.ceil(ref.width);
  const height = Math.ceil(ref.height);
  expect(box.width).toBeGreaterThanOrEqual(width);
  expect(box.height).toBeGreaterThanOrEqual(height);
  // A resting view has its pictures decoded and drawn.
  return screenshotPixels(page, { x: box.x, y: box.y, width, height });
}

/** Chromium's drawing of Excalidraw's SVG (its fonts embedded), in a page of its own. */
async function excalidrawDrawing(page: Page, name: string, ref: Reference): Promise<Pixels> {
  const svg = readFileSync(fileURLToPath(new URL(`${name}.svg`, FIXTURES)), "utf8");
  const width = Math.ceil(ref.width);
  const height = Math.ceil(ref.height);
  const other = await page.context().browser()!.newPage({ viewport: { width, height } });
  try {
    await other.setContent(`<body style="margin:0;background:#fff">${svg}</body>`);
    // Its fonts loaded, and its pictures decoded (the same data, decoded apart, is decoded), then
    // a frame drawn with them.
    await other.evaluate(async () => {
      await document.fonts.ready;
      const hrefs = [...document.querySelectorAll("image")].map(
        (image) => image.getAttribute("href") ?? image.getAttribute("xlink:href") ?? "",
      );
      await Promise.all(
        hrefs.map((href) => {
          const picture = new Image();
          picture.src = href;
          return picture.decode().catch(() => undefined);
        }),
      );
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    });
    return await screenshotPixels(other, { x: 0, y: 0, width, height });
  } finally {
    await other.close();
  }
}

test.describe("Excalidraw scenes look as Excalidraw's own export draws them", () => {
  const shared = sharedFreshApp({ viewport: { width: 1000, height: 800 } });

  for (const [name, ref] of Object.entries(REFERENCES)) {
    test(`${name}: colour and ink within the limits of Excalidraw's exportToSvg`, async () => {
      const limit = LIMITS[name];
      expect(limit, `no limits for ${name}`).toBeDefined();
      const page = shared();
      const theirs = await excalidrawDrawing(page, name, ref);
      const ours = await lineworkDrawing(page, name, ref);
      const colour = blockDifference(theirs, ours);
      const inkTheirs = inkOf(theirs);
      const inkOurs = inkOf(ours);
      const drawn = inkMatched(inkTheirs, inkOurs, ours.width, ours.height);
      const kept = inkMatched(inkOurs, inkTheirs, ours.width, ours.height);
      const measured = `${name}: colour ${colour.toFixed(2)}, Excalidraw's ink drawn ${(drawn * 100).toFixed(1)} %, Linework's ink in Excalidraw's ${(kept * 100).toFixed(1)} %`;
      test.info().annotations.push({ type: "measured", description: measured });
      expect(colour, measured).toBeLessThanOrEqual(limit!.colour);
      expect(drawn, measured).toBeGreaterThanOrEqual(limit!.ink);
      expect(kept, measured).toBeGreaterThanOrEqual(limit!.ink);
    });
  }
});
