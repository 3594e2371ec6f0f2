import { Texture } from "pixi.js";
import type { DocumentStore } from "../doc/store";
import type { ImageSource } from "./displays";

/**
 * Decodes image data from the document's blob records into textures, once per blob however
 * many images show it. The data is already in memory, so nothing is fetched. The textures belong
 * to the document: `dispose` (its renderer's) destroys them, and decodes that finish later are
 * dropped.
 */
export function blobTextureSource(store: DocumentStore): ImageSource {
  const textures = new Map<string, Promise<Texture>>();
  let decoding = 0;
  let disposed = false;
  return {
    get decoding() {
      return decoding > 0;
    },
    load(node, done) {
      if (disposed) return;
      let texture = textures.get(node.blob);
      if (texture === undefined) {
        const blob = store.get(node.blob);
        if (blob?.type !== "blob") return;
        const image = new Image();
        image.src = `data:${blob.mime};base64,${blob.data}`;
        texture = image.decode().then(() => Texture.from(image));
        textures.set(node.blob, texture);
        decoding += 1;
        const settled = (): void => {
          decoding -= 1;
        };
        texture.then(settled, settled);
      }
      texture.then(
        (made) => {
          if (!disposed) done(made);
        },
        () => {
          // A picture that cannot be decoded stays an empty box rather than breaking the page.
        },
      );
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const texture of textures.values()) {
        texture.then(
          (made) => made.destroy(true),
          () => {},
        );
      }
      textures.clear();
    },
  };
}
