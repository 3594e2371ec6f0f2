import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IdTable } from "../../../src/io/native/idTable";

// The table that reads a file's ids must answer as a Map would: positions by id, the first
// holder kept when an id comes again, and the same once it has given way to a Map.

const idArb = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.nat(50).map((n) => `s${n.toString(36)}`),
);

describe("record positions by id", () => {
  it("answers as a Map does, whether or not it gives way to one", () => {
    fc.assert(
      fc.property(
        fc.array(idArb, { maxLength: 200 }),
        fc.array(idArb, { maxLength: 20 }),
        fc.constantFrom(0, 1, 64),
        (ids, asked, maxProbes) => {
          const table = new IdTable(ids.length, maxProbes);
          const map = new Map<string, number>();
          ids.forEach((id, position) => {
            const held = map.get(id);
            expect(table.add(id, position)).toBe(held ?? -1);
            if (held === undefined) map.set(id, position);
            expect(table.size).toBe(map.size);
          });
          for (const id of [...ids, ...asked]) expect(table.get(id)).toBe(map.get(id));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("holds a hundred thousand ids", () => {
    const n = 100_000;
    const table = new IdTable(n);
    for (let i = 0; i < n; i++) expect(table.add(`s${i.toString(36)}`, i)).toBe(-1);
    expect(table.size).toBe(n);
    expect(table.get("s0")).toBe(0);
    expect(table.get(`s${(n - 1).toString(36)}`)).toBe(n - 1);
    expect(table.get("missing")).toBeUndefined();
    expect(table.add("s1", 5)).toBe(1);
  });
});
