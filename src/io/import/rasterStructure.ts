import { checkImageSize, formatName, RasterError, type RasterMime } from "./rasterError";
import { crc32 } from "../crc32";

/**
 * The structure of a whole raster file, walked without decoding a pixel: PNG chunks and their
 * CRCs, JPEG segments up to the end-of-image marker, GIF blocks up to the trailer, WebP's RIFF
 * chunks. A file cut short or damaged anywhere a reader can tell without decoding is refused
 * here, with the reason; damage inside compressed pixel data is left to the browser's decode.
 * Each walk looks at every byte at most once and allocates nothing per byte.
 */
export function checkRasterStructure(mime: RasterMime, bytes: Uint8Array): void {
  const format = formatName(mime);
  const fail = (reason: string): never => {
    throw new RasterError(format, reason);
  };
  if (mime === "image/png") checkPng(bytes, fail);
  else if (mime === "image/jpeg") checkJpeg(bytes, fail);
  else if (mime === "image/gif") checkGif(bytes, fail);
  else checkWebp(bytes, fail);
}

type Fail = (reason: string) => never;

const TRUNCATED = "it ends early (truncated)";

const u32be = (b: Uint8Array, at: number): number =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16be = (b: Uint8Array, at: number): number => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
const u32le = (b: Uint8Array, at: number): number =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

// --- PNG -----------------------------------------------------------------------------------

/** Bit depths allowed for each PNG colour type (PNG spec, table 11.1). */
const PNG_DEPTHS: ReadonlyMap<number, readonly number[]> = new Map([
  [0, [1, 2, 4, 8, 16]],
  [2, [8, 16]],
  [3, [1, 2, 4, 8]],
  [4, [8, 16]],
  [6, [8, 16]],
]);

/** The critical chunks a PNG decoder knows; any other critical chunk makes the file unreadable. */
const PNG_CRITICAL = new Set(["IHDR", "PLTE", "IDAT", "IEND"]);

/** Largest chunk length the PNG spec allows (2^31 − 1). */
const PNG_MAX_CHUNK = 0x7fffffff;

function checkPng(b: Uint8Array, fail: Fail): void {
  let at = 8;
  let chunks = 0;
  let idats = 0;
  let idatEnded = false;
  let palette = false;
  let colorType = -1;
  for (;;) {
    if (at === b.length) fail(`${TRUNCATED}: it has no IEND chunk`);
    if (at + 8 > b.length) fail(`${TRUNCATED} inside a chunk header at byte ${at}`);
    const length = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type)) fail(`the chunk at byte ${at} has a damaged type`);
    if (length > PNG_MAX_CHUNK) fail(`its ${type} chunk states an impossible length`);
    const end = at + 12 + length;
    if (end > b.length) fail(`${TRUNCATED} inside its ${type} chunk`);
    if (crc32(b, at + 4, at + 8 + length) !== u32be(b, at + 8 + length)) {
      fail(`its ${type} chunk is damaged (bad CRC)`);
    }
    const data = at + 8;
    if (chunks === 0 && type !== "IHDR") fail("it does not start with an IHDR chunk");
    if (type === "IHDR") {
      if (chunks !== 0 || length !== 13) fail("its IHDR chunk is damaged");
      colorType = b[data + 9]!;
      const depth = b[data + 8]!;
      if (!(PNG_DEPTHS.get(colorType)?.includes(depth) ?? false)) {
        fail(
          `its header names colour type ${colorType} with bit depth ${depth}, which PNG has not`,
        );
      }
      if (b[data + 10] !== 0 || b[data + 11] !== 0 || b[data + 12]! > 1) {
        fail("its header names a compression, filter or interlace method PNG has not");
      }
    } else if (type === "PLTE") {
      if (length === 0 || length % 3 !== 0 || length > 768) fail("its palette is damaged");
      palette = true;
    } else if (type === "IDAT") {
      if (idatEnded) fail("its image data is split by other chunks");
      if (idats === 0) {
        if (colorType === 3 && !palette) fail("it has no palette before its image data");
        // The zlib stream's two-byte header: deflate, and a check value that is a multiple of 31.
        if (length >= 2 && ((b[data]! & 0x0f) !== 8 || u16be(b, data) % 31 !== 0)) {
          fail("its image data is not a zlib stream");
        }
      }
      idats++;
    } else if (type === "IEND") {
      if (idats === 0) fail("it has no image data (no IDAT chunk)");
      // Bytes after IEND are ignored, as every reader does.
      return;
    } else if (type.charCodeAt(0) < 0x61 && !PNG_CRITICAL.has(type)) {
      fail(`it has a critical chunk ${type} that PNG readers do not know`);
    }
    if (idats > 0 && type !== "IDAT") idatEnded = true;
    chunks++;
    at = end;
  }
}

// --- JPEG ----------------------------------------------------------------------------------

function isJpegFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function checkJpeg(b: Uint8Array, fail: Fail): void {
  let at = 2;
  let frame = false;
  let scans = 0;
  for (;;) {
    if (at >= b.length) fail(`${TRUNCATED}: it has no end-of-image marker`);
    if (b[at] !== 0xff) {
      // Stray bytes between segments: libjpeg skips them with a warning, so the browser shows
      // the image; do the same.
      const next = b.indexOf(0xff, at);
      if (next < 0) fail(`${TRUNCATED}: it has no end-of-image marker`);
      at = next;
    }
    // Any number of 0xFF fill bytes may precede a marker.
    while (at < b.length && b[at] === 0xff) at++;
    if (at >= b.length) fail(`${TRUNCATED}: it has no end-of-image marker`);
    const marker = b[at]!;
    const start = at - 1;
    at++;
    if (marker === 0xd9) {
      if (!frame) fail("it has no frame header (SOF)");
      if (scans === 0) fail("it has no image data (no scan)");
      return;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8 || marker === 0x00) fail(`it is damaged at byte ${start}`);
    if (at + 2 > b.length) fail(`${TRUNCATED} inside a segment header`);
    const length = u16be(b, at);
    if (length < 2) fail(`the segment at byte ${start} states an impossible length`);
    const end = at + length;
    if (end > b.length) fail(`${TRUNCATED} inside a segment at byte ${start}`);
    if (isJpegFrame(marker)) {
      const components = length >= 8 ? b[at + 7]! : 0;
      if (length < 8 || components < 1 || length < 8 + 3 * components) {
        fail("its frame header (SOF) is damaged");
      }
      if (!frame && u16be(b, at + 3) === 0) {
        // The height would come later, in a DNL segment, which browsers do not read.
        fail("its frame header states a height of 0");
      }
      frame = true;
    }
    at = end;
    if (marker === 0xda) {
      if (!frame) fail("its image data comes before its frame header");
      scans++;
      // Entropy-coded data runs to the next marker: 0xFF followed by neither a stuffed 0x00
      // nor a restart marker.
      for (;;) {
        const ff = b.indexOf(0xff, at);
        if (ff < 0 || ff + 1 >= b.length) fail(`${TRUNCATED}: its image data has no end marker`);
        const next = b[ff + 1]!;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at = ff + 2;
        else if (next === 0xff) at = ff + 1;
        else {
          at = ff;
          break;
        }
      }
    }
  }
}

// --- GIF -----------------------------------------------------------------------------------

function checkGif(b: Uint8Array, fail: Fail): void {
  if (b.length < 13) fail(TRUNCATED);
  const flags = b[10]!;
  let at = 13 + (flags & 0x80 ? 3 * (2 << (flags & 7)) : 0);
  let images = 0;
  /** Skips a run of data sub-blocks, ending at its zero-length terminator. */
  const subBlocks = (what: string): void => {
    for (;;) {
      if (at >= b.length) fail(`${TRUNCATED} inside ${what}`);
      const size = b[at]!;
      at += 1 + size;
      if (size === 0) return;
    }
  };
  for (;;) {
    if (at >= b.length) fail(`${TRUNCATED}: it has no trailer`);
    const block = b[at]!;
    if (block === 0x3b) {
      if (images === 0) fail("it holds no image");
      return;
    }
    if (block === 0x21) {
      if (at + 2 > b.length) fail(`${TRUNCATED} inside an extension`);
      at += 2;
      subBlocks("an extension");
    } else if (block === 0x2c) {
      if (at + 10 > b.length) fail(`${TRUNCATED} inside an image descriptor`);
      const width = u16le(b, at + 5);
      const height = u16le(b, at + 7);
      // A frame may be larger than the screen it is shown on; it is decoded at its own size.
      checkImageSize("GIF", width, height);
      const local = b[at + 9]!;
      at += 10 + (local & 0x80 ? 3 * (2 << (local & 7)) : 0);
      if (at >= b.length) fail(`${TRUNCATED} before an image's data`);
      const codeSize = b[at]!;
      if (codeSize < 1 || codeSize > 11) fail(`its image ${images + 1} has a damaged code size`);
      at++;
      subBlocks(`image ${images + 1}'s data`);
      images++;
    } else {
      fail(`it is damaged at byte ${at} (a block was expected)`);
    }
  }
}

// --- WebP ----------------------------------------------------------------------------------

function checkWebp(b: Uint8Array, fail: Fail): void {
  const riff = u32le(b, 4);
  if (8 + riff > b.length) fail(`${TRUNCATED}: its RIFF header states ${8 + riff} bytes`);
  const end = 8 + riff;
  let at = 12;
  let first = "";
  let image = false;
  while (at < end) {
    if (at + 8 > end) fail(`${TRUNCATED} inside a chunk header`);
    const type = ascii(b, at, 4);
    const size = u32le(b, at + 4);
    if (at + 8 + size > end) fail(`${TRUNCATED} inside its ${type.trim()} chunk`);
    if (first === "") first = type;
    if (type === "VP8 " || type === "VP8L" || type === "ANMF") image = true;
    if (type === "VP8 " && (size < 10 || (b[at + 8]! & 1) !== 0)) {
      fail("its VP8 data does not start with a key frame");
    }
    if (type === "VP8L" && (size < 5 || b[at + 8] !== 0x2f)) fail("its VP8L data is damaged");
    // Chunks are padded to an even length.
    at += 8 + size + (size & 1);
  }
  if (first !== "VP8 " && first !== "VP8L" && first !== "VP8X") {
    fail("it does not start with a VP8, VP8L or VP8X chunk");
  }
  if (!image) fail("it has no image data");
}
