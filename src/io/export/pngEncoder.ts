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

/** Filtered pixel bytes handed to the compressor at once. */
export const BYTES_PER_WRITE = 1024 * 1024;

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

  /**
   * Adds rows of straight-alpha RGBA pixels (as getImageData gives them), top to bottom, about
   * BYTES_PER_WRITE at a time with a macrotask between: the stream deflates what it is given
   * on the page's thread, and a strip of 16 MB at once was one task of over 100 ms. Aborting
   * `signal` stops it between two pieces with its reason.
   */
  async addRows(rgba: Uint8ClampedArray, rows: number, signal?: AbortSignal): Promise<void> {
    const stride = this.width * 4;
    const rowsPerWrite = Math.max(1, Math.floor(BYTES_PER_WRITE / (stride + 1)));
    for (let first = 0; first < rows; first += rowsPerWrite) {
      if (first > 0) await new Promise((resume) => setTimeout(resume, 0));
      signal?.throwIfAborted();
      const count = Math.min(rowsPerWrite, rows - first);
      const out = new Uint8Array(count * (stride + 1));
      for (let y = 0; y < count; y++) {
        const row = first + y;
        // Filter type 0 (none) leads each row.
        out.set(rgba.subarray(row * stride, (row + 1) * stride), y * (stride + 1) + 1);
      }
      this.rowsWritten += count;
      await this.writer.write(out);
    }
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
    // The compressed data is no longer wanted: its reader fails with the reason, heard here.
    this.compressed.catch(() => {});
    await this.writer.abort(reason).catch(() => {});
  }
}
