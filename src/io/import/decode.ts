import { sniffRaster } from "./raster";
import { formatName, type RasterMime } from "./rasterError";

/**
 * The last check on an imported raster: the browser decodes it for real. The header and
 * structure checks in `raster.ts` already refused bombs (before anything was allocated) and
 * files cut short or with damaged chunks; what only a decoder finds (damaged compressed pixels,
 * a codec feature the browser lacks) is refused here, before the image reaches the document.
 */

/** Decodes an image and resolves with its size in pixels; rejects when it does not decode. */
export type ImageDecode = (
  bytes: Uint8Array,
  mime: RasterMime,
) => Promise<{ readonly width: number; readonly height: number }>;

/**
 * `createImageBitmap` where the platform has it (pages and workers alike); null where it has
 * not (Node), where the pure checks are the whole check. Decoding a Blob runs on the browser's
 * own decoding threads, not on the page's main thread, and the bitmap is closed at once: only
 * the answer is kept.
 */
export function browserImageDecode(): ImageDecode | null {
  if (typeof createImageBitmap !== "function" || typeof Blob !== "function") return null;
  return async (bytes, mime) => {
    // A copy, so the Blob owns a plain ArrayBuffer whatever backs `bytes`.
    const bitmap = await createImageBitmap(new Blob([bytes.slice().buffer], { type: mime }));
    try {
      return { width: bitmap.width, height: bitmap.height };
    } finally {
      bitmap.close();
    }
  };
}

/**
 * Null when `data` is not a raster or decodes to the size its header stated; otherwise the
 * message that names the file and the reason. Never rejects.
 */
export async function decodeProblem(
  fileName: string,
  data: Uint8Array | string,
  expected: { readonly width: number; readonly height: number },
  decode: ImageDecode,
): Promise<string | null> {
  if (typeof data === "string") return null;
  const mime = sniffRaster(data);
  if (mime === null) return null;
  const refused = (reason: string): string =>
    `${fileName} is not a readable ${formatName(mime)} image: ${reason}.`;
  let size: { readonly width: number; readonly height: number };
  try {
    size = await decode(data, mime);
  } catch (error) {
    const detail = error instanceof Error && error.message.length > 0 ? ` (${error.message})` : "";
    return refused(`the browser could not decode its pixels${detail}`);
  }
  // An EXIF orientation may turn a JPEG a quarter turn as it is decoded.
  const same =
    (size.width === expected.width && size.height === expected.height) ||
    (size.width === expected.height && size.height === expected.width);
  return same
    ? null
    : refused(
        `it decodes to ${size.width} × ${size.height} pixels, not the ${expected.width} × ${expected.height} its header states`,
      );
}
