import { generateKeyBetween } from "fractional-indexing";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../../src/doc/factory";
import type { DocumentStore } from "../../../src/doc/store";
import type { RectNode, TextNode } from "../../../src/doc/types";
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

/** How `boxesPage` lays its boxes out: their size, how many to a row, and their pitch. */
export interface BoxesLayout {
  readonly width: number;
  readonly height: number;
  readonly perRow: number;
  readonly pitchX: number;
  readonly pitchY: number;
}

/** A page of `count` boxes r0, r1…, each labelled "Box i" when `labelled`, in rows. */
export function boxesPage(count: number, labelled: boolean, layout: BoxesLayout): DocumentStore {
  const store = emptyDocumentStore();
  store.transact("add", (tx) => {
    let index: string | null = null;
    for (let i = 0; i < count; i += 1) {
      index = generateKeyBetween(index, null);
      const box = makeNode<RectNode>("rect", `r${i}`, "page", index, {
        fill: DEFAULT_FILL,
        stroke: DEFAULT_STROKE,
        width: layout.width,
        height: layout.height,
        radii: [0, 0, 0, 0],
      });
      const x = (i % layout.perRow) * layout.pitchX;
      const y = Math.floor(i / layout.perRow) * layout.pitchY;
      tx.put({
        ...box,
        label: labelled
          ? {
              content: `Box ${i}`,
              fontFamily: "Inter",
              fontSize: 14,
              fontWeight: 400,
              fontStyle: "normal",
              color: { r: 0, g: 0, b: 0, a: 1 },
              position: 0.5,
            }
          : null,
        transform: { ...box.transform, x, y },
      } as RectNode);
    }
  });
  return store;
}
