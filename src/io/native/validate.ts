/**
 * The boundary between untrusted file contents and the document model. Everything read from a
 * file goes through `validateRecords` before the store sees it; nothing past this point checks
 * field types again.
 */
import { IDENTITY_TRANSFORM } from "../../doc/transform";
import {
  ARROW_HEADS,
  BLEND_MODES,
  isSceneNode,
  type BlendMode,
  type BlobRecord,
  type DocRecord,
  type DocumentMeta,
  type Fill,
  type FreehandSettings,
  type GradientStop,
  type Id,
  type NodeType,
  type PageRecord,
  type Paint,
  type PathSegment,
  type RGBA,
  type SceneNode,
  type Stroke,
  type Subpath,
  type Transform,
  type Vec2,
} from "../../doc/types";
import { DEFAULT_NAMES, SIZED_TYPES, STYLED_TYPES, TYPE_CODES } from "./format";

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

const documentSchema = object<DocumentMeta>({
  id: idString,
  type: literal("document"),
  name: anyString,
  author: anyString,
  created: isoDate,
});
const pageSchema = object<PageRecord>({
  id: idString,
  type: literal("page"),
  name: anyString,
  index: idString,
  background: rgba,
});
const blobSchema = object<BlobRecord>({
  id: idString,
  type: literal("blob"),
  mime: imageMime,
  data: base64,
});

// ---- Scene nodes ----
// Read field by field rather than through the combinators above: a file can hold millions of
// nodes, and each is rebuilt with its defaults restored, so these avoid per-field closures and
// build a field's path only once it has failed.

const RECORD_TYPES = [
  "document",
  "page",
  "blob",
  "frame",
  "group",
  "rect",
  "ellipse",
  "line",
  "polygon",
  "star",
  "path",
  "freehand",
  "text",
  "image",
] as const;
const RECORD_TYPE_MESSAGE = `must be one of ${RECORD_TYPES.map((v) => JSON.stringify(v)).join(", ")}`;

const COORDINATE_MESSAGE = `must be a number within ±${M}`;
const NON_NEGATIVE_MESSAGE = `must be a number between 0 and ${M}`;
const UNIT_MESSAGE = "must be a number between 0 and 1";

type Raw = Record<string, unknown>;

/** Shared by every rectangle without rounded corners; records are never mutated. */
const ZERO_RADII: readonly [number, number, number, number] = Object.freeze([0, 0, 0, 0]);

function missingOr(key: string, value: unknown, message: string): Problem {
  return new Problem(key, value === undefined ? "is missing" : message);
}

function numberAt(raw: Raw, key: string, min: number, max: number, message: string): number {
  const value = raw[key];
  if (typeof value === "number" && value >= min && value <= max) return value;
  throw missingOr(key, value, message);
}

function optionalNumberAt(
  raw: Raw,
  key: string,
  min: number,
  max: number,
  message: string,
  absent: number,
): number {
  const value = raw[key];
  if (value === undefined) return absent;
  if (typeof value === "number" && value >= min && value <= max) return value;
  throw new Problem(key, message);
}

function optionalFlagAt(raw: Raw, key: string): boolean {
  const value = raw[key];
  if (value === undefined) return false;
  if (typeof value === "boolean") return value;
  throw new Problem(key, "must be true or false");
}

function idAt(raw: Raw, key: string): string {
  const value = raw[key];
  if (typeof value === "string" && value.length > 0 && value.length <= NATIVE_LIMITS.maxIdLength) {
    return value;
  }
  throw missingOr(
    key,
    value,
    `must be a non-empty string of at most ${NATIVE_LIMITS.maxIdLength} characters`,
  );
}

function checkedAt<T>(raw: Raw, key: string, check: Check<T>): T {
  const value = raw[key];
  if (value === undefined) throw new Problem(key, "is missing");
  try {
    return check(value);
  } catch (error) {
    rethrowWithin(key, error);
  }
}

const blendMode = oneOf(BLEND_MODES);
const arrowHead = oneOf(ARROW_HEADS);
const fillRule = oneOf(["nonzero", "evenodd"] as const);
const fontWeight = integerIn(1, 1000);
const fontStyle = oneOf(["normal", "italic"] as const);
const textAlign = oneOf(["left", "center", "right", "justify"] as const);
const textWidth = nullable(nonNegative);

function readTransform(value: unknown): Transform {
  if (value === undefined) return IDENTITY_TRANSFORM;
  if (!isPlainObject(value)) throw new Problem("transform", "must be an object");
  let x: number, y: number, rotation: number, scaleX: number, scaleY: number, skewX: number;
  try {
    x = optionalNumberAt(value, "x", -M, M, COORDINATE_MESSAGE, 0);
    y = optionalNumberAt(value, "y", -M, M, COORDINATE_MESSAGE, 0);
    rotation = optionalNumberAt(value, "rotation", -M, M, COORDINATE_MESSAGE, 0);
    scaleX = optionalNumberAt(value, "scaleX", -M, M, COORDINATE_MESSAGE, 1);
    scaleY = optionalNumberAt(value, "scaleY", -M, M, COORDINATE_MESSAGE, 1);
    skewX = optionalNumberAt(value, "skewX", -M, M, COORDINATE_MESSAGE, 0);
  } catch (error) {
    rethrowWithin("transform", error);
  }
  if (x === 0 && y === 0 && rotation === 0 && scaleX === 1 && scaleY === 1 && skewX === 0) {
    return IDENTITY_TRANSFORM;
  }
  return { x, y, rotation, scaleX, scaleY, skewX };
}

/** Numbers each segment command takes after the current point. */
function commandArity(command: number): number {
  return command === 76 /* L */ ? 2 : command === 81 /* Q */ ? 4 : command === 67 /* C */ ? 6 : 0;
}

const COMMANDS_MESSAGE = `must be a string of the segment commands "L", "Q" and "C" of at most ${NATIVE_LIMITS.maxPathSegments} characters (limit maxPathSegments)`;

function readSubpath(value: unknown): Subpath {
  if (!isPlainObject(value)) fail("must be an object");
  const commands = value.commands;
  if (typeof commands !== "string" || commands.length > NATIVE_LIMITS.maxPathSegments) {
    throw missingOr("commands", commands, COMMANDS_MESSAGE);
  }
  let expected = 2;
  for (let i = 0; i < commands.length; i++) {
    const arity = commandArity(commands.charCodeAt(i));
    if (arity === 0) throw new Problem("commands", COMMANDS_MESSAGE);
    expected += arity;
  }
  const points = value.points;
  if (!Array.isArray(points)) throw missingOr("points", points, "must be a list");
  if (points.length !== expected) {
    throw new Problem("points", `must hold ${expected} numbers: a start point and each segment's`);
  }
  for (let i = 0; i < expected; i++) {
    if (!isNumberIn(points[i], -M, M)) {
      throw new Problem(`points[${i}]`, COORDINATE_MESSAGE);
    }
  }
  const closed = optionalFlagAt(value, "closed");
  const numbers = points as number[];
  const segments: PathSegment[] = new Array<PathSegment>(commands.length);
  let at = 2;
  for (let i = 0; i < commands.length; i++) {
    const command = commands.charCodeAt(i);
    if (command === 76) {
      segments[i] = { type: "line", to: { x: numbers[at]!, y: numbers[at + 1]! } };
      at += 2;
    } else if (command === 81) {
      segments[i] = {
        type: "quad",
        control: { x: numbers[at]!, y: numbers[at + 1]! },
        to: { x: numbers[at + 2]!, y: numbers[at + 3]! },
      };
      at += 4;
    } else {
      segments[i] = {
        type: "cubic",
        control1: { x: numbers[at]!, y: numbers[at + 1]! },
        control2: { x: numbers[at + 2]!, y: numbers[at + 3]! },
        to: { x: numbers[at + 4]!, y: numbers[at + 5]! },
      };
      at += 6;
    }
  }
  return { start: { x: numbers[0]!, y: numbers[1]! }, segments, closed };
}

const subpaths: Check<Subpath[]> = (value) => {
  if (!Array.isArray(value)) fail("must be a list");
  if (value.length > NATIVE_LIMITS.maxPathSegments) {
    fail(`has more than ${NATIVE_LIMITS.maxPathSegments} segments (limit maxPathSegments)`);
  }
  const list = new Array<Subpath>(value.length);
  let total = 0;
  for (let i = 0; i < value.length; i++) {
    let entry: Subpath;
    try {
      entry = readSubpath(value[i]);
    } catch (error) {
      rethrowWithin(i, error);
    }
    list[i] = entry;
    total += entry.segments.length + 1;
  }
  if (total > NATIVE_LIMITS.maxPathSegments) {
    fail(`has more than ${NATIVE_LIMITS.maxPathSegments} segments (limit maxPathSegments)`);
  }
  return list;
};

/** A scene node with every field present: defaults restored, unknown fields dropped. */
function readNode(raw: Raw, type: NodeType): SceneNode {
  const id = idAt(raw, "id");
  const parent = idAt(raw, "parent");
  const index = idAt(raw, "index");
  const name = raw.name === undefined ? DEFAULT_NAMES[type] : checkedAt(raw, "name", anyString);
  const locked = optionalFlagAt(raw, "locked");
  const hidden = optionalFlagAt(raw, "hidden");
  const opacity = optionalNumberAt(raw, "opacity", 0, 1, UNIT_MESSAGE, 1);
  const blend = raw.blendMode === undefined ? "normal" : checkedAt(raw, "blendMode", blendMode);
  const transform = readTransform(raw.transform);
  switch (type) {
    case "group":
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
      };
    case "image":
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
        blob: idAt(raw, "blob"),
        naturalWidth: numberAt(raw, "naturalWidth", 0, M, NON_NEGATIVE_MESSAGE),
        naturalHeight: numberAt(raw, "naturalHeight", 0, M, NON_NEGATIVE_MESSAGE),
        width: numberAt(raw, "width", 0, M, NON_NEGATIVE_MESSAGE),
        height: numberAt(raw, "height", 0, M, NON_NEGATIVE_MESSAGE),
      };
    default:
      break;
  }
  const fillValue = checkedAt(raw, "fill", fill);
  const strokeValue = checkedAt(raw, "stroke", stroke);
  switch (type) {
    case "frame":
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
        fill: fillValue,
        stroke: strokeValue,
        width: numberAt(raw, "width", 0, M, NON_NEGATIVE_MESSAGE),
        height: numberAt(raw, "height", 0, M, NON_NEGATIVE_MESSAGE),
        clip: checkedAt(raw, "clip", bool),
      };
    case "rect":
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
        fill: fillValue,
        stroke: strokeValue,
        width: numberAt(raw, "width", 0, M, NON_NEGATIVE_MESSAGE),
        height: numberAt(raw, "height", 0, M, NON_NEGATIVE_MESSAGE),
        radii: raw.radii === undefined ? ZERO_RADII : checkedAt(raw, "radii", radii),
      };
    case "ellipse":
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
        fill: fillValue,
        stroke: strokeValue,
        width: numberAt(raw, "width", 0, M, NON_NEGATIVE_MESSAGE),
        height: numberAt(raw, "height", 0, M, NON_NEGATIVE_MESSAGE),
      };
    case "line":
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
        fill: fillValue,
        stroke: strokeValue,
        start: checkedAt(raw, "start", vec2),
        end: checkedAt(raw, "end", vec2),
        startHead: checkedAt(raw, "startHead", arrowHead),
        endHead: checkedAt(raw, "endHead", arrowHead),
      };
    case "polygon":
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
        fill: fillValue,
        stroke: strokeValue,
        width: numberAt(raw, "width", 0, M, NON_NEGATIVE_MESSAGE),
        height: numberAt(raw, "height", 0, M, NON_NEGATIVE_MESSAGE),
        sides: checkedAt(raw, "sides", corners),
      };
    case "star":
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
        fill: fillValue,
        stroke: strokeValue,
        width: numberAt(raw, "width", 0, M, NON_NEGATIVE_MESSAGE),
        height: numberAt(raw, "height", 0, M, NON_NEGATIVE_MESSAGE),
        points: checkedAt(raw, "points", corners),
        innerRatio: checkedAt(raw, "innerRatio", innerRatio),
      };
    case "path":
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
        fill: fillValue,
        stroke: strokeValue,
        subpaths: checkedAt(raw, "subpaths", subpaths),
        fillRule: checkedAt(raw, "fillRule", fillRule),
      };
    case "freehand":
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
        fill: fillValue,
        stroke: strokeValue,
        points: checkedAt(raw, "points", freehandPoints),
        settings: checkedAt(raw, "settings", freehandSettings),
      };
    default:
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type: "text",
        fill: fillValue,
        stroke: strokeValue,
        content: checkedAt(raw, "content", anyString),
        fontFamily: checkedAt(raw, "fontFamily", anyString),
        fontSize: numberAt(raw, "fontSize", 0, M, NON_NEGATIVE_MESSAGE),
        fontWeight: checkedAt(raw, "fontWeight", fontWeight),
        fontStyle: checkedAt(raw, "fontStyle", fontStyle),
        align: checkedAt(raw, "align", textAlign),
        lineHeight: numberAt(raw, "lineHeight", 0, M, NON_NEGATIVE_MESSAGE),
        width: checkedAt(raw, "width", textWidth),
      };
  }
}

function readRecord(raw: unknown): DocRecord {
  if (!isPlainObject(raw)) fail("must be an object");
  const type = raw.type;
  switch (type) {
    case "document":
      return documentSchema(raw);
    case "page":
      return pageSchema(raw);
    case "blob":
      return blobSchema(raw);
    case "frame":
    case "group":
    case "rect":
    case "ellipse":
    case "line":
    case "polygon":
    case "star":
    case "path":
    case "freehand":
    case "text":
    case "image":
      return readNode(raw, type);
    default:
      throw new Problem("type", RECORD_TYPE_MESSAGE);
  }
}

// ---- Scene nodes in columns ----
// The layout of NodeColumns in format.ts. Column shapes are checked once; then each node is built
// straight from its columns, with the same checks and messages as a whole record, so a file of a
// million nodes makes a million records and no intermediate objects.

/** Node type by the char code of its letter in `types`. */
const TYPE_BY_CODE: (NodeType | undefined)[] = [];
for (const [type, code] of Object.entries(TYPE_CODES)) {
  TYPE_BY_CODE[code.charCodeAt(0)] = type as NodeType;
}
const TYPE_CODE_MESSAGE = `must be one of the letters ${Object.values(TYPE_CODES).join(", ")}`;

interface Columns {
  readonly base: number;
  readonly types: string;
  readonly ids: readonly unknown[];
  readonly parents: readonly unknown[];
  readonly indexes: readonly unknown[];
  readonly x: readonly unknown[];
  readonly y: readonly unknown[];
  readonly fill: readonly unknown[];
  readonly stroke: readonly unknown[];
  readonly width: readonly unknown[];
  readonly height: readonly unknown[];
  readonly paths: string;
  readonly pathPoints: readonly unknown[];
  /** By node number (not record number); holes where a node has nothing more. */
  readonly more: readonly (Raw | undefined)[];
}

const EMPTY: Raw = Object.freeze({});

/** A column of strings written joined by spaces, or as a list. */
function splitColumn(value: unknown, count: number, name: string): readonly unknown[] | string {
  if (typeof value === "string") {
    const parts = count === 0 && value === "" ? [] : value.split(" ");
    if (parts.length === count) return parts;
  } else if (Array.isArray(value) && value.length === count) return value;
  return `nodes.${name} must hold ${count} entries, one per node, joined by spaces or as a list`;
}

function listColumn(nodes: Raw, name: string, count: number, what: string): unknown[] | string {
  const value = nodes[name];
  if (Array.isArray(value) && value.length === count) return value;
  return `nodes.${name} must be a list of ${count} entries, one per ${what}`;
}

/** The columns' shapes, or what is wrong with them; each node's values are checked later. */
function readColumns(nodes: unknown, base: number): Columns | string {
  if (!isPlainObject(nodes)) return "nodes must be an object";
  const types = nodes.types;
  if (typeof types !== "string") return "nodes.types must be a string";
  const count = types.length;
  let styled = 0;
  let sized = 0;
  let paths = 0;
  for (let i = 0; i < count; i++) {
    const type = TYPE_BY_CODE[types.charCodeAt(i)];
    // Without its type a node's place in the per-type columns is unknown, so stop here.
    if (type === undefined) return `record ${base + i}: type ${TYPE_CODE_MESSAGE}`;
    if (STYLED_TYPES.has(type)) styled++;
    if (SIZED_TYPES.has(type)) sized++;
    if (type === "path") paths++;
  }
  const ids = splitColumn(nodes.ids, count, "ids");
  if (typeof ids === "string") return ids;
  const indexes = splitColumn(nodes.indexes, count, "indexes");
  if (typeof indexes === "string") return indexes;
  const parents = listColumn(nodes, "parents", count, "node");
  if (typeof parents === "string") return parents;
  const x = listColumn(nodes, "x", count, "node");
  if (typeof x === "string") return x;
  const y = listColumn(nodes, "y", count, "node");
  if (typeof y === "string") return y;
  const styledWhat = "node with a fill and stroke";
  const fill = listColumn(nodes, "fill", styled, styledWhat);
  if (typeof fill === "string") return fill;
  const stroke = listColumn(nodes, "stroke", styled, styledWhat);
  if (typeof stroke === "string") return stroke;
  const sizedWhat = "frame, rectangle, ellipse, polygon, star and image";
  const width = listColumn(nodes, "width", sized, sizedWhat);
  if (typeof width === "string") return width;
  const height = listColumn(nodes, "height", sized, sizedWhat);
  if (typeof height === "string") return height;
  const pathText = nodes.paths;
  if (typeof pathText !== "string") return "nodes.paths must be a string";
  if (paths === 0 && pathText !== "") return "nodes.paths must be empty when there are no paths";
  const pathPoints = nodes.pathPoints;
  if (!Array.isArray(pathPoints)) return "nodes.pathPoints must be a list";
  const more = new Array<Raw | undefined>(count);
  const moreValue = nodes.more ?? {};
  if (!isPlainObject(moreValue)) return "nodes.more must be an object";
  for (const key in moreValue) {
    if (!Object.hasOwn(moreValue, key)) continue;
    const number = /^(?:0|[1-9][0-9]{0,8})$/.test(key) ? Number(key) - base : -1;
    if (number < 0 || number >= count) {
      return `nodes.more has an entry ${JSON.stringify(key.slice(0, 40))}, which is not the record number of a node`;
    }
    const entry = moreValue[key];
    if (!isPlainObject(entry)) return `nodes.more.${key} must be an object`;
    more[number] = entry;
  }
  return {
    base,
    types,
    ids,
    parents,
    indexes,
    x,
    y,
    fill,
    stroke,
    width,
    height,
    paths: pathText,
    pathPoints,
    more,
  };
}

/** How far `readPath` has got through the `paths` text and `pathPoints`. */
interface PathCursor {
  text: number;
  point: number;
}

const PATH_MESSAGE =
  'must be written as subpaths, each "M" then the segment commands "L", "Q" and "C", then "Z" if closed';

function pathPoint(points: readonly unknown[], at: number): number {
  const value = points[at];
  if (isNumberIn(value, -M, M)) return value;
  if (at >= points.length) {
    throw new Problem("subpaths", "need more numbers than nodes.pathPoints holds");
  }
  throw new Problem("subpaths", `use nodes.pathPoints[${at}], which ${COORDINATE_MESSAGE}`);
}

/** One path node's subpaths, read from the shared columns; advances the cursor past them. */
function readPath(text: string, points: readonly unknown[], cursor: PathCursor): Subpath[] {
  const list: Subpath[] = [];
  let c = cursor.text;
  let p = cursor.point;
  let total = 0;
  while (c < text.length && text.charCodeAt(c) !== 32 /* space */) {
    if (text.charCodeAt(c) !== 77 /* M */) throw new Problem("subpaths", PATH_MESSAGE);
    c++;
    const start = { x: pathPoint(points, p), y: pathPoint(points, p + 1) };
    p += 2;
    const segments: PathSegment[] = [];
    for (; c < text.length; c++) {
      const command = text.charCodeAt(c);
      if (command === 76) {
        segments.push({
          type: "line",
          to: { x: pathPoint(points, p), y: pathPoint(points, p + 1) },
        });
        p += 2;
      } else if (command === 81) {
        segments.push({
          type: "quad",
          control: { x: pathPoint(points, p), y: pathPoint(points, p + 1) },
          to: { x: pathPoint(points, p + 2), y: pathPoint(points, p + 3) },
        });
        p += 4;
      } else if (command === 67) {
        segments.push({
          type: "cubic",
          control1: { x: pathPoint(points, p), y: pathPoint(points, p + 1) },
          control2: { x: pathPoint(points, p + 2), y: pathPoint(points, p + 3) },
          to: { x: pathPoint(points, p + 4), y: pathPoint(points, p + 5) },
        });
        p += 6;
      } else break;
    }
    total += segments.length + 1;
    if (total > NATIVE_LIMITS.maxPathSegments) {
      throw new Problem(
        "subpaths",
        `has more than ${NATIVE_LIMITS.maxPathSegments} segments (limit maxPathSegments)`,
      );
    }
    const closed = text.charCodeAt(c) === 90; /* Z */
    if (closed) c++;
    list.push({ start, segments, closed });
  }
  cursor.text = c + 1;
  cursor.point = p;
  return list;
}

function columnId(value: unknown, key: string): string {
  if (typeof value === "string" && value.length > 0 && value.length <= NATIVE_LIMITS.maxIdLength) {
    return value;
  }
  throw new Problem(
    key,
    `must be a non-empty string of at most ${NATIVE_LIMITS.maxIdLength} characters`,
  );
}

function columnNumber(value: unknown, key: string, min: number, max: number, message: string) {
  if (typeof value === "number" && value >= min && value <= max) return value;
  throw new Problem(key, message);
}

/** Builds every column node into `records`, after the whole records, reporting what is wrong. */
function readColumnNodes(
  columns: Columns,
  raws: readonly unknown[],
  records: DocRecord[],
  positions: Map<Id, number>,
  report: (message: string) => void,
): void {
  const { base, types, ids, parents, indexes, x, y, fill: fills, stroke: strokes } = columns;
  const { width: widths, height: heights, paths, pathPoints, more } = columns;
  const count = types.length;
  const total = base + count;
  const cursor: PathCursor = { text: 0, point: 0 };
  let pathsBroken = false;
  let styled = 0;
  let sized = 0;
  for (let i = 0; i < count; i++) {
    const position = base + i;
    const type = TYPE_BY_CODE[types.charCodeAt(i)]!;
    const rawId = ids[i];
    let record: SceneNode;
    try {
      // Read first, so one broken node does not shift the shared columns for the rest.
      const fillRaw = STYLED_TYPES.has(type) ? fills[styled++] : undefined;
      const strokeRaw = STYLED_TYPES.has(type) ? strokes[styled - 1] : undefined;
      const widthRaw = SIZED_TYPES.has(type) ? widths[sized++] : undefined;
      const heightRaw = SIZED_TYPES.has(type) ? heights[sized - 1] : undefined;
      let subpathList: Subpath[] | undefined;
      if (type === "path") {
        if (pathsBroken) continue;
        try {
          subpathList = readPath(paths, pathPoints, cursor);
        } catch (error) {
          pathsBroken = true;
          throw error;
        }
      }
      const id = columnId(rawId, "id");
      const parentRaw = parents[i];
      let parent: string;
      if (typeof parentRaw === "string") parent = columnId(parentRaw, "parent");
      else if (
        typeof parentRaw === "number" &&
        Number.isInteger(parentRaw) &&
        parentRaw >= 0 &&
        parentRaw < total
      ) {
        const target = parentRaw < base ? records[parentRaw]?.id : ids[parentRaw - base];
        if (typeof target !== "string") {
          throw new Problem("parent", `refers to record ${parentRaw}, which has no valid id`);
        }
        parent = target;
      } else {
        throw new Problem("parent", `must be a record number below ${total} or an id`);
      }
      const index = columnId(indexes[i], "index");
      const tx = columnNumber(x[i], "transform.x", -M, M, COORDINATE_MESSAGE);
      const ty = columnNumber(y[i], "transform.y", -M, M, COORDINATE_MESSAGE);
      record = columnNode(
        type,
        id,
        parent,
        index,
        tx,
        ty,
        more[i] ?? EMPTY,
        fillRaw,
        strokeRaw,
        widthRaw,
        heightRaw,
        subpathList,
      );
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      report(
        `${describe(position, rawId)}: ${error.path === "" ? "it" : error.path} ${error.message}`,
      );
      continue;
    }
    const size = positions.size;
    positions.set(record.id, position);
    if (positions.size === size) {
      const first = records.findIndex((other) => other !== undefined && other.id === record.id);
      positions.set(record.id, first);
      report(`${describe(position, rawId)}: the id is already used by record ${first}`);
      continue;
    }
    records[position] = record;
  }
  if (pathsBroken) return;
  if (cursor.text < paths.length) report("nodes.paths describes more paths than there are");
  else if (cursor.point !== pathPoints.length) {
    report(
      `nodes.pathPoints holds ${pathPoints.length} numbers, but the paths use ${cursor.point}`,
    );
  }
}

function columnValue<T>(value: unknown, key: string, check: Check<T>): T {
  if (value === undefined) throw new Problem(key, "is missing");
  try {
    return check(value);
  } catch (error) {
    rethrowWithin(key, error);
  }
}

/** A scene node from its column values and its `more` entry, with defaults restored. */
function columnNode(
  type: NodeType,
  id: Id,
  parent: Id,
  index: string,
  x: number,
  y: number,
  raw: Raw,
  fillRaw: unknown,
  strokeRaw: unknown,
  widthRaw: unknown,
  heightRaw: unknown,
  subpathList: Subpath[] | undefined,
): SceneNode {
  let name: string;
  let locked = false;
  let hidden = false;
  let opacity = 1;
  let blend: BlendMode = "normal";
  let transform: Transform;
  if (raw === EMPTY) {
    name = DEFAULT_NAMES[type];
    transform =
      x === 0 && y === 0
        ? IDENTITY_TRANSFORM
        : { x, y, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 };
  } else {
    name = raw.name === undefined ? DEFAULT_NAMES[type] : checkedAt(raw, "name", anyString);
    locked = optionalFlagAt(raw, "locked");
    hidden = optionalFlagAt(raw, "hidden");
    opacity = optionalNumberAt(raw, "opacity", 0, 1, UNIT_MESSAGE, 1);
    blend = raw.blendMode === undefined ? "normal" : checkedAt(raw, "blendMode", blendMode);
    transform = columnTransform(x, y, raw);
  }
  const fillValue = fillRaw === undefined ? undefined : columnValue(fillRaw, "fill", fill);
  const strokeValue =
    strokeRaw === undefined ? undefined : columnValue(strokeRaw, "stroke", stroke);
  const width =
    widthRaw === undefined ? 0 : columnNumber(widthRaw, "width", 0, M, NON_NEGATIVE_MESSAGE);
  const height =
    heightRaw === undefined ? 0 : columnNumber(heightRaw, "height", 0, M, NON_NEGATIVE_MESSAGE);
  // Built only for the rarer types; the common ones are written out so no extra object is made.
  const base = () => ({
    id,
    parent,
    index,
    name,
    locked,
    hidden,
    opacity,
    blendMode: blend,
    transform,
  });
  switch (type) {
    case "rect":
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
        fill: fillValue!,
        stroke: strokeValue!,
        width,
        height,
        radii: raw.radii === undefined ? ZERO_RADII : checkedAt(raw, "radii", radii),
      };
    case "ellipse":
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
        fill: fillValue!,
        stroke: strokeValue!,
        width,
        height,
      };
    case "path":
      return {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
        fill: fillValue!,
        stroke: strokeValue!,
        subpaths: subpathList!,
        fillRule: raw.fillRule === undefined ? "nonzero" : checkedAt(raw, "fillRule", fillRule),
      };
    case "group":
      return { ...base(), type };
    case "image":
      return {
        ...base(),
        type,
        blob: idAt(raw, "blob"),
        naturalWidth: numberAt(raw, "naturalWidth", 0, M, NON_NEGATIVE_MESSAGE),
        naturalHeight: numberAt(raw, "naturalHeight", 0, M, NON_NEGATIVE_MESSAGE),
        width,
        height,
      };
    case "frame":
      return {
        ...base(),
        type,
        fill: fillValue!,
        stroke: strokeValue!,
        width,
        height,
        clip: checkedAt(raw, "clip", bool),
      };
    case "line":
      return {
        ...base(),
        type,
        fill: fillValue!,
        stroke: strokeValue!,
        start: checkedAt(raw, "start", vec2),
        end: checkedAt(raw, "end", vec2),
        startHead: checkedAt(raw, "startHead", arrowHead),
        endHead: checkedAt(raw, "endHead", arrowHead),
      };
    case "polygon":
      return {
        ...base(),
        type,
        fill: fillValue!,
        stroke: strokeValue!,
        width,
        height,
        sides: checkedAt(raw, "sides", corners),
      };
    case "star":
      return {
        ...base(),
        type,
        fill: fillValue!,
        stroke: strokeValue!,
        width,
        height,
        points: checkedAt(raw, "points", corners),
        innerRatio: checkedAt(raw, "innerRatio", innerRatio),
      };
    case "freehand":
      return {
        ...base(),
        type,
        fill: fillValue!,
        stroke: strokeValue!,
        points: checkedAt(raw, "points", freehandPoints),
        settings: checkedAt(raw, "settings", freehandSettings),
      };
    case "text":
      return {
        ...base(),
        type,
        fill: fillValue!,
        stroke: strokeValue!,
        content: checkedAt(raw, "content", anyString),
        fontFamily: checkedAt(raw, "fontFamily", anyString),
        fontSize: numberAt(raw, "fontSize", 0, M, NON_NEGATIVE_MESSAGE),
        fontWeight: checkedAt(raw, "fontWeight", fontWeight),
        fontStyle: checkedAt(raw, "fontStyle", fontStyle),
        align: checkedAt(raw, "align", textAlign),
        lineHeight: numberAt(raw, "lineHeight", 0, M, NON_NEGATIVE_MESSAGE),
        width: checkedAt(raw, "width", textWidth),
      };
  }
}

function columnTransform(x: number, y: number, raw: Raw): Transform {
  let rotation: number, scaleX: number, scaleY: number, skewX: number;
  try {
    rotation = optionalNumberAt(raw, "rotation", -M, M, COORDINATE_MESSAGE, 0);
    scaleX = optionalNumberAt(raw, "scaleX", -M, M, COORDINATE_MESSAGE, 1);
    scaleY = optionalNumberAt(raw, "scaleY", -M, M, COORDINATE_MESSAGE, 1);
    skewX = optionalNumberAt(raw, "skewX", -M, M, COORDINATE_MESSAGE, 0);
  } catch (error) {
    rethrowWithin("transform", error);
  }
  if (x === 0 && y === 0 && rotation === 0 && scaleX === 1 && scaleY === 1 && skewX === 0) {
    return IDENTITY_TRANSFORM;
  }
  return { x, y, rotation, scaleX, scaleY, skewX };
}

function describe(position: number, raw: unknown): string {
  const id =
    isPlainObject(raw) && typeof raw.id === "string"
      ? raw.id
      : typeof raw === "string"
        ? raw
        : null;
  const shown = id === null ? "" : ` (id ${id.length > 40 ? `${id.slice(0, 40)}…` : id})`;
  return `record ${position}${shown}`;
}

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
  if (!Array.isArray(shared)) return { ok: false, errors: ["shared must be a list"] };
  sharedValues = shared;
  sharedChecked = new Map();
  try {
    return validateAll(value, nodes);
  } finally {
    sharedValues = [];
    sharedChecked = new Map();
  }
}

function validateAll(value: unknown, nodes: unknown): ValidationResult {
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
    const read = readColumns(nodes, value.length);
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
  // One map from id to position serves both lookups by id and error messages.
  const positions = new Map<Id, number>();
  for (let i = 0; i < value.length; i++) {
    const raw: unknown = value[i];
    let record: DocRecord;
    try {
      record = readRecord(raw);
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      report(`${describe(i, raw)}: ${error.path === "" ? "it" : error.path} ${error.message}`);
      continue;
    }
    const size = positions.size;
    positions.set(record.id, i);
    if (positions.size === size) {
      // Rare, so the first holder is found by a scan rather than a lookup made for every record.
      const first = records.findIndex((other) => other !== undefined && other.id === record.id);
      positions.set(record.id, first);
      report(`${describe(i, raw)}: the id is already used by record ${first}`);
      continue;
    }
    records[i] = record;
  }
  if (columns !== undefined) readColumnNodes(columns, value, records, positions, report);
  if (errorCount > 0) return { ok: false, errors: summarise(errors, errorCount) };

  checkStructure(records, positions, report);
  if (errorCount > 0) return { ok: false, errors: summarise(errors, errorCount) };
  return { ok: true, records };
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
function checkStructure(
  records: readonly DocRecord[],
  positions: ReadonlyMap<Id, number>,
  report: (message: string) => void,
): void {
  const count = records.length;
  // 0: not yet known; -1: broken (already reported); otherwise levels below the page.
  const depth = new Int32Array(count);
  const chain: number[] = [];
  const siblings = new Map<Id, Siblings>();
  let documents = 0;
  let lastParent: Id | null = null;
  let lastParentAt = -1;
  let lastSiblings: Siblings | undefined;
  for (let i = 0; i < count; i++) {
    const record = records[i]!;
    if (record.type === "document") documents++;
    if (record.type === "image") {
      const at = positions.get(record.blob);
      if (at === undefined || records[at]!.type !== "blob")
        report(`${describe(i, record)}: image data ${record.blob} does not exist`);
    }
    if (!isSceneNode(record)) continue;

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
  if (documents !== 1) report(`expected one document record, found ${documents}`);
  for (const [parent, group] of siblings) {
    if (group.unordered) checkIndexesUnder(records, parent, report);
  }
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
