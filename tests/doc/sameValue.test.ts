import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sameValue } from "../../src/doc/patch";

/** JSON text with every object's keys sorted: equal exactly when the values are. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** A copy with every object's keys in reverse order and no part shared with the original. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reordered(v)]),
  );
}

describe("sameValue", () => {
  it("holds two JSON values equal exactly when their canonical texts are", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(sameValue(a, b)).toBe(canonical(a) === canonical(b));
        expect(sameValue(a, reordered(a))).toBe(true);
      }),
    );
  });

  it("tells records apart by a field missing, added, undefined or changed deep down", () => {
    const record = { id: "l", start: { x: 1, y: 2 }, dash: [1, 2], label: null };
    expect(sameValue(record, { ...record, start: { x: 1, y: 2 } })).toBe(true);
    expect(sameValue(record, { ...record, start: { x: 1, y: 3 } })).toBe(false);
    expect(sameValue(record, { ...record, dash: [1, 2, 3] })).toBe(false);
    expect(sameValue(record, { ...record, extra: 1 })).toBe(false);
    expect(sameValue({ ...record, extra: 1 }, record)).toBe(false);
    expect(sameValue({ ...record, extra: undefined }, record)).toBe(false);
    expect(sameValue(record, { ...record, extra: undefined })).toBe(false);
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameValue({ a: undefined }, { a: undefined })).toBe(true);
    expect(sameValue([record], { 0: record })).toBe(false);
  });
});
