import type { DocRecord } from "../doc/types";
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
import { CorruptDocumentError, replay, validateRecords, type LogEntry } from "./replay";

/** Where a file's content lives: its newest verified snapshot and the log after it. */
export interface Inode {
  readonly id: string;
  /** Bumped by every snapshot; chunks of older generations are garbage. */
  readonly gen: number;
  readonly chunks: number;
  /** SHA-256 of the chunks' texts joined by newlines. */
  readonly hash: string;
  /** The last log entry the snapshot already contains. */
  readonly baseSeq: number;
  readonly modified: string;
}

/** One log entry as stored: the patch as JSON text. */
export interface EncodedEntry {
  readonly seq: number;
  readonly text: string;
}

export interface StoredDocument {
  readonly records: DocRecord[];
  readonly baseSeq: number;
  /** The last log entry replayed; the next commit is logged as lastSeq + 1. */
  readonly lastSeq: number;
}

/** A stored document exactly as found, for handing to the user when it cannot be opened. */
export interface RawDocument {
  readonly inode: Inode | null;
  readonly chunks: readonly string[];
  readonly log: readonly EncodedEntry[];
}

/** What autosave needs from storage; tests substitute their own to simulate failures. */
export interface DocumentStorage {
  /** Starts writing before it returns, so a page being hidden still gets its data out. */
  appendLog(entries: readonly EncodedEntry[]): Promise<void>;
  /** Replaces the snapshot with `records`, which contain every log entry up to `seq`. */
  writeSnapshot(records: readonly DocRecord[], seq: number): Promise<void>;
}

export class SnapshotVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SnapshotVerificationError";
  }
}

/** Records per chunk: each chunk is one short transaction, so a big drawing never blocks input. */
export const CHUNK_RECORDS = 400;

export class IdbDocumentFile implements DocumentStorage {
  constructor(
    private readonly db: IDBDatabase,
    readonly inode: string,
    private readonly chunkRecords = CHUNK_RECORDS,
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

  appendLog(entries: readonly EncodedEntry[]): Promise<void> {
    let tx: IDBTransaction | undefined;
    try {
      tx = this.db.transaction(LOG, "readwrite");
      const store = tx.objectStore(LOG);
      for (const entry of entries) store.put(entry.text, [this.inode, entry.seq]);
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

  async writeSnapshot(records: readonly DocRecord[], seq: number): Promise<void> {
    const texts: string[] = [];
    for (let i = 0; i < records.length || i === 0; i += this.chunkRecords) {
      texts.push(JSON.stringify(records.slice(i, i + this.chunkRecords)));
    }
    const hash = await sha256Hex(texts.join("\n"));
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
    if (readBack.length !== texts.length || (await sha256Hex(readBack.join("\n"))) !== hash) {
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
  let snapshot: DocRecord[];
  let entries: LogEntry[];
  try {
    snapshot = raw.chunks.flatMap((text) => JSON.parse(text) as DocRecord[]);
    entries = raw.log.map(({ seq, text }) => ({ seq, patch: JSON.parse(text) }) as LogEntry);
  } catch (error) {
    throw new CorruptDocumentError(`unreadable data: ${String(error)}`);
  }
  const { records, lastSeq } = replay(snapshot, inode.baseSeq, entries);
  validateRecords(records);
  return { records, baseSeq: inode.baseSeq, lastSeq };
}

/** Checks the snapshot's hash; separate from decode because hashing is asynchronous. */
export async function verifyRaw(raw: RawDocument): Promise<void> {
  if (raw.inode === null) return;
  if ((await sha256Hex(raw.chunks.join("\n"))) !== raw.inode.hash) {
    throw new CorruptDocumentError("the snapshot does not match its checksum");
  }
}
