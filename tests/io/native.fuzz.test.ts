import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkAll } from "../../src/doc/invariants";
import { DocumentStore } from "../../src/doc/store";
import type { DocRecord } from "../../src/doc/types";
import { serializeDocument } from "../../src/io/native/format";
import { parseDocument, type LoadResult } from "../../src/io/native/parse";
import { documentArb } from "../support/arbitraries";
import { KIND_RULES } from "../../src/shapes/registry";

const FUZZ_RUNS = 10_000;
const ROUND_TRIP_RUNS = 500;
/** Generous for one small document; a case near it means something went quadratic. */
const CASE_BUDGET_MS = 1000;

const byId = (records: readonly DocRecord[]): DocRecord[] =>
  [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** A load either fails with a reason, or gives records the store accepts with checks on. */
function expectSafe(result: LoadResult): void {
  if (!result.ok) {
    expect(typeof result.error).toBe("string");
    expect(result.error.trim().length).toBeGreaterThan(0);
    return;
  }
  const store = new DocumentStore(result.records, { invariants: KIND_RULES });
  expect(checkAll(store, KIND_RULES)).toEqual([]);
}

// ---- Mutations ----
// Positions are fractions so one mutation applies to any document, whatever its size.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type TextMutation =
  | { kind: "flip"; at: number; char: string }
  | { kind: "truncate"; at: number }
  | { kind: "delete"; at: number; length: number }
  | { kind: "duplicate"; at: number; length: number; to: number }
  | { kind: "insert"; at: number; text: string };

type JsonMutation =
  | { kind: "set"; at: number; value: Json }
  | { kind: "remove"; at: number }
  | { kind: "swap"; at: number; with: number }
  | { kind: "reparent"; node: number; parent: number }
  | { kind: "retype"; at: number; type: string }
  | { kind: "clone"; at: number };

const fraction = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });

const textMutationArb: fc.Arbitrary<TextMutation> = fc.oneof(
  fc.record({
    kind: fc.constant("flip" as const),
    at: fraction,
    char: fc.string({ minLength: 1, maxLength: 1 }),
  }),
  fc.record({ kind: fc.constant("truncate" as const), at: fraction }),
  fc.record({
    kind: fc.constant("delete" as const),
    at: fraction,
    length: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({
    kind: fc.constant("duplicate" as const),
    at: fraction,
    length: fc.integer({ min: 1, max: 200 }),
    to: fraction,
  }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fraction,
    text: fc.constantFrom(
      "NaN",
      "Infinity",
      "-",
      "1e999",
      '"',
      "{",
      "]",
      ",",
      "null",
      "\u0000",
      "\ud800",
      '"x":1,',
    ),
  }),
);

const weirdValueArb: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    0,
    -1,
    1.5,
    2,
    1e308,
    -1e308,
    5e-324,
    2 ** 53 + 1,
    "",
    "NaN",
    "Infinity",
    "#ff0000",
    "a0",
    null,
    true,
    false,
    [],
    {},
    [1, 2, 3],
    { type: "solid" },
    { type: "none" },
    { x: 0, y: 0 },
    "x".repeat(300),
  ),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

const jsonMutationArb: fc.Arbitrary<JsonMutation> = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), at: fraction, value: weirdValueArb }),
  fc.record({ kind: fc.constant("remove" as const), at: fraction }),
  fc.record({ kind: fc.constant("swap" as const), at: fraction, with: fraction }),
  fc.record({ kind: fc.constant("reparent" as const), node: fraction, parent: fraction }),
  fc.record({
    kind: fc.constant("retype" as const),
    at: fraction,
    type: fc.constantFrom(
      "rect",
      "ellipse",
      "group",
      "frame",
      "page",
      "document",
      "blob",
      "image",
      "path",
      "text",
    ),
  }),
  fc.record({ kind: fc.constant("clone" as const), at: fraction }),
);

const pick = <T>(list: readonly T[], at: number): T | undefined =>
  list[Math.floor(at * list.length)];

function applyText(text: string, m: TextMutation): string {
  const at = Math.floor(m.at * (text.length + 1));
  switch (m.kind) {
    case "flip":
      return text.slice(0, at) + m.char + text.slice(at + 1);
    case "truncate":
      return text.slice(0, at);
    case "delete":
      return text.slice(0, at) + text.slice(at + m.length);
    case "duplicate": {
      const span = text.slice(at, at + m.length);
      const to = Math.floor(m.to * (text.length + 1));
      return text.slice(0, to) + span + text.slice(to);
    }
    case "insert":
      return text.slice(0, at) + m.text + text.slice(at);
  }
}

interface Slot {
  readonly holder: Json[] | { [key: string]: Json };
  readonly key: string | number;
}

/** Every place in the tree a value sits, parents before children. */
function slots(root: Json): Slot[] {
  const out: Slot[] = [];
  const stack: Json[] = [root];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (Array.isArray(value)) {
      value.forEach((inner, i) => {
        out.push({ holder: value, key: i });
        stack.push(inner);
      });
    } else if (typeof value === "object" && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        out.push({ holder: value, key });
        stack.push(inner);
      }
    }
  }
  return out;
}

const read = (slot: Slot): Json => (slot.holder as Record<string | number, Json>)[slot.key]!;
const write = (slot: Slot, value: Json): void => {
  (slot.holder as Record<string | number, Json>)[slot.key] = value;
};

function applyJson(root: Json, m: JsonMutation): void {
  const all = slots(root);
  const records =
    typeof root === "object" && root !== null && !Array.isArray(root) && Array.isArray(root.records)
      ? (root.records.filter((r) => typeof r === "object" && r !== null && !Array.isArray(r)) as {
          [key: string]: Json;
        }[])
      : [];
  switch (m.kind) {
    case "set": {
      const slot = pick(all, m.at);
      if (slot) write(slot, structuredClone(m.value));
      return;
    }
    case "remove": {
      const slot = pick(all, m.at);
      if (!slot) return;
      if (Array.isArray(slot.holder)) slot.holder.splice(slot.key as number, 1);
      else Reflect.deleteProperty(slot.holder, slot.key);
      return;
    }
    case "swap": {
      const a = pick(all, m.at);
      const b = pick(all, m.with);
      if (!a || !b) return;
      const va = structuredClone(read(a));
      write(a, structuredClone(read(b)));
      write(b, va);
      return;
    }
    case "reparent": {
      // Pointing a node at another record, often its own descendant, makes cycles and
      // parents of the wrong kind.
      const node = pick(
        records.filter((r) => "parent" in r),
        m.node,
      );
      const parent = pick(records, m.parent);
      if (node && parent) node.parent = parent.id ?? null;
      return;
    }
    case "retype": {
      const record = pick(records, m.at);
      if (record) record.type = m.type;
      return;
    }
    case "clone": {
      const record = pick(records, m.at);
      if (record && typeof root === "object" && root !== null && !Array.isArray(root)) {
        (root.records as Json[]).push(structuredClone(record));
      }
      return;
    }
  }
}

type Mutation = { level: "text"; m: TextMutation } | { level: "json"; m: JsonMutation };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  textMutationArb.map((m) => ({ level: "text" as const, m })),
  jsonMutationArb.map((m) => ({ level: "json" as const, m })),
);

function mutate(text: string, mutations: readonly Mutation[]): string {
  let current = text;
  for (const { level, m } of mutations) {
    if (level === "text") {
      current = applyText(current, m);
      continue;
    }
    let root: Json;
    try {
      root = JSON.parse(current) as Json;
    } catch {
      continue;
    }
    applyJson(root, m);
    current = JSON.stringify(root);
  }
  return current;
}

// ---- Inputs ----

const generated = fc.sample(documentArb(), { numRuns: 40, seed: 20240611 });
const v0Fixture = readFileSync(
  new URL("../fixtures/native/v0-basic.linework", import.meta.url),
  "utf8",
);
const bases: string[] = [
  ...generated.map((records) => serializeDocument(records)),
  // Older and newer files take other paths through the loader: migration and read-only opening.
  v0Fixture,
  JSON.stringify({ ...JSON.parse(serializeDocument(generated[0]!)), version: 9 }),
];

describe("native format fuzzing", () => {
  it(`survives ${FUZZ_RUNS} mutated files`, () => {
    const started = performance.now();
    let worst = 0;
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.nat({ max: bases.length - 1 }),
        fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
        (base, mutations) => {
          const text = mutate(bases[base]!, mutations);
          const before = performance.now();
          const result = parseDocument(text);
          worst = Math.max(worst, performance.now() - before);
          if (result.ok) accepted++;
          expectSafe(result);
        },
      ),
      { numRuns: FUZZ_RUNS, seed: 7 },
    );
    expect(worst).toBeLessThan(CASE_BUDGET_MS);
    // Both outcomes must be exercised, or the mutations are too weak or too strong.
    expect(accepted).toBeGreaterThan(FUZZ_RUNS * 0.02);
    expect(accepted).toBeLessThan(FUZZ_RUNS * 0.98);
    expect(performance.now() - started).toBeLessThan(60_000);
  }, 90_000);

  it("the unmutated inputs load", () => {
    for (const text of bases) {
      const result = parseDocument(text);
      expect(result.ok).toBe(true);
      expectSafe(result);
    }
  });
});

describe("save then load", () => {
  it("gives back the same records", () => {
    fc.assert(
      fc.property(documentArb(), (records) => {
        const text = serializeDocument(records);
        const result = parseDocument(text);
        if (!result.ok) throw new Error(result.error);
        expect(result.readOnly).toBe(false);
        expect(result.message).toBeNull();
        expect(byId(result.records)).toEqual(byId(records));
        // Saving again writes the same shared styles in the same order.
        expect(JSON.parse(serializeDocument(result.records)).shared).toEqual(
          JSON.parse(text).shared,
        );
        expect(() => new DocumentStore(result.records, { invariants: KIND_RULES })).not.toThrow();
      }),
      { numRuns: ROUND_TRIP_RUNS },
    );
  });
});
