/**
 * The boundary between untrusted file contents and the document model. Everything read from a
 * file goes through `validateRecords` before the store sees it; nothing past this point checks
 * field types again.
 */
import { isSceneNode, type DocRecord, type Id, type SceneNode } from "../../doc/types";
import { isGroup } from "../../shapes/group";
import { isPlainObject, Problem } from "./checks";
import { type Columns, readColumnNodes, readColumns } from "./columns";
import { IdTable } from "./idTable";
import { NATIVE_LIMITS } from "./limits";
import { describe, fileStyles, readRecord } from "./nodes";
import { base64Steps, type StyleChecks } from "./schemas";
import { NODES_PER_STEP, runSteps, type Steps } from "../steps";

export { NATIVE_LIMITS };

export type ValidationResult =
  | { readonly ok: true; readonly records: DocRecord[] }
  | { readonly ok: false; readonly errors: string[] };

/** More errors than this are summarised: a broken file rarely needs a million lines. */
const MAX_REPORTED_ERRORS = 20;

/**
 * Turns parsed JSON into records, or explains why it cannot. Checks every field of every record,
 * drops unknown fields, then the structure (unique ids, parents, nesting depth, cycles) and
 * finally every invariant of the document model.
 */
export function validateRecords(
  value: unknown,
  shared: unknown = [],
  nodes?: unknown,
): ValidationResult {
  return runSteps(validateRecordsSteps(value, shared, nodes));
}

/** `validateRecords` in steps of NODES_PER_STEP records, for a page that must stay responsive. */
export function* validateRecordsSteps(
  value: unknown,
  shared: unknown = [],
  nodes?: unknown,
): Steps<ValidationResult> {
  if (!Array.isArray(shared)) return { ok: false, errors: ["shared must be a list"] };
  return yield* validateAll(value, nodes, fileStyles(shared));
}

function* validateAll(
  value: unknown,
  nodes: unknown,
  styles: StyleChecks,
): Steps<ValidationResult> {
  if (!Array.isArray(value)) return { ok: false, errors: ["records must be a list"] };
  const nodeCount =
    isPlainObject(nodes) && typeof nodes.types === "string" ? nodes.types.length : 0;
  if (value.length + nodeCount > NATIVE_LIMITS.maxRecords) {
    return {
      ok: false,
      errors: [
        `the document has ${value.length + nodeCount} records, more than the limit of ${NATIVE_LIMITS.maxRecords} (maxRecords)`,
      ],
    };
  }
  let columns: Columns | undefined;
  if (nodes !== undefined) {
    const read = yield* readColumns(nodes, value.length);
    if (typeof read === "string") return { ok: false, errors: [read] };
    columns = read;
  }
  const errors: string[] = [];
  let errorCount = 0;
  const report = (message: string): void => {
    errorCount++;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push(message);
  };

  const records: DocRecord[] = new Array<DocRecord>(value.length + nodeCount);
  // One table from id to position serves both lookups by id and error messages.
  const positions = new IdTable(value.length + nodeCount);
  const into: ReadInto = { records, positions, report };
  for (let from = 0; from < value.length;) {
    from = readWholeRecords(
      value,
      from,
      Math.min(value.length, from + NODES_PER_STEP),
      styles,
      into,
    );
    const raw = value[from];
    if (blobChars(raw) > BLOB_CHARS_PER_STEP) {
      yield* readLargeBlob(raw as Record<string, unknown>, from, styles, into);
      from += 1;
    }
    yield;
  }
  if (columns !== undefined)
    yield* readColumnNodes(columns, value, records, positions, report, styles);
  if (errorCount > 0) return { ok: false, errors: summarise(errors, errorCount) };

  yield* checkStructure(records, positions, report);
  if (errorCount > 0) return { ok: false, errors: summarise(errors, errorCount) };
  return { ok: true, records };
}

/** Where records read are put: by position, in the id table, and what is wrong with them. */
interface ReadInto {
  readonly records: DocRecord[];
  readonly positions: IdTable;
  readonly report: (message: string) => void;
}

/**
 * Characters of image data one step checks: some 10 ms of the base64 pattern in a browser. A
 * step of records ends once its blobs have held this many, and a blob holding more is checked a
 * piece a step, so a board of large images does not freeze the page while it is read.
 */
export const BLOB_CHARS_PER_STEP = 1 << 20;

/** The length of a blob record's data, as read; 0 for anything else. */
function blobChars(raw: unknown): number {
  return isPlainObject(raw) && raw.type === "blob" && typeof raw.data === "string"
    ? raw.data.length
    : 0;
}

/**
 * The whole records from `from` up to `to`; returns where it stopped: at `to`, before a blob too
 * large for one step (see `readLargeBlob`), or after the blob whose data filled the step. The
 * loops of a step are plain functions, called by the generators between their yields: V8 runs a
 * loop inside a generator several times slower.
 */
function readWholeRecords(
  value: readonly unknown[],
  from: number,
  to: number,
  styles: StyleChecks,
  into: ReadInto,
): number {
  let read = 0;
  for (let i = from; i < to; i++) {
    const raw: unknown = value[i];
    const chars = blobChars(raw);
    if (chars > BLOB_CHARS_PER_STEP) return i;
    read += chars;
    let record: DocRecord;
    try {
      record = readRecord(raw, styles);
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      into.report(`${describe(i, raw)}: ${error.path === "" ? "it" : error.path} ${error.message}`);
      continue;
    }
    keep(record, i, raw, into);
    if (read >= BLOB_CHARS_PER_STEP) return i + 1;
  }
  return to;
}

/** A blob too large for one step: its other fields first, then its data a piece a step. */
function* readLargeBlob(
  raw: Record<string, unknown>,
  i: number,
  styles: StyleChecks,
  into: ReadInto,
): Steps<void> {
  try {
    const rest = readRecord({ ...raw, data: "" }, styles);
    const data = yield* base64Steps(raw.data as string, BLOB_CHARS_PER_STEP);
    keep({ ...rest, data } as DocRecord, i, raw, into);
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    const path = error.path === "" ? "data" : error.path;
    into.report(`${describe(i, raw)}: ${path} ${error.message}`);
  }
}

/** Puts a record read at position `i` in place, unless its id is taken. */
function keep(
  record: DocRecord,
  i: number,
  raw: unknown,
  { records, positions, report }: ReadInto,
): void {
  // The table keeps the first holder of an id, which is the one named.
  const first = positions.add(record.id, i);
  if (first >= 0) {
    report(`${describe(i, raw)}: the id is already used by record ${first}`);
    return;
  }
  records[i] = record;
}

function summarise(errors: string[], total: number): string[] {
  return total > errors.length ? [...errors, `…and ${total - errors.length} more`] : errors;
}

/** Where a parent's children have got to while the records are read in file order. */
interface Siblings {
  last: string;
  /** Set once a child's index is not above the one before, as in a hand-edited file. */
  unordered: boolean;
}

/**
 * The rules of `checkAll` in `doc/invariants.ts` that field checks cannot see: one document
 * record; parents exist and are pages or containers; images find their data; every node reaches
 * a page within the nesting limit; siblings have distinct indexes. Done in linear time without
 * a map entry per node beyond `positions`: a file can describe a chain a million levels deep,
 * which a per-node walk up the tree would take quadratic time to refuse, and a page of a million
 * shapes, whose sibling indexes arrive in order when Linework wrote the file.
 */
function* checkStructure(
  records: readonly DocRecord[],
  positions: IdTable,
  report: (message: string) => void,
): Steps<void> {
  const count = records.length;
  const walk: StructureWalk = {
    // 0: not yet known; -1: broken (already reported); otherwise levels below the page.
    depth: new Int32Array(count),
    chain: [],
    siblings: new Map<Id, Siblings>(),
    documents: 0,
    lastParent: null,
    lastParentAt: -1,
    lastSiblings: undefined,
  };
  for (let from = 0; from < count; from += NODES_PER_STEP) {
    checkStructureOf(
      records,
      positions,
      report,
      walk,
      from,
      Math.min(count, from + NODES_PER_STEP),
    );
    yield;
  }
  if (walk.documents !== 1) report(`expected one document record, found ${walk.documents}`);
  for (const [parent, group] of walk.siblings) {
    if (group.unordered) checkIndexesUnder(records, parent, report);
  }
}

/** How far `checkStructure` has got: what it carries from one step to the next. */
interface StructureWalk {
  readonly depth: Int32Array;
  readonly chain: number[];
  readonly siblings: Map<Id, Siblings>;
  documents: number;
  lastParent: Id | null;
  lastParentAt: number;
  lastSiblings: Siblings | undefined;
}

/** `checkStructure`'s walk over the records from `from` to `to`. */
function checkStructureOf(
  records: readonly DocRecord[],
  positions: IdTable,
  report: (message: string) => void,
  walk: StructureWalk,
  from: number,
  to: number,
): void {
  const { depth, chain, siblings } = walk;
  let { documents, lastParent, lastParentAt, lastSiblings } = walk;
  for (let i = from; i < to; i++) {
    const record = records[i]!;
    if (record.type === "document") documents++;
    if (record.type === "image") {
      const at = positions.get(record.blob);
      if (at === undefined || records[at]!.type !== "blob")
        report(`${describe(i, record)}: image data ${record.blob} does not exist`);
    }
    if (!isSceneNode(record)) continue;
    // A group carries a blur or a filter: each is checked as a field, the pair only here.
    if (isGroup(record) && record.blur !== undefined && record.filter !== undefined)
      report(`${describe(i, record)}: carries both a blur and a filter`);

    if (record.parent !== lastParent) {
      lastParent = record.parent;
      lastParentAt = positions.get(lastParent) ?? -1;
      lastSiblings = siblings.get(lastParent);
      if (lastSiblings === undefined) {
        lastSiblings = { last: "", unordered: false };
        siblings.set(lastParent, lastSiblings);
      }
    }
    const group = lastSiblings!;
    if (record.index > group.last) group.last = record.index;
    else group.unordered = true;

    if (depth[i] !== 0) continue;
    chain.length = 0;
    let cursor = i;
    let parentAt = lastParentAt;
    let known = 0;
    let broken: string | null = null;
    for (;;) {
      const memo = depth[cursor]!;
      if (memo !== 0) {
        known = memo;
        break;
      }
      if (chain.length > NATIVE_LIMITS.maxNestingDepth) {
        broken = `is nested more than ${NATIVE_LIMITS.maxNestingDepth} levels deep, or its ancestors form a cycle (limit maxNestingDepth)`;
        break;
      }
      chain.push(cursor);
      const node = records[cursor] as SceneNode;
      if (parentAt === -1) {
        broken =
          cursor === i
            ? `parent ${node.parent} does not exist`
            : `its ancestor ${node.parent} does not exist`;
        break;
      }
      const parent = records[parentAt]!;
      if (parent.type === "page") break;
      if (parent.type !== "frame" && parent.type !== "group") {
        broken = `parent ${node.parent} is a ${parent.type}, not a page, frame or group`;
        if (cursor !== i) broken = `an ancestor's ${broken}`;
        break;
      }
      cursor = parentAt;
      parentAt = positions.get(parent.parent) ?? -1;
    }
    if (known === -1 || broken !== null) {
      if (broken !== null) report(`${describe(i, record)}: ${broken}`);
      // Mark the chain so each broken branch is reported once, at its lowest node.
      for (const at of chain) depth[at] = -1;
      continue;
    }
    for (let k = chain.length - 1, d = known + 1; k >= 0; k--, d++) {
      if (d > NATIVE_LIMITS.maxNestingDepth) {
        report(
          `${describe(chain[k]!, records[chain[k]!])}: is nested more than ${NATIVE_LIMITS.maxNestingDepth} levels deep (limit maxNestingDepth)`,
        );
        for (let j = k; j >= 0; j--) depth[chain[j]!] = -1;
        break;
      }
      depth[chain[k]!] = d;
    }
  }
  walk.documents = documents;
  walk.lastParent = lastParent;
  walk.lastParentAt = lastParentAt;
  walk.lastSiblings = lastSiblings;
}

/** The slow way to find siblings sharing an index, for a parent whose children came unsorted. */
function checkIndexesUnder(
  records: readonly DocRecord[],
  parent: Id,
  report: (message: string) => void,
): void {
  const seen = new Map<string, Id>();
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    if (!isSceneNode(record) || record.parent !== parent) continue;
    const other = seen.get(record.index);
    if (other === undefined) seen.set(record.index, record.id);
    else report(`${describe(i, record)}: shares index ${record.index} with sibling ${other}`);
  }
}
