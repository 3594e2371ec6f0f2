import type { DocRecord } from "../doc/types";
import { serializeDocumentSteps } from "../io/native/format";
import { parseJson, type JsonReply } from "../io/native/jsonParse";
import { abortError, NODES_PER_STEP, STOPPED, untilAborted } from "../io/steps";
import {
  CHUNKS,
  INODES,
  LOG,
  prefixRange,
  requestResult,
  transactionDone,
  yieldToEventLoop,
} from "./db";
import { textChecksum } from "./checksum";
import { sha256Hex } from "./hash";
import { runSliced, withProgress } from "./sliced";
import { chunkTexts, isChecked, parsableTexts, recoverDocumentSteps } from "./recovery";
import type { EncodedEntry, Inode, RawDocument, SnapshotInfo, StoredDocument } from "./stored";

export type { EncodedEntry, Inode, RawDocument, SnapshotInfo, StoredDocument } from "./stored";

/** What autosave needs from storage; tests substitute their own to simulate failures. */
export interface DocumentStorage {
  /**
   * Starts writing before it returns, in one transaction, so an edit's entry is on its way to
   * disk in the same task as the edit. With `discardFrom`, stored entries from that seq on are
   * removed first: a writer's first append clears what replay left out (an unfinished gesture),
   * so those entries can never be mistaken for part of the new log.
   */
  appendLog(entries: readonly EncodedEntry[], discardFrom?: number): Promise<void>;
  /**
   * Writes part `index` of a long log entry (see ENTRY_PART_CHARS) in a transaction of its own;
   * the entry counts only once its head is appended after all its parts.
   */
  appendPart(seq: number, index: number, text: string): Promise<void>;
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

/** How a load goes: it can be stopped, and says how far it has got. */
export interface LoadOptions {
  /** Aborting it stops the load between two steps; the load then rejects with an AbortError. */
  readonly signal?: AbortSignal;
  /** The share of the load done (0–1), as it goes. */
  readonly onProgress?: (fraction: number) => void;
}

/** Shares of a load done once the stored values are read, and once the snapshot is parsed. */
const READ_SHARE = 0.1;
const PARSED_SHARE = 0.35;

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
    const [chunks, log] = await Promise.all([
      readKeyed(tx.objectStore(CHUNKS), prefixRange([this.inode])),
      readKeyed(tx.objectStore(LOG), prefixRange([this.inode])),
    ]);
    return {
      inode,
      chunks: chunks.map(([key, text]) => [key[1] as number, key[2] as number, text] as const),
      log: log.map(([key, text]) =>
        key.length > 2
          ? ([key[1] as number, key[2] as number, text] as const)
          : ([key[1] as number, text] as const),
      ),
    };
  }

  /**
   * The document as last saved: snapshot checked, log replayed, every record checked. Damage to
   * some stored pieces is survived: the result says what could not be recovered (`damage`).
   * Throws a CorruptDocumentError only when no snapshot at all can be read.
   */
  async load(options: LoadOptions = {}): Promise<StoredDocument> {
    const { signal, onProgress } = options;
    const stopped = (): boolean => signal?.aborted === true;
    const raw = await this.readRaw();
    if (stopped()) throw abortError();
    onProgress?.(READ_SHARE);
    const badHashes = await hashMismatches(raw);
    // The newest snapshot's text is parsed off the page's thread; everything else is done here in
    // steps, a turn given to the page between them (the previous snapshot is parsed here only
    // when the newest cannot be read).
    const parsed = new Map<number, JsonReply>();
    const newest = raw.inode;
    const texts = newest === null ? null : parsableTexts(raw, newest);
    if (newest !== null && texts !== null && !badHashes.has(newest.gen))
      parsed.set(newest.gen, await parseJson(texts, signal));
    if (stopped()) throw abortError();
    onProgress?.(PARSED_SHARE);
    const steps = recoverDocumentSteps(raw, badHashes, parsed);
    const expected = expectedSteps(parsed.get(newest?.gen ?? -1), newest?.chunks ?? 0);
    const progress = (done: number): void => onProgress?.(PARSED_SHARE + (1 - PARSED_SHARE) * done);
    const loaded = await runSliced(untilAborted(withProgress(steps, expected, progress), signal));
    if (loaded === STOPPED) throw abortError();
    onProgress?.(1);
    return loaded;
  }

  appendLog(entries: readonly EncodedEntry[], discardFrom?: number): Promise<void> {
    return this.write((store) => {
      if (discardFrom !== undefined)
        store.delete(IDBKeyRange.bound([this.inode, discardFrom], [this.inode, Infinity]));
      for (const entry of entries) store.put(entry.text, [this.inode, entry.seq]);
    });
  }

  appendPart(seq: number, index: number, text: string): Promise<void> {
    return this.write((store) => store.put(text, [this.inode, seq, index]));
  }

  private write(fill: (store: IDBObjectStore) => void): Promise<void> {
    let tx: IDBTransaction | undefined;
    try {
      tx = this.db.transaction(LOG, "readwrite");
      fill(tx.objectStore(LOG));
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
   * this new file's first snapshot into `tx` (which must cover INODES and CHUNKS), with no
   * checksums yet: the file exists as soon as `tx` commits, and `seal` reads it back once the
   * page is drawn. The chunks are put one a task, each once the one before has been taken: the
   * browser copies a value when it is put, and a drawing of large images put at once held the
   * page for a third of a second. `allPut` is called once the last has been asked for; `tx` must
   * not be committed before.
   */
  putFirstSnapshot(tx: IDBTransaction, text: string, modified: string, allPut: () => void): void {
    const texts = cutText(text, this.chunkChars);
    const chunks = tx.objectStore(CHUNKS);
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
    const putFrom = (i: number): void => {
      const request = chunks.put(texts[i], [this.inode, FIRST_GEN, i]);
      if (i + 1 < texts.length) request.onsuccess = () => putFrom(i + 1);
      else allPut();
    };
    putFrom(0);
  }

  /**
   * Reads a first snapshot written by `putFirstSnapshot` back, checks it against `text` (what was
   * written) and records its chunks' checksums. Does nothing once a checked snapshot is there (a
   * compaction may have come first). Throws SnapshotVerificationError when it did not read back
   * as written.
   */
  async seal(text: string): Promise<void> {
    const inode = (await requestResult(
      this.db.transaction(INODES, "readonly").objectStore(INODES).get(this.inode),
    )) as Inode | undefined;
    if (inode === undefined || isChecked(inode)) return;
    const expected = cutText(text, this.chunkChars);
    await this.readBack(inode.gen, expected, "The imported drawing did not read back as written");
    const sums = await checksums(expected);
    const tx = this.db.transaction(INODES, "readwrite", { durability: "strict" });
    const store = tx.objectStore(INODES);
    const request = store.get(this.inode);
    request.onsuccess = () => {
      // Only the generation that was checked: a snapshot written meanwhile has its own sums.
      const current = request.result as Inode | undefined;
      if (current?.gen === inode.gen && !isChecked(current)) store.put({ ...current, sums });
    };
    await transactionDone(tx);
  }

  async writeSnapshot(records: readonly DocRecord[], seq: number): Promise<void> {
    return this.writeSnapshotText(await runSliced(serializeDocumentSteps(records)), seq);
  }

  /**
   * Stores `text`, a current-format `.linework` document, as the snapshot made at log entry
   * `seq`: the new generation's chunks are written one per transaction, each giving the page a
   * turn, then read back and compared before the inode points at them, so a failed or wrong
   * write leaves the snapshot before in place. That one is kept as `previous`, with the log
   * since it, until the next snapshot.
   */
  async writeSnapshotText(text: string, seq: number): Promise<void> {
    const texts = cutText(text, this.chunkChars);
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
    const sums = await checksums(texts);
    try {
      await this.readBack(gen, texts, "The saved drawing did not read back as written");
    } catch (error) {
      const cleanup = this.db.transaction(CHUNKS, "readwrite");
      cleanup.objectStore(CHUNKS).delete(prefixRange([this.inode, gen]));
      await transactionDone(cleanup).catch(() => undefined);
      throw error;
    }
    const tx = this.db.transaction([INODES, CHUNKS, LOG], "readwrite", { durability: "strict" });
    const previous = current === undefined ? undefined : snapshotInfo(current);
    const inode: Inode = {
      id: this.inode,
      gen,
      chunks: texts.length,
      hash: null,
      sums,
      encoding: "linework",
      baseSeq: seq,
      modified: new Date().toISOString(),
      ...(previous !== undefined ? { previous } : {}),
    };
    tx.objectStore(INODES).put(inode);
    const keepGen = previous?.gen ?? gen;
    tx.objectStore(CHUNKS).delete(
      IDBKeyRange.bound([this.inode], [this.inode, keepGen - 1, Infinity]),
    );
    // The log from the previous snapshot on stays: with it, that snapshot is a whole fallback.
    const keepFrom = previous?.baseSeq ?? seq;
    tx.objectStore(LOG).delete(IDBKeyRange.bound([this.inode], [this.inode, keepFrom, Infinity]));
    await transactionDone(tx);
  }

  /** Reads generation `gen` back a chunk at a time and compares it with what was written. */
  private async readBack(gen: number, expected: readonly string[], message: string): Promise<void> {
    const keys = await requestResult(
      this.db
        .transaction(CHUNKS, "readonly")
        .objectStore(CHUNKS)
        .getAllKeys(prefixRange([this.inode, gen])),
    );
    if (keys.length !== expected.length) throw new SnapshotVerificationError(message);
    for (let i = 0; i < expected.length; i++) {
      const text: unknown = await requestResult(
        this.db.transaction(CHUNKS, "readonly").objectStore(CHUNKS).get([this.inode, gen, i]),
      );
      if (text !== expected[i]) throw new SnapshotVerificationError(message);
    }
  }
}

/**
 * About how many steps reading a parsed snapshot takes: one per chunk checked, and two walks over
 * the records (reading them, then checking the tree), a step every NODES_PER_STEP records.
 */
export function expectedSteps(json: JsonReply | undefined, chunks: number): number {
  const root = json?.ok === true ? (json.root as { nodes?: { types?: unknown } } | null) : null;
  const types = root?.nodes?.types;
  const nodes = typeof types === "string" ? types.length : 0;
  return chunks + 2 + (2 * nodes) / NODES_PER_STEP;
}

/** A snapshot's description without the one before it: only one generation is ever kept back. */
function snapshotInfo(inode: Inode): SnapshotInfo {
  const { gen, chunks, hash, sums, encoding, baseSeq, modified } = inode;
  return {
    gen,
    chunks,
    hash,
    ...(sums !== undefined ? { sums } : {}),
    ...(encoding !== undefined ? { encoding } : {}),
    baseSeq,
    modified,
  };
}

/** Each text's checksum, giving the page a turn between them. */
async function checksums(texts: readonly string[]): Promise<string[]> {
  const sums: string[] = [];
  for (const text of texts) {
    sums.push(textChecksum(text));
    if (texts.length > 1) await yieldToEventLoop();
  }
  return sums;
}

async function readKeyed(
  store: IDBObjectStore,
  range: IDBKeyRange,
): Promise<Array<[IDBValidKey[], unknown]>> {
  const [keys, values] = await Promise.all([
    requestResult(store.getAllKeys(range)),
    requestResult(store.getAll(range)),
  ]);
  return keys.map((key, i) => [key as IDBValidKey[], values[i]]);
}

/**
 * The generations whose whole-text SHA-256 (written by earlier versions) does not match; checked
 * here because hashing is asynchronous. Snapshots with per-chunk checksums are checked while
 * they are decoded.
 */
async function hashMismatches(raw: RawDocument): Promise<Set<number>> {
  const bad = new Set<number>();
  const inode = raw.inode;
  if (inode === null) return bad;
  for (const snapshot of [inode, inode.previous]) {
    if (snapshot === undefined || snapshot.hash === null || snapshot.sums !== undefined) continue;
    const texts = chunkTexts(raw, snapshot);
    if (typeof texts === "string") continue;
    const text = texts.join(snapshot.encoding === "linework" ? "" : "\n");
    if ((await sha256Hex(text)) !== snapshot.hash) bad.add(snapshot.gen);
  }
  return bad;
}
