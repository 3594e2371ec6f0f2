import {
  isSceneNode,
  type DocRecord,
  type Id,
  type NodeType,
  type PageRecord,
  type PathSegment,
  type SceneNode,
  type Styled,
  type Subpath,
  type Transform,
} from "../../doc/types";
import { KINDS, type NodeKind } from "./nodeFields";
import { SharedValues } from "./sharedValues";
import { runSteps } from "../steps";

export const FORMAT_NAME = "linework";
/** Bumped whenever the layout changes; each bump adds a migration (see README.md). */
export const FORMAT_VERSION = 10;

/**
 * A record written whole, in `records`: `fill` and `stroke` may be indexes into the file's
 * `shared` list, fields equal to their defaults are left out and path geometry is packed (see
 * README.md).
 */
export type StoredRecord = DocRecord | (Record<string, unknown> & { readonly id: Id });

export interface NativeFile {
  readonly format: typeof FORMAT_NAME;
  readonly version: number;
  /** Fills and strokes used by records, each written once. */
  readonly shared: readonly unknown[];
  /** The document record, pages and image data; older layouts also put scene nodes here. */
  readonly records: readonly StoredRecord[];
  /** Scene nodes in columns, numbered on from `records` (see README.md). */
  readonly nodes?: NodeColumns;
}

/** Scene nodes, one entry per node in each column unless a column says otherwise. */
export interface NodeColumns {
  /** One letter of TYPE_CODES per node; its length is the number of nodes. */
  readonly types: string;
  /** Joined with spaces, or a list when some id holds a space. */
  readonly ids: string | readonly string[];
  /** A record number, or an id when the parent is not in the file. */
  readonly parents: readonly (number | string)[];
  /** Sibling indexes, joined with spaces, or a list when some index holds a space. */
  readonly indexes: string | readonly string[];
  /** The transform's translation. */
  readonly x: readonly number[];
  readonly y: readonly number[];
  /** One entry per node with a fill and stroke (all but groups and images). */
  readonly fill: readonly unknown[];
  readonly stroke: readonly unknown[];
  /** One entry per frame, rectangle, ellipse, polygon, star and image. */
  readonly width: readonly number[];
  readonly height: readonly number[];
  /** Each path's subpaths as "M", segment letters and "Z" if closed; paths joined by spaces. */
  readonly paths: string;
  /** The numbers `paths` takes, in order. */
  readonly pathPoints: readonly number[];
  /** Every other field, keyed by record number, for the nodes that need one. */
  readonly more: Readonly<Record<string, Record<string, unknown>>>;
}

/** Each kind's value of `pick`, from `nodeFields.ts`. */
function byKind<V>(pick: (kind: NodeKind) => V): Readonly<Record<NodeType, V>> {
  return Object.fromEntries(
    Object.entries(KINDS).map(([type, kind]) => [type, pick(kind)]),
  ) as Record<NodeType, V>;
}

/** The letter of each node type in `NodeColumns.types`. */
export const TYPE_CODES: Readonly<Record<NodeType, string>> = byKind((kind) => kind.code);

/** Types whose `fill` and `stroke` are columns. */
export const STYLED_TYPES: ReadonlySet<NodeType> = new Set(
  (Object.keys(KINDS) as NodeType[]).filter((type) => KINDS[type].styled),
);

/** Types whose numeric `width` and `height` are columns. */
export const SIZED_TYPES: ReadonlySet<NodeType> = new Set(
  (Object.keys(KINDS) as NodeType[]).filter((type) => KINDS[type].sized),
);

function byIndex(a: { index: string; id: string }, b: { index: string; id: string }): number {
  if (a.index !== b.index) return a.index < b.index ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The records in file order: document, pages, each page's nodes depth first in sibling order,
 * then image data. A stable order makes saves of the same drawing byte-identical, so files diff
 * well and a reader can stream a page without looking ahead. Records outside that tree (only in
 * a document that is already broken) follow in their given order rather than being lost.
 */
export function orderRecords(records: readonly DocRecord[]): DocRecord[] {
  return runSteps(orderRecordsSteps(records));
}

/** Loop iterations between the pauses of a sliced serialisation (see `serializeDocumentSteps`). */
const STEP = 8192;

function* orderRecordsSteps(records: readonly DocRecord[]): Generator<void, DocRecord[]> {
  const documents: DocRecord[] = [];
  const pages: PageRecord[] = [];
  const blobs: DocRecord[] = [];
  const children = new Map<Id, SceneNode[]>();
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    if (i % STEP === STEP - 1) yield;
    if (isSceneNode(record)) {
      const list = children.get(record.parent);
      if (list === undefined) children.set(record.parent, [record]);
      else list.push(record);
    } else if (record.type === "document") documents.push(record);
    else if (record.type === "page") pages.push(record);
    else blobs.push(record);
  }
  pages.sort(byIndex);
  blobs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const out: DocRecord[] = [...documents, ...pages];
  const written = new Set<Id>();
  // An explicit stack: nesting can be deep, and recursion would be bounded by the call stack.
  const stack: SceneNode[] = [];
  for (const page of pages) {
    const top = children.get(page.id);
    if (top === undefined) continue;
    pushReversed(stack, top);
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (out.length % STEP === 0) yield;
      if (written.has(node.id)) continue;
      written.add(node.id);
      out.push(node);
      const below = children.get(node.id);
      if (below !== undefined) pushReversed(stack, below);
    }
  }
  if (written.size < records.length - documents.length - pages.length - blobs.length) {
    for (const record of records) {
      if (isSceneNode(record) && !written.has(record.id)) out.push(record);
    }
  }
  for (const blob of blobs) out.push(blob);
  return out;
}

function pushReversed(stack: SceneNode[], siblings: SceneNode[]): void {
  siblings.sort(byIndex);
  for (let i = siblings.length - 1; i >= 0; i--) stack.push(siblings[i]!);
}

/** What a node is called until someone renames it; a name equal to it is not written. */
export const DEFAULT_NAMES: Readonly<Record<NodeType, string>> = byKind((kind) => kind.name);

/** Path segment kinds in a stored subpath's `commands`, with the numbers each one takes. */
export const SEGMENT_COMMANDS = { line: "L", quad: "Q", cubic: "C" } as const;

type Stored = Record<string, unknown>;

/** Fields held in columns, or restored from the node's type; everything else goes to `more`. */
const COLUMN_KEYS = new Set([
  "id",
  "type",
  "parent",
  "index",
  "name",
  "locked",
  "hidden",
  "opacity",
  "blendMode",
  "transform",
  "fill",
  "stroke",
]);

/** The fields of a node that no column holds, or undefined when all are at their defaults. */
function moreOf(node: SceneNode, kind: NodeKind): Stored | undefined {
  let out: Stored | undefined;
  if (node.name !== kind.name) (out ??= {}).name = node.name;
  if (node.locked) (out ??= {}).locked = true;
  if (node.hidden) (out ??= {}).hidden = true;
  if (node.opacity !== 1) (out ??= {}).opacity = node.opacity;
  if (node.blendMode !== "normal") (out ??= {}).blendMode = node.blendMode;
  const t: Transform = node.transform;
  if (t.rotation !== 0) (out ??= {}).rotation = t.rotation;
  if (t.scaleX !== 1) (out ??= {}).scaleX = t.scaleX;
  if (t.scaleY !== 1) (out ??= {}).scaleY = t.scaleY;
  if (t.skewX !== 0) (out ??= {}).skewX = t.skewX;
  const fields = kind.byKey;
  // The node's own key order, not the schema's: it is what earlier versions wrote.
  for (const key in node) {
    if (COLUMN_KEYS.has(key)) continue;
    const value = (node as unknown as Stored)[key];
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field !== undefined && (field.column !== undefined || field.absent?.is(value) === true)) {
      continue;
    }
    (out ??= {})[key] = value;
  }
  return out;
}

/** Appends a path's geometry to the `paths` text and `pathPoints` numbers. */
function storePath(subpaths: readonly Subpath[], points: number[]): string {
  let commands = "";
  for (const subpath of subpaths) {
    commands += "M";
    points.push(subpath.start.x, subpath.start.y);
    for (const segment of subpath.segments as readonly PathSegment[]) {
      commands += SEGMENT_COMMANDS[segment.type];
      if (segment.type === "quad") points.push(segment.control.x, segment.control.y);
      else if (segment.type === "cubic") {
        points.push(segment.control1.x, segment.control1.y, segment.control2.x, segment.control2.y);
      }
      points.push(segment.to.x, segment.to.y);
    }
    if (subpath.closed) commands += "Z";
  }
  return commands;
}

/**
 * A record as a file's `records` list holds it, which is how `readRecord` reads one: the same
 * record but for a path's geometry, packed per subpath as segment letters and their numbers.
 */
export function storedRecord(record: DocRecord): StoredRecord {
  if (record.type !== "path") return record;
  const { subpaths, ...rest } = record;
  const stored: Record<string, unknown> & { readonly id: Id } = { ...rest };
  stored.subpaths = subpaths.map((subpath) => {
    const points: number[] = [];
    const commands = storePath([subpath], points).slice(1);
    return {
      commands: subpath.closed ? commands.slice(0, -1) : commands,
      points,
      closed: subpath.closed,
    };
  });
  return stored;
}

/** Spaces separate joined ids and indexes; a list is written when one could be misread. */
function joined(values: string[]): string | string[] {
  for (const value of values) if (value === "" || value.includes(" ")) return values;
  return values.join(" ");
}

function* storeNodes(
  nodes: readonly SceneNode[],
  base: number,
  numbers: ReadonlyMap<Id, number>,
  shared: SharedValues,
): Generator<void, NodeColumns> {
  const count = nodes.length;
  const types = new Array<string>(count);
  const ids = new Array<string>(count);
  const parents = new Array<number | string>(count);
  const indexes = new Array<string>(count);
  const x = new Array<number>(count);
  const y = new Array<number>(count);
  const fill: number[] = [];
  const stroke: number[] = [];
  const width: number[] = [];
  const height: number[] = [];
  const paths: string[] = [];
  const pathPoints: number[] = [];
  const more: Record<string, Stored> = {};
  for (let i = 0; i < count; i++) {
    const node = nodes[i]!;
    if (i % STEP === STEP - 1) yield;
    types[i] = TYPE_CODES[node.type];
    ids[i] = node.id;
    parents[i] = numbers.get(node.parent) ?? node.parent;
    indexes[i] = node.index;
    x[i] = node.transform.x;
    y[i] = node.transform.y;
    const kind = KINDS[node.type];
    if (kind.styled) {
      const styled = node as SceneNode & Styled;
      fill.push(shared.indexOf(styled.fill));
      stroke.push(shared.indexOf(styled.stroke));
    }
    if (kind.sized) {
      const sized = node as SceneNode & { width: number; height: number };
      width.push(sized.width);
      height.push(sized.height);
    }
    if (kind.pathed) {
      paths.push(storePath((node as SceneNode & { subpaths: Subpath[] }).subpaths, pathPoints));
    }
    const extra = moreOf(node, kind);
    if (extra !== undefined) more[base + i] = extra;
  }
  return {
    types: types.join(""),
    ids: joined(ids),
    parents,
    indexes: joined(indexes),
    x,
    y,
    fill,
    stroke,
    width,
    height,
    paths: paths.join(" "),
    pathPoints,
    more,
  };
}

/**
 * The `.linework` text of a document. Compact JSON: at a million shapes every byte of
 * indentation costs megabytes.
 */
export function serializeDocument(records: readonly DocRecord[]): string {
  return runSteps(serializeDocumentSteps(records));
}

/**
 * `serializeDocument` in steps: each `next()` does a bounded slice of the work (a few thousand
 * records, or a slice of a column), so a caller can give the page a turn between them and a
 * million-shape document is written without freezing it. The records must not change meanwhile
 * (store records never do; a snapshot's list is the caller's). The text is the same as
 * `JSON.stringify` of the file would be.
 */
export function* serializeDocumentSteps(records: readonly DocRecord[]): Generator<void, string> {
  const shared = new SharedValues();
  const whole: DocRecord[] = [];
  const nodes: SceneNode[] = [];
  const ordered = yield* orderRecordsSteps(records);
  for (const record of ordered) {
    if (isSceneNode(record)) nodes.push(record);
    else whole.push(record);
  }
  yield;
  // Record numbers: `records` first, then the nodes. A repeated id (only in a broken document)
  // refers to its first holder, so the map is filled from the end.
  const base = whole.length;
  const numbers = new Map<Id, number>();
  for (let i = nodes.length - 1; i >= 0; i--) {
    numbers.set(nodes[i]!.id, base + i);
    if (i % STEP === 0) yield;
  }
  for (let i = base - 1; i >= 0; i--) numbers.set(whole[i]!.id, i);
  const columns = yield* storeNodes(nodes, base, numbers, shared);
  const out: string[] = [
    `{"format":${JSON.stringify(FORMAT_NAME)},"version":${FORMAT_VERSION},"shared":`,
    JSON.stringify(shared.values),
    ',"records":',
  ];
  yield* stringifyList(whole, 1, out);
  out.push(',"nodes":{');
  let first = true;
  for (const [key, value] of Object.entries(columns)) {
    out.push(`${first ? "" : ","}${JSON.stringify(key)}:`);
    first = false;
    if (Array.isArray(value)) yield* stringifyList(value, STEP * 8, out);
    else if (typeof value === "object" && value !== null) yield* stringifyMap(value, out);
    else out.push(JSON.stringify(value));
    yield;
  }
  out.push("}}");
  return out.join("");
}

/** Appends the JSON of a list to `out`, `size` items per step. */
function* stringifyList(list: readonly unknown[], size: number, out: string[]): Generator<void> {
  out.push("[");
  for (let i = 0; i < list.length; i += size) {
    const text = JSON.stringify(list.slice(i, i + size));
    out.push(i === 0 ? "" : ",", text.slice(1, -1));
    yield;
  }
  out.push("]");
}

/** Appends the JSON of an object of objects (the `more` column) to `out`, a slice per step. */
function* stringifyMap(map: object, out: string[]): Generator<void> {
  out.push("{");
  let n = 0;
  for (const [key, value] of Object.entries(map)) {
    out.push(`${n === 0 ? "" : ","}${JSON.stringify(key)}:${JSON.stringify(value)}`);
    if (++n % STEP === 0) yield;
  }
  out.push("}");
}
