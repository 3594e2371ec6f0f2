/**
 * Reading one field of a record, for the scene-node readers of `nodes.ts` and `columns.ts`: a
 * file can hold millions of nodes, so these avoid per-field closures and build a field's path
 * only once it has failed.
 */
import { IDENTITY_TRANSFORM } from "../../doc/transform";
import type { PathSegment, Subpath, Transform } from "../../doc/types";
import { type Check, fail, isNumberIn, isPlainObject, Problem, rethrowWithin } from "./checks";
import { NATIVE_LIMITS } from "./limits";

const M = NATIVE_LIMITS.maxMagnitude;

export const COORDINATE_MESSAGE = `must be a number within ±${M}`;
export const NON_NEGATIVE_MESSAGE = `must be a number between 0 and ${M}`;
export const UNIT_MESSAGE = "must be a number between 0 and 1";

export type Raw = Record<string, unknown>;

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

export function readTransform(value: unknown): Transform {
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

/** A path's subpaths as a whole record holds them, packed per subpath (see README.md). */
export const subpaths: Check<Subpath[]> = (value) => {
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
