import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DocumentStatusStore } from "../../src/persist/documentStatus";
import { createEditor } from "../../src/editing/editor";
import {
  ESTIMATE_INTERVAL_MS,
  BANNER_STORAGE_QUOTA,
  DurableStorage,
  QUOTA_CRITICAL_FRACTION,
  QUOTA_WARNING_FRACTION,
  QuotaWatch,
  formatMegabytes,
  quotaLevel,
  quotaMessage,
  type QuotaEstimate,
  type StorageLike,
} from "../../src/persist/durableStorage";
import { PersistenceSession } from "../../src/persist/session";
import { addRect, freshFactory } from "./helpers";

const MB = 1024 * 1024;
const quota = 1000 * MB;
const used = (fraction: number): QuotaEstimate => ({ usage: fraction * quota, quota });

describe("quota levels", () => {
  it("warns above 80 % and is critical above 95 %, and not at the thresholds themselves", () => {
    expect(QUOTA_WARNING_FRACTION).toBe(0.8);
    expect(QUOTA_CRITICAL_FRACTION).toBe(0.95);
    expect(quotaLevel(used(0))).toBe("ok");
    expect(quotaLevel(used(0.8))).toBe("ok");
    expect(quotaLevel(used(0.8001))).toBe("warning");
    expect(quotaLevel(used(0.95))).toBe("warning");
    expect(quotaLevel(used(0.9501))).toBe("critical");
    expect(quotaLevel(used(1.2))).toBe("critical");
  });

  it("says nothing when the browser reports no quota", () => {
    expect(quotaLevel({ usage: 5 * MB, quota: 0 })).toBe("ok");
    expect(quotaLevel({ usage: Number.NaN, quota })).toBe("ok");
    expect(quotaMessage({ usage: 5 * MB, quota: 0 })).toBeNull();
  });

  it("words the warning and the critical message with percent and sizes", () => {
    expect(quotaMessage(used(0.5))).toBeNull();
    expect(quotaMessage(used(0.83))).toBe(
      "Browser storage is 83 % full (830 MB of 1000 MB). Export or delete drawings you no longer need.",
    );
    const critical = quotaMessage(used(0.956))!;
    expect(critical).toContain("95 % full (956 MB of 1000 MB): saving may fail.");
    expect(quotaMessage({ usage: 9.5 * MB, quota: 10 * MB })).toBe(
      "Browser storage is 95 % full (9.5 MB of 10 MB). Export or delete drawings you no longer need.",
    );
  });

  it("formats megabytes short", () => {
    expect(formatMegabytes(1.25 * MB)).toBe("1.3 MB");
    expect(formatMegabytes(123.4 * MB)).toBe("123 MB");
  });
});

/** A storage manager that records what it was asked. */
class FakeStorage implements StorageLike {
  persistCalls = 0;
  estimated = { usage: 0, quota };

  constructor(private readonly answer: boolean | Error = true) {}

  persist(): Promise<boolean> {
    this.persistCalls += 1;
    return this.answer instanceof Error
      ? Promise.reject(this.answer)
      : Promise.resolve(this.answer);
  }

  persisted(): Promise<boolean> {
    return Promise.resolve(false);
  }

  estimate(): Promise<{ usage: number; quota: number }> {
    return Promise.resolve(this.estimated);
  }
}

function fakeStorage(answer: boolean | Error = true): FakeStorage {
  return new FakeStorage(answer);
}

describe("asking to persist", () => {
  it("asks once per storage manager, however often it is called", async () => {
    const storage = fakeStorage(true);
    const durable = new DurableStorage(storage);
    expect(await durable.requestPersistence()).toBe("persistent");
    expect(await durable.requestPersistence()).toBe("persistent");
    expect(storage.persistCalls).toBe(1);
    const refusing = fakeStorage(false);
    expect(await new DurableStorage(refusing).requestPersistence()).toBe("best-effort");
    expect(refusing.persistCalls).toBe(1);
  });

  it("reports unknown when the browser cannot answer", async () => {
    const ask = (storage: StorageLike) => new DurableStorage(storage).requestPersistence();
    const read = (storage: StorageLike) => new DurableStorage(storage).readPersistence();
    expect(await ask(fakeStorage(new Error("no")))).toBe("unknown");
    expect(await ask({})).toBe("unknown");
    expect(await read({})).toBe("unknown");
    expect(await read({ persisted: () => Promise.resolve(true) })).toBe("persistent");
  });
});

describe("quota watch", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reads at most once per interval and reads a save made inside it when it ends", async () => {
    const storage = {
      calls: 0,
      estimate(): Promise<{ usage: number; quota: number }> {
        this.calls += 1;
        return Promise.resolve({ usage: 900, quota: 1000 });
      },
    };
    const reports: Array<QuotaEstimate | null> = [];
    let now = 0;
    const watch = new QuotaWatch({ storage, report: (e) => reports.push(e), now: () => now });
    expect(watch.check()).toBe(true);
    now = 1000;
    expect(watch.check()).toBe(false);
    expect(watch.check()).toBe(false);
    expect(storage.calls).toBe(1);
    await Promise.resolve();
    expect(reports).toEqual([{ usage: 900, quota: 1000 }]);
    now = ESTIMATE_INTERVAL_MS;
    vi.advanceTimersByTime(ESTIMATE_INTERVAL_MS - 1000);
    expect(storage.calls).toBe(2);
    watch.stop();
    now = 10 * ESTIMATE_INTERVAL_MS;
    expect(watch.check()).toBe(false);
    expect(storage.calls).toBe(2);
  });
});

describe("the session and durable storage", () => {
  const page = { onUnload: () => () => undefined };

  it("asks to persist at the first save, not at start, and shows the answer", async () => {
    const storage = fakeStorage(true);
    const durable = new DurableStorage(storage);
    const factory = freshFactory();
    const session = await PersistenceSession.start({
      home: "/home/web_user",
      user: "web_user",
      factory,
      storage: durable,
    });
    const editor = createEditor(session.records!);
    const status = new DocumentStatusStore();
    session.attach(editor, status, page);
    await vi.waitFor(() => expect(status.get().storage).toBe("best-effort"));
    expect(storage.persistCalls).toBe(0);
    addRect(editor.store, "a");
    expect(storage.persistCalls).toBe(0);
    session.flush();
    await session.whenSaved();
    await vi.waitFor(() => expect(status.get().storage).toBe("persistent"));
    expect(storage.persistCalls).toBe(1);
    session.dispose();

    // The program gives the next document's session the same manager: it does not ask again.
    const next = await PersistenceSession.start({
      home: "/home/web_user",
      user: "web_user",
      factory,
      storage: durable,
    });
    const nextEditor = createEditor(next.records!);
    next.attach(nextEditor, new DocumentStatusStore(), page);
    addRect(nextEditor.store, "b");
    next.flush();
    await next.whenSaved();
    expect(storage.persistCalls).toBe(1);
    next.dispose();
  });

  it("shows a warning banner when storage is nearly full, and an error when almost full", async () => {
    const storage = fakeStorage(true);
    storage.estimated = { usage: 0.85 * quota, quota };
    let managed = 0;
    const session = await PersistenceSession.start({
      home: "/home/web_user",
      user: "web_user",
      factory: freshFactory(),
      storage: new DurableStorage(storage),
      manageDrawings: () => (managed += 1),
    });
    session.attach(createEditor(session.records!), new DocumentStatusStore(), page);
    const banner = () => session.banners.get().find((b) => b.id === BANNER_STORAGE_QUOTA);
    await vi.waitFor(() => expect(banner()?.tone).toBe("warning"));
    expect(banner()!.message).toContain("85 % full");
    banner()!.actions.find((a) => a.label === "Manage drawings…")!.onClick!();
    expect(managed).toBe(1);
    banner()!.actions.find((a) => a.label === "Dismiss")!.onClick!();
    expect(banner()).toBeUndefined();
    session.dispose();

    const full = await PersistenceSession.start({
      home: "/home/web_user",
      user: "web_user",
      factory: freshFactory(),
      storage: new DurableStorage({
        estimate: () => Promise.resolve({ usage: 0.97 * quota, quota }),
      }),
    });
    full.attach(createEditor(full.records!), new DocumentStatusStore(), page);
    const critical = () => full.banners.get().find((b) => b.id === BANNER_STORAGE_QUOTA);
    await vi.waitFor(() => expect(critical()?.tone).toBe("error"));
    expect(critical()!.message).toContain("97 % full");
    expect(critical()!.message).toContain("saving may fail");
    full.dispose();
  });
});
