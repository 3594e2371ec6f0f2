import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DocumentStore } from "../../src/doc/store";
import type { DocRecord, RectNode } from "../../src/doc/types";
import { Autosaver } from "../../src/persist/autosave";
import { CHUNKS, INODES, LOG, prefixRange, requestResult } from "../../src/persist/db";
import type { Inode, StoredDocument } from "../../src/persist/documentFile";
import { describeDamage, parseOpenedText, storedBundleText } from "../../src/persist/damaged";
import { Library } from "../../src/persist/library";
import { encodeEntryText } from "../../src/persist/logEntry";
import { validateRecords } from "../../src/persist/replay";
import { addRect, freshFactory, rect, sortById } from "./helpers";

/** A saved document: `edits` rectangles added one commit each, every commit in the log. */
async function savedDocument(edits: number, compactions = 0) {
  const library = await Library.open({
    home: "/home/web_user",
    user: "web_user",
    factory: freshFactory(),
  });
  const handle = await library.open(await library.create("Plan"));
  const loaded = await handle.load();
  const store = new DocumentStore(loaded.records);
  const saver = new Autosaver(store, handle.file, { lastSeq: loaded.lastSeq, compactEntries: 1e9 });
  const states: DocRecord[][] = [store.snapshot()];
  for (let i = 0; i < edits; i++) {
    addRect(store, `r${i}`, i);
    states.push(store.snapshot());
    await saver.whenSaved();
    if (compactions > 0 && i === Math.floor(edits / 2) - 1) {
      for (let c = 0; c < compactions; c++) await saver.compact();
    }
  }
  saver.stop();
  return { library, handle, store, states };
}

type Db = IDBDatabase;

async function logKey(db: Db, inode: string, seq: number): Promise<IDBValidKey[]> {
  const keys = await requestResult(
    db
      .transaction(LOG)
      .objectStore(LOG)
      .getAllKeys(prefixRange([inode])),
  );
  const key = keys.find((k) => (k as number[])[1] === seq);
  if (key === undefined) throw new Error(`no log entry ${seq}`);
  return key as IDBValidKey[];
}

async function rewrite(db: Db, store: string, key: IDBValidKey, change: (v: unknown) => unknown) {
  const tx = db.transaction(store, "readwrite");
  const objects = tx.objectStore(store);
  const value: unknown = await requestResult(objects.get(key));
  const next = change(value);
  if (next === undefined) objects.delete(key);
  else if (objects.keyPath !== null) objects.put(next);
  else objects.put(next, key);
  await new Promise((resolve) => (tx.oncomplete = resolve));
}

async function inodeOf(db: Db, id: string): Promise<Inode> {
  return (await requestResult(db.transaction(INODES).objectStore(INODES).get(id))) as Inode;
}

function ids(records: readonly DocRecord[]): string[] {
  return records.map((r) => r.id).sort();
}

/** The kinds of damage a log entry can suffer, each as a change to its stored value. */
const ENTRY_DAMAGE: Record<string, (text: string) => unknown> = {
  "truncated entry": (text) => text.slice(0, Math.floor(text.length / 2)),
  "bad checksum": (text) => text.replace('"width":10', '"width":11'),
  "garbage bytes": () => "\u0000\u00ff\ufffd garbage \u0001",
  "not text at all": () => 42,
  "a record that fails validation": (text) => {
    const stored = JSON.parse(text) as { t: number; changes: unknown[] };
    const changes = JSON.stringify(stored.changes).replace('"width":10', '"width":"wide"');
    // A well-formed entry with a correct checksum: only the record check can catch it.
    return encodeEntryText(changes, {}, stored.t);
  },
};

describe("damaged log entries", () => {
  for (const [kind, damage] of Object.entries(ENTRY_DAMAGE)) {
    it(`${kind}: the document opens without that one edit, and says which edit and when`, async () => {
      const { library, handle, states } = await savedDocument(6);
      const key = await logKey(library.db, handle.file.inode, 3);
      await rewrite(library.db, LOG, key, (value) => damage(value as string));
      const loaded = await handle.load();
      // Edit 3 added r2; the adds after it do not depend on it and are all kept.
      expect(ids(loaded.records)).toEqual(ids(states[6]!.filter((r) => r.id !== "r2")));
      expect(loaded.lastSeq).toBe(6);
      expect(loaded.damage).not.toBeNull();
      expect(loaded.damage!.lost.count).toBe(1);
      expect(loaded.damage!.problems[0]).toMatch(/log entry 3/);
      expect(loaded.damage!.lost.from).toEqual(expect.any(Number));
      expect(describeDamage(loaded.damage!)).toMatch(
        /^1 edit made (around|between) .* could not be recovered/,
      );
      library.close();
    });
  }

  it("an edit made on top of a damaged one is lost with it; unrelated edits stay", async () => {
    const { library, handle, store } = await savedDocument(3);
    const saver = new Autosaver(store, handle.file, { lastSeq: 3 });
    const r1 = store.get("r1") as RectNode;
    store.transact("Move", (tx) =>
      tx.update("r1", { transform: { ...r1.transform, x: 99 } } as never),
    );
    addRect(store, "late");
    await saver.whenSaved();
    saver.stop();
    await rewrite(library.db, LOG, await logKey(library.db, handle.file.inode, 2), () => "{");
    const loaded = await handle.load();
    expect(ids(loaded.records)).toContain("late");
    expect(ids(loaded.records)).not.toContain("r1");
    expect(loaded.damage!.lost.count).toBe(2);
    library.close();
  });
});

describe("damaged snapshots", () => {
  const SNAPSHOT_DAMAGE: Record<string, (db: Db, inode: Inode) => Promise<void>> = {
    "missing chunk": (db, inode) => rewrite(db, CHUNKS, [inode.id, inode.gen, 0], () => undefined),
    "truncated chunk": (db, inode) =>
      rewrite(db, CHUNKS, [inode.id, inode.gen, 0], (v) => (v as string).slice(0, 20)),
    "bad checksum": (db, inode) =>
      rewrite(db, CHUNKS, [inode.id, inode.gen, 0], (v) => (v as string).replace("a0", "a1")),
    "garbage bytes": (db, inode) =>
      rewrite(db, CHUNKS, [inode.id, inode.gen, 0], () => "\u0000\u0001\u0002"),
    "a record that fails validation": async (db, inode) => {
      // The checksum is made to match, so only the parser's checks can catch it.
      await rewrite(db, CHUNKS, [inode.id, inode.gen, 0], (v) =>
        (v as string).replace('"width":[', '"width":["wide",'),
      );
      await rewrite(db, INODES, inode.id, (v) => ({
        ...(v as Inode),
        sums: undefined,
        hash: null,
      }));
    },
  };

  for (const [kind, damage] of Object.entries(SNAPSHOT_DAMAGE)) {
    it(`${kind}: the previous snapshot and the log give the whole document back`, async () => {
      const { library, handle, states } = await savedDocument(8, 2);
      const inode = await inodeOf(library.db, handle.file.inode);
      expect(inode.previous).toBeDefined();
      await damage(library.db, inode);
      const loaded = await handle.load();
      expect(sortById(loaded.records)).toEqual(sortById(states[8]!));
      expect(loaded.lastSeq).toBe(8);
      expect(loaded.damage).toMatchObject({ lost: { count: 0 }, fellBackTo: expect.anything() });
      expect(loaded.damage!.problems[0]).toMatch(/the drawing saved at/);
      expect(describeDamage(loaded.damage!)).toMatch(
        /rebuilt from the one at .*no edits were lost/,
      );
      library.close();
    });
  }

  it("a missing part of a long entry loses that entry alone", async () => {
    const { library, handle, store } = await savedDocument(1);
    // No compaction by size either: one could take the long entry into a snapshot before it is
    // damaged below.
    const saver = new Autosaver(store, handle.file, {
      lastSeq: 1,
      compactEntries: 1e9,
      compactBytes: Infinity,
    });
    const page = store.pages()[0]!.id;
    // Most of the document at once: written as a snapshot.
    store.transact("Add base", (tx) => {
      for (let i = 0; i < 6_000; i++)
        tx.put(rect(`b${i}`, i, `c${String(i).padStart(5, "0")}`, page));
    });
    // Many changes in a small share of a large document: a long entry, written in parts.
    store.transact("Add many", (tx) => {
      for (let i = 0; i < 2_500; i++)
        tx.put(rect(`m${i}`, i, `b${String(i).padStart(5, "0")}`, page));
    });
    addRect(store, "after");
    await saver.whenSaved();
    saver.stop();
    const keys = await requestResult(
      library.db
        .transaction(LOG)
        .objectStore(LOG)
        .getAllKeys(prefixRange([handle.file.inode])),
    );
    const parts = keys.filter((k) => (k as unknown[]).length === 3);
    expect(parts.length).toBeGreaterThan(0);
    const fine = await handle.load();
    expect(fine.damage).toBeNull();
    expect(fine.records).toHaveLength(store.size);
    await rewrite(library.db, LOG, parts[0]!, () => undefined);
    const loaded = await handle.load();
    expect(loaded.damage!.problems).toEqual([
      expect.stringMatching(/part 1 of log entry 3 is missing/),
    ]);
    expect(ids(loaded.records)).toContain("after");
    expect(ids(loaded.records)).not.toContain("m0");
    library.close();
  });
});

describe("the damaged original as a file", () => {
  it("opens in the app and gives the same recovered document", async () => {
    const { library, handle, states } = await savedDocument(5);
    await rewrite(library.db, LOG, await logKey(library.db, handle.file.inode, 4), () => "x");
    const loaded = await handle.load();
    const text = storedBundleText("Plan", await handle.file.readRaw());
    const opened = parseOpenedText(text);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(sortById(opened.records)).toEqual(sortById(loaded.records));
    expect(opened.warning).toMatch(/1 edit .* could not be recovered/);
    expect(ids(opened.records)).toEqual(ids(states[5]!.filter((r) => r.id !== "r3")));
    // An ordinary document still reads as one.
    expect(parseOpenedText("{}").ok).toBe(false);
    library.close();
  });
});

describe("property: random damage never opens a broken document", () => {
  it("whatever single stored value is damaged, what opens is valid and keeps every undamaged independent edit", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 8 }),
        fc.nat(),
        fc.constantFrom(...Object.keys(ENTRY_DAMAGE)),
        async (edits, pick, kind) => {
          const { library, handle, states } = await savedDocument(edits);
          const seq = (pick % edits) + 1;
          await rewrite(library.db, LOG, await logKey(library.db, handle.file.inode, seq), (v) =>
            ENTRY_DAMAGE[kind]!(v as string),
          );
          let loaded: StoredDocument;
          try {
            loaded = await handle.load();
          } finally {
            library.close();
          }
          expect(() => validateRecords(loaded.records)).not.toThrow();
          const lostId = `r${seq - 1}`;
          expect(ids(loaded.records)).toEqual(ids(states[edits]!.filter((r) => r.id !== lostId)));
        },
      ),
      { numRuns: 20 },
    );
  });
});
