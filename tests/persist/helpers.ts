import { IDBFactory } from "fake-indexeddb";
import "fake-indexeddb/auto";
import { createDocument } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { DocumentStore } from "../../src/doc/store";
import type { DocRecord, RectNode } from "../../src/doc/types";

/** A private, empty IndexedDB for one test. */
export function freshFactory(): IDBFactory {
  return new IDBFactory();
}

export const PAGE = "page-1";

export function newRecords(): DocRecord[] {
  return createDocument({
    id: "doc-1",
    pageId: PAGE,
    author: "web_user",
    created: "2024-01-01T00:00:00.000Z",
  });
}

export function rect(id: string, x = 0, index = "a0", parent = PAGE): RectNode {
  return makeNode<RectNode>("rect", id, parent, index, {
    width: 10,
    height: 10,
    radii: [0, 0, 0, 0],
    fill: { type: "none" },
    stroke: {
      paint: null,
      width: 1,
      dash: [],
      dashOffset: 0,
      cap: "butt",
      join: "miter",
      miterLimit: 4,
    },
    transform: { x, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
  });
}

export function addRect(store: DocumentStore, id: string, x = 0): void {
  store.transact("Add", (tx) => tx.put(rect(id, x, `a${id.length}${id}`, store.pages()[0]!.id)));
}

export function sortById(records: readonly DocRecord[]): DocRecord[] {
  return [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
