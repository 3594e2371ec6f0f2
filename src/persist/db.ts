/**
 * The IndexedDB schema shared by the document library and autosave, and the few promise helpers
 * they need. Every document's content is stored under its inode id, so renaming a file never
 * touches its snapshot or log.
 */

export const DB_NAME = "linework";
export const DB_VERSION = 1;

/** path → FileEntry. */
export const FILES = "files";
/** inode id → Inode. */
export const INODES = "inodes";
/** [inode, generation, chunk index] → JSON text of a slice of the snapshot's records. */
export const CHUNKS = "chunks";
/** [inode, seq] → JSON text of one commit's patch. */
export const LOG = "log";
/** Small settings, such as the last document open. */
export const META = "meta";

export function openDatabase(
  factory: IDBFactory = indexedDB,
  name = DB_NAME,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(FILES)) db.createObjectStore(FILES, { keyPath: "path" });
      if (!db.objectStoreNames.contains(INODES)) db.createObjectStore(INODES, { keyPath: "id" });
      if (!db.objectStoreNames.contains(CHUNKS)) db.createObjectStore(CHUNKS);
      if (!db.objectStoreNames.contains(LOG)) db.createObjectStore(LOG);
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB could not be opened"));
    request.onblocked = () =>
      reject(new Error("IndexedDB is blocked by another tab's old version"));
  });
}

export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

/** Settles when the transaction commits; rejects when it aborts, whatever the reason. */
export function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException("Transaction aborted", "AbortError"));
  });
}

/** All keys from [prefix..., lowest] to [prefix..., highest]. */
export function prefixRange(prefix: readonly IDBValidKey[], upper?: number): IDBKeyRange {
  return IDBKeyRange.bound([...prefix, -Infinity], [...prefix, upper ?? Infinity]);
}

/**
 * Gives the event loop a turn, so long work split into pieces never freezes the page: input and
 * frames go first, then the work goes on at once (`scheduler.yield` where the browser has it; a
 * zero timeout, which browsers stretch to 4 ms after a few, elsewhere).
 */
export function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
