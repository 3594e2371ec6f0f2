import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_OPEN_FILES } from "../../engine/constants";
import { DocumentStore } from "../../src/doc/store";
import { Autosaver } from "../../src/persist/autosave";
import { CHUNKS, INODES, LOG } from "../../src/persist/db";
import { IdbDocumentFile, SnapshotVerificationError } from "../../src/persist/documentFile";
import { Library, LibraryError } from "../../src/persist/library";
import { CorruptDocumentError } from "../../src/persist/replay";
import { sha256Hex } from "../../src/persist/hash";
import { serializeDocument } from "../../src/io/native/format";
import { addRect, freshFactory, newRecords, rect, sortById } from "./helpers";

async function openLibrary(): Promise<Library> {
  return Library.open({ home: "/home/web_user", user: "web_user", factory: freshFactory() });
}

async function count(db: IDBDatabase, store: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = db.transaction(store).objectStore(store).count();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

describe("document files", () => {
  it("replays the log over the snapshot to the live store's records", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant("add" as const), x: fc.integer({ min: -50, max: 50 }) }),
            fc.record({ op: fc.constant("move" as const), pick: fc.nat(), x: fc.integer() }),
            fc.record({ op: fc.constant("remove" as const), pick: fc.nat() }),
            fc.record({ op: fc.constant("rename" as const), name: fc.string({ maxLength: 8 }) }),
          ),
          { maxLength: 40 },
        ),
        fc.integer({ min: 2, max: 12 }),
        async (ops, compactEvery) => {
          const library = await openLibrary();
          const path = await library.create("Plan");
          const handle = await library.open(path);
          const start = await handle.load();
          const store = new DocumentStore(start.records);
          const saver = new Autosaver(store, handle.file, {
            lastSeq: start.lastSeq,
            compactEntries: compactEvery,
          });
          let next = 0;
          for (const op of ops) {
            const nodes = store.childrenOf(store.pages()[0]!.id);
            const target = "pick" in op && nodes.length > 0 ? nodes[op.pick % nodes.length] : null;
            if (op.op === "add") addRect(store, `r${next++}`, op.x);
            else if (op.op === "move" && target)
              store.transact("Move", (tx) =>
                tx.update(target.id, { transform: { ...target.transform, x: op.x } }),
              );
            else if (op.op === "remove" && target)
              store.transact("Delete", (tx) => tx.remove(target.id));
            else if (op.op === "rename")
              store.transact("Rename", (tx) => tx.update(store.document.id, { name: op.name }));
            if (next % 3 === 0) await saver.whenSaved();
          }
          saver.flushNow();
          await saver.whenSaved();
          await saver.compact();
          const reopened = await new IdbDocumentFile(library.db, handle.file.inode).load();
          expect(sortById(reopened.records)).toEqual(sortById(store.snapshot()));
          saver.stop();
          library.close();
        },
      ),
      { numRuns: 25 },
    );
  });

  it("compacts the log into a new snapshot, keeping the one before and its log as a fallback", async () => {
    const library = await openLibrary();
    const handle = await library.open(await library.create("Big"));
    const store = new DocumentStore((await handle.load()).records);
    const saver = new Autosaver(store, handle.file, {
      lastSeq: 0,
      compactEntries: 1000,
    });
    for (let i = 0; i < 20; i++) addRect(store, `n${i}`);
    await saver.whenSaved();
    expect(await count(library.db, LOG)).toBe(20);
    await saver.compact();
    // The first snapshot was made at seq 0: its log (all 20 entries) stays beside it.
    expect(await count(library.db, LOG)).toBe(20);
    expect(await count(library.db, CHUNKS)).toBe(2);
    addRect(store, "between");
    await saver.whenSaved();
    await saver.compact();
    // Now the snapshot at seq 20 is the fallback: only the entry after it is kept.
    expect(await count(library.db, LOG)).toBe(1);
    expect(await count(library.db, CHUNKS)).toBe(2);
    const reopened = await handle.load();
    expect(reopened.baseSeq).toBe(21);
    expect(reopened.lastSeq).toBe(21);
    expect(sortById(reopened.records)).toEqual(sortById(store.snapshot()));
    addRect(store, "after");
    await saver.whenSaved();
    expect((await handle.load()).lastSeq).toBe(22);
    saver.stop();
  });

  it("splits big snapshots into chunks of at most the chunk size", async () => {
    const library = await openLibrary();
    const file = new IdbDocumentFile(library.db, "inode-x", 1000);
    const records = [
      ...newRecords(),
      ...Array.from({ length: 95 }, (_, i) => rect(`c${i}`, i, `a${i}c`)),
    ];
    await file.writeSnapshot(records, 0);
    const text = serializeDocument(records);
    expect(await count(library.db, CHUNKS)).toBe(Math.ceil(text.length / 1000));
    const raw = await file.readRaw();
    const texts = raw.chunks.map(([, , chunk]) => chunk as string);
    expect(texts.every((chunk) => chunk.length <= 1000)).toBe(true);
    expect(texts.join("")).toBe(text);
    expect(raw.inode).toMatchObject({ encoding: "linework" });
    expect(sortById((await file.load()).records)).toEqual(sortById(records));
  });

  it("still opens snapshots written as JSON lists of records, with their log", async () => {
    const library = await openLibrary();
    const records = [...newRecords(), rect("old", 5)];
    const texts = [JSON.stringify(records.slice(0, 2)), JSON.stringify(records.slice(2))];
    const moved = { ...rect("old", 5), transform: { ...rect("old", 5).transform, x: 9 } };
    const hash = await sha256Hex(texts.join("\n"));
    const tx = library.db.transaction([INODES, CHUNKS, LOG], "readwrite");
    texts.forEach((text, i) => tx.objectStore(CHUNKS).put(text, ["inode-old", 3, i]));
    tx.objectStore(INODES).put({
      id: "inode-old",
      gen: 3,
      chunks: 2,
      hash,
      baseSeq: 4,
      modified: "2024-01-01T00:00:00.000Z",
    });
    tx.objectStore(LOG).put(
      JSON.stringify({ changes: [{ id: "old", before: rect("old", 5), after: moved }] }),
      ["inode-old", 5],
    );
    await new Promise((resolve) => (tx.oncomplete = resolve));
    const loaded = await new IdbDocumentFile(library.db, "inode-old").load();
    expect(loaded).toMatchObject({ baseSeq: 4, lastSeq: 5, verified: true });
    expect(sortById(loaded.records)).toEqual(sortById([...records.slice(0, 2), moved]));
  });

  it("refuses a snapshot whose checksum does not match, leaving it in storage", async () => {
    const library = await openLibrary();
    const handle = await library.open(await library.create("Damaged"));
    const tx = library.db.transaction(CHUNKS, "readwrite");
    const chunks = tx.objectStore(CHUNKS);
    const cursor = chunks.openCursor();
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (c) c.update((c.value as string).replace("Damaged", "Tampered"));
    };
    await new Promise((resolve) => (tx.oncomplete = resolve));
    // A first snapshot has nothing before it to fall back to.
    await expect(handle.load()).rejects.toBeInstanceOf(CorruptDocumentError);
    await expect(handle.load()).rejects.toThrow(/does not match its checksum/);
    expect(await count(library.db, CHUNKS)).toBe(1);
    expect((await handle.file.readRaw()).chunks[0]![2]).toContain("Tampered");
  });

  it("keeps the old snapshot when a new one reads back wrong", async () => {
    const library = await openLibrary();
    const handle = await library.open(await library.create("Plan"));
    const before = await handle.load();
    const proto = IDBObjectStore.prototype;
    const get = proto.get;
    proto.get = function (this: IDBObjectStore, ...args: Parameters<typeof get>) {
      const request = get.apply(this, args);
      if (this.name === CHUNKS) {
        request.addEventListener("success", () => {
          const result = request.result as string;
          Object.defineProperty(request, "result", { value: result.replace("Plan", "Plam") });
        });
      }
      return request;
    };
    try {
      await expect(
        handle.file.writeSnapshot([...before.records, rect("x")], 0),
      ).rejects.toBeInstanceOf(SnapshotVerificationError);
    } finally {
      proto.get = get;
    }
    const after = await handle.load();
    expect(sortById(after.records)).toEqual(sortById(before.records));
    expect(await count(library.db, INODES)).toBe(1);
    expect(await count(library.db, CHUNKS)).toBe(1);
  });

  it("opens the snapshot without a log entry that does not fit it, and says so", async () => {
    const library = await openLibrary();
    const handle = await library.open(await library.create("Plan"));
    const tx = library.db.transaction(LOG, "readwrite");
    tx.objectStore(LOG).put(
      JSON.stringify({ changes: [{ id: "ghost", before: rect("ghost"), after: null }] }),
      [handle.file.inode, 1],
    );
    await new Promise((resolve) => (tx.oncomplete = resolve));
    const loaded = await handle.load();
    expect(loaded.lastSeq).toBe(1);
    expect(loaded.damage).toMatchObject({
      problems: ["log entry 1 does not fit the saved drawing"],
      lost: { count: 1 },
    });
  });
});

describe("document library", () => {
  it("creates, lists, renames, duplicates and removes files under $HOME/Drawings", async () => {
    const library = await openLibrary();
    const first = await library.create("Untitled");
    const second = await library.create("Untitled");
    expect(first).toBe("/home/web_user/Drawings/Untitled.linework");
    expect(second).toBe("/home/web_user/Drawings/Untitled 2.linework");
    const doc = (await (await library.open(first)).load()).records.find(
      (r) => r.type === "document",
    );
    expect(doc).toMatchObject({ author: "web_user", name: "Untitled" });
    const renamed = await library.rename(second, "Floor plan");
    expect(renamed).toBe("/home/web_user/Drawings/Floor plan.linework");
    await expect(library.rename(renamed, "Untitled")).rejects.toMatchObject({ code: "EEXIST" });
    const copy = await library.duplicate(renamed);
    expect(copy).toBe("/home/web_user/Drawings/Floor plan copy.linework");
    expect((await library.list()).map((f) => f.name)).toEqual([
      "Floor plan",
      "Floor plan copy",
      "Untitled",
    ]);
    await expect(library.remove(first)).rejects.toMatchObject({ code: "EBUSY" });
    await library.remove(copy);
    expect((await library.list()).map((f) => f.name)).toEqual(["Floor plan", "Untitled"]);
    await expect(library.open(copy)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("remembers the last document across renames", async () => {
    const library = await openLibrary();
    const path = await library.create("Plan");
    await library.setLastOpened(path);
    const moved = await library.rename(path, "Plan B");
    expect(await library.lastOpened()).toBe(moved);
  });

  it(`§9 maximum open files: the library holds at most ${MAX_OPEN_FILES} open files`, async () => {
    const library = await openLibrary();
    const path = await library.create("Plan");
    const handles = [];
    for (let i = 0; i < MAX_OPEN_FILES; i++) handles.push(await library.open(path));
    expect(library.openCount).toBe(MAX_OPEN_FILES);
    const error = await library.open(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibraryError);
    expect(error).toMatchObject({ code: "EMFILE", message: "Too many open files (4096)" });
    handles[17]!.close();
    expect((await library.open(path)).fd).toBe(17);
  });
});
