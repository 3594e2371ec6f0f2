import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAll } from "../../../src/doc/invariants";
import { readUntrusted } from "../../../src/io/import/boundary";
import { importIntoDocument } from "../../../src/io/import/intoDocument";
import { emptyDocumentStore } from "../../support/store";
import { KIND_RULES } from "../../../src/shapes/registry";

const VALID = [
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="200">
  <style>.a{fill:#f00;stroke:blue} #p{stroke-width:3}</style>
  <defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue" stop-opacity=".5"/></linearGradient>
  <radialGradient id="r" href="#g" cx="40%" fx="30%"/><symbol id="s" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></symbol></defs>
  <g transform="translate(10 10) rotate(20) skewX(10)" opacity=".8">
    <rect class="a" x="1" y="2" width="30" height="20" rx="4" ry="2"/>
    <path id="p" d="M0 0l10 10h5v5c1 1 2 2 3 3s4 4 5 5q1 1 2 2t3 3a5 5 0 1 1 10 0z" fill="url(#g)" stroke-dasharray="2 1"/>
    <polygon points="0,0 10,0 5,8" fill="url(#r)"/><polyline points="0 0 5 5 10 0" fill="none" stroke="#000"/>
  </g>
  <use href="#s" x="50" y="50" width="20" height="20"/>
  <line x1="0" y1="0" x2="100" y2="100" stroke="currentColor" color="green"/>
  <text x="10" y="90" font-size="12" font-weight="bold">Hi <tspan>there</tspan></text>
  <ellipse cx="50" cy="50" rx="10" ry="5" transform="matrix(1 0 0 0 0 0)"/>
</svg>`,
  readFileSync(join(__dirname, "../../corpora/hostile/scripts.svg"), "utf8"),
  readFileSync(join(__dirname, "../../corpora/hostile/external-entity.svg"), "utf8"),
];

/** One edit of the text: delete, duplicate, insert a character that matters to XML, or swap. */
const mutation = fc.oneof(
  fc.record({
    kind: fc.constant("delete" as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 20 }),
  }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    text: fc.constantFrom(
      "<",
      ">",
      "&",
      '"',
      "'",
      "/",
      "=",
      "]]>",
      "<!--",
      "&lol;",
      "<g>",
      "</g>",
      "-1e999",
      "NaN",
      ",",
      "#",
      "url(#g)",
      "\u0000",
      "\uD800",
      "9".repeat(400),
    ),
  }),
  fc.record({
    kind: fc.constant("duplicate" as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 200 }),
  }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
  // Keeps the XML well-formed, so the conversion itself is what gets exercised.
  fc.record({
    kind: fc.constant("number" as const),
    at: fc.nat(),
    text: fc.constantFrom(
      "-0",
      "1e308",
      "-1e308",
      "NaN",
      "0",
      "-5",
      "1e-320",
      "50%",
      "3em",
      "",
      ".",
      "1..2",
      "url(#g)",
      "url(#nope)",
      "#g",
      "none",
      "inherit",
    ),
  }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(text: string, m: Mutation): string {
  const at = m.at % (text.length + 1);
  switch (m.kind) {
    case "delete":
      return text.slice(0, at) + text.slice(at + m.length);
    case "insert":
      return text.slice(0, at) + m.text + text.slice(at);
    case "duplicate":
      return text.slice(0, at) + text.slice(at, at + m.length) + text.slice(at);
    case "truncate":
      return text.slice(0, at);
    case "number": {
      const numbers = [...text.matchAll(/-?\d+(\.\d+)?/g)];
      const hit = numbers[m.at % Math.max(1, numbers.length)];
      if (hit === undefined) return text;
      return text.slice(0, hit.index) + m.text + text.slice(hit.index + hit[0].length);
    }
  }
}

describe("import fuzzing", () => {
  it("random mutations of valid SVGs: no exception escapes, no internal error, valid documents", () => {
    const started = performance.now();
    let imported = 0;
    fc.assert(
      fc.property(
        fc.nat(VALID.length - 1),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        (which, edits) => {
          const text = edits.reduce(mutate, VALID[which]!);
          const result = readUntrusted("fuzz.svg", text);
          if (!result.ok) {
            expect(result.error).not.toMatch(/^Internal error/);
            expect(result.error.length).toBeGreaterThan(0);
            return;
          }
          imported += 1;
          // Every hundredth success also goes into a document and the document stays valid.
          if (imported % 100 === 0 && result.nodes.length > 0) {
            const store = emptyDocumentStore();
            const placed = importIntoDocument(store, result, {
              parent: "page",
              at: { x: 0, y: 0 },
            });
            expect(placed.ok).toBe(true);
            expect(checkAll(store, KIND_RULES)).toEqual([]);
          }
        },
      ),
      { numRuns: 10_000 },
    );
    expect(imported).toBeGreaterThan(800);
    expect(performance.now() - started).toBeLessThan(60_000);
  });
});
