/** Decoders for the images external programs write, so tests can count their pixels. */
import { crc32, inflateSync } from "node:zlib";

export interface Pixels {
  readonly width: number;
  readonly height: number;
  /** RGBA, 8 bits per channel. */
  readonly data: Uint8Array;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** 8-bit, non-interlaced PNGs of colour types 0, 2, 4 and 6 (what rsvg, Inkscape and browsers write). */
export function decodePng(file: Uint8Array): Pixels {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  const idat: Uint8Array[] = [];
  while (offset < file.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...file.subarray(offset + 4, offset + 8));
    const data = file.subarray(offset + 8, offset + 8 + length);
    if (
      crc32(file.subarray(offset + 4, offset + 8 + length)) !== view.getUint32(offset + 8 + length)
    )
      throw new Error(`PNG chunk ${type} has a bad CRC`);
    if (type === "IHDR") {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      const depth = data[8]!;
      colorType = data[9]!;
      if (depth !== 8 || data[12] !== 0)
        throw new Error(`unsupported PNG: depth ${depth}, interlace ${data[12]}`);
    } else if (type === "IDAT") idat.push(data);
    offset += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType as 0 | 2 | 4 | 6];
  if (channels === undefined) throw new Error(`unsupported PNG colour type ${colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? rows[y * stride + x - channels]! : 0;
      const b = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels]! : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      if (predictor === undefined) throw new Error(`bad PNG filter ${filter}`);
      rows[y * stride + x] = (line[x]! + predictor) & 0xff;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const p = rows.subarray(i * channels, (i + 1) * channels);
    const gray = channels <= 2;
    data[i * 4] = p[0]!;
    data[i * 4 + 1] = gray ? p[0]! : p[1]!;
    data[i * 4 + 2] = gray ? p[0]! : p[2]!;
    data[i * 4 + 3] = channels === 4 ? p[3]! : channels === 2 ? p[1]! : 255;
  }
  return { width, height, data };
}

/** Binary PPM (P6, maxval 255), as pdftoppm -ppm writes it. */
export function decodePpm(file: Uint8Array): Pixels {
  const header = new TextDecoder("latin1").decode(file.subarray(0, 64));
  const match = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(header);
  if (!match) throw new Error("not a binary PPM");
  const width = Number(match[1]);
  const height = Number(match[2]);
  const rgb = file.subarray(match[0].length);
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data.set(rgb.subarray(i * 3, i * 3 + 3), i * 4);
    data[i * 4 + 3] = 255;
  }
  return { width, height, data };
}

export interface PixelStats {
  /** Share of opaque pixels that differ from the background colour. */
  readonly inked: number;
  /** Share of pixels close to pure red (the gallery's rectangle). */
  readonly red: number;
  /** Share of pixels close to (0, 200, 0), the green of the test picture. */
  readonly green: number;
}

/** Counts pixels over white-ish/transparent backgrounds; near-transparent pixels count as background. */
export function pixelStats(
  pixels: Pixels,
  background: readonly [number, number, number],
): PixelStats {
  let inked = 0;
  let red = 0;
  let green = 0;
  const total = pixels.width * pixels.height;
  for (let i = 0; i < total; i++) {
    const [r, g, b, a] = pixels.data.subarray(i * 4, i * 4 + 4) as unknown as [
      number,
      number,
      number,
      number,
    ];
    if (a < 32) continue;
    const far =
      Math.abs(r - background[0]) + Math.abs(g - background[1]) + Math.abs(b - background[2]) > 48;
    if (far) inked += 1;
    if (r > 220 && g < 40 && b < 40) red += 1;
    if (r < 40 && g > 170 && g < 230 && b < 40) green += 1;
  }
  return { inked: inked / total, red: red / total, green: green / total };
}
