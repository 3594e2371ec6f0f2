/**
 * Whole records, as written in `records`. Scene nodes are read field by field rather than through
 * the combinators of `checks.ts`: a file can hold millions of nodes, and each is rebuilt with its
 * defaults restored, so these avoid per-field closures and build a field's path only once it has
 * failed.
 */
import { IDENTITY_TRANSFORM } from "../../doc/transform";
import type {
  DocRecord,
  NodeType,
  PathSegment,
  SceneNode,
  Subpath,
  Transform,
} from "../../doc/types";
import {
  anyString,
  bool,
  type Check,
  fail,
  isNumberIn,
  isPlainObject,
  Problem,
  rethrowWithin,
} from "./checks";
import { DEFAULT_NAMES } from "./format";
import { NATIVE_LIMITS } from "./limits";
import {
  arrowHead,
  blendMode,
  blobSchema,
  corners,
  documentSchema,
  fill,
  fillRule,
  fontStyle,
  fontWeight,
  freehandPoints,
  freehandSettings,
  innerRatio,
  pageSchema,
  radii,
  stroke,
  textAlign,
  textWidth,
  vec2,
} from "./schemas";

const M = NATIVE_LIMITS.maxMagnitude;

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

export const COORDINATE_MESSAGE = `must be a number within ±${M}`;
export const NON_NEGATIVE_MESSAGE = `must be a number between 0 and ${M}`;
export const UNIT_MESSAGE = "must be a number between 0 and 1";

export type Raw = Record<string, unknown>;

/** Shared by every rectangle without rounded corners; records are never mutated. */
export const ZERO_RADII: readonly [number, number, number, number] = Object.freeze([0, 0, 0, 0]);

function missingOr(key: string, value: unknown, message: string): Problem {
  return new Problem(key, value === undefined ? "is missing" : message);
}

export function numberAt(raw: Raw, key: string, min: number, max: number, message: string): number {
  const value = raw[key];
  if (typeof value === "number" && value >= min && value <= max) return value;
  throw missingOr(key, value, message);
}

export function optionalNumberAt(
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

export function optionalFlagAt(raw: Raw, key: string): boolean {
  const value = raw[key];
  if (value === undefined) return false;
  if (typeof value === "boolean") return value;
  throw new Problem(key, "must be true or false");
}

export function idAt(raw: Raw, key: string): string {
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

export function checkedAt<T>(raw: Raw, key: string, check: Check<T>): T {
  const value = raw[key];
  if (value === undefined) throw new Problem(key, "is missing");
  try {
    return check(value);
  } catch (error) {
    rethrowWithin(key, error);
  }
}

function readTransform(value: unknown): Transform {
  if (value === undefined) return IDENTITY_TRANSFORM;
  if (!isPlainObject(value)) throw new Problem("transform", "must be an object");
  let x: number, y: number;
  try {
    x = optionalNumberAt(value, "x", -M, M, COORDINATE_MESSAGE, 0);
    y = optionalNumberAt(value, "y", -M, M, COORDINATE_MESSAGE, 0);
  } catch (error) {
    rethrowWithin("transform", error);
  }
  return transformAt(x, y, value);
}

/**
 * A transform from its translation and the other parts as written in `raw`, each defaulting to
 * the identity's; the shared identity object when nothing moves.
 */
export function transformAt(x: number, y: number, raw: Raw): Transform {
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

export function readRecord(raw: unknown): DocRecord {
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

export function describe(position: number, raw: unknown): string {
  const id =
    isPlainObject(raw) && typeof raw.id === "string"
      ? raw.id
      : typeof raw === "string"
        ? raw
        : null;
  const shown = id === null ? "" : ` (id ${id.length > 40 ? `${id.slice(0, 40)}…` : id})`;
  return `record ${position}${shown}`;
}
