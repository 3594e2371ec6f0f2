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

  appendLog(entries: readonly EncodedEntry[]): Promise<void> {
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

  it("throttles: the first write starts within the throttle however many commits follow", async () => {
    const store = new DocumentStore(newRecords());
    const storage = new FakeStorage();
    const dirty: boolean[] = [];
    new Autosaver(store, storage, { lastSeq: 0, throttleMs: 250, onDirty: (d) => dirty.push(d) });
    // A continuous drag: a commit every 16 ms for two seconds.
    for (let t = 0; t < 2000; t += 16) {
      addRect(store, `r${t}`);
      await vi.advanceTimersByTimeAsync(16);
    }
    expect(storage.writes[0]!.at).toBeLessThanOrEqual(250);
    // Every commit reached storage within 500 ms of happening.
    for (let i = 1; i < storage.writes.length; i++)
      expect(storage.writes[i]!.at - storage.writes[i - 1]!.at).toBeLessThanOrEqual(260);
    await vi.advanceTimersByTimeAsync(600);
    expect(storage.stored.size).toBe(Math.ceil(2000 / 16));
    expect(dirty[0]).toBe(true);
    expect(dirty.at(-1)).toBe(false);
  });

  it("flushes at once when asked, without waiting for the throttle", async () => {
    const store = new DocumentStore(newRecords());
    const storage = new FakeStorage();
    const saver = new Autosaver(store, storage, { lastSeq: 7, throttleMs: 250 });
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
      throttleMs: 100,
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
    new Autosaver(store, storage, { lastSeq: 0, throttleMs: 10, compactEntries: 5 });
    for (let i = 0; i < 5; i++) addRect(store, `r${i}`);
    await vi.advanceTimersByTimeAsync(50);
    expect(storage.snapshots).toHaveLength(1);
    expect(storage.snapshots[0]!.seq).toBe(5);
    expect(storage.snapshots[0]!.records).toHaveLength(7);
  });
});
