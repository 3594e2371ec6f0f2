import type { DocRecord } from "../doc/types";
import { parseDocument } from "../io/native/parse";
import { serializeDocument } from "../io/native/format";
import {
  CHUNKS,
  INODES,
  LOG,
  prefixRange,
  requestResult,
  transactionDone,
  yieldToEventLoop,
} from "./db";
import { sha256Hex } from "./hash";
import {
  CorruptDocumentError,
  decodeEntry,
  replay,
  validateRecords,
  type LogEntry,
} from "./replay";

/** Where a file's content lives: its newest verified snapshot and the log after it. */
export interface Inode {
  readonly id: string;
  /** Bumped by every snapshot; chunks of older generations are garbage. */
  readonly gen: number;
  readonly chunks: number;
  /**
   * SHA-256 of the snapshot's text: the chunks joined by newlines, or joined as they are in the
   * "linework" encoding. Null while an imported file's first snapshot awaits its read-back check
   * (`seal`); such a snapshot is still checked field by field when it is parsed.
   */
  readonly hash: string | null;
  /**
   * How the chunks hold the snapshot: "linework" is one `.linework` text cut into pieces (what
   * this version writes); absent, each chunk is a JSON list of records (what earlier ones wrote).
   */
  readonly encoding?: "linework";
  /** The last log entry the snapshot already contains. */
  readonly baseSeq: number;
  readonly modified: string;
}

/** One log entry as stored: the patch as JSON text, with its gesture marks (`encodeEntry`). */
export interface EncodedEntry {
  readonly seq: number;
  readonly text: string;
}

export interface StoredDocument {
  readonly records: DocRecord[];
  readonly baseSeq: number;
  /** The last log entry replayed; the next commit is logged as lastSeq + 1. */
  readonly lastSeq: number;
  /** False for a snapshot not yet read back and checked against its hash (an import's). */
  readonly verified: boolean;
}

/** A stored document exactly as found, for handing to the user when it cannot be opened. */
export interface RawDocument {
  readonly inode: Inode | null;
  readonly chunks: readonly string[];
  readonly log: readonly EncodedEntry[];
}

/** What autosave needs from storage; tests substitute their own to simulate failures. */
export interface DocumentStorage {
  /**
   * Starts writing before it returns, in one transaction, so an edit's entry is on its way to
   * disk in the same task as the edit. With `discardFrom`, stored entries from that seq on are
   * removed first: a writer's first append clears what replay left out (an unfinished gesture),
   * so those entries can never be mistaken for part of the new log.
   */
  appendLog(entries: readonly EncodedEntry[], discardFrom?: number): Promise<void>;
  /** Replaces the snapshot with `records`, which contain every log entry up to `seq`. */
  writeSnapshot(records: readonly DocRecord[], seq: number): Promise<void>;
}

export class SnapshotVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SnapshotVerificationError";
  }
}

/**
 * Characters per chunk: each chunk is one short transaction, so a big drawing never blocks input,
 * and no single stored value approaches the size limits of a browser's storage.
 */
export const CHUNK_CHARS = 1 << 20;

/** The generation of a file's first snapshot. */
const FIRST_GEN = 1;

/** The text cut into pieces of at most `size` characters; one empty piece for empty text. */
export function cutText(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length || i === 0; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

export class IdbDocumentFile implements DocumentStorage {
  constructor(
    private readonly db: IDBDatabase,
    readonly inode: string,
    private readonly chunkChars = CHUNK_CHARS,
  ) {}

  async readRaw(): Promise<RawDocument> {
    const tx = this.db.transaction([INODES, CHUNKS, LOG], "readonly");
    const inode = ((await requestResult(tx.objectStore(INODES).get(this.inode))) ??
      null) as Inode | null;
    const chunks =
      inode === null
        ? []
        : ((await requestResult(
            tx.objectStore(CHUNKS).getAll(prefixRange([this.inode, inode.gen])),
          )) as string[]);
    const logStore = tx.objectStore(LOG);
    const range = prefixRange([this.inode]);
    const [keys, texts] = await Promise.all([
      requestResult(logStore.getAllKeys(range)),
      requestResult(logStore.getAll(range)),
    ]);
    const log = keys.map((key, i) => ({
      seq: (key as [string, number])[1],
      text: texts[i] as string,
    }));
    return { inode, chunks, log };
  }

  /** The document as last saved: snapshot verified against its hash, log replayed, checked. */
  async load(): Promise<StoredDocument> {
    const raw = await this.readRaw();
    await verifyRaw(raw);
    return decode(raw);
  }

  appendLog(entries: readonly EncodedEntry[], discardFrom?: number): Promise<void> {
    let tx: IDBTransaction | undefined;
    try {
      tx = this.db.transaction(LOG, "readwrite");
      const store = tx.objectStore(LOG);
      if (discardFrom !== undefined)
        store.delete(IDBKeyRange.bound([this.inode, discardFrom], [this.inode, Infinity]));
      for (const entry of entries) store.put(entry.text, [this.inode, entry.seq]);
      // Asks for the commit now rather than when this task ends: a page that dies within the
      // task has still handed the whole transaction to the browser.
      tx.commit?.();
    } catch (error) {
      try {
        tx?.abort();
      } catch {
        // Already finished or aborted: the failure reported below is what matters.
      }
      return Promise.reject(error);
    }
    return transactionDone(tx);
  }

  /**
   * Puts `text`, a current-format `.linework` document that has just been parsed and checked, as
   * this new file's first snapshot into `tx` (which must cover INODES and CHUNKS), with no hash
   * yet: the file exists as soon as `tx` commits, and `seal` reads it back once the page is drawn.
   */
  putFirstSnapshot(tx: IDBTransaction, text: string, modified: string): void {
    const texts = cutText(text, this.chunkChars);
    const chunks = tx.objectStore(CHUNKS);
    for (let i = 0; i < texts.length; i++) chunks.put(texts[i], [this.inode, FIRST_GEN, i]);
    const inode: Inode = {
      id: this.inode,
      gen: FIRST_GEN,
      chunks: texts.length,
      hash: null,
      encoding: "linework",
      baseSeq: 0,
      modified,
    };
    tx.objectStore(INODES).put(inode);
  }

  /**
   * Reads a first snapshot written by `putFirstSnapshot` back, checks it against `text` (what was
   * written) and records its hash. Does nothing once a verified snapshot is there (a compaction
   * may have come first). Throws SnapshotVerificationError when it did not read back as written.
   */
  async seal(text: string): Promise<void> {
    const inode = (await requestResult(
      this.db.transaction(INODES, "readonly").objectStore(INODES).get(this.inode),
    )) as Inode | undefined;
    if (inode === undefined || inode.hash !== null) return;
    const readBack = (await requestResult(
      this.db
        .transaction(CHUNKS, "readonly")
        .objectStore(CHUNKS)
        .getAll(prefixRange([this.inode, inode.gen])),
    )) as string[];
    // Compared as text: what was meant to be written is at hand, so only one hash is needed.
    if (readBack.length !== inode.chunks || readBack.join("") !== text) {
      throw new SnapshotVerificationError("The imported drawing did not read back as written");
    }
    const hash = await sha256Hex(text);
    const tx = this.db.transaction(INODES, "readwrite", { durability: "strict" });
    const store = tx.objectStore(INODES);
    const request = store.get(this.inode);
    request.onsuccess = () => {
      // Only the generation that was checked: a snapshot written meanwhile has its own hash.
      const current = request.result as Inode | undefined;
      if (current?.gen === inode.gen && current.hash === null) store.put({ ...current, hash });
    };
    await transactionDone(tx);
  }

  writeSnapshot(records: readonly DocRecord[], seq: number): Promise<void> {
    return this.writeSnapshotText(serializeDocument(records), seq);
  }

  /**
   * Stores `text`, a current-format `.linework` document, as the snapshot made at log entry
   * `seq`: the new generation's chunks are written and read back against their hash before the
   * inode points at them, so a failed or wrong write leaves the previous snapshot in place.
   */
  async writeSnapshotText(text: string, seq: number): Promise<void> {
    const texts = cutText(text, this.chunkChars);
    const hash = await sha256Hex(text);
    const current = (await requestResult(
      this.db.transaction(INODES, "readonly").objectStore(INODES).get(this.inode),
    )) as Inode | undefined;
    const gen = (current?.gen ?? 0) + 1;
    for (let i = 0; i < texts.length; i++) {
      const tx = this.db.transaction(CHUNKS, "readwrite");
      tx.objectStore(CHUNKS).put(texts[i], [this.inode, gen, i]);
      await transactionDone(tx);
      await yieldToEventLoop();
    }
    const readBack = (await requestResult(
      this.db
        .transaction(CHUNKS, "readonly")
        .objectStore(CHUNKS)
        .getAll(prefixRange([this.inode, gen])),
    )) as string[];
    if (readBack.length !== texts.length || readBack.join("") !== text) {
      const cleanup = this.db.transaction(CHUNKS, "readwrite");
      cleanup.objectStore(CHUNKS).delete(prefixRange([this.inode, gen]));
      await transactionDone(cleanup).catch(() => undefined);
      throw new SnapshotVerificationError("The saved drawing did not read back as written");
    }
    const tx = this.db.transaction([INODES, CHUNKS, LOG], "readwrite", { durability: "strict" });
    const inode: Inode = {
      id: this.inode,
      gen,
      chunks: texts.length,
      hash,
      encoding: "linework",
      baseSeq: seq,
      modified: new Date().toISOString(),
    };
    tx.objectStore(INODES).put(inode);
    tx.objectStore(CHUNKS).delete(IDBKeyRange.bound([this.inode], [this.inode, gen - 1, Infinity]));
    tx.objectStore(LOG).delete(IDBKeyRange.bound([this.inode], [this.inode, seq]));
    await transactionDone(tx);
  }
}

export function decode(raw: RawDocument): StoredDocument {
  const { inode } = raw;
  if (inode === null) throw new CorruptDocumentError("the document has no snapshot");
  if (raw.chunks.length !== inode.chunks) {
    throw new CorruptDocumentError(
      `the snapshot has ${raw.chunks.length} of its ${inode.chunks} parts`,
    );
  }
  const verified = inode.hash !== null;
  if (inode.encoding === "linework") return decodeLinework(raw, inode, verified);
  let snapshot: DocRecord[];
  let entries: LogEntry[];
  try {
    snapshot = raw.chunks.flatMap((text) => JSON.parse(text) as DocRecord[]);
    entries = decodeLog(raw);
  } catch (error) {
    throw new CorruptDocumentError(`unreadable data: ${String(error)}`);
  }
  const { records, lastSeq } = replay(snapshot, inode.baseSeq, entries);
  validateRecords(records);
  return { records, baseSeq: inode.baseSeq, lastSeq, verified };
}

function decodeLog(raw: RawDocument): LogEntry[] {
  return raw.log.map(({ seq, text }) => decodeEntry(seq, text));
}

/**
 * A snapshot written as `.linework` text goes through the file format's own parser, which checks
 * every field and every invariant; the whole document is checked again only when log entries
 * changed it.
 */
function decodeLinework(raw: RawDocument, inode: Inode, verified: boolean): StoredDocument {
  const parsed = parseDocument(raw.chunks.join(""));
  if (!parsed.ok) throw new CorruptDocumentError(parsed.error);
  if (parsed.readOnly) {
    throw new CorruptDocumentError("the snapshot was written by a newer version of Linework");
  }
  let entries: LogEntry[];
  try {
    entries = decodeLog(raw);
  } catch (error) {
    throw new CorruptDocumentError(`unreadable data: ${String(error)}`);
  }
  const { records, lastSeq } = replay(parsed.records, inode.baseSeq, entries);
  if (lastSeq !== inode.baseSeq) validateRecords(records);
  return { records, baseSeq: inode.baseSeq, lastSeq, verified };
}

/** Checks the snapshot's hash; separate from decode because hashing is asynchronous. */
export async function verifyRaw(raw: RawDocument): Promise<void> {
  if (raw.inode === null || raw.inode.hash === null) return;
  const text = raw.chunks.join(raw.inode.encoding === "linework" ? "" : "\n");
  if ((await sha256Hex(text)) !== raw.inode.hash) {
    throw new CorruptDocumentError("the snapshot does not match its checksum");
  }
}
