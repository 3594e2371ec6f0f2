import { describe, expect, it } from "vitest";
import { DocumentStore } from "../../src/doc/store";
import { Autosaver } from "../../src/persist/autosave";
import { CHUNKS, INODES, LOG, prefixRange, requestResult } from "../../src/persist/db";
import { CHUNK_CHARS, type Inode } from "../../src/persist/documentFile";
import { Library } from "../../src/persist/library";
import { ENTRY_PART_CHARS } from "../../src/persist/logEntry";
import { freshFactory, rect, sortById } from "./helpers";

async function open() {
  const library = await Library.open({
    home: "/home/web_user",
    user: "web_user",
    factory: freshFactory(),
  });
  const handle = await library.open(await library.create("Big"));
  const loaded = await handle.load();
  const store = new DocumentStore(loaded.records);
  return { library, handle, store, page: store.pages()[0]!.id };
}

function addMany(store: DocumentStore, page: string, prefix: string, count: number): void {
  store.transact("Add many", (tx) => {
    for (let i = 0; i < count; i++) {
      tx.put(rect(`${prefix}${i}`, i, `${prefix}${String(i).padStart(6, "0")}`, page));
    }
  });
}

function moveAll(store: DocumentStore, prefix: string, dx: number): void {
  store.transact("Move", (tx) => {
    for (const node of store.childrenOf(store.pages()[0]!.id)) {
      if (!node.id.startsWith(prefix)) continue;
      tx.update(node.id, { transform: { ...node.transform, x: node.transform.x + dx } });
    }
  });
}

async function stored(db: IDBDatabase, store: string, inode: string) {
  const tx = db.transaction(store);
  const range = prefixRange([inode]);
  const [keys, values] = await Promise.all([
    requestResult(tx.objectStore(store).getAllKeys(range)),
    requestResult(tx.objectStore(store).getAll(range)),
  ]);
  return keys.map((key, i) => ({ key: key as unknown[], value: values[i] as string }));
}

/** A gesture source the test opens and closes. */
class Gestures {
  inGesture = false;
  private readonly listeners = new Set<() => void>();
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(open: boolean): void {
    this.inGesture = open;
    for (const listener of this.listeners) listener();
  }
}

describe("long log entries", () => {
  it("a commit rewriting most of the document is stored as a snapshot in chunks, not as a patch", async () => {
    const { library, handle, store, page } = await open();
    const saver = new Autosaver(store, handle.file, { lastSeq: 0 });
    addMany(store, page, "n", 12_000);
    await saver.whenSaved();
    const inode = (await requestResult(
      library.db.transaction(INODES).objectStore(INODES).get(handle.file.inode),
    )) as Inode;
    expect(inode.baseSeq).toBe(1);
    expect(await stored(library.db, LOG, handle.file.inode)).toHaveLength(0);
    const chunks = await stored(library.db, CHUNKS, handle.file.inode);
    expect(chunks.every(({ value }) => value.length <= CHUNK_CHARS)).toBe(true);
    expect(sortById((await handle.load()).records)).toEqual(sortById(store.snapshot()));
    saver.stop();
    library.close();
  });

  it("a long patch in a big document is written in parts no bigger than the limit, between other tasks", async () => {
    const { library, handle, store, page } = await open();
    const saver = new Autosaver(store, handle.file, { lastSeq: 0 });
    addMany(store, page, "n", 12_000);
    await saver.whenSaved();
    // A third of the document moves: each change holds the record before and after.
    moveAll(store, "n1", 5);
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 0);
    // Queued behind the long entry, written straight after it.
    addMany(store, page, "late", 1);
    await saver.whenSaved();
    clearInterval(ticking);
    const log = await stored(library.db, LOG, handle.file.inode);
    const parts = log.filter(({ key }) => key.length === 3);
    expect(parts.length).toBeGreaterThan(1);
    expect(log.every(({ value }) => value.length <= ENTRY_PART_CHARS)).toBe(true);
    expect(turns).toBeGreaterThan(1);
    const loaded = await handle.load();
    expect(loaded.damage).toBeNull();
    expect(loaded.lastSeq).toBe(3);
    expect(sortById(loaded.records)).toEqual(sortById(store.snapshot()));
    saver.stop();
    library.close();
  });

  it("a gesture of long commits is written once, when it ends, as one entry; one that never ends is not restored", async () => {
    const { library, handle, store, page } = await open();
    const gestures = new Gestures();
    const saver = new Autosaver(store, handle.file, { lastSeq: 0, gestures });
    addMany(store, page, "n", 12_000);
    await saver.whenSaved();
    const before = store.snapshot();
    const heads = async () =>
      (await stored(library.db, LOG, handle.file.inode)).filter(({ key }) => key.length === 2);
    const headsBefore = (await heads()).length;
    gestures.set(true);
    // A drag of thousands of shapes: a long commit every frame.
    for (let frame = 0; frame < 4; frame++) moveAll(store, "n1", 1);
    await saver.whenSaved();
    // Crash here: the drag never ended, and nothing of it was written.
    expect(await heads()).toHaveLength(headsBefore);
    expect(sortById((await handle.load()).records)).toEqual(sortById(before));
    gestures.set(false);
    await saver.whenSaved();
    const written = (await heads()).slice(headsBefore);
    expect(written).toHaveLength(1);
    expect(written[0]!.value).not.toContain('"gesture');
    const loaded = await handle.load();
    expect(loaded.damage).toBeNull();
    expect(sortById(loaded.records)).toEqual(sortById(store.snapshot()));
    saver.stop();
    library.close();
  });
});
