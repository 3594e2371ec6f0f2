import { checkImageSize, formatName, RasterError, type RasterMime } from "./rasterError";
import { checkRasterStructure } from "./rasterStructure";

export { RasterError, type RasterMime } from "./rasterError";

/** A raster image recognised from its bytes, with the size its header states. */
export interface RasterInfo {
  readonly mime: RasterMime;
  readonly width: number;
  readonly height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** The raster format of `bytes` by its magic number, or null when it is none of ours. */
export function sniffRaster(bytes: Uint8Array): RasterMime | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return "image/gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP")
    return "image/webp";
  return null;
}

/**
 * The width and height from the header of a PNG, JPEG, GIF or WebP, checked in two steps: first
 * the size the header states against the limits (so a decompression bomb is refused before
 * anything is allocated for it), then the whole file's structure (chunks and their CRCs,
 * segments, blocks, the end marker), so a truncated or damaged file is refused with the reason.
 * Throws a `RasterError`. Pure TypeScript: the browser's real decode comes after, in
 * `decode.ts`.
 */
export function readRasterInfo(bytes: Uint8Array): RasterInfo {
  const mime = sniffRaster(bytes);
  if (mime === null)
    throw new RasterError("raster", "the data is not a PNG, JPEG, GIF or WebP image");
  const format = formatName(mime);
  const size =
    mime === "image/png"
      ? pngSize(bytes)
      : mime === "image/jpeg"
        ? jpegSize(bytes)
        : mime === "image/gif"
          ? gifSize(bytes)
          : webpSize(bytes);
  if (size === null) {
    // Short files are the common case (an interrupted download or copy): say so.
    const reason =
      bytes.length < 64 ? "it ends early (truncated)" : "its header is damaged or cut short";
    throw new RasterError(format, reason);
  }
  checkImageSize(format, size.width, size.height);
  checkRasterStructure(mime, bytes);
  return { mime, width: size.width, height: size.height };
}

function u32be(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
}
const u16be = (b: Uint8Array, at: number): number => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number): number =>
  b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

function pngSize(b: Uint8Array): { width: number; height: number } | null {
  // The first chunk must be IHDR, 13 bytes long.
  if (b.length < 33 || u32be(b, 8) !== 13 || ascii(b, 12, 4) !== "IHDR") return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before a frame
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    at += 2 + length;
  }
  return null;
}

function gifSize(b: Uint8Array): { width: number; height: number } | null {
  return b.length < 10 ? null : { width: u16le(b, 6), height: u16le(b, 8) };
}

function webpSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 ") {
    // Key frame start code 9d 01 2a, then 14-bit sizes.
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (b[20] !== 0x2f) return null;
    const b1 = b[22]!;
    const b2 = b[23]!;
    const b3 = b[24]!;
    return {
      width: 1 + (b[21]! | ((b1 & 0x3f) << 8)),
      height: 1 + ((b1 >> 6) | (b2 << 2) | ((b3 & 0x0f) << 10)),
    };
  }
  if (chunk === "VP8X") return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
  return null;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Base64 without btoa, so long inputs work the same in Node and browsers. */
export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 3 * 8192;
  for (let start = 0; start < bytes.length; start += chunk) {
    let out = "";
    const end = Math.min(bytes.length, start + chunk);
    for (let i = start; i < end; i += 3) {
      const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
      out += BASE64[(n >> 18) & 63]! + BASE64[(n >> 12) & 63]!;
      out += i + 1 < end ? BASE64[(n >> 6) & 63]! : "=";
      out += i + 2 < end ? BASE64[n & 63]! : "=";
    }
    parts.push(out);
  }
  return parts.join("");
}

/** Decodes base64 (whitespace allowed); null when it is not base64. */
export function fromBase64(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return null;
  const stripped = clean.replace(/=+$/, "");
  const out = new Uint8Array(Math.floor((stripped.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < stripped.length; i += 4) {
    const v = [0, 1, 2, 3].map((k) =>
      i + k < stripped.length ? BASE64.indexOf(stripped[i + k]!) : 0,
    );
    const n = (v[0]! << 18) | (v[1]! << 12) | (v[2]! << 6) | v[3]!;
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}
