import { createDocument } from "../../src/doc/factory";
import { DocumentStore } from "../../src/doc/store";

/** A document with one empty page, id "page", checking invariants after every transaction. */
export function emptyDocumentStore(): DocumentStore {
  return new DocumentStore(
    createDocument({ id: "doc", pageId: "page", author: "u", created: "2026-01-01T00:00:00Z" }),
    { checkInvariants: true },
  );
}
