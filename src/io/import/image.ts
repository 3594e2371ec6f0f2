import { makeNode } from "../../doc/factory";
import type { BlobRecord, ImageNode } from "../../doc/types";
import { failureOf } from "./failure";
import { readRasterInfo, toBase64 } from "./raster";
import { IMPORT_ROOT, type ImportResult } from "./result";

/** A PNG, JPEG, GIF or WebP file as one image node at its natural size, with its data. */
export function importImage(bytes: Uint8Array, name: string): ImportResult {
  try {
    const info = readRasterInfo(bytes);
    const blob: BlobRecord = { id: "blob", type: "blob", mime: info.mime, data: toBase64(bytes) };
    const node = makeNode<ImageNode>("image", "image", IMPORT_ROOT, "a0", {
      name: name.length > 0 ? name : "Image",
      blob: blob.id,
      naturalWidth: info.width,
      naturalHeight: info.height,
      width: info.width,
      height: info.height,
    });
    return { ok: true, nodes: [node], blobs: [blob], warnings: [] };
  } catch (error) {
    return failureOf(error, "image");
  }
}
