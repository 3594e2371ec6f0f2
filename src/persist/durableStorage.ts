/**
 * Whether the browser may clear this origin's storage, and how close it is to its quota. The
 * browser's StorageManager sits behind `StorageLike` so the rules can be tested with fakes.
 */

/** Above this share of the quota the user is warned, while there is still room to act. */
export const QUOTA_WARNING_FRACTION = 0.8;
/** Above this share a save may fail at any moment. */
export const QUOTA_CRITICAL_FRACTION = 0.95;
/** Estimates cost a storage walk in some browsers, so they are read at most this often. */
export const ESTIMATE_INTERVAL_MS = 30_000;

export const BANNER_STORAGE_QUOTA = "storage-quota";

/** The part of `navigator.storage` used here; every method may be missing. */
export interface StorageLike {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

/** What the status bar says about the browser keeping the drawings. */
export type StoragePersistence = "unknown" | "persistent" | "best-effort";

export interface QuotaEstimate {
  readonly usage: number;
  readonly quota: number;
}

export type QuotaLevel = "ok" | "warning" | "critical";

export function quotaLevel(estimate: QuotaEstimate): QuotaLevel {
  // A browser that reports no quota has told us nothing to warn about.
  if (!(estimate.quota > 0) || !(estimate.usage >= 0)) return "ok";
  const used = estimate.usage / estimate.quota;
  if (used > QUOTA_CRITICAL_FRACTION) return "critical";
  if (used > QUOTA_WARNING_FRACTION) return "warning";
  return "ok";
}

const MB = 1024 * 1024;

/** Megabytes, whole above 10 so the message stays short, with one decimal below. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / MB;
  return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
}

/** The banner text for a level; null when there is nothing to say. */
export function quotaMessage(estimate: QuotaEstimate): string | null {
  const level = quotaLevel(estimate);
  if (level === "ok") return null;
  // Floored, so 95.6 % never reads as a reassuring "95 %" in a critical message or 80.4 as 80.
  const percent = Math.min(100, Math.floor((estimate.usage / estimate.quota) * 100));
  const amounts = `${formatMegabytes(estimate.usage)} of ${formatMegabytes(estimate.quota)}`;
  return level === "critical"
    ? `Browser storage is ${percent} % full (${amounts}): saving may fail. Export or delete drawings you no longer need now.`
    : `Browser storage is ${percent} % full (${amounts}). Export or delete drawings you no longer need.`;
}

export function persistenceOf(persisted: boolean): StoragePersistence {
  return persisted ? "persistent" : "best-effort";
}

/**
 * The browser's storage manager as the program sees it: asks to keep this origin's storage at
 * most once however many documents are opened, as asking again is useless and some browsers
 * prompt the user each time. Made once per program, which gives it to each document's session.
 */
export class DurableStorage {
  private asked: Promise<StoragePersistence> | null = null;

  constructor(readonly manager: StorageLike) {}

  /**
   * Asks the browser to keep this origin's storage. Called at the first save, not at start: a
   * request before the user has done anything is what browsers are most likely to refuse.
   */
  requestPersistence(): Promise<StoragePersistence> {
    const storage = this.manager;
    this.asked ??=
      typeof storage.persist === "function"
        ? storage.persist().then(persistenceOf, () => "unknown" as const)
        : Promise.resolve<StoragePersistence>("unknown");
    return this.asked;
  }

  /** Whether the browser already keeps this origin's storage; "unknown" where it cannot say. */
  readPersistence(): Promise<StoragePersistence> {
    const storage = this.manager;
    if (typeof storage.persisted !== "function") return Promise.resolve("unknown");
    return storage.persisted().then(persistenceOf, () => "unknown" as const);
  }
}

export interface QuotaWatchOptions {
  readonly storage: StorageLike;
  /** Called with each new reading; `null` when the estimate could not be read. */
  readonly report: (estimate: QuotaEstimate | null) => void;
  readonly now?: () => number;
  readonly intervalMs?: number;
}

/**
 * Reads the estimate at start and after saves, no more than once per interval; a save inside the
 * interval is remembered and read when it ends, so the last save is never left unmeasured.
 */
export class QuotaWatch {
  private last = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly now: () => number;
  private readonly intervalMs: number;

  constructor(private readonly options: QuotaWatchOptions) {
    this.now = options.now ?? (() => Date.now());
    this.intervalMs = options.intervalMs ?? ESTIMATE_INTERVAL_MS;
  }

  /** Asks for a reading; returns whether one was started now. */
  check(): boolean {
    if (this.stopped || typeof this.options.storage.estimate !== "function") return false;
    const wait = this.last + this.intervalMs - this.now();
    if (wait > 0) {
      this.timer ??= setTimeout(() => {
        this.timer = null;
        this.check();
      }, wait);
      return false;
    }
    this.last = this.now();
    this.options.storage.estimate().then(
      (estimate) => {
        if (this.stopped) return;
        this.options.report({ usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 });
      },
      () => {
        if (!this.stopped) this.options.report(null);
      },
    );
    return true;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The page's storage manager; null where there is none (Node, old browsers). */
export function browserStorage(): DurableStorage | null {
  return typeof navigator !== "undefined" && navigator.storage
    ? new DurableStorage(navigator.storage)
    : null;
}
