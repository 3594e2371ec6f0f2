import { Texture } from "pixi.js";
import type { DocumentStore } from "../doc/store";
import type { ImageNode } from "../doc/types";

/**
 * Decodes image data from the document's blob records into textures, once per blob however
 * many images show it. The data is already in memory, so nothing is fetched.
 */
export function blobTextureLoader(
  store: DocumentStore,
): (node: ImageNode, done: (texture: Texture) => void) => void {
  const textures = new Map<string, Promise<Texture>>();
  return (node, done) => {
    let texture = textures.get(node.blob);
    if (texture === undefined) {
      const blob = store.get(node.blob);
      if (blob?.type !== "blob") return;
      const image = new Image();
      image.src = `data:${blob.mime};base64,${blob.data}`;
      texture = image.decode().then(() => Texture.from(image));
      textures.set(node.blob, texture);
    }
    texture.then(done, () => {
      // A picture that cannot be decoded stays an empty box rather than breaking the page.
    });
  };
}
