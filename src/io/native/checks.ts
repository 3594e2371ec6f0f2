/**
 * The small checks the schemas are built from. A check returns its input when it is already valid
 * and nothing needs dropping, so a clean file is validated without copying; only objects carrying
 * unknown fields are rebuilt.
 */
import { NATIVE_LIMITS } from "./limits";

export type Check<T> = (value: unknown) => T;

/** A problem at a field path relative to the value being checked. */
export class Problem {
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

export function fail(message: string): never {
  throw new Problem("", message);
}

export function rethrowWithin(key: string | number, error: unknown): never {
  if (error instanceof Problem) throw error.within(key);
  throw error;
}

const M = NATIVE_LIMITS.maxMagnitude;

export function isNumberIn(value: unknown, min: number, max: number): value is number {
  // NaN fails both comparisons, so no separate finiteness test is needed.
  return typeof value === "number" && value >= min && value <= max;
}

function numberIn(min: number, max: number, text?: string): Check<number> {
  const message = `must be a number ${text ?? `between ${min} and ${max}`}`;
  return (value) => (isNumberIn(value, min, max) ? value : fail(message));
}

export function integerIn(min: number, max: number): Check<number> {
  const message = `must be an integer between ${min} and ${max}`;
  return (value) =>
    isNumberIn(value, min, max) && Number.isInteger(value) ? value : fail(message);
}

export const coordinate = numberIn(-M, M, `within ±${M}`);
export const nonNegative = numberIn(0, M, `between 0 and ${M}`);
export const unit = numberIn(0, 1);

export const bool: Check<boolean> = (value) =>
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

export const anyString = string(NATIVE_LIMITS.maxStringLength);
export const idString = string(NATIVE_LIMITS.maxIdLength, true);

export function oneOf<T extends string>(values: readonly T[]): Check<T> {
  const allowed = new Set<string>(values);
  const message = `must be one of ${values.map((v) => JSON.stringify(v)).join(", ")}`;
  return (value) =>
    typeof value === "string" && allowed.has(value) ? (value as T) : fail(message);
}

export function literal<T extends string>(expected: T): Check<T> {
  return (value) => (value === expected ? expected : fail(`must be "${expected}"`));
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value) => (value === null ? null : check(value));
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Fields<T> = { readonly [K in keyof T]-?: Check<T[K]> };

/** An object with exactly these fields; unknown fields are dropped. */
export function object<T>(fields: Fields<T>): Check<T> {
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
export function byType<T>(variants: Readonly<Record<string, Check<T>>>): Check<T> {
  const table = new Map(Object.entries(variants));
  const message = `must be one of ${[...table.keys()].map((v) => JSON.stringify(v)).join(", ")}`;
  return (value) => {
    if (!isPlainObject(value)) fail("must be an object");
    const check = typeof value.type === "string" ? table.get(value.type) : undefined;
    if (check === undefined) throw new Problem("type", message);
    return check(value);
  };
}

export function array<T>(item: Check<T>, min: number, max: number, limit?: string): Check<T[]> {
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
