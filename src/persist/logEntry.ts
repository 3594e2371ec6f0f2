import type { Change, Patch } from "../doc/patch";
import type { DocRecord } from "../doc/types";
import { storedRecord } from "../io/native/format";
import { readRecord } from "../io/native/nodes";
import { textChecksum } from "./checksum";

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
  /** When the edit was made (ms since 1970); absent in logs written before entries were timed. */
  readonly time?: number;
}

export interface EntryMarks {
  readonly gesture?: number;
  readonly gestureEnd?: number;
}

/**
 * Characters per stored piece of a log entry. A patch longer than this (an import of a million
 * shapes is hundreds of megabytes) is stored as parts of this size under the entry's key plus a
 * part number, each written in a transaction of its own, and a small head written last.
 */
export const ENTRY_PART_CHARS = 1 << 20;

/**
 * How a log entry is stored: its time, the checksum of its changes' JSON, its gesture marks and
 * the changes, in that order, so the changes are the text between `"changes":` and the last
 * brace and the checksum can be checked against them without serialising anything again. A
 * long entry's head holds `parts` and their checksums instead, and no changes. Readers from
 * before checksums see a plain patch.
 */
interface StoredEntry {
  readonly t?: number;
  readonly sum?: string;
  readonly parts?: number;
  readonly sums?: readonly string[];
  readonly gesture?: number;
  readonly gestureEnd?: number;
  readonly changes: readonly Change[];
}

const CHANGES_KEY = '"changes":';

function head(time: number, marks: EntryMarks, fields: string): string {
  let text = `{"t":${time},${fields}`;
  if (marks.gesture !== undefined) text += `,"gesture":${marks.gesture}`;
  if (marks.gestureEnd !== undefined) text += `,"gestureEnd":${marks.gestureEnd}`;
  return `${text},${CHANGES_KEY}`;
}

/** The text stored for one log entry whose changes' JSON is `changes`. */
export function encodeEntryText(changes: string, marks: EntryMarks, time: number): string {
  return `${head(time, marks, `"sum":"${textChecksum(changes)}"`)}${changes}}`;
}

/** The text stored for one log entry. */
export function encodeEntry(patch: Patch, marks: EntryMarks = {}, time = Date.now()): string {
  return encodeEntryText(JSON.stringify(patch.changes), marks, time);
}

/** The head of a long entry whose changes' JSON is stored as parts with these checksums. */
export function encodeEntryHead(
  partSums: readonly string[],
  marks: EntryMarks,
  time: number,
): string {
  return `${head(time, marks, `"parts":${partSums.length},"sums":${JSON.stringify(partSums)}`)}[]}`;
}

/**
 * A stored log entry read back and checked: its checksum, its marks, and every record in it field
 * by field, as storage is input like any file. Throws an Error saying what is wrong otherwise.
 * `parts` are a long entry's stored parts in order (see ENTRY_PART_CHARS).
 */
export function decodeEntry(seq: number, text: string, parts?: readonly string[]): LogEntry {
  const stored = JSON.parse(text) as StoredEntry;
  if (typeof stored !== "object" || stored === null || !Array.isArray(stored.changes)) {
    throw new Error(`log entry ${seq} is not a patch`);
  }
  let changes: unknown = stored.changes;
  if (stored.parts !== undefined) {
    const sums = stored.sums;
    if (!Array.isArray(sums) || sums.length !== stored.parts)
      throw new Error(`log entry ${seq} has a bad list of parts`);
    if (parts === undefined || parts.length !== stored.parts) {
      throw new Error(`log entry ${seq} has ${parts?.length ?? 0} of its ${stored.parts} parts`);
    }
    parts.forEach((part, i) => {
      if (textChecksum(part) !== sums[i])
        throw new Error(`part ${i + 1} of log entry ${seq} does not match its checksum`);
    });
    changes = JSON.parse(parts.join(""));
  } else if (stored.sum !== undefined) {
    const at = text.indexOf(CHANGES_KEY);
    if (textChecksum(text.slice(at + CHANGES_KEY.length, -1)) !== stored.sum)
      throw new Error(`log entry ${seq} does not match its checksum`);
  }
  const gesture = checkMark(seq, stored.gesture);
  const gestureEnd = checkMark(seq, stored.gestureEnd);
  const time = stored.t;
  return {
    seq,
    patch: { changes: readChanges(seq, changes) },
    ...(gesture !== undefined ? { gesture } : {}),
    ...(gestureEnd !== undefined ? { gestureEnd } : {}),
    ...(typeof time === "number" && Number.isFinite(time) ? { time } : {}),
  };
}

function checkMark(seq: number, mark: unknown): number | undefined {
  if (mark === undefined) return undefined;
  if (typeof mark !== "number" || !Number.isSafeInteger(mark) || mark < 1 || mark > seq) {
    throw new Error(`log entry ${seq} has a bad gesture mark`);
  }
  return mark;
}

/** Each change's records checked as a file's are, so a bad record never reaches the store. */
function readChanges(seq: number, value: unknown): Change[] {
  if (!Array.isArray(value)) throw new Error(`log entry ${seq} is not a patch`);
  return value.map((change: unknown, i): Change => {
    if (typeof change !== "object" || change === null)
      throw new Error(`change ${i} of log entry ${seq} is not a change`);
    const { id, before, after } = change as Record<string, unknown>;
    if (typeof id !== "string") throw new Error(`change ${i} of log entry ${seq} has no id`);
    return { id, before: readStored(seq, id, before), after: readStored(seq, id, after) };
  });
}

function readStored(seq: number, id: string, value: unknown): DocRecord | null {
  if (value === null) return null;
  let record: DocRecord;
  try {
    // Patches hold records as the store does; the file format's reader takes its own form.
    record = readRecord(storedRecord(value as DocRecord));
  } catch (problem) {
    const detail =
      typeof problem === "object" && problem !== null && "message" in problem
        ? `${String((problem as { path?: unknown }).path ?? "")} ${String(problem.message)}`.trim()
        : String(problem);
    throw new Error(`log entry ${seq} holds an invalid record ${id}: ${detail}`);
  }
  if (record.id !== id) throw new Error(`log entry ${seq} changes ${id} into another record`);
  return record;
}
