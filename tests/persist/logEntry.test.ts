import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeEntry, encodeEntry } from "../../src/persist/logEntry";
import { documentArb } from "../support/arbitraries";

describe("log entries", () => {
  it("every kind of record, as the store holds it, goes through an entry unchanged", () => {
    fc.assert(
      fc.property(documentArb(), fc.integer({ min: 1, max: 1000 }), (records, seq) => {
        const patch = { changes: records.map((r) => ({ id: r.id, before: null, after: r })) };
        const text = encodeEntry(patch, {}, 1_700_000_000_000);
        expect(decodeEntry(seq, text)).toEqual({ seq, patch, time: 1_700_000_000_000 });
      }),
      { numRuns: 60 },
    );
  });
});
