import { expect, test, type Page } from "@playwright/test";
import { createDocument, NO_STROKE } from "../src/doc/factory";
import type { RectNode, RGBA } from "../src/doc/types";
import { PDF_NODES_PER_LAYER } from "../src/io/export/pdf";
import { serializeDocument } from "../src/io/native/format";
import { makeNode } from "../src/shapes/makeNode";
import { galleryDocument, RED_RECT } from "../tests/support/gallery";
import { pixelStats } from "../tests/io/export/images";
import { pdfPixels } from "./pdfPixels";
import { canvasBox, hideChrome, sharedApp } from "./support";

/** Only the drawing is compared: the chrome over it changes for its own reasons. */
/** The gallery page's exported area: its clipping frame. */
const VIEW = { x: 20, y: 20, width: 900, height: 520 };

/**
 * Tolerance of the SVG-against-canvas comparison: a pixel differs when one of its channels is off
 * by more than 64 of 255; at most 0.5 % of the 900 × 520 pixels may differ (measured: 0.16 % since fills' rims
 * straddle their outlines, 0.20 % before). Edges anti-aliased
 * differently by Skia and WebGL (SwiftShader) and the freehand stroke (the canvas strokes the
 * raw points, the export fills the pressure outline) stay well below; a missing, moved or
 * recoloured shape (the red rectangle alone is 5 %) does not.
 */
const CHANNEL_TOLERANCE = 64;
const MAX_DIFFERING = 0.005;

const VIEWPORT = { width: 960, height: 600 };

/** Opens the gallery as a document of its own. */
async function openGallery(page: Page): Promise<void> {
  const result = await page.evaluate(
    (text) => window.linework!.importDocument(text),
    serializeDocument(galleryDocument()),
  );
  expect(result.ok).toBe(true);
}

test.describe("export", () => {
  // Each test opens the gallery afresh, in one app started for them all.
  const shared = sharedApp({ viewport: VIEWPORT });

  test("Chromium's rendering of the exported SVG matches the canvas", async () => {
    const page = shared();
    await openGallery(page);
    await page.evaluate(() => {
      window.linework!.current.camera.set({ zoom: 1, x: 0, y: 0 });
      window.linework!.engine.invalidate();
    });
    await page.waitForTimeout(300);
    await hideChrome(page);
    const box = await canvasBox(page);
    const shot = await page.screenshot({
      clip: { x: box.x + VIEW.x, y: box.y + VIEW.y, width: VIEW.width, height: VIEW.height },
    });
    const result = await page.evaluate(
      async ({ base64, tolerance }) => {
        const exported = window.linework!.exports.svg({
          scope: { page: "page" },
          background: true,
        });
        const load = async (src: string): Promise<HTMLImageElement> => {
          const image = new Image();
          image.src = src;
          await image.decode();
          return image;
        };
        const pixels = (image: HTMLImageElement): Uint8ClampedArray => {
          const canvas = document.createElement("canvas");
          canvas.width = 900;
          canvas.height = 520;
          const context = canvas.getContext("2d")!;
          context.drawImage(image, 0, 0, 900, 520);
          return context.getImageData(0, 0, 900, 520).data;
        };
        const ours = pixels(
          await load(
            `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(exported.svg)))}`,
          ),
        );
        const screen = pixels(await load(`data:image/png;base64,${base64}`));
        let differing = 0;
        for (let i = 0; i < ours.length; i += 4) {
          const off = Math.max(
            Math.abs(ours[i]! - screen[i]!),
            Math.abs(ours[i + 1]! - screen[i + 1]!),
            Math.abs(ours[i + 2]! - screen[i + 2]!),
          );
          if (off > tolerance) differing += 1;
        }
        return { differing, total: ours.length / 4, viewBox: exported.bounds };
      },
      { base64: shot.toString("base64"), tolerance: CHANNEL_TOLERANCE },
    );
    expect(result.viewBox).toEqual({ minX: 20, minY: 20, maxX: 920, maxY: 540 });
    const ratio = result.differing / result.total;
    test.info().annotations.push({ type: "differing pixels", description: ratio.toFixed(5) });
    expect(ratio).toBeLessThan(MAX_DIFFERING);
  });

  test("PNG export at 2× has twice the size and the gallery's pixels", async () => {
    const page = shared();
    await openGallery(page);
    const result = await page.evaluate(async () => {
      const blob = await window.linework!.exports.png({ scope: { page: "page" }, scale: 2 });
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext("2d")!;
      context.drawImage(bitmap, 0, 0);
      const at = (x: number, y: number) => Array.from(context.getImageData(x, y, 1, 1).data);
      return {
        type: blob.type,
        width: bitmap.width,
        height: bitmap.height,
        // Page point (160, 120) is inside the red rectangle; (880, 500) on the frame's white.
        red: at((160 - 20) * 2, (120 - 20) * 2),
        white: at((880 - 20) * 2, (500 - 20) * 2),
      };
    });
    expect(result.type).toBe("image/png");
    expect([result.width, result.height]).toEqual([1800, 1040]);
    expect(result.red).toEqual([255, 0, 0, 255]);
    expect(result.white).toEqual([255, 255, 255, 255]);
  });

  test("a PNG export beyond 16 Mpx is drawn in strips, reports progress and can be cancelled", async () => {
    test.setTimeout(90_000);
    const page = shared();
    await openGallery(page);
    const result = await page.evaluate(async () => {
      const exports = window.linework!.exports;
      const progress: number[][] = [];
      // 900 × 520 at 6× = 5400 × 3120 = 16.8 Mpx.
      const blob = await exports.png({
        scope: { frame: "frame" },
        scale: 6,
        onProgress: (done, total) => progress.push([done, total]),
      });
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext("2d")!;
      context.drawImage(bitmap, 0, 0);
      const at = (x: number, y: number) => Array.from(context.getImageData(x, y, 1, 1).data);
      const controller = new AbortController();
      let cancelled = "";
      await exports
        .png({
          scope: { frame: "frame" },
          scale: 6,
          signal: controller.signal,
          onProgress: () => controller.abort(),
        })
        .catch((error: unknown) => {
          cancelled = (error as Error).name;
        });
      let tooLarge = "";
      await exports.png({ scope: { page: "page" }, scale: 64 }).catch((error: unknown) => {
        tooLarge = (error as Error).message;
      });
      return {
        width: bitmap.width,
        height: bitmap.height,
        progress,
        // Inside the red rectangle (pixels 240–1440 × 240–1080), on both sides of the first
        // strip boundary (strips are 4 Mpx / 5400 = 776 rows).
        red: [at(840, 600), at(800, 775), at(800, 776)],
        corner: at(5399, 3119),
        cancelled,
        tooLarge,
      };
    });
    expect([result.width, result.height]).toEqual([5400, 3120]);
    expect(result.progress.length).toBeGreaterThan(1);
    expect(result.progress.at(-1)).toEqual([result.progress.length, result.progress.length]);
    for (const pixel of result.red) expect(pixel).toEqual([255, 0, 0, 255]);
    expect(result.corner).toEqual([255, 255, 255, 255]);
    expect(result.cancelled).toBe("AbortError");
    expect(result.tooLarge).toMatch(/larger than this browser can draw/);
  });

  test("PDF export is a valid PDF with the page's text as real text", async () => {
    test.setTimeout(60_000);
    const page = shared();
    await openGallery(page);
    const [base64, twoPages] = await page.evaluate(async () => {
      const exports = window.linework!.exports;
      const encode = (bytes: Uint8Array): string => {
        let binary = "";
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return btoa(binary);
      };
      const one = await exports.pdf({ pages: [{ page: "page" }] });
      const two = await exports.pdf({ pages: [{ page: "page" }, { frame: "frame" }] });
      return [encode(one), atob(encode(two))];
    });
    // One PDF page per page or frame asked for.
    expect(twoPages.match(/\/Type \/Page\b/g)).toHaveLength(2);
    const pdf = Buffer.from(base64, "base64");
    const text = pdf.toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    // Text drawn with a text operator, so it can be selected and searched.
    expect(text).toMatch(/\(Linework gallery\)\s*Tj/);
    // One page, 900 × 520 points.
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(text).toMatch(/\/MediaBox \[0 0 900\.?0* 520\.?0*\]/);

    // poppler draws it: the red rectangle and the other shapes are there.
    const pixels = pdfPixels(pdf);
    expect([pixels.width, pixels.height]).toEqual([900, 520]);
    const stats = pixelStats(pixels, [255, 255, 255]);
    const redShare = (RED_RECT.width * RED_RECT.height) / (900 * 520);
    expect(stats.red).toBeGreaterThan(redShare * 0.85);
    expect(stats.red).toBeLessThan(redShare * 1.1);
    expect(stats.inked).toBeGreaterThan(0.12);
  });

  test("clipboard payloads: SVG as image/svg+xml, inline HTML and text; PNG as image/png", async () => {
    const page = shared();
    await openGallery(page);
    const result = await page.evaluate(async () => {
      const exports = window.linework!.exports;
      const svg = await exports.svgClipboard({ scope: { nodes: ["red"] } });
      const png = await exports.pngClipboard({ scope: { nodes: ["red"] }, scale: 1 });
      const bitmap = await createImageBitmap(png["image/png"]!);
      const backed = await createImageBitmap(
        await exports.png({ scope: { nodes: ["red"] }, background: true }),
      );
      // The top-right pixel lies outside the rectangle's rounded corner.
      const corner = (image: ImageBitmap) => {
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext("2d")!;
        context.drawImage(image, 0, 0);
        return Array.from(context.getImageData(image.width - 1, 0, 1, 1).data);
      };
      return {
        transparent: corner(bitmap),
        background: corner(backed),
        svgTypes: Object.keys(svg).sort(),
        html: await svg["text/html"]!.text(),
        item: typeof ClipboardItem === "function" && new ClipboardItem(svg).types.length > 0,
        png: [bitmap.width, bitmap.height],
      };
    });
    expect(result.svgTypes).toEqual(["image/svg+xml", "text/html", "text/plain"]);
    expect(result.html).toMatch(/^<meta charset="utf-8"><svg [^>]*viewBox="58 58 204 124"/);
    expect(result.item).toBe(true);
    expect(result.png).toEqual([204, 124]);
    expect(result.transparent[3]).toBe(0);
    expect(result.background).toEqual([0xf4, 0xf4, 0xf5, 255]);
  });

  test("a PDF page of many layers has every node, each with its own gradient", async () => {
    test.setTimeout(60_000);
    const page = shared();
    // A 100 × 100 square filled with a gradient of one colour, one in the first layer and one
    // in the third: the same SVG id in each layer would give the second the first's colour.
    const square = (id: string, index: string, x: number, color: RGBA): RectNode => ({
      ...makeNode<RectNode>("rect", id, "page", index, {
        width: 100,
        height: 100,
        radii: [0, 0, 0, 0],
        fill: {
          type: "linear",
          from: { x: 0, y: 0 },
          to: { x: 100, y: 0 },
          stops: [
            { offset: 0, color },
            { offset: 1, color },
          ],
        },
        stroke: NO_STROKE,
      }),
      transform: { x, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
    });
    const dots: RectNode[] = [];
    for (let i = 0; i < PDF_NODES_PER_LAYER * 2; i++)
      dots.push({
        ...makeNode<RectNode>("rect", `dot${i}`, "page", `b${String(i).padStart(4, "0")}`, {
          width: 2,
          height: 2,
          radii: [0, 0, 0, 0],
          fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
          stroke: NO_STROKE,
        }),
        transform: {
          x: (i % 100) * 3,
          y: 120 + Math.floor(i / 100) * 3,
          rotation: 0,
          scaleX: 1,
          scaleY: 1,
          skewX: 0,
        },
      });
    const records = [
      ...createDocument({
        id: "layers",
        pageId: "page",
        author: "test",
        created: "2026-01-01T00:00:00Z",
      }),
      square("red", "a0", 0, { r: 1, g: 0, b: 0, a: 1 }),
      ...dots,
      square("green", "c0", 200, { r: 0, g: 0.8, b: 0, a: 1 }),
    ];
    const result = await page.evaluate(async (text) => {
      const lw = window.linework!;
      if (!(await lw.importDocument(text)).ok) return null;
      const progress: number[] = [];
      const bytes = await lw.exports.pdf({
        pages: [{ page: "page" }],
        onProgress: (done, total) => progress.push(done / total),
      });
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return { base64: btoa(binary), progress };
    }, serializeDocument(records));
    expect(result).not.toBeNull();
    // A step of the bar a layer.
    const layers = Math.ceil((PDF_NODES_PER_LAYER * 2 + 2) / PDF_NODES_PER_LAYER);
    expect(result!.progress.filter((value) => value > 0 && value < 1).length).toBe(layers - 1);
    const pixels = pdfPixels(Buffer.from(result!.base64, "base64"));
    const at = (x: number, y: number): number[] => {
      const i = (y * pixels.width + x) * 4;
      return Array.from(pixels.data.subarray(i, i + 3));
    };
    expect(at(50, 50)).toEqual([255, 0, 0]);
    expect(at(250, 50)).toEqual([0, 204, 0]);
    // The first dot, and the 151st, in the second layer.
    expect(at(1, 121)).toEqual([0, 0, 0]);
    expect(at(151, 124)).toEqual([0, 0, 0]);
  });
});
