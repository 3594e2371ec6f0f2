import { generateKeyBetween } from "fractional-indexing";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../../src/doc/factory";
import type { DocumentStore } from "../../../src/doc/store";
import type { TextNode } from "../../../src/doc/types";
import { makeNode } from "../../../src/shapes/makeNode";
import { emptyDocumentStore } from "../../support/store";

/** A one-line text on the page at (x, y), in the default ink: a display object when drawn. */
export function plainText(id: string, index: string, content: string, x: number, y: number) {
  const text = makeNode<TextNode>("text", id, "page", index, {
    fill: DEFAULT_FILL,
    stroke: { ...DEFAULT_STROKE, paint: null },
    content,
    fontFamily: "sans-serif",
    fontSize: 12,
    fontWeight: 400,
    fontStyle: "normal",
    align: "left",
    lineHeight: 1.2,
    width: null,
  });
  return { ...text, transform: { ...text.transform, x, y } };
}

/** A page of `count` texts t0, t1… ("Text 0"…), each placed by `at`. */
export function textsPage(
  count: number,
  at: (i: number) => { readonly x: number; readonly y: number },
): DocumentStore {
  const store = emptyDocumentStore();
  store.transact("add", (tx) => {
    let index: string | null = null;
    for (let i = 0; i < count; i += 1) {
      index = generateKeyBetween(index, null);
      const { x, y } = at(i);
      tx.put(plainText(`t${i}`, index, `Text ${i}`, x, y));
    }
  });
  return store;
}
