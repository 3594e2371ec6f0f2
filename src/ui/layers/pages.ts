import { generateKeyBetween } from "fractional-indexing";
import { deleteNodes } from "../../doc/commands";
import { newId } from "../../doc/ids";
import type { DocumentStore } from "../../doc/store";
import type { Id, PageRecord } from "../../doc/types";

export const MAX_PAGE_NAME = 200;

/** Adds a page after the last one; returns its id. */
export function addPage(store: DocumentStore): Id {
  const pages = store.pages();
  const last = pages.at(-1);
  const id = newId();
  const page: PageRecord = {
    id,
    type: "page",
    name: `Page ${pages.length + 1}`,
    index: generateKeyBetween(last?.index ?? null, null),
    background: last?.background ?? { r: 0.957, g: 0.957, b: 0.961, a: 1 },
  };
  store.transact("Add page", (tx) => tx.put(page));
  return id;
}

export function renamePage(store: DocumentStore, page: PageRecord, name: string): void {
  const trimmed = name.trim().slice(0, MAX_PAGE_NAME);
  if (trimmed === "" || trimmed === page.name) return;
  store.transact("Rename page", (tx) => tx.put({ ...page, name: trimmed }));
}

/** Deletes a page and everything on it; the last page stays (a document always has one). */
export function deletePage(store: DocumentStore, pageId: Id): boolean {
  if (store.pages().length <= 1) return false;
  store.transact("Delete page", (tx) => {
    deleteNodes(
      tx,
      store.childrenOf(pageId).map((node) => node.id),
    );
    tx.remove(pageId);
  });
  return true;
}

/** Moves a page one place up (-1) or down (+1) in the page list. */
export function movePage(store: DocumentStore, pageId: Id, step: -1 | 1): void {
  const pages = store.pages();
  const at = pages.findIndex((page) => page.id === pageId);
  const page = pages[at];
  if (!page) return;
  const low = step < 0 ? (pages[at - 2]?.index ?? null) : (pages[at + 1]?.index ?? null);
  const high = step < 0 ? (pages[at - 1]?.index ?? null) : (pages[at + 2]?.index ?? null);
  if ((step < 0 && at === 0) || (step > 0 && at === pages.length - 1)) return;
  store.transact("Move page", (tx) => tx.put({ ...page, index: generateKeyBetween(low, high) }));
}

/**
 * Moves a page to just above or below another in the page list (a drop). Returns false when
 * that is where it already is, or either page is missing: nothing is committed then.
 */
export function placePage(
  store: DocumentStore,
  pageId: Id,
  targetId: Id,
  position: "above" | "below",
): boolean {
  const pages = store.pages();
  const page = pages.find((p) => p.id === pageId);
  const others = pages.filter((p) => p.id !== pageId);
  const at = others.findIndex((p) => p.id === targetId);
  if (page === undefined || at < 0) return false;
  const slot = position === "above" ? at : at + 1;
  if (pages.indexOf(page) === slot) return false;
  let index: string;
  try {
    index = generateKeyBetween(others[slot - 1]?.index ?? null, others[slot]?.index ?? null);
  } catch {
    // Two pages with one index (a document that arrived so): there is no key between them.
    return false;
  }
  return store.transact("Move page", (tx) => tx.put({ ...page, index })) !== null;
}
