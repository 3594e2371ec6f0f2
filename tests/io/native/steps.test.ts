import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeDocument } from "../../../bench/document";
import {
  serializeDocument,
  serializeDocumentSteps,
  storedRecord,
} from "../../../src/io/native/format";
import { readRecord } from "../../../src/io/native/nodes";
import { readColumns } from "../../../src/io/native/columns";
import { runSteps } from "../../../src/io/steps";
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

describe("reading a file's columns in steps", () => {
  const columnsOf = (shapes: number) => {
    const file = JSON.parse(serializeDocument(makeDocument(shapes))) as {
      records: unknown[];
      nodes: { types: string; ids: string; indexes: string };
    };
    return { base: file.records.length, nodes: file.nodes };
  };

  it("splits a big document's types, ids and sibling keys over many steps, as split would", () => {
    const { base, nodes } = columnsOf(200_000);
    const steps = readColumns(nodes, base);
    let count = 0;
    let step = steps.next();
    while (step.done !== true) {
      count += 1;
      step = steps.next();
    }
    const columns = step.value;
    if (typeof columns === "string") throw new Error(columns);
    expect(columns.ids).toEqual(nodes.ids.split(" "));
    expect(columns.indexes).toEqual(nodes.indexes.split(" "));
    // Three columns of 200,000 entries, 65,536 a step.
    expect(count).toBeGreaterThanOrEqual(9);
  });

  it("refuses a column with an entry too many or too few", () => {
    const { base, nodes } = columnsOf(100);
    fc.assert(
      fc.property(fc.constantFrom("ids", "indexes"), fc.boolean(), (column, more) => {
        const text = nodes[column];
        const wrong = more ? `${text} extra` : text.slice(0, text.lastIndexOf(" "));
        const read = runSteps(readColumns({ ...nodes, [column]: wrong }, base));
        expect(read).toBe(
          `nodes.${column} must hold ${nodes.types.length} entries, one per node, joined by spaces or as a list`,
        );
      }),
    );
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
