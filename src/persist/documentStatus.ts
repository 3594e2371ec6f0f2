import type { StoragePersistence } from "./durableStorage";

/**
 * The document's name and whether it has unsaved changes: what the page title shows. The
 * document store will drive it; until then the program holds it here.
 */
export interface DocumentStatus {
  readonly name: string;
  readonly dirty: boolean;
  /** Whether the browser has agreed to keep stored drawings; absent until storage has answered. */
  readonly storage?: StoragePersistence;
}

type Listener = () => void;

export class DocumentStatusStore {
  private status: DocumentStatus;
  private readonly listeners = new Set<Listener>();

  constructor(initial: DocumentStatus = { name: "Untitled", dirty: false }) {
    this.status = initial;
  }

  get = (): DocumentStatus => this.status;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(next: Partial<DocumentStatus>): void {
    const merged = { ...this.status, ...next };
    if (
      merged.name === this.status.name &&
      merged.dirty === this.status.dirty &&
      merged.storage === this.status.storage
    )
      return;
    this.status = merged;
    for (const listener of [...this.listeners]) listener();
  }
}

export const APP_NAME = "Linework";
/** Marks unsaved changes, as Inkscape and GIMP do. */
export const UNSAVED_MARK = "*";

export function formatTitle(status: DocumentStatus): string {
  const name = status.name.trim() === "" ? "Untitled" : status.name.trim();
  return `${status.dirty ? UNSAVED_MARK : ""}${name} — ${APP_NAME}`;
}

/** Keeps `page`'s title with the document's name and unsaved mark; returns the stop. */
export function followTitle(status: DocumentStatusStore, page: Document): () => void {
  const apply = (): void => {
    page.title = formatTitle(status.get());
  };
  apply();
  return status.subscribe(apply);
}
