import { createDocument } from "../doc/factory";
import { newId } from "../doc/ids";
import { DocumentStore } from "../doc/store";
import type { DocRecord } from "../doc/types";
import { History } from "../history/history";

/** The document and its history: what every tool, panel and saver works with. */
export interface Editor {
  readonly store: DocumentStore;
  readonly history: History;
}

/** Invariant checks run after every transaction in development and tests, not in production. */
export const CHECK_INVARIANTS = import.meta.env.DEV || import.meta.env.MODE === "test";

export function createEditor(records: readonly DocRecord[]): Editor {
  const store = new DocumentStore(records, { checkInvariants: CHECK_INVARIANTS });
  return { store, history: new History(store) };
}

export function newDocumentRecords(author: string, now: Date = new Date()): DocRecord[] {
  return createDocument({ id: newId(), pageId: newId(), author, created: now.toISOString() });
}
