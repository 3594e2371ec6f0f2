import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { DocumentStore } from "../../src/doc/store";
import type { DocRecord, GroupNode, RectNode } from "../../src/doc/types";
import { FORMAT_VERSION, orderRecords, serializeDocument } from "../../src/io/native/format";
import { migrate, migrations } from "../../src/io/native/migrations";
import { parseDocument, type LoadResult } from "../../src/io/native/parse";
import { NATIVE_LIMITS, validateRecords } from "../../src/io/native/validate";
import { KIND_RULES } from "../../src/shapes/registry";

const fixture = (name: string): string =>
  readFileSync(new URL(`../fixtures/native/${name}`, import.meta.url), "utf8");

function rect(id: string, parent: string, index: string, extra: Partial<RectNode> = {}): RectNode {
  return {
    ...makeNode<RectNode>("rect", id, parent, index, {
      fill: DEFAULT_FILL,
      stroke: DEFAULT_STROKE,
      width: 10,
      height: 20,
      radii: [0, 0, 0, 0],
    }),
    ...extra,
  };
}

function sample(): DocRecord[] {
  const [meta, page] = createDocument({
    id: "doc",
    pageId: "p1",
    author: "Ada",
    created: "2025-01-02T03:04:05.000Z",
  });
  return [
    rect("r2", "g1", "a1"),
    makeNode<GroupNode>("group", "g1", "p1", "a1", {}),
    rect("r1", "p1", "a0"),
    rect("r3", "g1", "a0"),
    meta!,
    page!,
  ];
}

function mustLoad(result: LoadResult): DocRecord[] {
  if (!result.ok) throw new Error(result.error);
  return result.records;
}

function errorOf(result: LoadResult): string {
  if (result.ok) throw new Error("expected the load to fail");
  return result.error;
}

/** The fills and strokes the sample's records refer to by index. */
const SHARED: unknown = JSON.parse(serializeDocument(sample())).shared;

/** The sample as whole records in file order, as version 2 wrote them and version 3 still reads. */
const wholeRecords = (): Record<string, unknown>[] =>
  JSON.parse(JSON.stringify(orderRecords(sample())));

function withRecords(records: unknown, version = FORMAT_VERSION): string {
  return JSON.stringify({ format: "linework", version, shared: SHARED, records });
}

/** The sample as written, with its node columns open for editing. */
function columnFile(): { records: unknown[]; nodes: Record<string, unknown> & { more: object } } {
  return JSON.parse(serializeDocument(sample()));
}

describe("serializeDocument", () => {
  it("writes the envelope and records in tree order", () => {
    const text = serializeDocument(sample());
    const file = JSON.parse(text) as {
      format: string;
      version: number;
      records: DocRecord[];
      nodes: { ids: string };
    };
    expect(file.format).toBe("linework");
    expect(file.version).toBe(FORMAT_VERSION);
    expect(file.records.map((r) => r.id)).toEqual(["doc", "p1"]);
    expect(file.nodes.ids).toBe("r1 g1 r3 r2");
  });

  it("is stable whatever order the records come in", () => {
    const records = sample();
    expect(serializeDocument([...records].reverse())).toBe(serializeDocument(records));
  });

  it("round-trips and loads into a checked store", () => {
    const records = mustLoad(parseDocument(serializeDocument(sample())));
    const store = new DocumentStore(records, { invariants: KIND_RULES });
    expect(store.childrenOf("g1").map((n) => n.id)).toEqual(["r3", "r2"]);
  });
});

describe("parseDocument errors", () => {
  const good = serializeDocument(sample());

  it("explains truncation with a byte offset", () => {
    const error = errorOf(parseDocument(good.slice(0, 50)));
    expect(error).toMatch(/not a Linework document: it ends unexpectedly at byte 50/);
  });

  it("refuses things that are not Linework documents", () => {
    expect(errorOf(parseDocument(""))).toMatch(/empty/);
    expect(errorOf(parseDocument("\x89PNG\r\n"))).toMatch(/not valid JSON/);
    expect(errorOf(parseDocument("[1,2]"))).toMatch(/not a Linework document/);
    expect(errorOf(parseDocument('{"format":"sketch","version":1,"records":[]}'))).toMatch(
      /its format is "sketch"/,
    );
    expect(errorOf(parseDocument('{"format":"linework","version":"1","records":[]}'))).toMatch(
      /version/,
    );
  });

  it("names the record and field at fault", () => {
    const records = wholeRecords();
    const r1 = records[2]!;
    r1.fill = { type: "solid", color: { r: 2, g: 0, b: 0, a: 1 } };
    expect(errorOf(parseDocument(withRecords(records)))).toContain(
      "record 2 (id r1): fill.color.r must be a number between 0 and 1",
    );
    r1.fill = { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } };
    r1.radii = [0, 0, "4", 0];
    expect(errorOf(parseDocument(withRecords(records)))).toContain("record 2 (id r1): radii[2]");
    r1.radii = [0, 0, 0, 0];
    r1.blendMode = "plus";
    expect(errorOf(parseDocument(withRecords(records)))).toMatch(/blendMode must be one of/);
  });

  it("reports cycles, dangling parents and duplicate ids", () => {
    const records = wholeRecords();
    const group = records.find((r) => r.id === "g1")!;
    group.parent = "r3";
    expect(errorOf(parseDocument(withRecords(records)))).toMatch(/not a page, frame or group/);
    group.parent = "g1";
    expect(errorOf(parseDocument(withRecords(records)))).toMatch(/cycle/);
    group.parent = "nowhere";
    expect(errorOf(parseDocument(withRecords(records)))).toMatch(/parent nowhere does not exist/);
    group.parent = "p1";
    records.push({ ...records[2] });
    expect(errorOf(parseDocument(withRecords(records)))).toMatch(/id is already used by record 2/);
  });

  it("finds siblings that share an index", () => {
    const records = wholeRecords();
    records.find((r) => r.id === "r2")!.index = "a0";
    expect(errorOf(parseDocument(withRecords(records)))).toMatch(/shares index a0/);
  });

  it("drops unknown fields", () => {
    const records = wholeRecords();
    records[2]!.sparkle = { deep: [1, 2, 3] };
    records[2]!.transform = { x: 0, perspective: 3 };
    const loaded = mustLoad(parseDocument(withRecords(records)));
    expect(loaded[2]).not.toHaveProperty("sparkle");
    expect((loaded[2] as RectNode).transform).toEqual({
      x: 0,
      y: 0,
      rotation: 0,
      scaleX: 1,
      scaleY: 1,
      skewX: 0,
    });
  });

  it("names the limit that is exceeded", () => {
    const records = wholeRecords();
    let parent = "p1";
    for (let i = 0; i <= NATIVE_LIMITS.maxNestingDepth; i++) {
      records.push({ ...records[3], id: `deep${i}`, parent, index: "a5" });
      parent = `deep${i}`;
    }
    expect(errorOf(parseDocument(withRecords(records)))).toMatch(/maxNestingDepth/);

    const freehand = {
      ...records[2],
      type: "freehand",
      radii: undefined,
      width: undefined,
      height: undefined,
      points: new Array<number>((NATIVE_LIMITS.maxFreehandPoints + 1) * 3).fill(0),
      settings: {
        size: 4,
        thinning: 0.5,
        smoothing: 0.5,
        streamline: 0.5,
        simulatePressure: true,
        fixedWidth: false,
      },
    };
    expect(validateRecords([freehand], SHARED)).toMatchObject({
      ok: false,
      errors: [expect.stringMatching(/maxFreehandPoints/)],
    });
    const many = new Array<unknown>(NATIVE_LIMITS.maxRecords + 1);
    expect(validateRecords(many)).toMatchObject({
      ok: false,
      errors: [expect.stringMatching(/limit of 5000000 \(maxRecords\)/)],
    });
  });

  it("refuses a 200,000-level chain once, at the first level past the limit", () => {
    // Depths are remembered as the chain is walked (each node once, not once per descendant):
    // the chain is reported once, where it passes the limit, not by each node beneath.
    const records: unknown[] = wholeRecords();
    let parent = "p1";
    for (let i = 0; i < 200_000; i++) {
      records.push({ ...(records[3] as object), id: `c${i}`, parent, index: "a5" });
      parent = `c${i}`;
    }
    const result = validateRecords(records);
    expect(result.ok).toBe(false);
    const deep = (result.ok ? [] : result.errors).filter((e) => /maxNestingDepth/.test(e));
    expect(deep).toHaveLength(1);
    expect(deep[0]).toMatch(new RegExp(`c${NATIVE_LIMITS.maxNestingDepth}\\b`));
  });
});

describe("versions", () => {
  it("opens a newer file that fits this schema read-only", () => {
    const newer = FORMAT_VERSION + 1;
    const result = parseDocument(withRecords(wholeRecords(), newer));
    expect(result).toMatchObject({
      ok: true,
      readOnly: true,
      message: `This document was saved by a newer version of Linework (format ${newer}); it is open read-only.`,
    });
  });

  it("asks for a newer Linework when a newer file does not fit", () => {
    const records = wholeRecords();
    records[2]!.type = "hologram";
    expect(errorOf(parseDocument(withRecords(records, FORMAT_VERSION + 1)))).toMatch(
      new RegExp(`newer version of Linework \\(format ${FORMAT_VERSION + 1}\\); update Linework`),
    );
  });

  it("has a migration for every version below the current one", () => {
    for (let v = 0; v < FORMAT_VERSION; v++) expect(migrations[v]).toBeTypeOf("function");
    expect(() => migrate({ version: -1 })).toThrow();
  });

  it("migrates the version 0 fixture to its expected version 1 form", () => {
    const result = parseDocument(fixture("v0-basic.linework"));
    const expected = mustLoad(parseDocument(fixture("v0-basic.expected.linework")));
    expect(result).toMatchObject({ ok: true, readOnly: false });
    if (!result.ok) return;
    expect(result.message).toMatch(/older format \(0\)/);
    expect(result.records).toEqual(expected);
    const rect1 = result.records.find((r) => r.id === "rect1") as RectNode;
    expect(rect1.transform.rotation).toBeCloseTo(Math.PI / 2, 15);
    expect(() => new DocumentStore(result.records, { invariants: KIND_RULES })).not.toThrow();
    // Saving writes the current format, which loads back to the same records.
    expect(mustLoad(parseDocument(serializeDocument(result.records)))).toEqual(expected);
  });
});

describe("whole records (version 2 layout, still read by version 3)", () => {
  it("migrates the version 1 fixture to its expected version 2 form", () => {
    const result = parseDocument(fixture("v1-basic.linework"));
    const expected = mustLoad(parseDocument(fixture("v1-basic.expected.linework")));
    expect(result).toMatchObject({ ok: true, readOnly: false });
    if (!result.ok) return;
    expect(result.message).toMatch(/older format \(1\)/);
    expect(result.records).toEqual(expected);
    expect(JSON.parse(fixture("v1-basic.expected.linework")).version).toBe(2);
  });

  it("packs path geometry and checks it", () => {
    const path = {
      id: "path",
      type: "path",
      parent: "p1",
      index: "a9",
      fill: 0,
      stroke: 1,
      subpaths: [{ commands: "LQC", points: [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6] }],
      fillRule: "nonzero",
    };
    const records = wholeRecords();
    const loaded = mustLoad(parseDocument(withRecords([...records, path])));
    expect(loaded.find((r) => r.id === "path")).toMatchObject({
      subpaths: [
        {
          start: { x: 0, y: 0 },
          closed: false,
          segments: [
            { type: "line", to: { x: 1, y: 1 } },
            { type: "quad", control: { x: 2, y: 2 }, to: { x: 3, y: 3 } },
            {
              type: "cubic",
              control1: { x: 4, y: 4 },
              control2: { x: 5, y: 5 },
              to: { x: 6, y: 6 },
            },
          ],
        },
      ],
    });
    const short = { ...path, subpaths: [{ commands: "LQC", points: [0, 0, 1, 1] }] };
    expect(errorOf(parseDocument(withRecords([...records, short])))).toMatch(
      /subpaths\[0\]\.points must hold 14 numbers/,
    );
    const bad = { ...path, subpaths: [{ commands: "LZ", points: [0, 0, 1, 1, 2, 2] }] };
    expect(errorOf(parseDocument(withRecords([...records, bad])))).toMatch(
      /subpaths\[0\]\.commands must be a string of the segment commands/,
    );
  });
});

const byId = (list: readonly DocRecord[]): DocRecord[] =>
  [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

describe("version 5 labels", () => {
  const LABEL = {
    content: "Start\nhere",
    fontFamily: "Inter",
    fontSize: 20,
    fontWeight: 700,
    fontStyle: "italic" as const,
    color: { r: 1, g: 0, b: 0, a: 1 },
    position: 0.25,
  };

  it("keeps a shape's label through save and load; unlabelled shapes write no label", () => {
    const records = sample();
    records.push(rect("r4", "p1", "a2", { label: LABEL }));
    const text = serializeDocument(records);
    expect(text.match(/"label"/g)).toHaveLength(1);
    const loaded = mustLoad(parseDocument(text));
    expect(loaded.find((r) => r.id === "r4")).toMatchObject({ label: LABEL });
    expect(loaded.find((r) => r.id === "r1")).toMatchObject({ label: null });
  });

  it("reads a version 4 file as unlabelled, and says it was upgraded", () => {
    const written = JSON.parse(serializeDocument(sample())) as Record<string, unknown>;
    const result = parseDocument(JSON.stringify({ ...written, version: 4 }));
    expect(result).toMatchObject({ ok: true, readOnly: false });
    if (!result.ok) return;
    expect(result.message).toMatch(/older format \(4\)/);
    expect(result.records.find((r) => r.id === "r1")).toMatchObject({ label: null });
  });

  it("refuses a label that is not one, naming the field", () => {
    const records = sample();
    records.push(rect("r4", "p1", "a2", { label: { ...LABEL, position: 2 } }));
    const result = parseDocument(serializeDocument(records));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/label/);
  });
});

describe("version 3 columns", () => {
  it("migrates the version 2 fixture to its expected version 3 form", () => {
    const result = parseDocument(fixture("v2-basic.linework"));
    const expected = mustLoad(parseDocument(fixture("v2-basic.expected.linework")));
    expect(result).toMatchObject({ ok: true, readOnly: false });
    if (!result.ok) return;
    expect(result.message).toMatch(/older format \(2\)/);
    // Version 2 wrote image data after the nodes; version 3 keeps it with the whole records.
    expect(byId(result.records)).toEqual(byId(expected));
    expect(new Set(expected.map((r) => r.type)).size).toBe(14);
    expect(() => new DocumentStore(result.records, { invariants: KIND_RULES })).not.toThrow();
    // Later versions write the version 3 layout unchanged when no line end is bound and no shape
    // is labelled.
    const written = JSON.parse(fixture("v2-basic.expected.linework")) as { version: number };
    expect(written.version).toBe(3);
    expect(serializeDocument(result.records)).toBe(
      JSON.stringify({ ...written, version: FORMAT_VERSION }),
    );
  });

  it("puts nodes in columns, leaving defaults out, and restores them on load", () => {
    const records = sample();
    records.push(rect("r4", "p1", "a2", { name: "Card", opacity: 0.5, radii: [1, 2, 3, 4] }));
    const file = JSON.parse(serializeDocument(records));
    expect(file.nodes).toEqual({
      types: "RGRRR",
      ids: "r1 g1 r3 r2 r4",
      parents: [1, 1, 3, 3, 1],
      indexes: "a0 a1 a0 a1 a2",
      x: [0, 0, 0, 0, 0],
      y: [0, 0, 0, 0, 0],
      fill: [0, 0, 0, 0],
      stroke: [1, 1, 1, 1],
      width: [10, 10, 10, 10],
      height: [20, 20, 20, 20],
      paths: "",
      pathPoints: [],
      more: { "6": { name: "Card", opacity: 0.5, radii: [1, 2, 3, 4] } },
    });
    const loaded = mustLoad(parseDocument(serializeDocument(records)));
    expect(byId(loaded)).toEqual(byId(records));
  });

  it("writes ids and indexes holding spaces as lists", () => {
    const records = sample().map((r) => (r.id === "r1" ? { ...r, id: "r 1", index: "a 0" } : r));
    const file = JSON.parse(serializeDocument(records));
    expect(file.nodes.ids).toEqual(["r 1", "g1", "r3", "r2"]);
    expect(file.nodes.indexes).toEqual(["a 0", "a1", "a0", "a1"]);
    const loaded = mustLoad(parseDocument(serializeDocument(records)));
    expect(loaded.find((r) => r.id === "r 1")).toMatchObject({ index: "a 0" });
  });

  const errorWith = (edit: (file: ReturnType<typeof columnFile>) => void): string => {
    const file = columnFile();
    edit(file);
    return errorOf(parseDocument(JSON.stringify(file)));
  };

  it("names the record and field at fault", () => {
    expect(errorWith((f) => (f.nodes.x = ["1", 0, 0, 0]))).toContain(
      "record 2 (id r1): transform.x must be a number within ±1000000000000",
    );
    expect(errorWith((f) => (f.nodes.fill = [0, 0, 9]))).toContain(
      "record 5 (id r2): fill refers to shared value 9, which does not exist",
    );
    expect(errorWith((f) => (f.nodes.parents = [1, 99, 1, 3]))).toContain(
      "record 3 (id g1): parent must be a record number below 6 or an id",
    );
    expect(errorWith((f) => (f.nodes.parents = [1, 1, "gone", 3]))).toContain(
      "record 4 (id r3): parent gone does not exist",
    );
    expect(errorWith((f) => (f.nodes.types = "RGRX"))).toContain(
      "record 5: type must be one of the letters F, G, R",
    );
    expect(errorWith((f) => (f.nodes.ids = "r1 g1 r3 r1"))).toContain(
      "record 5 (id r1): the id is already used by record 2",
    );
    expect(errorWith((f) => (f.nodes.indexes = "a0 a1  a1"))).toContain(
      "record 4 (id r3): index must be a non-empty string",
    );
    expect(errorWith((f) => (f.nodes.more = { "3": { name: 5 } }))).toContain(
      "record 3 (id g1): name must be a string",
    );
    expect(errorWith((f) => (f.nodes.more = { "2": { rotation: "x" } }))).toContain(
      "record 2 (id r1): transform.rotation must be a number",
    );
    expect(errorWith((f) => (f.nodes.more = { "2": { radii: [0, -1, 0, 0] } }))).toContain(
      "record 2 (id r1): radii[1] must be a number between 0 and",
    );
    expect(errorWith((f) => (f.nodes.parents = [1, 1, 3, 2]))).toContain(
      "record 5 (id r2): parent r1 is a rect, not a page, frame or group",
    );
  });

  it("checks the columns' shapes", () => {
    expect(errorWith((f) => (f.nodes.ids = "r1 g1 r3"))).toContain(
      "nodes.ids must hold 4 entries, one per node",
    );
    expect(errorWith((f) => (f.nodes.width = [10, 10]))).toContain(
      "nodes.width must be a list of 3 entries",
    );
    expect(errorWith((f) => (f.nodes.more = { "7": {} }))).toContain(
      'nodes.more has an entry "7", which is not the record number of a node',
    );
    expect(errorWith((f) => (f.nodes.more = { "2": 1 }))).toContain(
      "nodes.more.2 must be an object",
    );
    expect(errorWith((f) => ((f as { nodes: unknown }).nodes = []))).toContain(
      "nodes must be an object",
    );
  });

  it("checks path geometry against its points", () => {
    const withPath = (): DocRecord[] => [
      ...sample(),
      {
        ...makeNode("path", "path", "p1", "a9", {}),
        fill: DEFAULT_FILL,
        stroke: DEFAULT_STROKE,
        subpaths: [
          { start: { x: 0, y: 0 }, closed: true, segments: [{ type: "line", to: { x: 1, y: 1 } }] },
        ],
        fillRule: "nonzero",
      } as DocRecord,
    ];
    const file = JSON.parse(serializeDocument(withPath()));
    expect(file.nodes.paths).toBe("MLZ");
    expect(file.nodes.pathPoints).toEqual([0, 0, 1, 1]);
    const broken = (paths: string, pathPoints: unknown[]): string =>
      errorOf(
        parseDocument(JSON.stringify({ ...file, nodes: { ...file.nodes, paths, pathPoints } })),
      );
    expect(broken("MLX", [0, 0, 1, 1])).toMatch(/record 6 \(id path\): subpaths must be written/);
    expect(broken("ML", [0, 0])).toMatch(/subpaths need more numbers than nodes.pathPoints holds/);
    expect(broken("ML", [0, 0, 1, 1, 2])).toMatch(/nodes.pathPoints holds 5 numbers/);
    expect(broken("ML", [0, 0, 1, "1"])).toMatch(/subpaths use nodes.pathPoints\[3\]/);
    expect(broken("ML ML", [0, 0, 1, 1])).toMatch(/nodes.paths describes more paths/);
  });

  it("counts column nodes against the record limit", () => {
    const file = columnFile();
    file.nodes.types = "R".repeat(NATIVE_LIMITS.maxRecords);
    expect(errorOf(parseDocument(JSON.stringify(file)))).toMatch(/\(maxRecords\)/);
  });
});

describe("error positions", () => {
  it("counts bytes, not characters", () => {
    const text = '{"format":"linework","version":1,"records":[{"name":"é€😀"';
    expect(errorOf(parseDocument(text))).toContain(
      `ends unexpectedly at byte ${Buffer.byteLength(text)}`,
    );
  });
});
