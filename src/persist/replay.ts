import { checkAll, InvariantError } from "../doc/invariants";
import { sameValue, type Patch } from "../doc/patch";
import { DocumentStore } from "../doc/store";
import type { DocRecord, Id } from "../doc/types";

export interface LogEntry {
  readonly seq: number;
  readonly patch: Patch;
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
 * snapshot; replay stops at the first gap, because anything after one was never reported saved.
 * Each change must find the record it expects, so a log that does not belong to its snapshot is
 * refused instead of producing a plausible but wrong drawing.
 */
export function replay(
  snapshot: readonly DocRecord[],
  baseSeq: number,
  entries: readonly LogEntry[],
): { records: DocRecord[]; lastSeq: number } {
  const ordered = [...entries].sort((a, b) => a.seq - b.seq);
  // Nothing to apply: the snapshot is the document, and no map of a million ids is needed.
  if (!ordered.some((entry) => entry.seq === baseSeq + 1)) {
    return { records: [...snapshot], lastSeq: baseSeq };
  }
  const records = new Map<Id, DocRecord>();
  for (const record of snapshot) {
    if (records.has(record.id)) throw new CorruptDocumentError(`duplicate record ${record.id}`);
    records.set(record.id, record);
  }
  let lastSeq = baseSeq;
  for (const entry of ordered) {
    if (entry.seq <= lastSeq) continue;
    if (entry.seq !== lastSeq + 1) break;
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
