import { createDocument } from "../../src/doc/factory";
import { DocumentStore } from "../../src/doc/store";
import type { DocRecord } from "../../src/doc/types";
import { KIND_RULES } from "../../src/shapes/registry";

/** A document with one empty page, id "page", checking invariants after every transaction. */
export function emptyDocumentStore(): DocumentStore {
  return new DocumentStore(
    createDocument({ id: "doc", pageId: "page", author: "u", created: "2026-01-01T00:00:00Z" }),
    { invariants: KIND_RULES },
  );
}

/** A document with one page, id "page", holding `nodes`, checking invariants. */
export function storeWith(...nodes: DocRecord[]): DocumentStore {
  const records = createDocument({
    id: "doc",
    pageId: "page",
    name: "Test",
    author: "test",
    created: "2026-01-01T00:00:00.000Z",
  });
  return new DocumentStore([...records, ...nodes], { invariants: KIND_RULES });
}
