import { crc32 } from "../crc32";
/**
 * A streaming PNG writer (8-bit RGBA, no filtering), fed rows a strip at a time, so an image can
 * be larger than any one canvas the browser will make. Compression is the platform's
 * CompressionStream("deflate"), which writes the zlib format PNG requires.
 */

function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

const SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

export class PngStreamEncoder {
  private readonly compressor = new CompressionStream("deflate");
  private readonly writer = this.compressor.writable.getWriter();
  private readonly compressed: Promise<Uint8Array[]>;
  private rowsWritten = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.compressed = (async () => {
      const parts: Uint8Array[] = [];
      const reader = this.compressor.readable.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return parts;
        parts.push(value);
      }
    })();
  }

  /** Adds rows of straight-alpha RGBA pixels (as getImageData gives them), top to bottom. */
  async addRows(rgba: Uint8ClampedArray, rows: number): Promise<void> {
    const stride = this.width * 4;
    const out = new Uint8Array(rows * (stride + 1));
    for (let y = 0; y < rows; y++) {
      // Filter type 0 (none) leads each row.
      out.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
    }
    this.rowsWritten += rows;
    await this.writer.write(out);
  }

  async finish(): Promise<Blob> {
    if (this.rowsWritten !== this.height)
      throw new Error(`PNG has ${this.rowsWritten} of ${this.height} rows`);
    await this.writer.close();
    const idat = await this.compressed;
    const header = new Uint8Array(13);
    const view = new DataView(header.buffer);
    view.setUint32(0, this.width);
    view.setUint32(4, this.height);
    header.set([8, 6, 0, 0, 0], 8);
    return new Blob(
      [
        SIGNATURE,
        chunk("IHDR", header),
        ...idat.map((part) => chunk("IDAT", part)),
        chunk("IEND", new Uint8Array(0)),
      ],
      { type: "image/png" },
    );
  }

  async abort(reason: unknown): Promise<void> {
    await this.writer.abort(reason).catch(() => {});
  }
}
