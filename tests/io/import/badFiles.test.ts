import fc from "fast-check";
import { readFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { readUntrusted } from "../../../src/io/import/boundary";
import type { ImageDecode } from "../../../src/io/import/decode";
import { importFileInto } from "../../../src/io/import/importFile";
import { IMPORT_LIMITS } from "../../../src/io/import/limits";
import { readRasterInfo, RasterError } from "../../../src/io/import/raster";
import type { ImportResult } from "../../../src/io/import/result";
import { readDocumentFile } from "../../../src/io/files";
import { emptyDocumentStore } from "../../support/store";
import {
  bombPng,
  chunkAt,
  flipped,
  GIF_1x1,
  gifClaiming,
  JPEG_3x2,
  jpegClaiming,
  makePng,
  padded,
  pngDecodes,
  WEBP_3x2,
  withoutIend,
} from "./rasterFixtures";

function error(result: ImportResult): string {
  if (result.ok) throw new Error(`expected a refusal, got ${result.nodes.length} nodes`);
  return result.error;
}

function imageSize(result: ImportResult): [number, number] {
  if (!result.ok) throw new Error(result.error);
  const node = result.nodes[0]!;
  if (node.type !== "image") throw new Error(`expected an image, got ${node.type}`);
  return [node.naturalWidth, node.naturalHeight];
}

const PNG = makePng(5, 4);
const TOO_LARGE =
  "Linework imports images of at most 16,384 pixels on a side and 64 million pixels in all.";

describe("raster limits, checked in the header before anything is decoded", () => {
  it("the limits are 16,384 pixels on a side and 64 million in all", () => {
    expect(IMPORT_LIMITS.maxImageSide).toBe(16_384);
    expect(IMPORT_LIMITS.maxImagePixels).toBe(64_000_000);
  });

  it("a 20000 × 20000 PNG bomb (valid chunks, tiny IDAT) is refused", () => {
    const bomb = bombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1000);
    expect(error(readUntrusted("bomb.png", bomb))).toBe(
      `bomb.png is too large to import: its header states 20000 × 20000 pixels; ${TOO_LARGE}`,
    );
  });

  it("the pixel limit holds below the side limit: 8000 × 8000 passes, 8001 × 8000 does not", () => {
    // Both are well-formed files whose pixels would not decode; only the size decides here.
    expect(imageSize(readUntrusted("edge.png", bombPng(8000, 8000)))).toEqual([8000, 8000]);
    expect(error(readUntrusted("edge.png", bombPng(8001, 8000)))).toMatch(
      /^edge\.png is too large to import: its header states 8001 × 8000 pixels/,
    );
    expect(error(readUntrusted("tall.png", bombPng(1, 16_385)))).toMatch(/1 × 16385 pixels/);
    expect(imageSize(readUntrusted("tall.png", bombPng(1, 16_384)))).toEqual([1, 16_384]);
  });

  it("a JPEG claiming 65,500 × 65,500 is refused", () => {
    expect(error(readUntrusted("huge.jpg", jpegClaiming(65_500, 65_500)))).toBe(
      `huge.jpg is too large to import: its header states 65500 × 65500 pixels; ${TOO_LARGE}`,
    );
  });

  it("a GIF claiming 65535 × 65535 is refused", () => {
    expect(error(readUntrusted("huge.gif", gifClaiming(65_535, 65_535)))).toBe(
      `huge.gif is too large to import: its header states 65535 × 65535 pixels; ${TOO_LARGE}`,
    );
    // A frame larger than the limit inside a small logical screen is refused too.
    const frame = gifClaiming(1, 1);
    const image = frame.indexOf(0x2c, 19);
    new DataView(frame.buffer).setUint16(image + 5, 20_000, true);
    expect(error(readUntrusted("frame.gif", frame))).toMatch(/^frame\.gif is too large/);
  });

  it("the size check comes first: a bomb is refused with its size, not its damage", () => {
    const bomb = bombPng(20_000, 20_000);
    expect(error(readUntrusted("bomb.png", bomb.subarray(0, 40)))).toMatch(/too large/);
  });
});

describe("damaged and truncated rasters are refused with the file's name and the reason", () => {
  it("the valid files are accepted at their sizes", () => {
    expect(imageSize(readUntrusted("a.png", PNG))).toEqual([5, 4]);
    expect(imageSize(readUntrusted("a.jpg", JPEG_3x2))).toEqual([3, 2]);
    expect(imageSize(readUntrusted("a.gif", GIF_1x1))).toEqual([1, 1]);
    expect(imageSize(readUntrusted("a.webp", WEBP_3x2))).toEqual([3, 2]);
  });

  it("a truncated PNG, cut anywhere after its signature", () => {
    for (const length of [9, 20, 33, 40, PNG.length - 20, PNG.length - 13, PNG.length - 1]) {
      expect(error(readUntrusted("photo.png", PNG.subarray(0, length))), `${length}`).toMatch(
        /^photo\.png is not a readable PNG image: it ends early \(truncated\)/,
      );
    }
  });

  it("a PNG with a bad CRC names the damaged chunk", () => {
    const idat = chunkAt(PNG, "IDAT");
    expect(error(readUntrusted("photo.png", flipped(PNG, idat + 10)))).toBe(
      "photo.png is not a readable PNG image: its IDAT chunk is damaged (bad CRC).",
    );
    const crc = chunkAt(PNG, "IEND") - 1;
    expect(error(readUntrusted("photo.png", flipped(PNG, crc)))).toBe(
      "photo.png is not a readable PNG image: its IDAT chunk is damaged (bad CRC).",
    );
    expect(error(readUntrusted("photo.png", flipped(PNG, 30)))).toBe(
      "photo.png is not a readable PNG image: its IHDR chunk is damaged (bad CRC).",
    );
  });

  it("a PNG without IEND", () => {
    expect(error(readUntrusted("photo.png", withoutIend(PNG)))).toBe(
      "photo.png is not a readable PNG image: it ends early (truncated): it has no IEND chunk.",
    );
  });

  it("a truncated JPEG, in its headers or its scan, without the end-of-image marker", () => {
    const cuts = [40, 300, 620, JPEG_3x2.length - 10, JPEG_3x2.length - 2, JPEG_3x2.length - 1];
    for (const length of cuts) {
      expect(error(readUntrusted("photo.jpg", JPEG_3x2.subarray(0, length))), `${length}`).toMatch(
        /^photo\.jpg is not a readable JPEG image: (it ends early \(truncated\)|its header is damaged or cut short)/,
      );
    }
    expect(error(readUntrusted("photo.jpg", JPEG_3x2.subarray(0, JPEG_3x2.length - 2)))).toBe(
      "photo.jpg is not a readable JPEG image: it ends early (truncated): its image data has no end marker.",
    );
  });

  it("a truncated GIF or WebP", () => {
    expect(error(readUntrusted("a.gif", GIF_1x1.subarray(0, GIF_1x1.length - 1)))).toBe(
      "a.gif is not a readable GIF image: it ends early (truncated): it has no trailer.",
    );
    expect(error(readUntrusted("a.gif", GIF_1x1.subarray(0, 30)))).toMatch(
      /^a\.gif is not a readable GIF image: it ends early \(truncated\)/,
    );
    expect(error(readUntrusted("a.webp", WEBP_3x2.subarray(0, WEBP_3x2.length - 8)))).toMatch(
      /^a\.webp is not a readable WebP image: it ends early \(truncated\)/,
    );
  });

  it("readRasterInfo throws a RasterError that other callers word themselves", () => {
    expect(() => readRasterInfo(withoutIend(PNG))).toThrow(RasterError);
    expect(() => readRasterInfo(withoutIend(PNG))).toThrow(
      "The PNG image is not readable: it ends early (truncated): it has no IEND chunk.",
    );
  });

  it('a file whose bytes turned into the start of XML is refused by its name, not as "The file"', () => {
    // The property test below found it: a PNG cut to its first byte, changed to "<".
    for (const bytes of [[0x3c], [0x3c, 0x3f], [0x3c, 0x73]]) {
      const result = readUntrusted("photo.png", new Uint8Array(bytes));
      expect(result.ok ? "" : result.error).toMatch(/^photo\.png is not well-formed XML: /);
    }
  });

  it("random byte changes to a valid PNG never throw: each is a decodable image or a refusal naming the file", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(PNG.length - 1), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.option(fc.nat(PNG.length), { nil: undefined }),
        (changes, cut) => {
          const bytes = PNG.slice(0, cut);
          for (const [at, value] of changes) if (at < bytes.length) bytes[at] = value;
          const result = readUntrusted("photo.png", bytes);
          if (result.ok) {
            // Accepted only as something that really decodes: a PNG whose pixel rows inflate to
            // what its header states (or, with the signature gone, not an image at all).
            const node = result.nodes.find((n) => n.type === "image");
            if (node !== undefined) expect(pngDecodes(bytes, (d) => inflateSync(d))).toBe(true);
          } else {
            expect(result.error).toMatch(/^"?photo\.png"? /);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("the browser's decode, the last check before the document changes", () => {
  it("a raster that does not decode is refused by name, and the document is untouched", async () => {
    const store = emptyDocumentStore();
    const before = store.snapshot();
    const version = store.version;
    const decodeImage: ImageDecode = () =>
      Promise.reject(new Error("The source image could not be decoded."));
    const result = await importFileInto(store, "page", "photo.png", PNG, undefined, {
      decodeImage,
    });
    expect(result).toEqual({
      ok: false,
      error:
        "photo.png is not a readable PNG image: the browser could not decode its pixels (The source image could not be decoded.).",
    });
    expect(store.version).toBe(version);
    expect(store.snapshot()).toEqual(before);
  });

  it("pixels of another size than the header's are refused; a quarter turn (EXIF) is not", async () => {
    const store = emptyDocumentStore();
    const sized =
      (width: number, height: number): ImageDecode =>
      () =>
        Promise.resolve({ width, height });
    const wrong = await importFileInto(store, "page", "a.jpg", JPEG_3x2, undefined, {
      decodeImage: sized(30, 20),
    });
    expect(wrong).toEqual({
      ok: false,
      error:
        "a.jpg is not a readable JPEG image: it decodes to 30 × 20 pixels, not the 3 × 2 its header states.",
    });
    const turned = await importFileInto(store, "page", "a.jpg", JPEG_3x2, undefined, {
      decodeImage: sized(2, 3),
    });
    expect(turned.ok).toBe(true);
  });

  it("a bomb never reaches the decoder; a good image reaches it once and is added", async () => {
    const store = emptyDocumentStore();
    const decodeImage = vi.fn<ImageDecode>(() => Promise.resolve({ width: 5, height: 4 }));
    const bomb = await importFileInto(
      store,
      "page",
      "bomb.png",
      bombPng(20_000, 20_000),
      undefined,
      {
        decodeImage,
      },
    );
    expect(bomb.ok).toBe(false);
    expect(decodeImage).not.toHaveBeenCalled();
    const good = await importFileInto(store, "page", "good.png", PNG, undefined, { decodeImage });
    expect(good.ok).toBe(true);
    expect(decodeImage).toHaveBeenCalledTimes(1);
    expect(store.childrenOf("page").map((n) => n.type)).toEqual(["image"]);
  });

  it("SVG text is not sent to the image decoder", async () => {
    const decodeImage = vi.fn<ImageDecode>(() => Promise.reject(new Error("no")));
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>';
    const result = await importFileInto(emptyDocumentStore(), "page", "a.svg", svg, undefined, {
      decodeImage,
    });
    expect(result.ok).toBe(true);
    expect(decodeImage).not.toHaveBeenCalled();
  });
});

const LINEWORK = readFileSync(
  new URL("../../fixtures/native/v2-basic.linework", import.meta.url),
  "utf8",
).trimEnd();

describe("a .linework file cut short says it is not a valid Linework file", () => {
  it("the whole file imports", () => {
    expect(readUntrusted("drawing.linework", LINEWORK).ok).toBe(true);
  });

  it("says where the JSON ends", () => {
    const cut = LINEWORK.slice(0, 120);
    expect(error(readUntrusted("drawing.linework", cut))).toBe(
      "drawing.linework is not a valid Linework file: it ends unexpectedly at byte 120; it may have been cut short.",
    );
    expect(error(readUntrusted("drawing.linework", ""))).toBe(
      "drawing.linework is not a valid Linework file: it is empty.",
    );
  });

  it("any prefix, as text or bytes and whatever the name, is refused as Linework, never as another kind", () => {
    const bytes = new TextEncoder().encode(LINEWORK);
    fc.assert(
      fc.property(
        fc.nat(LINEWORK.length - 2).map((n) => n + 1),
        fc.constantFrom("drawing.linework", "drawing.json", "drawing", "a/b/drawing.linework"),
        fc.boolean(),
        (length, name, asBytes) => {
          const data = asBytes
            ? bytes.subarray(0, Math.min(length, bytes.length - 1))
            : LINEWORK.slice(0, length);
          const result = readUntrusted(name, data);
          const message = error(result);
          const shown = name.split("/").pop()!;
          expect(message.startsWith(`${shown} is not a valid Linework file: `)).toBe(true);
          expect(message).not.toMatch(/excalidraw|SVG|image/i);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("a cut Excalidraw scene is still named Excalidraw", () => {
    const scene = JSON.stringify({ type: "excalidraw", version: 2, elements: [] });
    expect(error(readUntrusted("scene.excalidraw", scene.slice(0, 30)))).toMatch(
      /^The Excalidraw file is not valid JSON/,
    );
    expect(error(readUntrusted("scene.excalidraw", "{"))).toMatch(/^The Excalidraw file/);
  });
});

const SVG =
  '<?xml version="1.0" encoding="UTF-16"?><svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="3"/><text y="9">café ✓</text></svg>';

function utf16(text: string, order: "le" | "be", bom: boolean): Uint8Array {
  const out = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const view = new DataView(out.buffer);
  const all = bom ? `\ufeff${text}` : text;
  for (let i = 0; i < all.length; i++) view.setUint16(2 * i, all.charCodeAt(i), order === "le");
  return out;
}

describe("text in UTF-8 and UTF-16 is read as text", () => {
  const kinds = (result: ImportResult): string[] => {
    if (!result.ok) throw new Error(result.error);
    return result.nodes.map((n) => (n.type === "text" ? `text:${n.content}` : n.type));
  };
  const expected = ["group", "rect", "text:café ✓"];

  it.each([
    ["UTF-16 LE with a byte-order mark", utf16(SVG, "le", true)],
    ["UTF-16 BE with a byte-order mark", utf16(SVG, "be", true)],
    ["UTF-16 LE without one", utf16(SVG, "le", false)],
    ["UTF-16 BE without one", utf16(SVG, "be", false)],
    [
      "UTF-8 with a byte-order mark",
      new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(SVG)]),
    ],
  ])("an SVG in %s imports", (_, bytes) => {
    expect(kinds(readUntrusted("drawing.svg", bytes))).toEqual(expected);
  });

  it("a UTF-16 .linework file imports, and opens", async () => {
    const bytes = utf16(LINEWORK, "le", true);
    expect(readUntrusted("drawing.linework", bytes).ok).toBe(true);
    const opened = await readDocumentFile(new Blob([bytes.slice().buffer]));
    expect(opened).toMatchObject({ ok: true, readOnly: false });
  });

  it("Open refuses binary data as not text, by name of the format", async () => {
    const opened = await readDocumentFile(new Blob([PNG.slice().buffer]));
    expect(opened).toEqual({
      ok: false,
      error:
        "The file is not a Linework document: it is not text (it may be an image or another binary file).",
    });
  });
});

describe("a large PNG", () => {
  it("with an ancillary chunk is read whole; damage in that chunk is named", () => {
    const large = padded(PNG, 300_000);
    expect(imageSize(readUntrusted("large.png", large))).toEqual([5, 4]);
    expect(error(readUntrusted("large.png", flipped(large, 200_000)))).toBe(
      "large.png is not a readable PNG image: its tEXt chunk is damaged (bad CRC).",
    );
  });
});
