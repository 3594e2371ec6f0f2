import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Patch } from "../../src/doc/patch";
import { DocumentStore } from "../../src/doc/store";
import type { DocRecord } from "../../src/doc/types";
import { History } from "../../src/history/history";
import { Autosaver } from "../../src/persist/autosave";
import { LOG, requestResult, transactionDone } from "../../src/persist/db";
import type { DocumentStorage, EncodedEntry } from "../../src/persist/documentFile";
import { Library } from "../../src/persist/library";
import { encodeEntry } from "../../src/persist/logEntry";
import { decodeEntry, replay } from "../../src/persist/replay";
import { addRect, freshFactory, newRecords, rect, sortById } from "./helpers";

async function openFile() {
  const library = await Library.open({
    home: "/home/web_user",
    user: "web_user",
    factory: freshFactory(),
  });
  const handle = await library.open(await library.create("Plan"));
  const loaded = await handle.load();
  return { library, handle, loaded };
}

async function storedSeqs(db: IDBDatabase, inode: string): Promise<number[]> {
  const keys = await requestResult(
    db
      .transaction(LOG, "readonly")
      .objectStore(LOG)
      .getAllKeys(IDBKeyRange.bound([inode], [inode, Infinity])),
  );
  return keys.map((key) => (key as [string, number])[1]);
}

function moveFirst(store: DocumentStore, x: number): void {
  const node = store.childrenOf(store.pages()[0]!.id)[0]!;
  store.transact("Move", (tx) => tx.update(node.id, { transform: { ...node.transform, x } }));
}

describe("write-ahead autosave", () => {
  it("every edit outside a gesture is in the log once its own write resolves, no timer needed", async () => {
    const { library, handle, loaded } = await openFile();
    const writes: Array<Promise<void>> = [];
    // The real file, watched: the promise each append returns is the write of that commit.
    const storage: DocumentStorage = {
      appendLog: (entries, discardFrom) => {
        const writing = handle.file.appendLog(entries, discardFrom);
        writes.push(writing);
        return writing;
      },
      appendPart: (seq, index, text) => handle.file.appendPart(seq, index, text),
      writeSnapshot: (records, seq) => handle.file.writeSnapshot(records, seq),
    };
    const store = new DocumentStore(loaded.records);
    const saver = new Autosaver(store, storage, { lastSeq: loaded.lastSeq });
    for (let i = 0; i < 6; i++) {
      addRect(store, `r${i}`, i);
      // Started inside the commit: no timer, no later task.
      expect(writes).toHaveLength(i + 1);
      await writes[i];
      expect(await storedSeqs(library.db, handle.file.inode)).toContain(loaded.lastSeq + i + 1);
      const reopened = await handle.file.load();
      expect(sortById(reopened.records)).toEqual(sortById(store.snapshot()));
    }
    saver.stop();
    library.close();
  });

  it("drops a gesture whose end was never logged and keeps one that ended or was cancelled", async () => {
    const { library, handle, loaded } = await openFile();
    const store = new DocumentStore(loaded.records);
    const history = new History(store);
    const saver = new Autosaver(store, handle.file, {
      lastSeq: loaded.lastSeq,
      gestures: history,
    });
    addRect(store, "a");
    const beforeDrag = sortById(store.snapshot());

    history.beginGesture("Move");
    for (let x = 1; x <= 5; x++) moveFirst(store, x * 10);
    await saver.whenSaved();
    // Mid-drag, nothing of the drag is stored (replay would drop it), and the document reopens
    // as before the drag.
    expect(await storedSeqs(library.db, handle.file.inode)).toHaveLength(1);
    expect(sortById((await handle.file.load()).records)).toEqual(beforeDrag);

    history.endGesture();
    await saver.whenSaved();
    // The five steps, written as one entry when the drag ended.
    expect(await storedSeqs(library.db, handle.file.inode)).toHaveLength(2);
    const afterDrag = sortById(store.snapshot());
    expect(sortById((await handle.file.load()).records)).toEqual(afterDrag);

    history.beginGesture("Move");
    moveFirst(store, 99);
    history.cancelGesture();
    await saver.whenSaved();
    // A cancelled drag writes nothing at all.
    expect(await storedSeqs(library.db, handle.file.inode)).toHaveLength(2);
    expect(sortById((await handle.file.load()).records)).toEqual(afterDrag);
    saver.stop();
    library.close();
  });

  it("a writer reopening after an unfinished gesture clears it, so it never comes back", async () => {
    const { library, handle, loaded } = await openFile();
    const store = new DocumentStore(loaded.records);
    const history = new History(store);
    const saver = new Autosaver(store, handle.file, { lastSeq: 0, gestures: history });
    addRect(store, "a");
    await saver.whenSaved();
    saver.stop();
    // The page died mid-drag under a writer that logged each step with the gesture's mark.
    const steps: Patch[] = [];
    const unsubscribe = store.subscribe((commit) => steps.push(commit.patch));
    for (let x = 1; x <= 4; x++) moveFirst(store, x);
    unsubscribe();
    await handle.file.appendLog(
      steps.map((patch, i) => ({ seq: 2 + i, text: encodeEntry(patch, { gesture: 2 }) })),
    );
    expect(await storedSeqs(library.db, handle.file.inode)).toEqual([1, 2, 3, 4, 5]);

    const again = await handle.file.load();
    expect(again.lastSeq).toBe(1);
    const store2 = new DocumentStore(again.records);
    const history2 = new History(store2);
    const saver2 = new Autosaver(store2, handle.file, {
      lastSeq: again.lastSeq,
      gestures: history2,
    });
    // The new gesture is one entry at the seq where the dropped one began: the old tail must not
    // be read after it.
    history2.beginGesture("Move");
    moveFirst(store2, 50);
    history2.endGesture();
    await saver2.whenSaved();
    expect(await storedSeqs(library.db, handle.file.inode)).toEqual([1, 2]);
    expect(sortById((await handle.file.load()).records)).toEqual(sortById(store2.snapshot()));
    saver2.stop();
    library.close();
  });

  it.each(["Add text", "Edit text", "Edit label"])(
    "keeps the words typed so far when a text box or a shape's label is still open (%s)",
    async (label) => {
      const { library, handle, loaded } = await openFile();
      const store = new DocumentStore(loaded.records);
      const history = new History(store);
      const saver = new Autosaver(store, handle.file, {
        lastSeq: loaded.lastSeq,
        gestures: history,
      });
      history.beginGesture(label);
      store.transact(label, (tx) => tx.put(rect("t", 0, "a1", store.pages()[0]!.id)));
      // Each letter is a commit inside the gesture; the test moves the box instead of typing.
      for (let x = 1; x <= 3; x++) moveFirst(store, x);
      await saver.whenSaved();
      expect(history.inGesture).toBe(true);
      expect(sortById((await handle.file.load()).records)).toEqual(sortById(store.snapshot()));
      saver.stop();
      library.close();
    },
  );

  it("replays a log written before gesture marks existed", async () => {
    const { library, handle, loaded } = await openFile();
    const store = new DocumentStore(loaded.records);
    const patches: string[] = [];
    store.subscribe((commit) => patches.push(JSON.stringify(commit.patch)));
    addRect(store, "old1");
    addRect(store, "old2");
    moveFirst(store, 7);
    // The old format: the patch's JSON as it is, one entry per commit.
    const tx = library.db.transaction(LOG, "readwrite");
    patches.forEach((text, i) => tx.objectStore(LOG).put(text, [handle.file.inode, i + 1]));
    await transactionDone(tx);
    const reopened = await handle.file.load();
    expect(reopened.lastSeq).toBe(3);
    expect(sortById(reopened.records)).toEqual(sortById(store.snapshot()));
    library.close();
  });

  it("does not fold the log into a snapshot while a gesture is open", async () => {
    const { library, handle, loaded } = await openFile();
    const store = new DocumentStore(loaded.records);
    const history = new History(store);
    const saver = new Autosaver(store, handle.file, {
      lastSeq: loaded.lastSeq,
      gestures: history,
      compactEntries: 3,
    });
    addRect(store, "a");
    const beforeDrag = sortById(store.snapshot());
    history.beginGesture("Move");
    for (let x = 1; x <= 8; x++) moveFirst(store, x);
    await saver.whenSaved();
    await saver.compact();
    const midDrag = await handle.file.load();
    expect(midDrag.baseSeq).toBe(0);
    expect(sortById(midDrag.records)).toEqual(beforeDrag);
    history.endGesture();
    await saver.whenSaved();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await handle.file.load();
    expect(after.baseSeq).toBeGreaterThan(0);
    expect(sortById(after.records)).toEqual(sortById(store.snapshot()));
    saver.stop();
    library.close();
  });
});

/** Keeps every append in order, confirming at once. */
class MemoryLog implements DocumentStorage {
  readonly entries: EncodedEntry[] = [];
  appendLog(entries: readonly EncodedEntry[]): Promise<void> {
    this.entries.push(...entries);
    return Promise.resolve();
  }
  appendPart(): Promise<void> {
    return Promise.reject(new Error("not in this test"));
  }
  writeSnapshot(): Promise<void> {
    return Promise.reject(new Error("not in this test"));
  }
}

type Step =
  | { op: "add"; x: number }
  | { op: "move"; x: number }
  | { op: "gesture"; moves: number[]; finish: "end" | "cancel" | "open" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant("add" as const), x: fc.integer({ min: -50, max: 50 }) }),
  fc.record({ op: fc.constant("move" as const), x: fc.integer({ min: -50, max: 50 }) }),
  fc.record({
    op: fc.constant("gesture" as const),
    moves: fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 5 }),
    finish: fc.constantFrom("end" as const, "cancel" as const, "open" as const),
  }),
);

describe("replay after a crash at any point", () => {
  it("gives the document as of the last completed edit or gesture in the stored prefix", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), fc.boolean(), async (steps, waits) => {
        const start = newRecords();
        const store = new DocumentStore(start);
        const history = new History(store);
        const log = new MemoryLog();
        const saver = new Autosaver(store, log, { lastSeq: 0, gestures: history });
        // (entries stored, document) after each completed edit or gesture.
        const completed: Array<{ count: number; records: DocRecord[] }> = [];
        const settle = async (): Promise<void> => {
          if (waits) await saver.whenSaved();
        };
        const done = async (): Promise<void> => {
          await saver.whenSaved();
          completed.push({ count: log.entries.length, records: sortById(store.snapshot()) });
        };
        let next = 0;
        for (const s of steps) {
          const hasNode = store.childrenOf(store.pages()[0]!.id).length > 0;
          if (s.op === "add") {
            addRect(store, `r${next++}`, s.x);
            await done();
          } else if (s.op === "move" && hasNode) {
            moveFirst(store, s.x);
            await done();
          } else if (s.op === "gesture" && hasNode) {
            history.beginGesture("Drag");
            for (const x of s.moves) {
              moveFirst(store, x);
              await settle();
            }
            if (s.finish === "open") {
              await saver.whenSaved();
              break; // the crash comes mid-gesture
            }
            if (s.finish === "end") history.endGesture();
            else history.cancelGesture();
            await done();
          }
        }
        await saver.whenSaved();
        const entries = log.entries.map((e) => decodeEntry(e.seq, e.text));
        for (let cut = 0; cut <= entries.length; cut++) {
          const expected = [...completed].reverse().find((c) => c.count <= cut);
          const { records } = replay(start, 0, entries.slice(0, cut));
          expect(sortById(records)).toEqual(expected?.records ?? sortById(start));
        }
        saver.stop();
      }),
      { numRuns: 200 },
    );
  });
});
