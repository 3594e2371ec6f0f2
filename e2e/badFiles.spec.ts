import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  bombPng,
  chunkAt,
  flipped,
  gifClaiming,
  JPEG_3x2,
  jpegClaiming,
  makePng,
  padded,
  shortPixelsPng,
  withoutIend,
} from "../tests/io/import/rasterFixtures";
import { canvasBox, dropFile, screenPixel, sharedFreshApp } from "./support";

// Damaged, truncated and oversized files through the app's own paths (the public importFile
// and a real drop on the canvas): each is refused with a message naming the file and the
// reason, and the open document stays exactly as it was. A good PNG still imports and draws.

type Outcome = { ok: true; ids: string[]; warnings: string[] } | { ok: false; error: string };

const LINEWORK = readFileSync(
  fileURLToPath(new URL("../tests/fixtures/native/v2-basic.linework", import.meta.url)),
  "utf8",
);

async function importFile(page: Page, name: string, data: string | Uint8Array): Promise<Outcome> {
  const payload =
    typeof data === "string" ? { text: data, bytes: [] } : { text: null, bytes: Array.from(data) };
  return page.evaluate(
    ({ fileName, p }) =>
      window.linework!.importFile(fileName, p.text ?? Uint8Array.from(p.bytes), { x: 0, y: 0 }),
    { fileName: name, p: payload },
  );
}

async function documentState(page: Page): Promise<{ version: number; records: string }> {
  return page.evaluate(() => {
    const store = window.linework!.editor.store;
    return { version: store.version, records: JSON.stringify(store.snapshot()) };
  });
}

const png = makePng(6, 4);
const TOO_LARGE =
  "Linework imports images of at most 16,384 pixels on a side and 64 million pixels in all.";

const BAD: ReadonlyArray<{ name: string; data: Uint8Array | string; error: string | RegExp }> = [
  {
    name: "photo.png",
    data: png.subarray(0, png.length - 20),
    error: /^photo\.png is not a readable PNG image: it ends early \(truncated\)/,
  },
  {
    name: "crc.png",
    data: flipped(png, chunkAt(png, "IDAT") + 9),
    error: "crc.png is not a readable PNG image: its IDAT chunk is damaged (bad CRC).",
  },
  {
    // Over OFF_THREAD_BYTES: read in the import worker, refused there the same way.
    name: "large.png",
    data: flipped(padded(png, 300_000), 200_000),
    error: "large.png is not a readable PNG image: its tEXt chunk is damaged (bad CRC).",
  },
  {
    name: "noend.png",
    data: withoutIend(png),
    error:
      "noend.png is not a readable PNG image: it ends early (truncated): it has no IEND chunk.",
  },
  {
    name: "bomb.png",
    data: bombPng(20_000, 20_000),
    error: `bomb.png is too large to import: its header states 20000 × 20000 pixels; ${TOO_LARGE}`,
  },
  {
    name: "huge.jpg",
    data: jpegClaiming(65_500, 65_500),
    error: `huge.jpg is too large to import: its header states 65500 × 65500 pixels; ${TOO_LARGE}`,
  },
  {
    name: "huge.gif",
    data: gifClaiming(65_535, 65_535),
    error: `huge.gif is too large to import: its header states 65535 × 65535 pixels; ${TOO_LARGE}`,
  },
  {
    name: "cut.jpg",
    data: JPEG_3x2.subarray(0, JPEG_3x2.length - 2),
    error:
      "cut.jpg is not a readable JPEG image: it ends early (truncated): its image data has no end marker.",
  },
  {
    // Every chunk and CRC is valid: only the browser's decode finds the pixels missing.
    name: "pixels.png",
    data: shortPixelsPng(6, 4),
    error: /^pixels\.png is not a readable PNG image: the browser could not decode its pixels/,
  },
  {
    name: "drawing.linework",
    data: LINEWORK.slice(0, 200),
    error:
      "drawing.linework is not a valid Linework file: it ends unexpectedly at byte 200; it may have been cut short.",
  },
];

test.describe("bad files are refused and leave the document as it was", () => {
  // One app for them all, put back as a fresh start leaves it before each (resetApp).
  const shared = sharedFreshApp();

  test("through linework.importFile: each message names the file and the reason", async () => {
    const page = shared();
    for (const file of BAD) {
      const before = await documentState(page);
      const outcome = await importFile(page, file.name, file.data);
      expect(outcome.ok, file.name).toBe(false);
      if (!outcome.ok) expect(outcome.error, file.name).toMatch(file.error);
      expect(await documentState(page), file.name).toEqual(before);
    }
    // The same large file undamaged goes through the worker and the decode, and is added.
    const large = await importFile(page, "large.png", padded(png, 300_000));
    expect(large).toEqual({ ok: true, ids: [expect.any(String)], warnings: [] });
  });

  test("a dropped bad image shows its message in a banner; the document is unchanged", async () => {
    const page = shared();
    const before = await documentState(page);
    await dropFile(page, "crc.png", flipped(png, chunkAt(png, "IDAT") + 9), "image/png");
    await expect(page.locator("[data-banner]")).toContainText(
      "crc.png is not a readable PNG image: its IDAT chunk is damaged (bad CRC).",
    );
    await dropFile(page, "pixels.png", shortPixelsPng(6, 4), "image/png");
    await expect(page.locator("[data-banner]")).toContainText(
      "pixels.png is not a readable PNG image: the browser could not decode its pixels",
    );
    expect(await documentState(page)).toEqual(before);
  });

  test("a valid PNG still imports, as one image at its size, and draws", async () => {
    const page = shared();
    await dropFile(page, "red.png", RED, "image/png");
    await expect.poll(() => imageOnPage(page)).not.toBeNull();
    expect(await imageOnPage(page)).toMatchObject({ width: 64, height: 64, naturalWidth: 64 });
    await expect(page.locator("[data-banner]")).toHaveCount(0);
    // The picture decodes after its chunk was first drawn: its arrival alone redraws it, with no
    // further edit (it used to stay blank until something else changed its chunk).
    await expect.poll(() => isRedAtImageCentre(page), { timeout: 3000 }).toBe(true);
  });
});

const RED = makePng(64, 64, [230, 20, 20, 255]);

async function imageOnPage(
  page: Page,
): Promise<{ width: number; height: number; naturalWidth: number } | null> {
  return page.evaluate(() => {
    const lw = window.linework!;
    const node = lw.editor.store.childrenOf(lw.current.pageId()).find((n) => n.type === "image");
    return node?.type === "image"
      ? { width: node.width, height: node.height, naturalWidth: node.naturalWidth }
      : null;
  });
}

/** Whether the screen shows the red picture at the middle of the image node. */
async function isRedAtImageCentre(page: Page): Promise<boolean> {
  const centre = await page.evaluate(() => {
    const lw = window.linework!;
    const node = lw.editor.store.childrenOf(lw.current.pageId()).find((n) => n.type === "image");
    if (node?.type !== "image") return null;
    return lw.current.camera.worldToScreen({
      x: node.transform.x + node.width / 2,
      y: node.transform.y + node.height / 2,
    });
  });
  if (centre === null) return false;
  const box = await canvasBox(page);
  const [r, g, b] = await screenPixel(page, box.x + centre.x, box.y + centre.y);
  return r! > 200 && g! < 60 && b! < 60;
}
