import type { DocRecord } from "../doc/types";

/*
 * What a document looks like in storage (see db.ts for the stores): an inode naming its snapshot,
 * the snapshot's chunks, and the log of commits since.
 */

/** One stored snapshot: where its chunks are and how to check and read them. */
export interface SnapshotInfo {
  /** Bumped by every snapshot; chunks of generations before the previous one are garbage. */
  readonly gen: number;
  readonly chunks: number;
  /**
   * SHA-256 of the snapshot's text: the chunks joined by newlines, or joined as they are in the
   * "linework" encoding. Written by earlier versions; this one writes `sums`.
   */
  readonly hash: string | null;
  /**
   * Each chunk's checksum (`textChecksum`). With neither `sums` nor `hash`, an imported file's
   * first snapshot still awaits its read-back check (`seal`); it is then checked field by field
   * when it is parsed.
   */
  readonly sums?: readonly string[];
  /**
   * How the chunks hold the snapshot: "linework" is one `.linework` text cut into pieces (what
   * this version writes); absent, each chunk is a JSON list of records (what earlier ones wrote).
   */
  readonly encoding?: "linework";
  /** The last log entry the snapshot already contains. */
  readonly baseSeq: number;
  readonly modified: string;
}

/** Where a file's content lives: its newest snapshot, the one before it, and the log after. */
export interface Inode extends SnapshotInfo {
  readonly id: string;
  /**
   * The snapshot this one replaced, kept with the log entries since it until the next snapshot:
   * if this one is ever found damaged, that one and the log still give the whole document.
   */
  readonly previous?: SnapshotInfo;
}

/** One log entry as written: the text `encodeEntry` made, or a long entry's head and parts. */
export interface EncodedEntry {
  readonly seq: number;
  readonly text: string;
}

export interface StoredDocument {
  readonly records: DocRecord[];
  readonly baseSeq: number;
  /** The last log entry replayed; the next commit is logged as lastSeq + 1. */
  readonly lastSeq: number;
  /** False for a snapshot not yet read back and checked (an import's). */
  readonly verified: boolean;
  /** What could not be recovered, when something stored was damaged; null when nothing was. */
  readonly damage: DamageReport | null;
}

/** Every stored value of one document, with its key, exactly as found. */
export interface RawDocument {
  readonly inode: Inode | null;
  /** Snapshot chunks of every generation present: [gen, index, text]. */
  readonly chunks: ReadonlyArray<readonly [number, number, unknown]>;
  /** Log entries and parts: [seq, text] for an entry or a long entry's head, [seq, part, text]. */
  readonly log: ReadonlyArray<readonly [number, unknown] | readonly [number, number, unknown]>;
}

/** Edits that could not be recovered, and why. */
export interface LostEdits {
  /** How many of the person's edits (undo steps) were lost. */
  readonly count: number;
  /** When the first and last of them were made (ms since 1970), where known. */
  readonly from: number | null;
  readonly to: number | null;
}

/** What was found damaged when a document was opened, and what that cost. */
export interface DamageReport {
  /** Each damaged piece, in words: "log entry 17 does not match its checksum". */
  readonly problems: readonly string[];
  /** The snapshot used when the newest one was damaged: the drawing as it was saved then. */
  readonly fellBackTo: { readonly modified: string } | null;
  readonly lost: LostEdits;
}
