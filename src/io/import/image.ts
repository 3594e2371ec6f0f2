import { makeNode } from "../../shapes/makeNode";
import type { BlobRecord, ImageNode } from "../../doc/types";
import { failureOf } from "./failure";
import { readRasterInfo, RasterError, toBase64 } from "./raster";
import { IMPORT_ROOT, type ImportResult } from "./result";

/**
 * A PNG, JPEG, GIF or WebP file as one image node at its natural size, with its data. The file
 * is checked whole (size limits from the header first, then its structure); a refusal names
 * `fileName` and the reason. The browser's decode, the last check, runs in `decode.ts`.
 */
export function importImage(bytes: Uint8Array, title: string, fileName: string): ImportResult {
  try {
    const info = readRasterInfo(bytes);
    const blob: BlobRecord = { id: "blob", type: "blob", mime: info.mime, data: toBase64(bytes) };
    const node = makeNode<ImageNode>("image", "image", IMPORT_ROOT, "a0", {
      name: title.length > 0 ? title : "Image",
      blob: blob.id,
      naturalWidth: info.width,
      naturalHeight: info.height,
      width: info.width,
      height: info.height,
    });
    return { ok: true, nodes: [node], blobs: [blob], warnings: [] };
  } catch (error) {
    if (error instanceof RasterError) return { ok: false, error: error.describeFor(fileName) };
    return failureOf(error, "image");
  }
}
