import { IMPORT_LIMITS } from "../io/import/limits";
import { readRasterInfo, toBase64 } from "../io/import/raster";
import type { PickedImage } from "../tools/types";

/**
 * The image tool's file picker: one PNG, JPEG, GIF or WebP, checked by its bytes (not its name)
 * at the import boundary. Null when the user cancels or the file is not a readable image.
 */
export function pickImage(doc: Document): Promise<PickedImage | null> {
  return new Promise((resolve) => {
    const input = doc.createElement("input");
    input.type = "file";
    input.accept = "image/png,image/jpeg,image/gif,image/webp";
    input.addEventListener("change", () => {
      const file = input.files?.[0];
      if (!file || file.size > IMPORT_LIMITS.maxInputBytes) {
        resolve(null);
        return;
      }
      file
        .arrayBuffer()
        .then((buffer) => {
          const bytes = new Uint8Array(buffer);
          const info = readRasterInfo(bytes);
          resolve({
            name: file.name,
            mime: info.mime,
            data: toBase64(bytes),
            width: info.width,
            height: info.height,
          });
        })
        .catch(() => resolve(null));
    });
    input.addEventListener("cancel", () => resolve(null));
    input.click();
  });
}
