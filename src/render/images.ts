import { Texture } from "pixi.js";
import type { DocumentStore } from "../doc/store";
import type { ImageSource } from "./displays";

/**
 * Longest stretch, in ms, spent starting decodes in one task. The browser reads a data URL where
 * it is set, at about a millisecond for each 200 KB: a board of two hundred pictures shown at
 * once held the page for 150 ms.
 */
export const DECODE_START_BUDGET_MS = 8;

/** How a blob's picture is decoded; the browser's by default. */
export interface DecodeOptions {
  readonly decode: (mime: string, data: string) => Promise<Texture>;
  readonly clock: () => number;
  /** Runs `then` in a later task. */
  readonly later: (then: () => void) => void;
}

const browserDecoding: DecodeOptions = {
  decode: (mime, data) => {
    const image = new Image();
    image.src = `data:${mime};base64,${data}`;
    return image.decode().then(() => Texture.from(image));
  },
  clock: () => performance.now(),
  later: (then) => setTimeout(then, 0),
};

/**
 * Decodes image data from the document's blob records into textures, once per blob however
 * many images show it. The data is already in memory, so nothing is fetched; decodes are started
 * a few a task (see DECODE_START_BUDGET_MS), in the order asked for. The textures belong to the
 * document: `dispose` (its renderer's) destroys them, and decodes that finish later are dropped.
 */
export function blobTextureSource(
  store: DocumentStore,
  { decode, clock, later }: DecodeOptions = browserDecoding,
): ImageSource {
  const textures = new Map<string, Promise<Texture>>();
  const waiting: Array<() => void> = [];
  let starting = false;
  let decoding = 0;
  let disposed = false;
  const startSome = (): void => {
    starting = false;
    if (disposed) return;
    const until = clock() + DECODE_START_BUDGET_MS;
    // At least one a task, so the decodes move on whatever the clock says.
    do waiting.shift()?.();
    while (waiting.length > 0 && clock() < until);
    if (waiting.length > 0) {
      starting = true;
      later(startSome);
    }
  };
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
        texture = new Promise<Texture>((resolve, reject) => {
          waiting.push(() => {
            try {
              decode(blob.mime, blob.data).then(resolve, reject);
            } catch (error) {
              reject(error);
            }
          });
        });
        textures.set(node.blob, texture);
        decoding += 1;
        const settled = (): void => {
          decoding -= 1;
        };
        texture.then(settled, settled);
        if (!starting) {
          starting = true;
          later(startSome);
        }
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
      waiting.length = 0;
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
