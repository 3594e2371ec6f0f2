import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DocumentStore } from "../../src/doc/store";
import type { DocRecord } from "../../src/doc/types";
import { Autosaver } from "../../src/persist/autosave";
import type { DocumentStorage, EncodedEntry } from "../../src/persist/documentFile";
import { addRect, newRecords } from "./helpers";

/** Storage that confirms after `latency` ms, or fails while `failing` is set. */
class FakeStorage implements DocumentStorage {
  readonly writes: Array<{ at: number; seqs: number[] }> = [];
  readonly stored = new Map<number, string>();
  snapshots: Array<{ records: readonly DocRecord[]; seq: number }> = [];
  failing: unknown = null;
  latency = 5;

  appendLog(entries: readonly EncodedEntry[], discardFrom?: number): Promise<void> {
    // A writer's first long entry clears the stored tail with an append of nothing.
    if (entries.length === 0 && discardFrom === undefined) throw new Error("an empty append");
    this.writes.push({ at: Date.now(), seqs: entries.map((e) => e.seq) });
    const failure = this.failing;
    return new Promise((resolve, reject) =>
      setTimeout(() => {
        if (failure !== null) return reject(failure);
        for (const entry of entries) this.stored.set(entry.seq, entry.text);
        resolve();
      }, this.latency),
    );
  }

  readonly parts = new Map<string, string>();

  appendPart(seq: number, index: number, text: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const failure = this.failing;
      setTimeout(() => {
        if (failure !== null) return reject(failure);
        this.parts.set(`${seq}/${index}`, text);
        resolve();
      }, this.latency);
    });
  }

  writeSnapshot(records: readonly DocRecord[], seq: number): Promise<void> {
    this.snapshots.push({ records, seq });
    return Promise.resolve();
  }
}

describe("autosave", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts each commit's write in the same task, coalescing only behind a write in flight", async () => {
    const store = new DocumentStore(newRecords());
    const storage = new FakeStorage();
    const dirty: boolean[] = [];
    new Autosaver(store, storage, { lastSeq: 0, onDirty: (d) => dirty.push(d) });
    addRect(store, "first");
    // No timer has run: the write started inside the commit.
    expect(storage.writes).toEqual([{ at: 0, seqs: [1] }]);
    // A continuous drag: a commit every 16 ms for two seconds, storage taking 5 ms a write.
    for (let t = 16; t < 2000; t += 16) {
      addRect(store, `r${t}`);
      expect(storage.writes.at(-1)!.at).toBe(Date.now());
      await vi.advanceTimersByTimeAsync(16);
    }
    // Three commits while one write is in flight go out together as soon as it confirms.
    storage.latency = 50;
    addRect(store, "x1");
    addRect(store, "x2");
    addRect(store, "x3");
    expect(storage.writes.at(-1)!.seqs).toEqual([storage.writes.length]);
    await vi.advanceTimersByTimeAsync(50);
    expect(storage.writes.at(-1)!.seqs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(50);
    expect(storage.stored.size).toBe(Math.ceil(2000 / 16) + 3);
    expect(dirty[0]).toBe(true);
    expect(dirty.at(-1)).toBe(false);
  });

  it("flushes at once when asked, without waiting for the throttle", async () => {
    const store = new DocumentStore(newRecords());
    const storage = new FakeStorage();
    const saver = new Autosaver(store, storage, { lastSeq: 7 });
    addRect(store, "a");
    saver.flushNow();
    expect(storage.writes).toEqual([{ at: 0, seqs: [8] }]);
  });

  it("ignores loads and selection-only commits", async () => {
    const store = new DocumentStore(newRecords());
    const storage = new FakeStorage();
    const saver = new Autosaver(store, storage, { lastSeq: 0 });
    store.transact("Load", (tx) => tx.put({ ...store.document, name: "x" }), "load");
    saver.flushNow();
    expect(storage.writes).toEqual([]);
    expect(saver.dirty).toBe(false);
  });

  it("keeps failed entries, reports the failure, retries with backoff and recovers", async () => {
    const store = new DocumentStore(newRecords());
    const storage = new FakeStorage();
    const errors: unknown[] = [];
    const saver = new Autosaver(store, storage, {
      lastSeq: 0,
      retryBaseMs: 200,
      retryMaxMs: 1000,
      onError: (e) => errors.push(e),
    });
    const quota = new DOMException("full", "QuotaExceededError");
    storage.failing = quota;
    addRect(store, "a");
    addRect(store, "b");
    await vi.advanceTimersByTimeAsync(110);
    expect(errors).toEqual([quota]);
    expect(saver.dirty).toBe(true);
    addRect(store, "c");
    await vi.advanceTimersByTimeAsync(2000);
    const attempts = storage.writes.map((w) => w.at);
    // 200, 400, 800, 1000… apart: backing off, capped.
    expect(attempts[2]! - attempts[1]!).toBeGreaterThan(attempts[1]! - attempts[0]!);
    expect(storage.stored.size).toBe(0);
    storage.failing = null;
    await vi.advanceTimersByTimeAsync(1100);
    expect([...storage.stored.keys()]).toEqual([1, 2, 3]);
    expect(errors.at(-1)).toBeNull();
    expect(saver.dirty).toBe(false);
  });

  it("a write that fails after stop() reports nothing: its document is closed", async () => {
    const store = new DocumentStore(newRecords());
    const storage = new FakeStorage();
    const errors: unknown[] = [];
    const saver = new Autosaver(store, storage, { lastSeq: 0, onError: (e) => errors.push(e) });
    storage.failing = new Error("disk gone");
    addRect(store, "a");
    saver.stop();
    expect(storage.writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toEqual([]);
  });

  it("compacts once the log is long enough and counts the snapshot as saved", async () => {
    const store = new DocumentStore(newRecords());
    const storage = new FakeStorage();
    new Autosaver(store, storage, { lastSeq: 0, compactEntries: 5 });
    for (let i = 0; i < 5; i++) addRect(store, `r${i}`);
    await vi.advanceTimersByTimeAsync(50);
    expect(storage.snapshots).toHaveLength(1);
    expect(storage.snapshots[0]!.seq).toBe(5);
    expect(storage.snapshots[0]!.records).toHaveLength(7);
  });
});
