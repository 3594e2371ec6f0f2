import type { Commit, DocumentStore } from "../doc/store";
import type { DocumentStorage, EncodedEntry } from "./documentFile";

export interface AutosaveOptions {
  /** The last log entry already stored; new entries continue after it. */
  readonly lastSeq: number;
  /** Log entries stored since the snapshot, counted towards the next compaction. */
  readonly logEntries?: number;
  /** The longest a committed edit waits before its write starts. */
  readonly throttleMs?: number;
  /** A new snapshot is written once the log holds this many entries… */
  readonly compactEntries?: number;
  /** …or this many bytes of JSON. */
  readonly compactBytes?: number;
  readonly retryBaseMs?: number;
  readonly retryMaxMs?: number;
  /** Told whether committed edits are still waiting to be written. */
  readonly onDirty?: (dirty: boolean) => void;
  /** Told about a failed write, and told null once writing works again. */
  readonly onError?: (error: unknown) => void;
  /** Called once, on the first edit: the moment to ask for persistent storage. */
  readonly onFirstEdit?: () => void;
}

export const THROTTLE_MS = 250;
export const COMPACT_ENTRIES = 256;
export const COMPACT_BYTES = 1 << 20;
export const RETRY_BASE_MS = 500;
export const RETRY_MAX_MS = 8000;

/**
 * Writes every commit to storage as a log entry, at most `throttleMs` after it happened however
 * busy the editor is (a throttle, not a debounce, so a long drag is saved as it goes), and folds
 * the log into a new snapshot from time to time. A failed write keeps its entries in memory and
 * is retried with backoff; entries are dropped only once storage has confirmed them.
 */
export class Autosaver {
  private readonly pending: EncodedEntry[] = [];
  private nextSeq: number;
  private sentSeq: number;
  private durableSeq: number;
  private logEntries: number;
  private logBytes = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  private compacting = false;
  private failures = 0;
  private logError: unknown = null;
  private snapshotError: unknown = null;
  private edited = false;
  private stopped = false;
  private readonly unsubscribe: () => void;
  private readonly idleWaiters: Array<() => void> = [];
  private readonly throttleMs: number;
  private readonly compactEntries: number;
  private readonly compactBytes: number;

  constructor(
    private readonly store: DocumentStore,
    private readonly storage: DocumentStorage,
    private readonly options: AutosaveOptions,
  ) {
    this.nextSeq = options.lastSeq + 1;
    this.sentSeq = options.lastSeq;
    this.durableSeq = options.lastSeq;
    this.logEntries = options.logEntries ?? 0;
    this.throttleMs = options.throttleMs ?? THROTTLE_MS;
    this.compactEntries = options.compactEntries ?? COMPACT_ENTRIES;
    this.compactBytes = options.compactBytes ?? COMPACT_BYTES;
    this.unsubscribe = store.subscribe((commit) => this.record(commit));
  }

  /** Committed edits not yet confirmed written. */
  get dirty(): boolean {
    return this.durableSeq < this.nextSeq - 1;
  }

  get error(): unknown {
    return this.logError ?? this.snapshotError;
  }

  /** The newest log entry storage has confirmed. */
  get savedSeq(): number {
    return this.durableSeq;
  }

  /** Starts writing everything pending now, synchronously: for `pagehide` and hidden tabs. */
  flushNow(): void {
    this.clearTimer();
    this.write(true);
  }

  /** Resolves once nothing is waiting to be written. */
  whenSaved(): Promise<void> {
    if (!this.dirty) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops listening; what is pending is flushed first. */
  stop(): void {
    if (this.stopped) return;
    this.flushNow();
    this.stopped = true;
    this.unsubscribe();
    this.clearTimer();
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Writes a snapshot of the store now, if none is being written. */
  compact(): Promise<void> {
    if (this.compacting || this.stopped) return Promise.resolve();
    this.compacting = true;
    const seq = this.nextSeq - 1;
    const records = this.store.snapshot();
    const bytesAtStart = this.logBytes;
    const entriesAtStart = this.logEntries;
    return this.storage.writeSnapshot(records, seq).then(
      () => {
        this.compacting = false;
        this.logEntries = Math.max(0, this.logEntries - entriesAtStart);
        this.logBytes = Math.max(0, this.logBytes - bytesAtStart);
        if (seq > this.durableSeq) this.confirm(seq);
        this.sentSeq = Math.max(this.sentSeq, seq);
        this.setSnapshotError(null);
      },
      (error: unknown) => {
        this.compacting = false;
        // The log still holds every entry, so nothing is lost; the next write tries again.
        this.setSnapshotError(error);
      },
    );
  }

  private record(commit: Commit): void {
    if (this.stopped || commit.origin === "load" || commit.patch.changes.length === 0) return;
    const text = JSON.stringify(commit.patch);
    this.pending.push({ seq: this.nextSeq, text });
    this.nextSeq += 1;
    if (!this.edited) {
      this.edited = true;
      this.options.onFirstEdit?.();
    }
    this.options.onDirty?.(true);
    if (this.timer === null && this.retryTimer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.write(false);
      }, this.throttleMs);
    }
  }

  private write(urgent: boolean): void {
    if (this.stopped) return;
    // One write at a time keeps confirmations in order; a page going away cannot wait its turn,
    // and IndexedDB runs transactions on the same store in the order they were started anyway.
    if (this.inFlight && !urgent) return;
    const batch = this.pending.filter((entry) => entry.seq > this.sentSeq);
    if (batch.length === 0) return;
    const first = batch[0]!.seq;
    const last = batch[batch.length - 1]!.seq;
    const bytes = batch.reduce((sum, entry) => sum + entry.text.length, 0);
    this.sentSeq = last;
    this.inFlight = true;
    let writing: Promise<void>;
    try {
      writing = this.storage.appendLog(batch);
    } catch (error) {
      writing = Promise.reject(error);
    }
    writing.then(
      () => {
        this.inFlight = false;
        if (first <= this.durableSeq + 1 && last > this.durableSeq) {
          this.logEntries += batch.length;
          this.logBytes += bytes;
          this.confirm(last);
        }
        if (this.failures > 0 || this.logError !== null) {
          this.failures = 0;
          this.setLogError(null);
        }
        if (this.sentSeq < this.nextSeq - 1 && this.timer === null) this.write(false);
        if (this.logEntries >= this.compactEntries || this.logBytes >= this.compactBytes)
          void this.compact();
      },
      (error: unknown) => {
        this.inFlight = false;
        this.sentSeq = this.durableSeq;
        this.failures += 1;
        this.setLogError(error);
        this.scheduleRetry();
      },
    );
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== null || this.stopped) return;
    const base = this.options.retryBaseMs ?? RETRY_BASE_MS;
    const max = this.options.retryMaxMs ?? RETRY_MAX_MS;
    const delay = Math.min(max, base * 2 ** (this.failures - 1));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.write(false);
    }, delay);
  }

  private confirm(seq: number): void {
    this.durableSeq = seq;
    while (this.pending.length > 0 && this.pending[0]!.seq <= seq) this.pending.shift();
    if (!this.dirty) {
      this.options.onDirty?.(false);
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private setLogError(error: unknown): void {
    // The last write of a stopped saver may fail after its document closed: nobody is left to
    // tell, and telling would pin the error on whatever document opened next.
    if (this.stopped) return;
    this.logError = error;
    this.options.onError?.(this.error);
  }

  private setSnapshotError(error: unknown): void {
    if (this.stopped) return;
    if (error === null && this.snapshotError === null) return;
    this.snapshotError = error;
    this.options.onError?.(this.error);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
