import { PatchBuilder, type Patch } from "../doc/patch";
import type { DocRecord } from "../doc/types";
import type { Commit, DocumentStore } from "../doc/store";
import { yieldToEventLoop } from "./db";
import type { DocumentStorage } from "./documentFile";
import { encodeEntry, encodeEntryHead, ENTRY_PART_CHARS } from "./logEntry";
import { textChecksum } from "./checksum";
import { now, SLICE_MS } from "./sliced";
import type { EncodedEntry } from "./stored";

/** Where autosave learns that a gesture (a drag, a stroke) is open; `History` is one. */
export interface GestureSource {
  readonly inGesture: boolean;
  /** Called after a gesture ends or is cancelled, among other changes. */
  subscribe(listener: () => void): () => void;
}

export interface AutosaveOptions {
  /** Where commits are heard (the store itself unless the editor's pipeline gives a stage). */
  readonly commits?: Pick<DocumentStore, "subscribe">;
  /** The last log entry already stored; new entries continue after it. */
  readonly lastSeq: number;
  /** Log entries stored since the snapshot, counted towards the next compaction. */
  readonly logEntries?: number;
  /** Says when a gesture is open: its commits are written as one entry when it ends. */
  readonly gestures?: GestureSource;
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

/**
 * Commits that open a gesture whose partial state is the work itself: typing into a text box or
 * a shape's label is one undo step, but a crash mid-sentence must keep the words typed so far,
 * not drop the whole box. Such a gesture is logged as ordinary edits.
 */
export const TYPING_LABELS: ReadonlySet<string> = new Set(["Add text", "Edit text", "Edit label"]);

export const COMPACT_ENTRIES = 256;
export const COMPACT_BYTES = 1 << 20;
/**
 * Records per step of the compaction thresholds: rewriting a document of a million records is
 * costly, so the log of a big one may grow in proportion before it is folded in.
 */
export const COMPACT_SCALE_RECORDS = 10_000;
/**
 * Patches with more changes than this are encoded and written a slice at a time, between other
 * tasks (see `streamEntry`): a million-shape import must neither freeze the page while it is
 * serialised nor be stored as one value of hundreds of megabytes. Encoding takes some 30 µs a
 * change, so a grouping of a thousand shapes is streamed too rather than adding 30-45 ms to
 * the task that made it.
 */
export const STREAM_CHANGES = 500;

/** An entry waiting to be written: its text, or a long patch still to be encoded. */
interface PendingEntry {
  readonly seq: number;
  text: string | null;
  /** Characters stored for it, when more than its text (a long entry's parts). */
  chars?: number;
  long?: {
    readonly patch: Patch;
    readonly time: number;
    /** The whole document as this commit left it: written as a snapshot instead of a patch. */
    readonly records?: readonly DocRecord[];
  };
}
export const RETRY_BASE_MS = 500;
export const RETRY_MAX_MS = 8000;

/**
 * Writes every commit ahead to storage as a log entry, in the same task as the commit: nothing
 * waits for a timer, so a crash a moment later loses at most what was still queued behind the one
 * write in flight. Commits made while a write is in flight are coalesced into the next one, which
 * starts as soon as it confirms, so each append stays small. A gesture (a drag, a stroke) is
 * written once, when it ends, as one entry of everything it changed: a gesture cut off by a crash
 * is not restored half done, so its steps would be thrown away on replay, and encoding and
 * writing each step cost a drag of a thousand bound arrows more than the rest of its frame. The
 * log is folded into a new snapshot from time to time, never while a gesture is open. A failed write
 * keeps its entries in memory and is retried with backoff; entries are dropped only once storage
 * has confirmed them.
 */
export class Autosaver {
  private readonly pending: PendingEntry[] = [];
  private nextSeq: number;
  private sentSeq: number;
  private durableSeq: number;
  private logEntries: number;
  private logBytes = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  private compacting = false;
  /** The snapshot write in progress, if any; the next waits for it. */
  private snapshots: Promise<void> = Promise.resolve();
  private failures = 0;
  private logError: unknown = null;
  private snapshotError: unknown = null;
  private edited = false;
  private stopped = false;
  /** The open gesture's changes so far, once it has committed any. */
  private gesture: PatchBuilder | null = null;
  /** A typing gesture is open: its entries go unmarked (see TYPING_LABELS). */
  private typing = false;
  /** A compaction asked for while a gesture was open, run when it ends. */
  private compactAfterGesture = false;
  /** Whether stored entries after `lastSeq` (left out by replay) have been cleared. */
  private tailCleared = false;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeGestures: () => void;
  private readonly idleWaiters: Array<() => void> = [];
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
    this.compactEntries = options.compactEntries ?? COMPACT_ENTRIES;
    this.compactBytes = options.compactBytes ?? COMPACT_BYTES;
    this.unsubscribe = (options.commits ?? store).subscribe((commit) => this.record(commit));
    this.unsubscribeGestures = options.gestures?.subscribe(() => this.gestureChanged()) ?? noop;
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

  /**
   * Starts writing everything pending now, even behind a write in flight: for `pagehide` and
   * hidden tabs, which cannot wait for that write to confirm.
   */
  flushNow(): void {
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
    this.unsubscribeGestures();
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /**
   * Writes a snapshot of the store now, if none is being written. While a gesture is open it waits
   * for the gesture's end: a snapshot holding half a gesture could not be taken back by replay.
   */
  compact(): Promise<void> {
    if (this.compacting || this.stopped) return Promise.resolve();
    if (this.gesture !== null) {
      this.compactAfterGesture = true;
      return Promise.resolve();
    }
    this.compacting = true;
    const seq = this.nextSeq - 1;
    const records = this.store.snapshot();
    const bytesAtStart = this.logBytes;
    const entriesAtStart = this.logEntries;
    return this.snapshotTurn(() => this.storage.writeSnapshot(records, seq)).then(
      () => {
        this.compacting = false;
        this.snapshotStored(seq, entriesAtStart, bytesAtStart);
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
    // A gesture is marked from its first logged entry. Its history entry is closed before the
    // store hears of a cancel's reverting commit, so that commit, still before the end is
    // logged, is marked too: a crash right after a cancel restores neither half.
    const inGesture = this.options.gestures?.inGesture === true;
    if (!inGesture) this.typing = false;
    else if (this.gesture === null && !this.typing) {
      if (TYPING_LABELS.has(commit.label)) this.typing = true;
      else this.gesture = new PatchBuilder();
    }
    // A cancel's reverting commit comes after the history has closed the gesture but before the
    // gesture's end is heard, so it folds in too, and a cancelled gesture writes nothing.
    if (this.gesture !== null) this.gesture.add(commit.patch);
    else this.queuePatch(commit.patch);
    if (!this.edited) {
      this.edited = true;
      this.options.onFirstEdit?.();
    }
  }

  /**
   * Queues a patch as one entry: encoded now, or, when long, a part at a time between tasks. Not
   * queued behind the write in flight when `urgent`.
   */
  private queuePatch(patch: Patch, urgent = false): void {
    const size = patch.changes.length;
    if (size > STREAM_CHANGES) {
      // Most of the document changed (an import, a paste of thousands): a snapshot is smaller
      // than the patch, which holds each record's before and after.
      const whole = size * 2 >= this.store.size;
      this.queue(
        {
          seq: this.nextSeq,
          text: null,
          long: {
            patch,
            time: Date.now(),
            ...(whole ? { records: this.store.snapshot() } : {}),
          },
        },
        urgent,
      );
    } else this.queue({ seq: this.nextSeq, text: encodeEntry(patch, {}) }, urgent);
  }

  private gestureChanged(): void {
    if (this.options.gestures?.inGesture === false) this.typing = false;
    if (this.stopped || this.gesture === null || this.options.gestures?.inGesture !== false) return;
    const patch = this.gesture.build();
    this.gesture = null;
    // Not queued behind the write in flight: until it is stored, a crash would take the whole
    // gesture with it.
    if (patch.changes.length > 0) this.queuePatch(patch, true);
    if (this.compactAfterGesture || this.dueForCompaction()) {
      this.compactAfterGesture = false;
      void this.compact();
    }
  }

  /**
   * Queues one entry and starts its write now, unless storage is backing off after a failure or
   * (for an entry that is not `urgent`) a write is in flight.
   */
  private queue(entry: PendingEntry, urgent = false): void {
    this.pending.push(entry);
    this.nextSeq += 1;
    this.options.onDirty?.(true);
    if (this.retryTimer === null && (urgent || !this.inFlight)) this.write(urgent);
  }

  private dueForCompaction(): boolean {
    const scale = Math.max(1, this.store.size / COMPACT_SCALE_RECORDS);
    return (
      this.logEntries >= this.compactEntries * scale || this.logBytes >= this.compactBytes * scale
    );
  }

  private write(urgent: boolean): void {
    if (this.stopped) return;
    // One write at a time keeps each append small and confirmations in order; a page going away
    // cannot wait its turn, and IndexedDB runs transactions on the same store in the order they
    // were started anyway.
    if (this.inFlight && !urgent) return;
    const waiting = this.pending.filter((entry) => entry.seq > this.sentSeq);
    if (waiting[0]?.text === null) {
      if (!this.inFlight) this.writeLong(waiting);
      return;
    }
    // Up to the next long entry: it is written on its own, a part at a time.
    const end = waiting.findIndex((entry) => entry.text === null);
    const batch = (end === -1 ? waiting : waiting.slice(0, end)) as EncodedEntry[];
    if (batch.length === 0) return;
    const first = batch[0]!.seq;
    const last = batch[batch.length - 1]!.seq;
    const bytes = (batch as PendingEntry[]).reduce(
      (sum, entry) => sum + (entry.chars ?? entry.text!.length),
      0,
    );
    this.sentSeq = last;
    this.inFlight = true;
    let writing: Promise<void>;
    // Until one append has succeeded, each clears the stored tail from its own first entry on,
    // never an earlier entry of this writer that a write still in flight may have stored.
    const discardFrom = this.tailCleared ? undefined : first;
    try {
      writing = this.storage.appendLog(batch, discardFrom);
    } catch (error) {
      writing = Promise.reject(error);
    }
    writing.then(
      () => {
        this.inFlight = false;
        if (discardFrom !== undefined) this.tailCleared = true;
        if (first <= this.durableSeq + 1 && last > this.durableSeq) {
          this.logEntries += batch.length;
          this.logBytes += bytes;
          this.confirm(last);
        }
        if (this.failures > 0 || this.logError !== null) {
          this.failures = 0;
          this.setLogError(null);
        }
        if (this.sentSeq < this.nextSeq - 1 && this.retryTimer === null) this.write(false);
        if (this.dueForCompaction()) void this.compact();
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

  /**
   * Writes the long entry at the head of `waiting`, alone: as a snapshot when it rewrote most of
   * the document, else as its patch encoded a change at a time, giving the page a turn every few
   * milliseconds, cut into parts of ENTRY_PART_CHARS, each written in a transaction of its own,
   * followed by a small head that makes it count. Edits made meanwhile queue behind it.
   */
  private writeLong(waiting: PendingEntry[]): void {
    const entry = waiting[0]!;
    const long = entry.long!;
    this.inFlight = true;
    const discardFrom = this.tailCleared ? undefined : entry.seq;
    let chars = 0;
    const writing = (async (): Promise<string | null> => {
      // A new writer clears the stored tail first, as its first append would.
      if (discardFrom !== undefined) await this.storage.appendLog([], discardFrom);
      if (long.records !== undefined) {
        await this.snapshotTurn(() => this.storage.writeSnapshot(long.records!, entry.seq));
        return null;
      }
      const sums: string[] = [];
      let text = "[";
      chars = 1;
      let started = now();
      const flush = async (all: boolean): Promise<void> => {
        while (text.length >= ENTRY_PART_CHARS || (all && text.length > 0)) {
          const part = text.slice(0, ENTRY_PART_CHARS);
          text = text.slice(part.length);
          sums.push(textChecksum(part));
          await this.storage.appendPart(entry.seq, sums.length - 1, part);
          if (this.stopped) throw new Error("autosave stopped");
          started = now();
        }
      };
      const changes = long.patch.changes;
      for (let i = 0; i < changes.length; i++) {
        const piece = (i === 0 ? "" : ",") + JSON.stringify(changes[i]);
        text += piece;
        chars += piece.length;
        if (text.length >= ENTRY_PART_CHARS) await flush(false);
        if (now() - started > SLICE_MS) {
          await yieldToEventLoop();
          started = now();
        }
      }
      text += "]";
      await flush(true);
      return encodeEntryHead(sums, {}, long.time);
    })();
    writing.then(
      (head) => {
        this.inFlight = false;
        if (discardFrom !== undefined) this.tailCleared = true;
        if (head === null) {
          // The snapshot holds everything up to this entry: the log starts again after it.
          entry.long = undefined;
          this.snapshotStored(entry.seq, this.logEntries, this.logBytes);
        } else {
          entry.text = head;
          entry.chars = chars;
        }
        if (this.failures > 0 || this.logError !== null) {
          this.failures = 0;
          this.setLogError(null);
        }
        if (this.retryTimer === null) this.write(false);
      },
      (error: unknown) => {
        this.inFlight = false;
        if (this.stopped) return;
        this.failures += 1;
        this.setLogError(error);
        this.scheduleRetry();
      },
    );
  }

  /** Runs snapshot writes one at a time: two would both take the next generation. */
  private snapshotTurn(write: () => Promise<void>): Promise<void> {
    const turn = this.snapshots.then(write);
    this.snapshots = turn.catch(() => undefined);
    return turn;
  }

  /**
   * A snapshot holding everything up to `seq` is stored: the log entries counted when it was taken
   * no longer count towards the next compaction, and what it holds is confirmed.
   */
  private snapshotStored(seq: number, entriesAtStart: number, bytesAtStart: number): void {
    this.logEntries = Math.max(0, this.logEntries - entriesAtStart);
    this.logBytes = Math.max(0, this.logBytes - bytesAtStart);
    if (seq > this.durableSeq) this.confirm(seq);
    this.sentSeq = Math.max(this.sentSeq, seq);
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
}

function noop(): void {}
