import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeDocument } from "../../../bench/document";
import {
  serializeDocument,
  serializeDocumentSteps,
  storedRecord,
} from "../../../src/io/native/format";
import { readRecord } from "../../../src/io/native/nodes";
import { documentArb } from "../../support/arbitraries";

describe("serialising in steps", () => {
  it("writes exactly what JSON.stringify of the file would", () => {
    fc.assert(
      fc.property(documentArb(), (records) => {
        const text = serializeDocument(records);
        // Re-serialising the parsed text is canonical JSON.stringify output with the same keys.
        expect(JSON.stringify(JSON.parse(text))).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it("cuts a big document into many small steps", () => {
    const records = makeDocument(50_000);
    const steps = serializeDocumentSteps(records);
    let count = 0;
    let step = steps.next();
    while (step.done !== true) {
      count += 1;
      step = steps.next();
    }
    expect(step.value).toBe(serializeDocument(records));
    // Each step covers at most a few thousand records or a slice of one column.
    expect(count).toBeGreaterThan(50_000 / 8192);
  });
});

describe("records in the form a file's list holds them", () => {
  it("every kind of record reads back as itself", () => {
    fc.assert(
      fc.property(documentArb(), (records) => {
        for (const record of records) {
          expect(readRecord(storedRecord(record))).toEqual(record);
        }
      }),
      { numRuns: 80 },
    );
  });
});
