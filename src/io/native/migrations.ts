/**
 * Upgrades of older `.linework` layouts, one step per version. Migrations work on untrusted,
 * unvalidated JSON: they reshape what they recognise, leave anything else as it is for the
 * validator to reject, and never throw on odd input.
 */
import { FORMAT_VERSION } from "./format";

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const HEX_COLOR = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i;

/** "#rrggbb" or "#rrggbbaa" to channels in 0–1; anything else unchanged. */
function hexToRgba(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const match = HEX_COLOR.exec(value);
  if (match === null) return value;
  const channel = (hex: string | undefined): number =>
    hex === undefined ? 1 : parseInt(hex, 16) / 255;
  return { r: channel(match[1]), g: channel(match[2]), b: channel(match[3]), a: channel(match[4]) };
}

function paintV0ToV1(paint: unknown): unknown {
  if (!isObject(paint)) return paint;
  const next: Json = { ...paint };
  if ("color" in next) next.color = hexToRgba(next.color);
  if (Array.isArray(next.stops)) {
    next.stops = next.stops.map((stop: unknown) =>
      isObject(stop) ? { ...stop, color: hexToRgba(stop.color) } : stop,
    );
  }
  return next;
}

const DEGREES = Math.PI / 180;

function recordV0ToV1(id: string, record: unknown): unknown {
  if (!isObject(record)) return record;
  // The map key is the id; a stray `id` field inside a v0 record never meant anything.
  const next: Json = { id, ...record };
  next.id = id;
  if ("background" in next) next.background = hexToRgba(next.background);
  if ("fill" in next) next.fill = paintV0ToV1(next.fill);
  if (isObject(next.stroke))
    next.stroke = { ...next.stroke, paint: paintV0ToV1(next.stroke.paint) };
  if (isObject(next.transform)) {
    const t: Json = { ...next.transform };
    if (typeof t.rotation === "number") t.rotation = t.rotation * DEGREES;
    if (typeof t.skewX === "number") t.skewX = t.skewX * DEGREES;
    next.transform = t;
  }
  return next;
}

/**
 * Version 0, the pre-release layout, differs from version 1 in three ways: records are an object
 * keyed by id (records carry no `id` field), colours are "#rrggbb" or "#rrggbbaa" strings, and
 * rotation and skew are in degrees.
 */
function v0ToV1(doc: unknown): unknown {
  if (!isObject(doc)) return doc;
  const records = isObject(doc.records)
    ? Object.entries(doc.records).map(([id, record]) => recordV0ToV1(id, record))
    : doc.records;
  return { ...doc, version: 1, records };
}

const SEGMENT_COMMANDS: Readonly<Record<string, readonly string[]>> = {
  line: ["to"],
  quad: ["control", "to"],
  cubic: ["control1", "control2", "to"],
};

/** A version 1 subpath with object segments as a version 2 `commands` and `points` pair. */
function subpathV1ToV2(subpath: unknown): unknown {
  if (!isObject(subpath) || !isObject(subpath.start) || !Array.isArray(subpath.segments)) {
    return subpath;
  }
  let commands = "";
  const points: unknown[] = [subpath.start.x, subpath.start.y];
  for (const segment of subpath.segments as unknown[]) {
    const keys = isObject(segment) ? SEGMENT_COMMANDS[String(segment.type)] : undefined;
    if (keys === undefined || !isObject(segment)) return subpath;
    commands += String(segment.type)[0]!.toUpperCase();
    for (const key of keys) {
      const point = segment[key];
      if (!isObject(point)) return subpath;
      points.push(point.x, point.y);
    }
  }
  return { commands, points, closed: subpath.closed };
}

/**
 * Version 2 packs each path subpath into a `commands` string and a flat `points` list and lets
 * fields equal to their defaults be left out. Version 1 files, which write every field, are
 * still valid once their paths are packed.
 */
function v1ToV2(doc: unknown): unknown {
  if (!isObject(doc) || !Array.isArray(doc.records)) return doc;
  const records = (doc.records as unknown[]).map((record) =>
    isObject(record) && record.type === "path" && Array.isArray(record.subpaths)
      ? { ...record, subpaths: (record.subpaths as unknown[]).map(subpathV1ToV2) }
      : record,
  );
  return { ...doc, records };
}

/**
 * Version 3 moves scene nodes into columns (`nodes`), but still reads whole records of any type
 * in `records`, laid out as in version 2. A version 2 file is therefore already a valid version 3
 * file; only its version number changes (and a stray `nodes` field is dropped).
 */
function v2ToV3(doc: unknown): unknown {
  if (!isObject(doc) || !("nodes" in doc)) return doc;
  // Version 2 ignored a stray `nodes` field; version 3 would read it as columns.
  const { nodes: _ignored, ...rest } = doc;
  return rest;
}

/**
 * Version 4 adds connectors: a line's `startBinding` and `endBinding` name the shape each end
 * follows, and `route` and `bend` how it runs. Version 3 had none of them, so every line of a
 * version 3 file is straight and free at both ends, which is what the absent fields read as; only
 * the version number changes. The number changes at all so
 * that a reader of version 3 refuses a file with connectors instead of silently unbinding them.
 */
function v3ToV4(doc: unknown): unknown {
  return doc;
}

/**
 * Version 5 adds labels: a rectangle, ellipse, polygon, star or line may carry `label`, the words
 * written on it. Version 4 had none, which is what the absent field reads as; the number changes
 * so that a reader of version 4 refuses a file with labels instead of silently dropping them.
 */
function v4ToV5(doc: unknown): unknown {
  return doc;
}

/**
 * Version 6 adds pattern paints: a fill or a stroke's paint may be `{ type: "pattern", width,
 * height, transform, opacity, content }`, a tile repeated over the shape whose content is scene
 * nodes of its own; and a group's `isolated` (absent: false). Version 5 had neither, so a
 * version 5 file is already a valid version 6 file; the number changes so that a reader of
 * version 5 refuses a file with patterns instead of failing on a paint it does not know.
 */
function v5ToV6(doc: unknown): unknown {
  return doc;
}

/**
 * Version 7 adds masks: a group's `mask` ("outline", "alpha" or "luminance") makes its first
 * child the mask of the rest. Version 6 had none, which is what the absent field reads as; the
 * number changes so that a reader of version 6 refuses a masked group instead of drawing its
 * mask as a shape.
 */
function v6ToV7(doc: unknown): unknown {
  return doc;
}

/**
 * Version 8 adds a group's `blur` (a Gaussian blur of its drawing). Version 7 had none, which is
 * what the absent field reads as; the number changes so that a reader of version 7 refuses a
 * blurred group instead of drawing it sharp.
 */
function v7ToV8(doc: unknown): unknown {
  return doc;
}

/**
 * Version 9 adds a group's `filter` (drop shadows, offsets, floods, blends, composites and
 * merges). Version 8 had none, which is what the absent field reads as; the number changes so
 * that a reader of version 8 refuses a filtered group instead of drawing it plain.
 */
function v8ToV9(doc: unknown): unknown {
  return doc;
}

/**
 * Version 10 adds a filter's `fit` (a region that follows the group's drawing). Version 9 had
 * none, which is what the absent field reads as (a region that stays put); the number changes so
 * that a reader of version 9 refuses a fitted filter instead of failing on a field it does not
 * know.
 */
function v9ToV10(doc: unknown): unknown {
  return doc;
}

/** `migrations[n]` turns a version n document into a version n + 1 document. */
export const migrations: Readonly<Record<number, (doc: unknown) => unknown>> = {
  0: v0ToV1,
  1: v1ToV2,
  2: v2ToV3,
  3: v3ToV4,
  4: v4ToV5,
  5: v5ToV6,
  6: v6ToV7,
  7: v7ToV8,
  8: v8ToV9,
  9: v9ToV10,
};

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MigrationError";
  }
}

/**
 * Brings a parsed document of any older version up to FORMAT_VERSION. A document already at or
 * past the current version comes back unchanged.
 */
export function migrate(doc: unknown): unknown {
  let current = doc;
  let version = isObject(doc) ? doc.version : undefined;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 0) {
    throw new MigrationError("the format version must be a whole number");
  }
  while (version < FORMAT_VERSION) {
    const step = migrations[version];
    if (step === undefined) throw new MigrationError(`no upgrade from format ${version} exists`);
    current = step(current);
    version += 1;
    if (isObject(current)) current = { ...current, version };
  }
  return current;
}
