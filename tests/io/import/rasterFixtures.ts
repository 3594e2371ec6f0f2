import { deflateSync } from "node:zlib";
import { crc32 } from "../../../src/io/crc32";

/**
 * Real, decodable raster files for the import tests, and ways to damage them. The JPEG and WebP
 * files were written by Chromium from a 3 × 2 canvas; the PNGs are made here with zlib.
 */

const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "base64"));

/** A 3 × 2 baseline JPEG (with an ICC profile, as browsers write them). */
export const JPEG_3x2 = fromBase64(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA" +
    "AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" +
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA" +
    "ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA" +
    "AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA" +
    "AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA" +
    "AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAMCAgMC" +
    "AgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkF" +
    "BQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAACAAMDASIAAhEB" +
    "AxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAaEAADAQADAAAAAAAAAAAAAAABAgMAETFB/8QAFQEBAQAAAAAAAAAAAAAA" +
    "AAAABwj/xAAeEQAABAcAAAAAAAAAAAAAAAAAAQKxAwQFMzRxcv/aAAwDAQACEQMRAD8Agq1e9XrV2pR2LM7nksT2SfTmZrUp" +
    "+HB5SxAimb69m4//2Q==",
);

/** A 3 × 2 lossy WebP (VP8X, ICC profile, VP8). */
export const WEBP_3x2 = fromBase64(
  "UklGRkACAABXRUJQVlA4WAoAAAAgAAAAAgAAAQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA" +
    "AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" +
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA" +
    "ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA" +
    "AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA" +
    "AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA" +
    "AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggUgAAANAC" +
    "AJ0BKgMAAgAAwBIlqAJ0ugH4AMwAyQAGJCuL4gAA/u+bSO3mSscEAJ6Ikz/9fC+GkndTf92F/r4Xw0k7qb/+7C//rTmwa9O7" +
    "8pg5dvrnAAA=",
);

/** A 3 × 2 lossless WebP (VP8X, ICC profile, VP8L). */
export const WEBP_LOSSLESS_3x2 = fromBase64(
  "UklGRgQCAABXRUJQVlA4WAoAAAAgAAAAAgAAAQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAA" +
    "AABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" +
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAA" +
    "ABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAA" +
    "AAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA" +
    "AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAA" +
    "AABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDhMFQAAAC8C" +
    "QAAAD/AZs88w7//8RwsmIKL/EQA=",
);

/** The classic 1 × 1 transparent GIF. */
export const GIF_1x1 = fromBase64("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==");

/** One PNG chunk with its length and CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function ihdr(width: number, height: number): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data[8] = 8; // bit depth
  data[9] = 6; // RGBA
  return data;
}

/**
 * A decodable 8-bit RGBA PNG of `width` × `height`, each row with filter type 0, compressed by
 * zlib: a gradient, or one colour when `rgba` is given.
 */
export function makePng(
  width: number,
  height: number,
  rgba?: readonly [number, number, number, number],
): Uint8Array {
  return pngOf(width, height, new Uint8Array(deflateSync(pixelRows(width, height, rgba))));
}

/**
 * A PNG whose chunks and CRCs are all valid but whose zlib stream stops halfway: only a real
 * decoder finds that its pixels are missing.
 */
export function shortPixelsPng(width: number, height: number): Uint8Array {
  const full = deflateSync(pixelRows(width, height));
  return pngOf(width, height, new Uint8Array(full.subarray(0, Math.ceil(full.length / 2))));
}

function pixelRows(
  width: number,
  height: number,
  rgba?: readonly [number, number, number, number],
): Uint8Array {
  const raw = new Uint8Array(height * (1 + 4 * width));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (1 + 4 * width) + 1 + 4 * x;
      raw.set(rgba ?? [(x * 80) & 255, (y * 120) & 255, 200, 255], at);
    }
  }
  return raw;
}

function pngOf(width: number, height: number, idat: Uint8Array): Uint8Array {
  return concat([
    Uint8Array.from(PNG_SIGNATURE),
    pngChunk("IHDR", ihdr(width, height)),
    pngChunk("IDAT", idat),
    pngChunk("IEND", new Uint8Array(0)),
  ]);
}

/**
 * A decompression bomb's header: every chunk and CRC valid, the header stating `width` ×
 * `height`, and a tiny IDAT (a few hundred bytes of zeros, which a decoder would inflate to
 * width × height × 4 bytes of pixels if it believed the header).
 */
export function bombPng(width: number, height: number): Uint8Array {
  return concat([
    Uint8Array.from(PNG_SIGNATURE),
    pngChunk("IHDR", ihdr(width, height)),
    pngChunk("IDAT", new Uint8Array(deflateSync(new Uint8Array(1 + 4 * width)))),
    pngChunk("IEND", new Uint8Array(0)),
  ]);
}

/** `png` without its last chunk (IEND), the rest intact. */
export function withoutIend(png: Uint8Array): Uint8Array {
  return png.subarray(0, png.length - 12);
}

/** A copy of `bytes` with the byte at `at` changed. */
export function flipped(bytes: Uint8Array, at: number, mask = 0x01): Uint8Array {
  const out = bytes.slice();
  out[at] = out[at]! ^ mask;
  return out;
}

/** Offset of the first PNG chunk of `type`, at its length field. */
export function chunkAt(png: Uint8Array, type: string): number {
  let at = 8;
  while (at + 8 <= png.length) {
    const length = new DataView(png.buffer, png.byteOffset).getUint32(at);
    if (String.fromCharCode(...png.subarray(at + 4, at + 8)) === type) return at;
    at += 12 + length;
  }
  throw new Error(`no ${type} chunk`);
}

/** The JPEG with the size in its frame header (SOF0) replaced. */
export function jpegClaiming(width: number, height: number): Uint8Array {
  const out = JPEG_3x2.slice();
  let at = 2;
  while (!(out[at] === 0xff && out[at + 1] === 0xc0))
    at += 2 + ((out[at + 2]! << 8) | out[at + 3]!);
  const view = new DataView(out.buffer);
  view.setUint16(at + 5, height);
  view.setUint16(at + 7, width);
  return out;
}

/** The GIF with the size of its logical screen and of its one image replaced. */
export function gifClaiming(width: number, height: number): Uint8Array {
  const out = GIF_1x1.slice();
  const view = new DataView(out.buffer);
  view.setUint16(6, width, true);
  view.setUint16(8, height, true);
  const image = out.indexOf(0x2c, 13 + 6);
  view.setUint16(image + 5, width, true);
  view.setUint16(image + 7, height, true);
  return out;
}

/** The zlib-inflated pixel rows of a PNG: what a decoder reads, checked against the header. */
export function pngDecodes(png: Uint8Array, inflate: (data: Uint8Array) => Uint8Array): boolean {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const parts: Uint8Array[] = [];
  let at = 8;
  for (;;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    if (type === "IDAT") parts.push(png.subarray(at + 8, at + 8 + length));
    if (type === "IEND") break;
    at += 12 + length;
  }
  const depth = png[24]!;
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[png[25]!] ?? 0;
  const rowBytes = Math.ceil((width * depth * channels) / 8);
  let raw: Uint8Array;
  try {
    raw = inflate(concat(parts));
  } catch {
    return false;
  }
  if (png[28] !== 0) return true; // interlaced: the length differs, not checked here
  if (raw.length !== height * (1 + rowBytes)) return false;
  for (let y = 0; y < height; y++) if (raw[y * (1 + rowBytes)]! > 4) return false;
  return true;
}

/** `png` with a text chunk of `size` bytes after its header, to make it as large as needed. */
export function padded(png: Uint8Array, size: number): Uint8Array {
  const text = new Uint8Array(size).fill(0x61);
  text.set(new TextEncoder().encode("Comment\0"));
  return concat([png.subarray(0, 33), pngChunk("tEXt", text), png.subarray(33)]);
}
