import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeNode } from "../../../src/shapes/makeNode";
import { DocumentStore } from "../../../src/doc/store";
import type { BlobRecord, ImageNode } from "../../../src/doc/types";
import { PngStreamEncoder } from "../../../src/io/export/pngEncoder";
import { exportSvg } from "../../../src/io/export/svg";
import { galleryDocument, RED_RECT } from "../../support/gallery";
import { runTool } from "./externalTools";
import { decodePng, pixelStats } from "./images";

/**
 * Other programs must draw our SVG: librsvg (GNOME, many converters) and Inkscape. The gallery
 * page is exported without a background, so the frame's white is the background and everything
 * else is ink, with an embedded PNG picture added. Expected: the red rectangle covers 200 × 120 of 900 × 520 (about 5 %), all
 * shapes together well over 10 %; an empty or garbled rendering is far below.
 */
const dir = mkdtempSync(join(tmpdir(), "linework-export-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 4 × 4 green picture, shown 120 × 80 in a free corner of the gallery's frame. */
async function greenImage(): Promise<[BlobRecord, ImageNode]> {
  const encoder = new PngStreamEncoder(4, 4);
  const pixels = new Uint8ClampedArray(64);
  for (let i = 0; i < 16; i++) pixels.set([0, 200, 0, 255], i * 4);
  await encoder.addRows(pixels, 4);
  const png = Buffer.from(await (await encoder.finish()).arrayBuffer());
  const blob: BlobRecord = {
    id: "green",
    type: "blob",
    mime: "image/png",
    data: png.toString("base64"),
  };
  const node = makeNode<ImageNode>("image", "picture", "frame", "zz", {
    blob: "green",
    naturalWidth: 4,
    naturalHeight: 4,
    width: 120,
    height: 80,
  });
  return [blob, { ...node, transform: { ...node.transform, x: 680, y: 360 } }];
}

const svgFile = join(dir, "gallery.svg");
writeFileSync(
  svgFile,
  exportSvg(new DocumentStore([...galleryDocument(), ...(await greenImage())]), {
    scope: { page: "page" },
  }).svg,
);
const GREEN_SHARE = (120 * 80) / (900 * 520);
const RED_SHARE = (RED_RECT.width * RED_RECT.height) / (900 * 520);

function checkGallery(png: string): void {
  const pixels = decodePng(readFileSync(png));
  expect([pixels.width, pixels.height]).toEqual([900, 520]);
  const stats = pixelStats(pixels, [255, 255, 255]);
  expect(stats.red).toBeGreaterThan(RED_SHARE * 0.85);
  expect(stats.red).toBeLessThan(RED_SHARE * 1.1);
  expect(stats.green).toBeGreaterThan(GREEN_SHARE * 0.9);
  expect(stats.green).toBeLessThan(GREEN_SHARE * 1.1);
  expect(stats.inked).toBeGreaterThan(0.12);
  expect(stats.inked).toBeLessThan(0.3);
  // The rectangle's middle, in the image's pixels (page minus the view box's 20, 20).
  const at = ((RED_RECT.y + 60 - 20) * pixels.width + (RED_RECT.x + 100 - 20)) * 4;
  expect([...pixels.data.subarray(at, at + 4)]).toEqual([255, 0, 0, 255]);
}

describe("exported SVG in other programs", () => {
  it("rsvg-convert draws the gallery", () => {
    const png = join(dir, "rsvg.png");
    runTool("rsvg-convert", ["--format=png", `--output=${png}`, svgFile]);
    checkGallery(png);
  });

  it("Inkscape draws the gallery", () => {
    const png = join(dir, "inkscape.png");
    runTool("inkscape", ["--export-type=png", `--export-filename=${png}`, svgFile]);
    checkGallery(png);
  }, 120_000);
});
