/** The schemas of the values records hold, one per type in `doc/types.ts`. */
import {
  ARROW_HEADS,
  BLEND_MODES,
  LINE_ROUTES,
  MASK_KINDS,
  MAX_BLUR,
  type Binding,
  type BlobRecord,
  type DocumentMeta,
  type Fill,
  type FreehandSettings,
  type GradientStop,
  type GroupFilter,
  type Label,
  type PageRecord,
  type Paint,
  type PatternPaint,
  type RGBA,
  type SceneNode,
  type Stroke,
  type Transform,
} from "../../doc/types";
import { patternProblems } from "../../doc/pattern";
import { filterProblem } from "../../doc/filter";
import { readTransform } from "./fields";
import {
  anyString,
  array,
  bool,
  byType,
  type Check,
  coordinate,
  fail,
  idString,
  integerIn,
  isNumberIn,
  isPlainObject,
  literal,
  nonNegative,
  nullable,
  object,
  oneOf,
  Problem,
  unit,
} from "./checks";
import { NATIVE_LIMITS } from "./limits";
import { runSteps, type Steps } from "../steps";
import type { Point } from "../../math/point";

const M = NATIVE_LIMITS.maxMagnitude;

/** A fraction of a box, allowing a little outside it. */
function boxFraction(value: unknown): number {
  if (!isNumberIn(value, -1, 2)) fail("must be a number from -1 to 2");
  return value;
}

export const vec2 = object<Point>({ x: coordinate, y: coordinate });
export const rgba = object<RGBA>({ r: unit, g: unit, b: unit, a: unit });
const stop = object<GradientStop>({ offset: unit, color: rgba });
const stops = array(stop, 0, NATIVE_LIMITS.maxGradientStops, "maxGradientStops");

/** Reads a pattern's content nodes: given by `nodes.ts`, which reads nodes. */
export type ContentCheck = Check<SceneNode[]>;

const positive: Check<number> = (value) =>
  isNumberIn(value, 0, M) && value > 0 ? value : fail(`must be a number above 0 and at most ${M}`);

/** A transform whose parts may be left out, as a node's. */
const transform: Check<Transform> = (value) => {
  try {
    return readTransform(value);
  } catch (error) {
    if (error instanceof Problem)
      throw new Problem(error.path.replace(/^transform\.?/, ""), error.message);
    throw error;
  }
};

/** Paints; a pattern's content is read by `content`, and its structure checked after. */
function paintCheck(content: ContentCheck): Check<Paint> {
  const pattern = object<PatternPaint>({
    type: literal("pattern"),
    width: positive,
    height: positive,
    transform,
    opacity: unit,
    content,
  });
  return byType<Paint>({
    solid: object({ type: literal("solid"), color: rgba }),
    linear: object({ type: literal("linear"), from: vec2, to: vec2, stops }),
    radial: object({
      type: literal("radial"),
      center: vec2,
      radius: nonNegative,
      focal: vec2,
      stops,
    }),
    pattern: (value) => {
      const checked = pattern(value);
      // Patterns inside were checked as the content was read; this is its own structure.
      const problem = patternProblems({ ...checked, content: checked.content.map(shallow) })[0];
      if (problem !== undefined) throw new Problem("content", problem);
      return checked;
    },
  });
}

/** A content node as `patternProblems` needs it for one level: its patterns already checked. */
function shallow(node: SceneNode): SceneNode {
  if (!("fill" in node)) return node;
  const flat = (paint: Paint | null): Paint | null =>
    paint?.type === "pattern" ? { ...paint, content: [] } : paint;
  return {
    ...node,
    fill: node.fill.type === "pattern" ? flat(node.fill)! : node.fill,
    stroke: { ...node.stroke, paint: flat(node.stroke.paint) },
  } as SceneNode;
}

/**
 * A value written inline, or as an index into `shared` (each index validated once, then
 * reused). One such check belongs to one file: its cache is the file's.
 */
function sharable<T>(check: Check<T>, shared: readonly unknown[]): Check<T> {
  const cache: T[] = [];
  return (value) => {
    if (typeof value !== "number") return check(value);
    if (!Number.isInteger(value) || value < 0 || value >= shared.length) {
      fail(`refers to shared value ${value}, which does not exist`);
    }
    const hit = cache[value];
    if (hit !== undefined) return hit;
    let checked: T;
    try {
      checked = check(shared[value]);
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

function inlineChecks(content: ContentCheck): { fill: Check<Fill>; stroke: Check<Stroke> } {
  const paint = paintCheck(content);
  return {
    fill: (value) => (isPlainObject(value) && value.type === "none" ? noFill(value) : paint(value)),
    stroke: object<Stroke>({
      paint: nullable(paint),
      width: nonNegative,
      dash: array(nonNegative, 0, NATIVE_LIMITS.maxDashEntries, "maxDashEntries"),
      dashOffset: coordinate,
      cap: oneOf(["butt", "round", "square"]),
      join: oneOf(["miter", "round", "bevel"]),
      miterLimit: nonNegative,
    }),
  };
}

/** The checks of a node's fill and stroke, which a file may write once in its `shared` list. */
export interface StyleChecks {
  readonly fill: Check<Fill>;
  readonly stroke: Check<Stroke>;
}

/**
 * Style checks for one file, reading indexes into its `shared` list; `content` reads the content
 * of the patterns they hold.
 */
export function styleChecks(shared: readonly unknown[], content: ContentCheck): StyleChecks {
  const inline = inlineChecks(content);
  return { fill: sharable(inline.fill, shared), stroke: sharable(inline.stroke, shared) };
}

/** Flattened x, y, pressure triples: checked in one loop, as strokes can be long. */
export const freehandPoints: Check<number[]> = (value) => {
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

export const freehandSettings = object<FreehandSettings>({
  size: nonNegative,
  thinning: unit,
  smoothing: unit,
  streamline: unit,
  simulatePressure: bool,
  fixedWidth: bool,
});

export const corners = integerIn(3, NATIVE_LIMITS.maxCorners);

export const innerRatio: Check<number> = (value) =>
  isNumberIn(value, 0, 1) && value > 0 ? value : fail("must be a number above 0 and at most 1");

export const radii: Check<[number, number, number, number]> = (value) => {
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
const BASE64_BODY = /^[A-Za-z0-9+/]*$/;
const MAX_BASE64_CHARS = Math.ceil(NATIVE_LIMITS.maxBlobBytes / 3) * 4;

const base64: Check<string> = (value) => {
  if (typeof value !== "string") fail("must be a base64 string");
  return runSteps(base64Steps(value, Infinity));
};

/**
 * The base64 check of a blob's data in pieces of `pieceChars`, one a step: a file's images can
 * hold hundreds of megabytes, which one pass of the pattern reads at some 10 ns a character.
 * Throws the Problem `base64` would; the result is the data.
 */
export function* base64Steps(value: string, pieceChars: number): Steps<string> {
  if (value.length > MAX_BASE64_CHARS) {
    fail(`is larger than ${NATIVE_LIMITS.maxBlobBytes} bytes (limit maxBlobBytes)`);
  }
  if (value.length % 4 !== 0) fail("must be a base64 string");
  // Padding may only end the data, so the last four characters are checked on their own.
  const body = Math.max(0, value.length - 4);
  for (let from = 0; from < body; from += pieceChars) {
    if (!BASE64_BODY.test(value.slice(from, Math.min(body, from + pieceChars))))
      fail("must be a base64 string");
    yield;
  }
  if (!BASE64.test(value.slice(body))) fail("must be a base64 string");
  return value;
}

export const documentSchema = object<DocumentMeta>({
  id: idString,
  type: literal("document"),
  name: anyString,
  author: anyString,
  created: isoDate,
});
export const pageSchema = object<PageRecord>({
  id: idString,
  type: literal("page"),
  name: anyString,
  index: idString,
  background: rgba,
});
export const blobSchema = object<BlobRecord>({
  id: idString,
  type: literal("blob"),
  mime: imageMime,
  data: base64,
});

export const blendMode = oneOf(BLEND_MODES);
export const arrowHead = oneOf(ARROW_HEADS);
export const lineRoute = oneOf(LINE_ROUTES);
/** A line end's binding: the anchor may lie a little outside the box (a point near its edge). */
export const binding = nullable(
  object<Binding>({
    node: idString,
    anchor: object<Point>({ x: boxFraction, y: boxFraction }),
    exact: bool,
  }),
);
export const fillRule = oneOf(["nonzero", "evenodd"] as const);
export const maskKind = oneOf(MASK_KINDS);
export const blurRadius: Check<number> = (value) => {
  if (!isNumberIn(value, 0, MAX_BLUR) || value === 0)
    fail(`must be a number above 0, at most ${MAX_BLUR}`);
  return value;
};
/** A group's filter: its structure and limits are the document's own rules (`doc/filter.ts`). */
export const groupFilter: Check<GroupFilter> = (value) => {
  const problem = filterProblem(value);
  if (problem !== null) fail(problem);
  return value as GroupFilter;
};
export const fontWeight = integerIn(1, 1000);
export const fontStyle = oneOf(["normal", "italic"] as const);
const labelSize: Check<number> = (value) => {
  if (!isNumberIn(value, 0.01, M)) fail(`must be a number from 0.01 to ${M}`);
  return value;
};
/** A shape's label; its position along a line is a fraction of the line. */
export const label = nullable(
  object<Label>({
    content: anyString,
    fontFamily: anyString,
    fontSize: labelSize,
    fontWeight,
    fontStyle,
    color: rgba,
    position: unit,
  }),
);
export const textAlign = oneOf(["left", "center", "right", "justify"] as const);
export const textWidth = nullable(nonNegative);
