import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WriterLock } from "../../src/persist/lock";

interface Request {
  readonly name: string;
  readonly mode: LockMode;
  readonly grant: () => void;
  readonly fail: (error: unknown) => void;
}

interface Holder {
  readonly name: string;
  readonly mode: LockMode;
  readonly fail: (error: unknown) => void;
}

/**
 * Web Locks as the browser keeps them for one origin: granted first come first served, shared
 * holders together, `ifAvailable`, `steal` and `signal` as specified.
 */
class FakeLocks {
  readonly held: Holder[] = [];
  readonly pending: Request[] = [];

  request<T>(
    name: string,
    options: LockOptions,
    callback: (lock: { name: string; mode: LockMode } | null) => T,
  ): Promise<Awaited<T>> {
    const mode = options.mode ?? "exclusive";
    return new Promise<Awaited<T>>((resolve, reject) => {
      const run = (holder: Holder | null): void => {
        Promise.resolve(callback(holder === null ? null : { name, mode })).then(
          (value) => {
            if (holder !== null) this.drop(holder);
            resolve(value);
          },
          (error: unknown) => {
            if (holder !== null) this.drop(holder);
            reject(error);
          },
        );
      };
      const holder: Holder = { name, mode, fail: reject };
      if (options.steal) {
        for (const other of this.held.filter((h) => h.name === name)) {
          this.held.splice(this.held.indexOf(other), 1);
          other.fail(new DOMException("stolen", "AbortError"));
        }
        this.held.push(holder);
        run(holder);
        return;
      }
      if (options.ifAvailable) {
        if (this.grantable(name, mode, 0)) {
          this.held.push(holder);
          run(holder);
        } else run(null);
        return;
      }
      const request: Request = {
        name,
        mode,
        grant: () => {
          this.held.push(holder);
          run(holder);
        },
        fail: reject,
      };
      this.pending.push(request);
      options.signal?.addEventListener("abort", () => {
        const index = this.pending.indexOf(request);
        if (index < 0) return;
        this.pending.splice(index, 1);
        reject(new DOMException("aborted", "AbortError"));
      });
      this.pump();
    });
  }

  query(): Promise<LockManagerSnapshot> {
    const info = (l: { name: string; mode: LockMode }): LockInfo => ({
      name: l.name,
      mode: l.mode,
    });
    return Promise.resolve({ held: this.held.map(info), pending: this.pending.map(info) });
  }

  /** What the browser does when a tab's process dies: its locks go, and nobody is told. */
  crash(name: string): void {
    for (const holder of this.held.filter((h) => h.name === name))
      this.held.splice(this.held.indexOf(holder), 1);
    this.pump();
  }

  private drop(holder: Holder): void {
    const index = this.held.indexOf(holder);
    if (index >= 0) this.held.splice(index, 1);
    this.pump();
  }

  private grantable(name: string, mode: LockMode, before: number): boolean {
    const holders = this.held.filter((h) => h.name === name);
    const earlier = this.pending.slice(0, before).filter((r) => r.name === name);
    if (earlier.length > 0) return false;
    if (mode === "exclusive") return holders.length === 0;
    return holders.every((h) => h.mode === "shared");
  }

  private pump(): void {
    for (let i = 0; i < this.pending.length;) {
      const request = this.pending[i]!;
      if (this.grantable(request.name, request.mode, i)) {
        this.pending.splice(i, 1);
        request.grant();
      } else i += 1;
    }
  }
}

const NAME = "linework:document:test";
let locks: FakeLocks;
const opened: WriterLock[] = [];

function tab(): WriterLock {
  const lock = new WriterLock(NAME);
  opened.push(lock);
  return lock;
}

function heard(lock: WriterLock): Array<"closing" | "lock-free"> {
  const events: Array<"closing" | "lock-free"> = [];
  lock.onWriterLeft((how) => events.push(how));
  return events;
}

const settle = (ms = 50): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  locks = new FakeLocks();
  vi.stubGlobal("navigator", { locks });
});

afterEach(() => {
  for (const lock of opened.splice(0)) lock.close();
  vi.unstubAllGlobals();
});

describe("a reader learns that the writer has gone", () => {
  it("from the writer's word and from the freed lock when it closes", async () => {
    const writer = tab();
    const reader = tab();
    expect(await writer.acquire()).toBe(true);
    expect(await reader.acquire()).toBe(false);
    const events = heard(reader);
    reader.watchRelease();
    await settle();
    expect(events).toEqual([]);
    writer.close();
    await vi.waitFor(() =>
      expect(events).toEqual(expect.arrayContaining(["closing", "lock-free"])),
    );
    // The watch lets go at once: the lock is free for whoever takes over.
    expect(locks.held).toEqual([]);
  });

  it("from the freed lock alone when the writer's tab crashes", async () => {
    const writer = tab();
    const reader = tab();
    await writer.acquire();
    await reader.acquire();
    const events = heard(reader);
    reader.watchRelease();
    locks.crash(NAME);
    await vi.waitFor(() => expect(events).toEqual(["lock-free"]));
  });

  it("not when the document is handed to a third tab, and again when that one goes", async () => {
    const writer = tab();
    const reader = tab();
    const taker = tab();
    await writer.acquire();
    await reader.acquire();
    await taker.acquire();
    writer.onLost(() => writer.handOver());
    const events = heard(reader);
    reader.watchRelease();
    await taker.takeOver();
    expect(taker.held).toBe(true);
    taker.announceClaimed();
    await settle(100);
    expect(events).toEqual([]);
    locks.crash(NAME);
    await vi.waitFor(() => expect(events).toEqual(["lock-free"]));
  });

  it("waits for a tab that asked for the document before its request reaches the lock", async () => {
    const writer = tab();
    const reader = tab();
    await writer.acquire();
    await reader.acquire();
    const events = heard(reader);
    reader.watchRelease();
    // The taker's word arrives; the writer goes before the taker's request is queued.
    const channel = new BroadcastChannel(NAME);
    channel.postMessage({ type: "takeover" });
    await settle();
    locks.crash(NAME);
    await settle(100);
    expect(events).toEqual([]);
    const taker = tab();
    expect(await taker.acquire()).toBe(true);
    taker.announceClaimed();
    channel.close();
    await settle();
    // Watching the new writer now: its crash is heard.
    locks.crash(NAME);
    await vi.waitFor(() => expect(events).toEqual(["lock-free"]));
  });

  it("does not hold up its own take-over with its watch", async () => {
    const writer = tab();
    const reader = tab();
    await writer.acquire();
    await reader.acquire();
    writer.onLost(() => writer.handOver());
    reader.watchRelease();
    const started = Date.now();
    await reader.takeOver(2000);
    expect(reader.held).toBe(true);
    // Granted on the hand-over, not after the timeout and a steal.
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
