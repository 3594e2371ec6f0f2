/**
 * The boundary between untrusted file contents and the document model. Everything read from a
 * file goes through `validateRecords` before the store sees it; nothing past this point checks
 * field types again.
 */
import { checkAll, type RecordView } from "../../doc/invariants";
import {
  ARROW_HEADS,
  BLEND_MODES,
  isSceneNode,
  type BlobRecord,
  type DocRecord,
  type DocumentMeta,
  type EllipseNode,
  type Fill,
  type FrameNode,
  type FreehandNode,
  type FreehandSettings,
  type GradientStop,
  type GroupNode,
  type Id,
  type ImageNode,
  type LineNode,
  type NodeBase,
  type PageRecord,
  type Paint,
  type PathNode,
  type PathSegment,
  type PolygonNode,
  type RectNode,
  type RGBA,
  type StarNode,
  type Stroke,
  type Subpath,
  type TextNode,
  type Transform,
  type Vec2,
} from "../../doc/types";

/**
 * Hard limits on what a file may contain. They keep a hostile or corrupt file from exhausting
 * memory or time; each is far above what a person draws, so a real document never meets one.
 */
export const NATIVE_LIMITS = {
  /** Size of the file. 512 MiB is also about the longest string a browser can hold. */
  maxFileBytes: 512 * 1024 * 1024,
  maxRecords: 5_000_000,
  /** Characters in a name, a text's content, a font family, a date. */
  maxStringLength: 1_000_000,
  /** Characters in an id, a parent reference or a sibling index. */
  maxIdLength: 256,
  /** Segments in one path node, over all its subpaths. */
  maxPathSegments: 1_000_000,
  /** x, y, pressure triples in one freehand stroke. */
  maxFreehandPoints: 1_000_000,
  /** Decoded bytes of one image. */
  maxBlobBytes: 256 * 1024 * 1024,
  /** Levels of frames and groups between a page and its deepest node. */
  maxNestingDepth: 256,
  maxGradientStops: 1024,
  maxDashEntries: 256,
  /** Sides of a polygon, points of a star. */
  maxCorners: 10_000,
  /**
   * Largest magnitude of any coordinate, size or angle. Keeps later arithmetic (matrix products,
   * bounds, squared distances) finite.
   */
  maxMagnitude: 1e12,
} as const;

export type ValidationResult =
  | { readonly ok: true; readonly records: DocRecord[] }
  | { readonly ok: false; readonly errors: string[] };

/** More errors than this are summarised: a broken file rarely needs a million lines. */
const MAX_REPORTED_ERRORS = 20;

// ---- Checks ----
// A check returns its input when it is already valid and nothing needs dropping, so a clean file
// is validated without copying; only objects carrying unknown fields are rebuilt.

type Check<T> = (value: unknown) => T;

/** A problem at a field path relative to the value being checked. */
class Problem {
  constructor(
    readonly path: string,
    readonly message: string,
  ) {}

  within(key: string | number): Problem {
    const head = typeof key === "number" ? `[${key}]` : key;
    const sep = this.path === "" || this.path.startsWith("[") ? "" : ".";
    return new Problem(head + sep + this.path, this.message);
  }
}

function fail(message: string): never {
  throw new Problem("", message);
}

function rethrowWithin(key: string | number, error: unknown): never {
  if (error instanceof Problem) throw error.within(key);
  throw error;
}

const M = NATIVE_LIMITS.maxMagnitude;

function isNumberIn(value: unknown, min: number, max: number): value is number {
  // NaN fails both comparisons, so no separate finiteness test is needed.
  return typeof value === "number" && value >= min && value <= max;
}

function numberIn(min: number, max: number, text?: string): Check<number> {
  const message = `must be a number ${text ?? `between ${min} and ${max}`}`;
  return (value) => (isNumberIn(value, min, max) ? value : fail(message));
}

function integerIn(min: number, max: number): Check<number> {
  const message = `must be an integer between ${min} and ${max}`;
  return (value) =>
    isNumberIn(value, min, max) && Number.isInteger(value) ? value : fail(message);
}

const coordinate = numberIn(-M, M, `within ±${M}`);
const nonNegative = numberIn(0, M, `between 0 and ${M}`);
const unit = numberIn(0, 1);

const bool: Check<boolean> = (value) =>
  typeof value === "boolean" ? value : fail("must be true or false");

function string(maxLength: number, nonEmpty = false): Check<string> {
  const message = nonEmpty
    ? `must be a non-empty string of at most ${maxLength} characters`
    : `must be a string of at most ${maxLength} characters`;
  return (value) =>
    typeof value === "string" && value.length <= maxLength && (!nonEmpty || value.length > 0)
      ? value
      : fail(message);
}

const anyString = string(NATIVE_LIMITS.maxStringLength);
const idString = string(NATIVE_LIMITS.maxIdLength, true);

function oneOf<T extends string>(values: readonly T[]): Check<T> {
  const allowed = new Set<string>(values);
  const message = `must be one of ${values.map((v) => JSON.stringify(v)).join(", ")}`;
  return (value) =>
    typeof value === "string" && allowed.has(value) ? (value as T) : fail(message);
}

function literal<T extends string>(expected: T): Check<T> {
  return (value) => (value === expected ? expected : fail(`must be "${expected}"`));
}

function nullable<T>(check: Check<T>): Check<T | null> {
  return (value) => (value === null ? null : check(value));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Fields<T> = { readonly [K in keyof T]-?: Check<T[K]> };

/** An object with exactly these fields; unknown fields are dropped. */
function object<T>(fields: Fields<T>): Check<T> {
  const keys = Object.keys(fields) as (keyof T & string)[];
  const checks = keys.map((key) => fields[key] as Check<unknown>);
  const count = keys.length;
  return (value) => {
    if (!isPlainObject(value)) fail("must be an object");
    // Allocated only once a field's checked value differs from what was read (a shared value
    // resolved, a nested object rebuilt); until then the earlier fields equal their raw values.
    let results: unknown[] | null = null;
    for (let i = 0; i < count; i++) {
      const key = keys[i]!;
      const raw = value[key];
      if (raw === undefined) throw new Problem(key, "is missing");
      let checked: unknown;
      try {
        checked = checks[i]!(raw);
      } catch (error) {
        rethrowWithin(key, error);
      }
      if (results !== null) results[i] = checked;
      else if (checked !== raw) {
        results = new Array<unknown>(count);
        for (let j = 0; j < i; j++) results[j] = value[keys[j]!];
        results[i] = checked;
      }
    }
    if (results === null) {
      let own = 0;
      for (const key in value) if (Object.hasOwn(value, key)) own++;
      if (own === count) return value as T;
    }
    // Rebuilt with only the known fields, so unknown ones are dropped.
    const out: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) out[keys[i]!] = results === null ? value[keys[i]!] : results[i];
    return out as T;
  };
}

/** Objects told apart by their `type` field. */
function byType<T>(variants: Readonly<Record<string, Check<T>>>): Check<T> {
  const table = new Map(Object.entries(variants));
  const message = `must be one of ${[...table.keys()].map((v) => JSON.stringify(v)).join(", ")}`;
  return (value) => {
    if (!isPlainObject(value)) fail("must be an object");
    const check = typeof value.type === "string" ? table.get(value.type) : undefined;
    if (check === undefined) throw new Problem("type", message);
    return check(value);
  };
}

function array<T>(item: Check<T>, min: number, max: number, limit?: string): Check<T[]> {
  const sizeMessage =
    min === max
      ? `must be a list of exactly ${min} items`
      : `must be a list of ${min} to ${max} items` + (limit ? ` (limit ${limit})` : "");
  return (value) => {
    if (!Array.isArray(value)) fail("must be a list");
    if (value.length < min || value.length > max) fail(sizeMessage);
    let changed = false;
    for (let i = 0; i < value.length; i++) {
      let checked: unknown;
      try {
        checked = item(value[i]);
      } catch (error) {
        rethrowWithin(i, error);
      }
      if (checked !== value[i]) changed = true;
    }
    return changed ? value.map((entry: unknown) => item(entry)) : (value as T[]);
  };
}

// ---- Schemas, one per type in doc/types.ts ----

const vec2 = object<Vec2>({ x: coordinate, y: coordinate });
const rgba = object<RGBA>({ r: unit, g: unit, b: unit, a: unit });
const stop = object<GradientStop>({ offset: unit, color: rgba });
const stops = array(stop, 0, NATIVE_LIMITS.maxGradientStops, "maxGradientStops");

const paint: Check<Paint> = byType<Paint>({
  solid: object({ type: literal("solid"), color: rgba }),
  linear: object({ type: literal("linear"), from: vec2, to: vec2, stops }),
  radial: object({
    type: literal("radial"),
    center: vec2,
    radius: nonNegative,
    focal: vec2,
    stops,
  }),
});

/**
 * The file's `shared` list while a document is being validated. Validation is synchronous, so
 * one module-level slot is safe, and it keeps the checks plain functions of one value.
 */
let sharedValues: readonly unknown[] = [];
let sharedChecked = new Map<Check<unknown>, unknown[]>();

/** A value written inline, or as an index into `shared` (validated once, then reused). */
function sharable<T>(check: Check<T>): Check<T> {
  return (value) => {
    if (typeof value !== "number") return check(value);
    if (!Number.isInteger(value) || value < 0 || value >= sharedValues.length) {
      fail(`refers to shared value ${value}, which does not exist`);
    }
    let cache = sharedChecked.get(check as Check<unknown>);
    if (cache === undefined) {
      cache = [];
      sharedChecked.set(check as Check<unknown>, cache);
    }
    const hit = cache[value];
    if (hit !== undefined) return hit as T;
    let checked: T;
    try {
      checked = check(sharedValues[value]);
    } catch (error) {
      if (error instanceof Problem)
        throw new Problem(error.path, `(shared value ${value}) ${error.message}`);
      throw error;
    }
    cache[value] = checked;
    return checked;
  };
}

const noFill = object<{ type: "none" }>({ type: literal("none") });
const fill: Check<Fill> = sharable((value) =>
  isPlainObject(value) && value.type === "none" ? noFill(value) : paint(value),
);

const stroke: Check<Stroke> = sharable<Stroke>(
  object<Stroke>({
    paint: nullable(paint),
    width: nonNegative,
    dash: array(nonNegative, 0, NATIVE_LIMITS.maxDashEntries, "maxDashEntries"),
    dashOffset: coordinate,
    cap: oneOf(["butt", "round", "square"]),
    join: oneOf(["miter", "round", "bevel"]),
    miterLimit: nonNegative,
  }),
);

const transform = object<Transform>({
  x: coordinate,
  y: coordinate,
  rotation: coordinate,
  scaleX: coordinate,
  scaleY: coordinate,
  skewX: coordinate,
});

const base: Fields<Omit<NodeBase, never>> = {
  id: idString,
  parent: idString,
  index: idString,
  name: anyString,
  locked: bool,
  hidden: bool,
  opacity: unit,
  blendMode: oneOf(BLEND_MODES),
  transform,
};
const styled = { fill, stroke };

const segment: Check<PathSegment> = byType<PathSegment>({
  line: object({ type: literal("line"), to: vec2 }),
  quad: object({ type: literal("quad"), control: vec2, to: vec2 }),
  cubic: object({ type: literal("cubic"), control1: vec2, control2: vec2, to: vec2 }),
});

const subpath = object<Subpath>({
  start: vec2,
  segments: array(segment, 0, NATIVE_LIMITS.maxPathSegments, "maxPathSegments"),
  closed: bool,
});

const subpaths: Check<Subpath[]> = (value) => {
  const list = array(subpath, 0, NATIVE_LIMITS.maxPathSegments, "maxPathSegments")(value);
  let total = 0;
  for (const entry of list) total += entry.segments.length + 1;
  if (total > NATIVE_LIMITS.maxPathSegments) {
    fail(`has more than ${NATIVE_LIMITS.maxPathSegments} segments (limit maxPathSegments)`);
  }
  return list;
};

/** Flattened x, y, pressure triples: checked in one loop, as strokes can be long. */
const freehandPoints: Check<number[]> = (value) => {
  if (!Array.isArray(value)) fail("must be a list");
  if (value.length % 3 !== 0) fail("must hold x, y, pressure triples");
  if (value.length / 3 > NATIVE_LIMITS.maxFreehandPoints) {
    fail(`has more than ${NATIVE_LIMITS.maxFreehandPoints} points (limit maxFreehandPoints)`);
  }
  for (let i = 0; i < value.length; i += 3) {
    if (!isNumberIn(value[i], -M, M)) throw new Problem(`[${i}]`, `must be a number within ±${M}`);
    if (!isNumberIn(value[i + 1], -M, M)) {
      throw new Problem(`[${i + 1}]`, `must be a number within ±${M}`);
    }
    if (!isNumberIn(value[i + 2], 0, 1)) {
      throw new Problem(`[${i + 2}]`, "must be a pressure between 0 and 1");
    }
  }
  return value as number[];
};

const freehandSettings = object<FreehandSettings>({
  size: nonNegative,
  thinning: unit,
  smoothing: unit,
  streamline: unit,
  simulatePressure: bool,
  fixedWidth: bool,
});

const corners = integerIn(3, NATIVE_LIMITS.maxCorners);

const innerRatio: Check<number> = (value) =>
  isNumberIn(value, 0, 1) && value > 0 ? value : fail("must be a number above 0 and at most 1");

const radii: Check<[number, number, number, number]> = (value) => {
  if (!Array.isArray(value) || value.length !== 4) fail("must be a list of 4 corner radii");
  for (let i = 0; i < 4; i++) {
    if (!isNumberIn(value[i], 0, M))
      throw new Problem(`[${i}]`, `must be a number between 0 and ${M}`);
  }
  return value as [number, number, number, number];
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const isoDate: Check<string> = (value) =>
  typeof value === "string" && value.length <= 64 && ISO_DATE.test(value)
    ? value
    : fail("must be an ISO 8601 date");

const MIME = /^image\/[a-z0-9.+-]{1,100}$/;
const imageMime: Check<string> = (value) =>
  typeof value === "string" && MIME.test(value)
    ? value
    : fail('must be an image type such as "image/png"');

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const base64: Check<string> = (value) => {
  if (typeof value !== "string") fail("must be a base64 string");
  if (value.length > Math.ceil(NATIVE_LIMITS.maxBlobBytes / 3) * 4) {
    fail(`is larger than ${NATIVE_LIMITS.maxBlobBytes} bytes (limit maxBlobBytes)`);
  }
  if (value.length % 4 !== 0 || !BASE64.test(value)) fail("must be a base64 string");
  return value;
};

const recordSchema: Check<DocRecord> = byType<DocRecord>({
  document: object<DocumentMeta>({
    id: idString,
    type: literal("document"),
    name: anyString,
    author: anyString,
    created: isoDate,
  }),
  page: object<PageRecord>({
    id: idString,
    type: literal("page"),
    name: anyString,
    index: idString,
    background: rgba,
  }),
  blob: object<BlobRecord>({ id: idString, type: literal("blob"), mime: imageMime, data: base64 }),
  frame: object<FrameNode>({
    ...base,
    ...styled,
    type: literal("frame"),
    width: nonNegative,
    height: nonNegative,
    clip: bool,
  }),
  group: object<GroupNode>({ ...base, type: literal("group") }),
  rect: object<RectNode>({
    ...base,
    ...styled,
    type: literal("rect"),
    width: nonNegative,
    height: nonNegative,
    radii,
  }),
  ellipse: object<EllipseNode>({
    ...base,
    ...styled,
    type: literal("ellipse"),
    width: nonNegative,
    height: nonNegative,
  }),
  line: object<LineNode>({
    ...base,
    ...styled,
    type: literal("line"),
    start: vec2,
    end: vec2,
    startHead: oneOf(ARROW_HEADS),
    endHead: oneOf(ARROW_HEADS),
  }),
  polygon: object<PolygonNode>({
    ...base,
    ...styled,
    type: literal("polygon"),
    width: nonNegative,
    height: nonNegative,
    sides: corners,
  }),
  star: object<StarNode>({
    ...base,
    ...styled,
    type: literal("star"),
    width: nonNegative,
    height: nonNegative,
    points: corners,
    innerRatio,
  }),
  path: object<PathNode>({
    ...base,
    ...styled,
    type: literal("path"),
    subpaths,
    fillRule: oneOf(["nonzero", "evenodd"]),
  }),
  freehand: object<FreehandNode>({
    ...base,
    ...styled,
    type: literal("freehand"),
    points: freehandPoints,
    settings: freehandSettings,
  }),
  text: object<TextNode>({
    ...base,
    ...styled,
    type: literal("text"),
    content: anyString,
    fontFamily: anyString,
    fontSize: nonNegative,
    fontWeight: integerIn(1, 1000),
    fontStyle: oneOf(["normal", "italic"]),
    align: oneOf(["left", "center", "right", "justify"]),
    lineHeight: nonNegative,
    width: nullable(nonNegative),
  }),
  image: object<ImageNode>({
    ...base,
    type: literal("image"),
    blob: idString,
    naturalWidth: nonNegative,
    naturalHeight: nonNegative,
    width: nonNegative,
    height: nonNegative,
  }),
});

// ---- The whole document ----

function describe(position: number, raw: unknown): string {
  const id = isPlainObject(raw) && typeof raw.id === "string" ? raw.id : null;
  const shown = id === null ? "" : ` (id ${id.length > 40 ? `${id.slice(0, 40)}…` : id})`;
  return `record ${position}${shown}`;
}

/**
 * Turns parsed JSON into records, or explains why it cannot. Checks every field of every record,
 * drops unknown fields, then the structure (unique ids, parents, nesting depth, cycles) and
 * finally every invariant of the document model.
 */
export function validateRecords(value: unknown, shared: unknown = []): ValidationResult {
  if (!Array.isArray(shared)) return { ok: false, errors: ["shared must be a list"] };
  sharedValues = shared;
  sharedChecked = new Map();
  try {
    return validateAll(value);
  } finally {
    sharedValues = [];
    sharedChecked = new Map();
  }
}

function validateAll(value: unknown): ValidationResult {
  if (!Array.isArray(value)) return { ok: false, errors: ["records must be a list"] };
  if (value.length > NATIVE_LIMITS.maxRecords) {
    return {
      ok: false,
      errors: [
        `the document has ${value.length} records, more than the limit of ${NATIVE_LIMITS.maxRecords} (maxRecords)`,
      ],
    };
  }
  const errors: string[] = [];
  let errorCount = 0;
  const report = (message: string): void => {
    errorCount++;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push(message);
  };

  const records: DocRecord[] = new Array<DocRecord>(value.length);
  const byId = new Map<Id, DocRecord>();
  const positionOf = new Map<Id, number>();
  for (let i = 0; i < value.length; i++) {
    const raw: unknown = value[i];
    let record: DocRecord;
    try {
      record = recordSchema(raw);
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      report(`${describe(i, raw)}: ${error.path === "" ? "it" : error.path} ${error.message}`);
      continue;
    }
    if (byId.has(record.id)) {
      report(`${describe(i, raw)}: the id is already used by record ${positionOf.get(record.id)}`);
      continue;
    }
    records[i] = record;
    byId.set(record.id, record);
    positionOf.set(record.id, i);
  }
  if (errorCount > 0) return { ok: false, errors: summarise(errors, errorCount) };

  checkStructure(records, byId, positionOf, report);
  if (errorCount > 0) return { ok: false, errors: summarise(errors, errorCount) };

  const problems = checkAll(collisionView(records, byId));
  if (problems.length > 0) {
    return {
      ok: false,
      errors: summarise(problems.slice(0, MAX_REPORTED_ERRORS), problems.length),
    };
  }
  return { ok: true, records };
}

function summarise(errors: string[], total: number): string[] {
  return total > errors.length ? [...errors, `…and ${total - errors.length} more`] : errors;
}

/**
 * Parents exist and are pages or containers, images find their data, and every node reaches a
 * page within the nesting limit. Done here in linear time, with depths memoised, because a file
 * can describe a chain a million levels deep, which a per-node walk up the tree would take
 * quadratic time to refuse.
 */
function checkStructure(
  records: readonly DocRecord[],
  byId: ReadonlyMap<Id, DocRecord>,
  positionOf: ReadonlyMap<Id, number>,
  report: (message: string) => void,
): void {
  const depth = new Map<Id, number>();
  const chain: DocRecord[] = [];
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    if (record.type === "image") {
      const blob = byId.get(record.blob);
      if (blob?.type !== "blob")
        report(`${describe(i, record)}: image data ${record.blob} does not exist`);
    }
    if (!isSceneNode(record) || depth.has(record.id)) continue;
    chain.length = 0;
    let cursor: DocRecord | undefined = record;
    let known = 0;
    let broken: string | null = null;
    while (cursor !== undefined && isSceneNode(cursor)) {
      const memo = depth.get(cursor.id);
      if (memo !== undefined) {
        known = memo;
        break;
      }
      if (chain.length > NATIVE_LIMITS.maxNestingDepth) {
        broken = `is nested more than ${NATIVE_LIMITS.maxNestingDepth} levels deep, or its ancestors form a cycle (limit maxNestingDepth)`;
        break;
      }
      chain.push(cursor);
      const parent: DocRecord | undefined = byId.get(cursor.parent);
      if (parent === undefined) {
        broken = `its ancestor ${cursor.parent} does not exist`;
        if (cursor === record) broken = `parent ${cursor.parent} does not exist`;
        break;
      }
      if (parent.type !== "page" && parent.type !== "frame" && parent.type !== "group") {
        broken = `parent ${cursor.parent} is a ${parent.type}, not a page, frame or group`;
        if (cursor !== record) broken = `an ancestor's ${broken}`;
        break;
      }
      cursor = parent;
    }
    if (broken !== null) {
      report(`${describe(positionOf.get(record.id) ?? i, record)}: ${broken}`);
      // Mark the chain so each broken branch is reported once, at its lowest node.
      for (const node of chain) depth.set(node.id, Number.POSITIVE_INFINITY);
      continue;
    }
    for (let k = chain.length - 1, d = known + 1; k >= 0; k--, d++) {
      if (d > NATIVE_LIMITS.maxNestingDepth) {
        report(
          `${describe(positionOf.get(chain[k]!.id) ?? i, chain[k])}: is nested more than ${NATIVE_LIMITS.maxNestingDepth} levels deep (limit maxNestingDepth)`,
        );
        for (let j = k; j >= 0; j--) depth.set(chain[j]!.id, Number.POSITIVE_INFINITY);
        break;
      }
      depth.set(chain[k]!.id, d);
    }
  }
}

/**
 * The view `checkAll` reads, in which a parent's children are only those sharing their sibling
 * index with another child. `checkAll` consults children solely to find such duplicates, once per
 * node over all its siblings; showing it every child would make a page of a million shapes take
 * a million squared steps, while this view gives the same findings in linear time.
 */
function collisionView(
  records: readonly DocRecord[],
  byId: ReadonlyMap<Id, DocRecord>,
): RecordView {
  const firstAt = new Map<string, Id>();
  const colliding = new Map<Id, Set<Id>>();
  for (const record of records) {
    if (!isSceneNode(record)) continue;
    // Ids and indexes are short strings without NUL characters only by convention, so the key
    // carries the parent's length to stay unambiguous.
    const key = `${record.parent.length}:${record.parent}:${record.index}`;
    const first = firstAt.get(key);
    if (first === undefined) {
      firstAt.set(key, record.id);
      continue;
    }
    let set = colliding.get(record.parent);
    if (set === undefined) {
      set = new Set();
      colliding.set(record.parent, set);
    }
    set.add(first).add(record.id);
  }
  return {
    get: (id) => byId.get(id),
    childIds: (id) => colliding.get(id) ?? [],
    all: () => records,
    size: records.length,
  };
}
