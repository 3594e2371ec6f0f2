import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../../src/doc/factory";
import { makeNode } from "../../../src/shapes/makeNode";
import type { DocRecord, RectNode } from "../../../src/doc/types";
import { FORMAT_VERSION, serializeDocument } from "../../../src/io/native/format";
import { parseDocument } from "../../../src/io/native/parse";

const fixture = (name: string): string =>
  readFileSync(new URL(`../../fixtures/native/${name}`, import.meta.url), "utf8");

function records(xs: readonly number[]): DocRecord[] {
  const base = createDocument({ id: "doc", pageId: "p1", author: "u", created: "2026-01-01" });
  return [
    ...base,
    ...xs.map((x, i) => ({
      ...makeNode<RectNode>("rect", `r${i}`, "p1", `a${i}`, {
        fill: DEFAULT_FILL,
        stroke: DEFAULT_STROKE,
        width: 10,
        height: 20,
        radii: [0, 0, 0, 0],
      }),
      transform: { x, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
    })),
  ];
}

describe("the text kept for storage", () => {
  it("is the file itself for a current-format document, and reads back as the same records", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e6, max: 1e6 }), { maxLength: 20 }), (xs) => {
        const text = serializeDocument(records(xs));
        const result = parseDocument(text);
        if (!result.ok) throw new Error(result.error);
        expect(result.source).toBe(text);
        const again = parseDocument(result.source!);
        expect(again.ok && again.records).toEqual(result.records);
      }),
      { numRuns: 50 },
    );
  });

  it("leaves out a byte order mark", () => {
    const text = serializeDocument(records([1]));
    const result = parseDocument(`\ufeff${text}`);
    expect(result.ok && result.source).toBe(text);
  });

  it("is null for an older document, which is stored as this version writes it", () => {
    const result = parseDocument(fixture("v2-basic.linework"));
    expect(result).toMatchObject({ ok: true, readOnly: false, source: null });
  });

  it("is null for a newer document, which opens read-only and is not stored", () => {
    const file = JSON.parse(serializeDocument(records([1]))) as { version: number };
    file.version = FORMAT_VERSION + 1;
    const result = parseDocument(JSON.stringify(file));
    expect(result).toMatchObject({ ok: true, readOnly: true, source: null });
  });
});
