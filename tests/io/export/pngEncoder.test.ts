import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BYTES_PER_WRITE, PngStreamEncoder } from "../../../src/io/export/pngEncoder";
import { decodePng } from "./images";

async function encode(width: number, height: number, rgba: Uint8ClampedArray, strip: number) {
  const encoder = new PngStreamEncoder(width, height);
  for (let top = 0; top < height; top += strip) {
    const rows = Math.min(strip, height - top);
    await encoder.addRows(rgba.subarray(top * width * 4, (top + rows) * width * 4), rows);
  }
  return new Uint8Array(await (await encoder.finish()).arrayBuffer());
}

describe("streaming PNG encoder", () => {
  it("writes the pixels it is given, strip by strip, as a PNG that decodes to the same pixels", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 8 }),
        fc.infiniteStream(fc.integer({ min: 0, max: 255 })),
        async (width, height, strip, bytes) => {
          const rgba = new Uint8ClampedArray(width * height * 4);
          const source = bytes[Symbol.iterator]();
          for (let i = 0; i < rgba.length; i++) rgba[i] = source.next().value as number;
          const png = await encode(width, height, rgba, strip);
          expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
          const decoded = decodePng(png);
          expect([decoded.width, decoded.height]).toEqual([width, height]);
          expect([...decoded.data]).toEqual([...rgba]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("refuses to finish an image with rows missing", async () => {
    const encoder = new PngStreamEncoder(2, 2);
    await encoder.addRows(new Uint8ClampedArray(8), 1);
    await expect(encoder.finish()).rejects.toThrow(/1 of 2 rows/);
  });

  it("hands a large strip to the compressor in pieces with a task between, and stops there when aborted", async () => {
    const width = 1000;
    // Four pieces' worth of rows.
    const rows = Math.ceil((4 * BYTES_PER_WRITE) / (width * 4));
    const encoder = new PngStreamEncoder(width, rows);
    const controller = new AbortController();
    // Runs at the first task the encoder gives back, before the strip is all written.
    setTimeout(() => controller.abort(), 0);
    await expect(
      encoder.addRows(new Uint8ClampedArray(width * rows * 4), rows, controller.signal),
    ).rejects.toThrow(/aborted/);
    await encoder.abort(controller.signal.reason);
  });
});
