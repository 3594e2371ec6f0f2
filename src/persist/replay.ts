import { checkAll, InvariantError } from "../doc/invariants";
import { sameValue, type Patch } from "../doc/patch";
import { DocumentStore } from "../doc/store";
import type { DocRecord, Id } from "../doc/types";

export interface LogEntry {
  readonly seq: number;
  readonly patch: Patch;
  /**
   * The gesture (a drag, a stroke) this entry was made in, named by the seq of its first entry;
   * absent outside gestures and in logs written before gestures were marked.
   */
  readonly gesture?: number;
  /** Set on the entry that records a gesture's end (or cancel): that gesture is complete. */
  readonly gestureEnd?: number;
}

/** How a log entry is stored: the patch's JSON with the gesture marks beside `changes`. */
interface StoredEntry extends Patch {
  readonly gesture?: number;
  readonly gestureEnd?: number;
}

/** The text stored for one log entry; readers that predate gesture marks see a plain patch. */
export function encodeEntry(
  patch: Patch,
  marks: { readonly gesture?: number; readonly gestureEnd?: number } = {},
): string {
  const stored: StoredEntry = { changes: patch.changes, ...marks };
  return JSON.stringify(stored);
}

/** A stored log entry read back; throws on text that is not one (callers report it as corrupt). */
export function decodeEntry(seq: number, text: string): LogEntry {
  const stored = JSON.parse(text) as StoredEntry;
  if (typeof stored !== "object" || stored === null || !Array.isArray(stored.changes)) {
    throw new Error(`log entry ${seq} is not a patch`);
  }
  const gesture = checkMark(seq, stored.gesture);
  const gestureEnd = checkMark(seq, stored.gestureEnd);
  return {
    seq,
    patch: { changes: stored.changes },
    ...(gesture !== undefined ? { gesture } : {}),
    ...(gestureEnd !== undefined ? { gestureEnd } : {}),
  };
}

function checkMark(seq: number, mark: unknown): number | undefined {
  if (mark === undefined) return undefined;
  if (typeof mark !== "number" || !Number.isSafeInteger(mark) || mark < 1 || mark > seq) {
    throw new Error(`log entry ${seq} has a bad gesture mark`);
  }
  return mark;
}

/** Why a stored document could not be opened; the stored data is left as it is. */
export class CorruptDocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CorruptDocumentError";
  }
}

/**
 * The records a snapshot and its log describe. Entries at or below `baseSeq` are already in the
 * snapshot; replay stops at the first gap, because anything after one was never reported saved,
 * and at the first entry of a gesture whose end was never recorded: only one gesture is ever open,
 * so everything from there on happened during it, and the document opens as it was before it
 * rather than with a half-drawn shape.
 * Each change must find the record it expects, so a log that does not belong to its snapshot is
 * refused instead of producing a plausible but wrong drawing.
 */
export function replay(
  snapshot: readonly DocRecord[],
  baseSeq: number,
  entries: readonly LogEntry[],
): { records: DocRecord[]; lastSeq: number } {
  const ordered = unbrokenRun(entries, baseSeq);
  // Nothing to apply: the snapshot is the document, and no map of a million ids is needed.
  if (ordered.length === 0) {
    return { records: [...snapshot], lastSeq: baseSeq };
  }
  const records = new Map<Id, DocRecord>();
  for (const record of snapshot) {
    if (records.has(record.id)) throw new CorruptDocumentError(`duplicate record ${record.id}`);
    records.set(record.id, record);
  }
  let lastSeq = baseSeq;
  for (const entry of ordered) {
    for (const change of entry.patch.changes) {
      const present = records.get(change.id) ?? null;
      if (!sameValue(present, change.before)) {
        throw new CorruptDocumentError(
          `log entry ${entry.seq} does not apply: ${change.id} is not as it expects`,
        );
      }
      if (change.after === null) records.delete(change.id);
      else records.set(change.id, change.after);
    }
    lastSeq = entry.seq;
  }
  return { records: [...records.values()], lastSeq };
}

/**
 * The entries after `baseSeq` that replay applies, in order: up to the first gap, and short of an
 * unfinished gesture.
 */
function unbrokenRun(entries: readonly LogEntry[], baseSeq: number): LogEntry[] {
  const ordered = [...entries].sort((a, b) => a.seq - b.seq);
  const run: LogEntry[] = [];
  for (const entry of ordered) {
    if (entry.seq <= baseSeq + run.length) continue;
    if (entry.seq !== baseSeq + run.length + 1) break;
    run.push(entry);
  }
  const ended = new Set<number>();
  for (const entry of run) if (entry.gestureEnd !== undefined) ended.add(entry.gestureEnd);
  const unfinished = run.findIndex(
    (entry) => entry.gesture !== undefined && !ended.has(entry.gesture),
  );
  return unfinished === -1 ? run : run.slice(0, unfinished);
}

/** Throws a CorruptDocumentError unless the records make a whole, valid document. */
export function validateRecords(records: readonly DocRecord[]): void {
  let store: DocumentStore;
  try {
    store = new DocumentStore(records);
  } catch (error) {
    throw new CorruptDocumentError(error instanceof Error ? error.message : String(error));
  }
  const problems = checkAll(store);
  if (problems.length > 0) throw new CorruptDocumentError(new InvariantError(problems).message);
}
