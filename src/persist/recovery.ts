import type { DocRecord } from "../doc/types";
import { parseJsonReply, type JsonReply } from "../io/native/jsonParse";
import { NATIVE_LIMITS } from "../io/native/limits";
import { parseDocument, parseDocumentSteps } from "../io/native/parse";
import { runSteps, type Steps } from "../io/steps";
import { textChecksum } from "./checksum";
import { decodeEntry } from "./logEntry";
import { CorruptDocumentError, salvageSteps, validateRecords, type ReadEntry } from "./replay";
import type { DamageReport, LostEdits, RawDocument, SnapshotInfo, StoredDocument } from "./stored";

/**
 * A stored document read back from its raw values, surviving damage: the newest snapshot that
 * reads back whole (the previous one when the newest is damaged), then every log entry that can
 * be read and still applies. `badHashes` are the generations whose whole-text hash (written by
 * earlier versions) did not match. Throws a CorruptDocumentError only when no snapshot reads.
 */
export function recoverDocument(raw: RawDocument, badHashes: ReadonlySet<number>): StoredDocument {
  return runSteps(recoverDocumentSteps(raw, badHashes));
}

/**
 * `recoverDocument` in steps: a chunk's checksum or NODES_PER_STEP records each. `parsed` holds
 * snapshots' texts already through JSON.parse (off the page's thread), by generation; one not
 * there is parsed in a step of its own.
 */
export function* recoverDocumentSteps(
  raw: RawDocument,
  badHashes: ReadonlySet<number>,
  parsed: ReadonlyMap<number, JsonReply> = new Map(),
): Steps<StoredDocument> {
  const inode = raw.inode;
  if (inode === null) throw new CorruptDocumentError("the document has no snapshot");
  const problems: string[] = [];
  let base: { snapshot: SnapshotInfo; records: DocRecord[] } | null = null;
  for (const snapshot of [inode, inode.previous]) {
    if (snapshot === undefined) continue;
    const read = yield* readSnapshot(raw, snapshot, badHashes, parsed.get(snapshot.gen));
    if (typeof read === "string") {
      problems.push(read);
      continue;
    }
    base = { snapshot, records: read };
    break;
  }
  if (base === null) throw new CorruptDocumentError(problems.join("; "));
  const entries = readEntries(raw, base.snapshot.baseSeq);
  const result = yield* salvageSteps(base.records, base.snapshot.baseSeq, entries);
  problems.push(...result.problems);
  const fellBack = base.snapshot !== inode;
  const damage: DamageReport | null =
    problems.length === 0 && result.lost.length === 0
      ? null
      : {
          problems,
          fellBackTo: fellBack ? { modified: base.snapshot.modified } : null,
          lost: lostEdits(result.lost, entries),
        };
  return {
    records: result.records,
    baseSeq: base.snapshot.baseSeq,
    lastSeq: result.lastSeq,
    verified: isChecked(inode) && !fellBack,
    damage,
  };
}

/** Whether a snapshot has been read back and checked since it was written. */
export function isChecked(snapshot: SnapshotInfo): boolean {
  return snapshot.sums !== undefined || snapshot.hash !== null;
}

/** A generation's chunks in order, or why they cannot be had. */
export function chunkTexts(raw: RawDocument, snapshot: SnapshotInfo): string[] | string {
  const texts: unknown[] = [];
  for (const [gen, index, text] of raw.chunks) if (gen === snapshot.gen) texts[index] = text;
  const when = describeSnapshot(snapshot);
  for (let i = 0; i < snapshot.chunks; i++) {
    if (!(i in texts)) return `part ${i + 1} of ${snapshot.chunks} of ${when} is missing`;
    if (typeof texts[i] !== "string") return `part ${i + 1} of ${when} is not text`;
  }
  if (texts.length > snapshot.chunks) return `${when} has more parts than it should`;
  return texts as string[];
}

function describeSnapshot(snapshot: SnapshotInfo): string {
  return `the drawing saved at ${snapshot.modified}`;
}

/**
 * Whether a snapshot's text can be parsed (its chunks are all there and not too long), so that a
 * loader may start parsing it before its checksums are checked.
 */
export function parsableTexts(raw: RawDocument, snapshot: SnapshotInfo): string[] | null {
  if (snapshot.encoding !== "linework") return null;
  const texts = chunkTexts(raw, snapshot);
  if (typeof texts === "string") return null;
  let length = 0;
  for (const text of texts) length += text.length;
  return length > NATIVE_LIMITS.maxFileBytes ? null : texts;
}

/** A snapshot's records, or why it cannot be read; a step per chunk checked, then per records. */
function* readSnapshot(
  raw: RawDocument,
  snapshot: SnapshotInfo,
  badHashes: ReadonlySet<number>,
  json: JsonReply | undefined,
): Steps<DocRecord[] | string> {
  const texts = chunkTexts(raw, snapshot);
  if (typeof texts === "string") return texts;
  const when = describeSnapshot(snapshot);
  if (badHashes.has(snapshot.gen)) return `${when} does not match its checksum`;
  if (snapshot.sums !== undefined) {
    for (let i = 0; i < texts.length; i++) {
      if (textChecksum(texts[i]!) !== snapshot.sums[i])
        return `part ${i + 1} of ${texts.length} of ${when} does not match its checksum`;
      yield;
    }
  }
  if (snapshot.encoding === "linework") {
    const reply =
      parsableTexts(raw, snapshot) === null ? null : (json ?? parseJsonReply(texts).reply);
    yield;
    // Text that does not parse (or is too long to) gets parseDocument's own words for why.
    const parsed =
      reply?.ok === true
        ? yield* parseDocumentSteps(reply.root, null)
        : parseDocument(texts.join(""));
    if (!parsed.ok) return `${when} cannot be read: ${parsed.error}`;
    if (parsed.readOnly) return `${when} was written by a newer version of Linework`;
    return parsed.records;
  }
  try {
    const records = texts.flatMap((text) => JSON.parse(text) as DocRecord[]);
    validateRecords(records);
    return records;
  } catch (error) {
    return `${when} cannot be read: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The log after `baseSeq`, each entry decoded and checked or marked damaged. */
function readEntries(raw: RawDocument, baseSeq: number): ReadEntry[] {
  const heads = new Map<number, unknown>();
  const parts = new Map<number, unknown[]>();
  for (const item of raw.log) {
    if (item[0] <= baseSeq) continue;
    if (item.length === 2) heads.set(item[0], item[1]);
    else {
      const list = parts.get(item[0]) ?? [];
      list[item[1]] = item[2];
      parts.set(item[0], list);
    }
  }
  const entries: ReadEntry[] = [];
  for (const [seq, text] of heads) {
    try {
      if (typeof text !== "string") throw new Error(`log entry ${seq} is not text`);
      const entryParts = parts.get(seq);
      // A plain loop: `some` would skip the hole a missing part leaves.
      for (let i = 0; i < (entryParts?.length ?? 0); i++) {
        if (typeof entryParts![i] !== "string")
          throw new Error(`part ${i + 1} of log entry ${seq} is missing or not text`);
      }
      entries.push(decodeEntry(seq, text, entryParts as string[] | undefined));
    } catch (error) {
      entries.push({ seq, damaged: describeEntryError(seq, error) });
    }
  }
  return entries;
}

function describeEntryError(seq: number, error: unknown): string {
  if (error instanceof SyntaxError) return `log entry ${seq} is cut short or garbled`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * How many of the person's edits the lost entries were: a drag is logged as many entries, one per
 * frame, but is one edit (one undo step). An entry that cannot be read is counted with the
 * gesture around it when the entries on both sides of it belong to that gesture.
 */
function undoSteps(lost: readonly ReadEntry[]): number {
  const spans = new Map<number, { from: number; to: number }>();
  for (const entry of lost) {
    if ("damaged" in entry) continue;
    const gesture = entry.gesture ?? entry.gestureEnd;
    if (gesture === undefined) continue;
    const span = spans.get(gesture) ?? { from: gesture, to: entry.seq };
    span.to = Math.max(span.to, entry.seq);
    spans.set(gesture, span);
  }
  const steps = new Set<string>();
  for (const entry of lost) {
    if ("damaged" in entry) {
      const within = [...spans].find(([, span]) => span.from <= entry.seq && entry.seq <= span.to);
      steps.add(within === undefined ? `entry ${entry.seq}` : `gesture ${within[0]}`);
      continue;
    }
    const gesture = entry.gesture ?? entry.gestureEnd;
    if (gesture !== undefined) steps.add(`gesture ${gesture}`);
    else if (entry.patch.changes.length > 0) steps.add(`entry ${entry.seq}`);
  }
  return steps.size;
}

/**
 * How many edits were lost and when they were made: a damaged entry's own time cannot be read,
 * so the times of the nearest readable entries around the losses bound it.
 */
function lostEdits(lost: readonly ReadEntry[], entries: readonly ReadEntry[]): LostEdits {
  if (lost.length === 0) return { count: 0, from: null, to: null };
  const timed = entries
    .filter(
      (entry): entry is ReadEntry & { time: number } => "time" in entry && entry.time !== undefined,
    )
    .sort((a, b) => a.seq - b.seq);
  const first = lost[0]!.seq;
  const last = lost[lost.length - 1]!.seq;
  const before = timed.filter((entry) => entry.seq <= first).pop();
  const after = timed.find((entry) => entry.seq >= last);
  return {
    count: undoSteps(lost),
    from: (before ?? timed[0])?.time ?? null,
    to: (after ?? timed[timed.length - 1])?.time ?? null,
  };
}
