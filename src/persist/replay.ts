import { checkAllSteps, InvariantError } from "../doc/invariants";
import { sameValue } from "../doc/patch";
import { DocumentStore } from "../doc/store";
import type { DocRecord, Id } from "../doc/types";
import { KIND_RULES } from "../shapes/registry";
import type { LogEntry } from "./logEntry";
import { NODES_PER_STEP, runSteps, type Steps } from "../io/steps";

export type { LogEntry } from "./logEntry";
export { decodeEntry, encodeEntry } from "./logEntry";

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
  return runSteps(replaySteps(snapshot, baseSeq, entries));
}

/**
 * `replay` in steps: NODES_PER_STEP records of the snapshot or changes of the log each, so a
 * document of a hundred thousand shapes with edits since its snapshot opens over many tasks.
 */
export function* replaySteps(
  snapshot: readonly DocRecord[],
  baseSeq: number,
  entries: readonly LogEntry[],
): Steps<{ records: DocRecord[]; lastSeq: number }> {
  const ordered = unbrokenRun(entries, baseSeq);
  // Nothing to apply: the snapshot is the document, and no map of a million ids is needed.
  if (ordered.length === 0) {
    return { records: [...snapshot], lastSeq: baseSeq };
  }
  const records = new Map<Id, DocRecord>();
  let done = 0;
  for (const record of snapshot) {
    if (records.has(record.id)) throw new CorruptDocumentError(`duplicate record ${record.id}`);
    records.set(record.id, record);
    if (++done % NODES_PER_STEP === 0) yield;
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
      if (++done % NODES_PER_STEP === 0) yield;
    }
    lastSeq = entry.seq;
  }
  const list: DocRecord[] = [];
  for (const record of records.values()) {
    list.push(record);
    if (list.length % NODES_PER_STEP === 0) yield;
  }
  return { records: list, lastSeq };
}

/**
 * The entries after `baseSeq` that replay applies, in order: up to the first gap, and short of an
 * unfinished gesture.
 */
function unbrokenRun(entries: readonly LogEntry[], baseSeq: number): LogEntry[] {
  const run = unbrokenEntries(entries, baseSeq);
  const ended = new Set<number>();
  for (const entry of run) if (entry.gestureEnd !== undefined) ended.add(entry.gestureEnd);
  const unfinished = run.findIndex(
    (entry) => entry.gesture !== undefined && !ended.has(entry.gesture),
  );
  return unfinished === -1 ? run : run.slice(0, unfinished);
}

/** Throws a CorruptDocumentError unless the records make a whole, valid document. */
export function validateRecords(records: readonly DocRecord[]): void {
  runSteps(checkDocumentSteps(records));
}

/** `validateRecords` in steps of a few thousand records. */
function* checkDocumentSteps(records: readonly DocRecord[]): Steps<void> {
  let store: DocumentStore;
  try {
    store = yield* DocumentStore.build(records);
  } catch (error) {
    throw new CorruptDocumentError(error instanceof Error ? error.message : String(error));
  }
  const problems = yield* checkAllSteps(store, KIND_RULES);
  if (problems.length > 0) throw new CorruptDocumentError(new InvariantError(problems).message);
}

/** A log entry that could not be read: its seq and why. */
export interface DamagedEntry {
  readonly seq: number;
  readonly damaged: string;
}

export type ReadEntry = LogEntry | DamagedEntry;

function isDamaged(entry: ReadEntry): entry is DamagedEntry {
  return "damaged" in entry;
}

export interface Salvaged {
  readonly records: DocRecord[];
  readonly lastSeq: number;
  /** The entries that could not be applied: damaged, or made on top of one that was. */
  readonly lost: readonly ReadEntry[];
  /** Why each damaged entry was damaged. */
  readonly problems: readonly string[];
}

/**
 * Replay that survives damage: a damaged entry is skipped, and so is every later entry that no
 * longer applies because it changed what a skipped one made; everything else is applied, so a
 * damaged entry costs only its own edit and the edits built on it. A gesture whose end was lost
 * is not restored half done. When the result is not a valid document (an edit that applies
 * cleanly but relied on a lost one in a way the records do not show), only the entries before
 * the first lost one are kept. Throws a CorruptDocumentError when not even the snapshot is valid.
 */
export function salvage(
  snapshot: readonly DocRecord[],
  baseSeq: number,
  entries: readonly ReadEntry[],
): Salvaged {
  return runSteps(salvageSteps(snapshot, baseSeq, entries));
}

/**
 * `salvage` in steps where it is usual (no damage: strict replay and the check of its result, a
 * few thousand records a step); a damaged log is salvaged in one step.
 */
export function* salvageSteps(
  snapshot: readonly DocRecord[],
  baseSeq: number,
  entries: readonly ReadEntry[],
): Steps<Salvaged> {
  const run = unbrokenEntries(entries, baseSeq);
  if (!run.some(isDamaged)) {
    // The usual case, and the only one a million-record snapshot should pay for: strict replay.
    try {
      const strict = yield* replaySteps(snapshot, baseSeq, run as LogEntry[]);
      if (strict.lastSeq !== baseSeq) yield* checkDocumentSteps(strict.records);
      return { ...strict, lost: [], problems: [] };
    } catch (error) {
      if (!(error instanceof CorruptDocumentError)) throw error;
    }
  }
  return salvageDamaged(snapshot, baseSeq, run);
}

/** What `salvage` keeps of a log with damage in it, or one that strict replay refused. */
function salvageDamaged(
  snapshot: readonly DocRecord[],
  baseSeq: number,
  run: readonly ReadEntry[],
): Salvaged {
  const problems = run.filter(isDamaged).map((entry) => entry.damaged);
  const ended = new Set<number>();
  for (const entry of run) {
    if (!isDamaged(entry) && entry.gestureEnd !== undefined) ended.add(entry.gestureEnd);
  }
  const records = new Map<Id, DocRecord>();
  for (const record of snapshot) {
    if (records.has(record.id)) throw new CorruptDocumentError(`duplicate record ${record.id}`);
    records.set(record.id, record);
  }
  const lost: ReadEntry[] = [];
  let lastSeq = baseSeq;
  let firstLost = -1;
  const lose = (entry: ReadEntry, i: number): void => {
    lost.push(entry);
    if (firstLost === -1) firstLost = i;
  };
  for (let i = 0; i < run.length; i++) {
    const entry = run[i]!;
    lastSeq = entry.seq;
    if (isDamaged(entry)) {
      lose(entry, i);
    } else if (entry.gesture !== undefined && !ended.has(entry.gesture)) {
      // Part of a gesture whose end was lost: not restored half done.
      lose(entry, i);
    } else if (!applies(records, entry)) {
      if (firstLost === -1) problems.push(`log entry ${entry.seq} does not fit the saved drawing`);
      lose(entry, i);
    } else {
      apply(records, entry);
    }
  }
  const candidate = [...records.values()];
  if (isValid(candidate)) return { records: candidate, lastSeq, lost, problems };
  // An edit applied cleanly but relied on a lost one: keep only what came before the first loss.
  const firstKept = firstLost === -1 ? run.length : firstLost;
  for (const keep of [firstKept, 0]) {
    const prefix = run.slice(0, keep) as LogEntry[];
    const kept = replay(snapshot, baseSeq, prefix);
    if (!isValid(kept.records)) continue;
    if (problems.length === 0) problems.push("the saved edits do not make a valid drawing");
    return { records: kept.records, lastSeq, lost: run.slice(keep), problems };
  }
  throw new CorruptDocumentError("the saved drawing is not valid");
}

function applies(records: ReadonlyMap<Id, DocRecord>, entry: LogEntry): boolean {
  // A patch may change one record twice; each change must see the one before it.
  const seen = new Map<Id, DocRecord | null>();
  for (const change of entry.patch.changes) {
    const present = seen.has(change.id) ? seen.get(change.id)! : (records.get(change.id) ?? null);
    if (!sameValue(present, change.before)) return false;
    seen.set(change.id, change.after);
  }
  return true;
}

function apply(records: Map<Id, DocRecord>, entry: LogEntry): void {
  for (const change of entry.patch.changes) {
    if (change.after === null) records.delete(change.id);
    else records.set(change.id, change.after);
  }
}

function isValid(records: readonly DocRecord[]): boolean {
  try {
    validateRecords(records);
    return true;
  } catch {
    return false;
  }
}

/** The entries after `baseSeq` in order, up to the first seq that is missing altogether. */
function unbrokenEntries<T extends { readonly seq: number }>(
  entries: readonly T[],
  baseSeq: number,
): T[] {
  const ordered = [...entries].sort((a, b) => a.seq - b.seq);
  const run: T[] = [];
  for (const entry of ordered) {
    if (entry.seq <= baseSeq + run.length) continue;
    if (entry.seq !== baseSeq + run.length + 1) break;
    run.push(entry);
  }
  return run;
}
