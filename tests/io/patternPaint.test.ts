import fc from "fast-check";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createDocument, DEFAULT_STROKE, NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { convertFill } from "../../src/doc/gradient";
import {
  MAX_PATTERN_DEPTH,
  patternChildren,
  patternDepth,
  patternProblems,
} from "../../src/doc/pattern";
import { DocumentStore } from "../../src/doc/store";
import {
  PATTERN_TILE,
  type DocRecord,
  type EllipseNode,
  type GroupNode,
  type PatternPaint,
  type RectNode,
  type SceneNode,
} from "../../src/doc/types";
import { exportSvg } from "../../src/io/export/svg";
import { importSvg } from "../../src/io/import/svg";
import { readUntrusted } from "../../src/io/import";
import { FORMAT_VERSION, serializeDocument } from "../../src/io/native/format";
import { parseDocument } from "../../src/io/native/parse";
import { patternArb } from "../support/arbitraries";
import { byId, elements, parseXml } from "./export/xml";
import { KIND_RULES } from "../../src/shapes/registry";

const GREEN = { r: 0, g: 0.5, b: 0, a: 1 };
const GREY = { r: 0.5, g: 0.5, b: 0.5, a: 1 };

function square(id: string, parent: string, index: string, x: number, color = GREEN): RectNode {
  return makeNode<RectNode>("rect", id, parent, index, {
    transform: { x, y: x, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
    width: 10,
    height: 10,
    radii: [0, 0, 0, 0],
    fill: { type: "solid", color },
    stroke: NO_STROKE,
  });
}

/** A 20 × 20 checker tile: grey at the corner, green diagonally across, rotated a little. */
function checker(extra: Partial<PatternPaint> = {}): PatternPaint {
  return {
    type: "pattern",
    width: 20,
    height: 20,
    transform: { x: 5, y: 10, rotation: 0.3, scaleX: 1, scaleY: 1, skewX: 0 },
    opacity: 1,
    content: [square("a", PATTERN_TILE, "a0", 0, GREY), square("b", PATTERN_TILE, "a1", 10)],
    ...extra,
  };
}

function documentWith(fill: PatternPaint, strokePaint: PatternPaint | null = null): DocRecord[] {
  const [meta, page] = createDocument({
    id: "doc",
    pageId: "p1",
    author: "",
    created: "2025-01-02T03:04:05.000Z",
  });
  const shape = makeNode<EllipseNode>("ellipse", "e1", "p1", "a0", {
    width: 160,
    height: 70,
    fill,
    stroke: { ...DEFAULT_STROKE, width: 6, paint: strokePaint },
  });
  return [meta!, page!, shape];
}

function loaded(text: string): DocRecord[] {
  const result = parseDocument(text);
  if (!result.ok) throw new Error(result.error);
  return result.records;
}

function errorOf(text: string): string {
  const result = parseDocument(text);
  if (result.ok) throw new Error("expected the load to fail");
  return result.error;
}

/** The file of `documentWith(fill)`, with its one pattern open for editing. */
function fileWithPattern(edit: (pattern: Record<string, unknown>) => void): string {
  const file = JSON.parse(serializeDocument(documentWith(checker())));
  const pattern = file.shared.find((v: { type?: string }) => v.type === "pattern");
  edit(pattern);
  return JSON.stringify(file);
}

describe("pattern paints in the model", () => {
  it("give their content by parent, in sibling order", () => {
    const group = makeNode<GroupNode>("group", "g", PATTERN_TILE, "a1", {});
    const paint = checker({
      content: [
        square("z", PATTERN_TILE, "a2", 0),
        group,
        square("y", "g", "a1", 1),
        square("x", "g", "a0", 2),
      ],
    });
    const children = patternChildren(paint);
    expect(children.get(PATTERN_TILE)!.map((n) => n.id)).toEqual(["g", "z"]);
    expect(children.get("g")!.map((n) => n.id)).toEqual(["x", "y"]);
    expect(patternProblems(paint)).toEqual([]);
  });

  it("are refused with a tile of no area, broken content or patterns nested too deep", () => {
    expect(patternProblems(checker({ width: 0 }))).toEqual(["the tile's width must be above 0"]);
    const orphan = checker({ content: [square("a", "nowhere", "a0", 0)] });
    expect(patternProblems(orphan)[0]).toMatch(/parent nowhere is not the tile/);
    const twice = checker({
      content: [square("a", PATTERN_TILE, "a0", 0), square("a", PATTERN_TILE, "a1", 0)],
    });
    expect(patternProblems(twice)).toEqual(["content node a: the id is already used"]);
    // A child listed before its group: the order also rules out cycles.
    const early = checker({
      content: [square("a", "g", "a0", 0), makeNode<GroupNode>("group", "g", "a", "a1", {})],
    });
    expect(patternProblems(early)[0]).toMatch(/parent g is not the tile/);
    let deep = checker();
    for (let i = 0; i < MAX_PATTERN_DEPTH; i++)
      deep = checker({ content: [{ ...square("a", PATTERN_TILE, "a0", 0), fill: deep }] });
    expect(patternDepth(deep)).toBe(MAX_PATTERN_DEPTH + 1);
    expect(patternProblems(deep).join()).toMatch(/patterns nest more than 8 deep/);
  });

  it("turn into a solid colour or a gradient of their content's colour", () => {
    const box = { minX: 0, minY: 0, maxX: 10, maxY: 10 };
    expect(convertFill(checker(), "solid", box)).toEqual({ type: "solid", color: GREY });
    expect(convertFill(checker(), "linear", box)).toMatchObject({ type: "linear" });
    expect(convertFill(checker(), "pattern", box)).toEqual(checker());
  });
});

describe("pattern paints in the native format (version 6)", () => {
  it("save and load as they are, fill and stroke, nested patterns included", () => {
    const inner = checker({ width: 4, height: 4, opacity: 0.5 });
    const outer = checker({
      content: [{ ...square("a", PATTERN_TILE, "a0", 0), fill: inner }],
    });
    const records = documentWith(outer, checker());
    const text = serializeDocument(records);
    expect(JSON.parse(text).version).toBe(FORMAT_VERSION);
    expect(FORMAT_VERSION).toBeGreaterThanOrEqual(6);
    const back = loaded(text);
    expect(back).toEqual(loaded(serializeDocument(back)));
    expect(back.find((r) => r.id === "e1")).toEqual(records.find((r) => r.id === "e1"));
    expect(() => new DocumentStore(back, { invariants: KIND_RULES })).not.toThrow();
  });

  it("round-trip any pattern (property)", () => {
    fc.assert(
      fc.property(patternArb(), patternArb(1), (fill, stroke) => {
        const records = documentWith(fill, stroke);
        const back = loaded(serializeDocument(records));
        expect(back.find((r) => r.id === "e1")).toEqual(records.find((r) => r.id === "e1"));
      }),
      { numRuns: 60 },
    );
  });

  it("refuse a pattern whose tile or content is broken, naming where", () => {
    expect(errorOf(fileWithPattern((p) => (p.width = 0)))).toMatch(
      /record 2 \(id e1\): fill\.width .*must be a number above 0/,
    );
    expect(errorOf(fileWithPattern((p) => delete p.content))).toMatch(/fill\.content .*is missing/);
    expect(
      errorOf(fileWithPattern((p) => ((p.content as { parent: string }[])[1]!.parent = "x"))),
    ).toMatch(/content.*parent x is not the tile/);
    expect(
      errorOf(fileWithPattern((p) => ((p.content as { type: string }[])[0]!.type = "image"))),
    ).toMatch(/content\[0\]/);
    expect(
      errorOf(fileWithPattern((p) => ((p.content as { width: unknown }[])[0]!.width = "wide"))),
    ).toMatch(/content\[0\]\.width/);
    expect(errorOf(fileWithPattern((p) => (p.content = {})))).toMatch(
      /fill\.content .*must be a list/,
    );
  });

  it("refuse patterns nested deeper than the limit", () => {
    let deep = checker();
    for (let i = 0; i < MAX_PATTERN_DEPTH; i++)
      deep = checker({ content: [{ ...square("a", PATTERN_TILE, "a0", 0), fill: deep }] });
    expect(errorOf(serializeDocument(documentWith(deep)))).toMatch(/limit maxPatternDepth/);
  });

  it("load a version 5 file, which has no patterns, as it is", () => {
    const fixture = (name: string): string =>
      readFileSync(new URL(`../fixtures/native/${name}`, import.meta.url), "utf8");
    const result = parseDocument(fixture("v5-basic.linework"));
    const expected = loaded(fixture("v5-basic.expected.linework"));
    expect(result).toMatchObject({ ok: true, readOnly: false });
    if (!result.ok) return;
    expect(result.message).toMatch(/older format \(5\)/);
    expect(result.records).toEqual(expected);
    expect(JSON.parse(fixture("v5-basic.expected.linework")).version).toBe(6);
    expect(serializeDocument(result.records)).toBe(
      fixture("v5-basic.expected.linework")
        .trim()
        .replace('"version":6', `"version":${FORMAT_VERSION}`),
    );
  });
});

describe("pattern paints in SVG", () => {
  it("export as a <pattern> in the node's units, its content as SVG", () => {
    const store = new DocumentStore(documentWith(checker({ opacity: 0.5 }), checker()), {
      invariants: KIND_RULES,
    });
    const { svg } = exportSvg(store, { scope: { page: "p1" }, linework: false });
    const root = parseXml(svg);
    const all = elements(root);
    const patterns = all.filter((e) => e.localName === "pattern");
    expect(patterns).toHaveLength(2);
    const ellipse = all.find((e) => e.localName === "ellipse")!;
    const id = /^url\(#(.+)\)$/.exec(ellipse.getAttribute("fill")!)![1]!;
    const pattern = byId(root, id);
    expect(patterns).toContain(pattern);
    expect(pattern.getAttribute("patternUnits")).toBe("userSpaceOnUse");
    expect(pattern.getAttribute("width")).toBe("20");
    expect(pattern.getAttribute("patternTransform")).toMatch(/^matrix\(/);
    expect(elements(pattern).filter((e) => e.localName === "rect")).toHaveLength(2);
    expect(ellipse.getAttribute("fill-opacity")).toBe("0.5");
    const other = patterns.find((p) => p !== pattern)!;
    expect(ellipse.getAttribute("stroke")).toBe(`url(#${other.getAttribute("id")})`);
  });

  it("come back from an exported file as they were (property)", () => {
    fc.assert(
      fc.property(patternArb(), (fill) => {
        const store = new DocumentStore(documentWith(fill), { invariants: KIND_RULES });
        const { svg } = exportSvg(store, { scope: { page: "p1" } });
        const result = readUntrusted("drawing.svg", new TextEncoder().encode(svg));
        if (!result.ok) throw new Error(result.error);
        const ellipse = result.nodes.find((n) => n.type === "ellipse")!;
        expect("fill" in ellipse && ellipse.fill).toEqual(fill);
      }),
      { numRuns: 40 },
    );
  });

  it("import from <pattern>: units, viewBox, transform, href inheritance", () => {
    const result = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 200">
        <pattern id="base" patternUnits="userSpaceOnUse" width="20" height="40" patternTransform="rotate(30)">
          <rect width="10" height="10" fill="green"/>
        </pattern>
        <pattern id="p" xlink:href="#base" height="20" x="5"/>
        <pattern id="box" x="0.1" y="0.2" width="0.25" height="0.5" viewBox="0 0 10 10" preserveAspectRatio="none">
          <circle cx="5" cy="5" r="5" fill="red"/>
        </pattern>
        <rect x="20" y="20" width="100" height="50" fill="url(#p)" stroke="url(#box)" stroke-opacity="0.5"/>
      </svg>`,
      "t.svg",
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.warnings).toEqual([]);
    const rect = result.nodes.find((n) => n.type === "rect") as RectNode;
    const fill = rect.fill as PatternPaint;
    expect(fill).toMatchObject({ type: "pattern", width: 20, height: 20, opacity: 1 });
    // rotate(30) · translate(5, 0), in the rectangle's local space (its corner at 20, 20).
    const angle = Math.PI / 6;
    expect(fill.transform.rotation).toBeCloseTo(angle, 12);
    expect(fill.transform.x).toBeCloseTo(5 * Math.cos(angle) - 20, 9);
    expect(fill.transform.y).toBeCloseTo(5 * Math.sin(angle) - 20, 9);
    expect(fill.content).toHaveLength(1);
    expect(fill.content[0]).toMatchObject({ type: "rect", parent: PATTERN_TILE, width: 10 });
    const stroke = rect.stroke.paint as PatternPaint;
    // objectBoundingBox: a quarter of the width, half the height, from 10 % and 20 % in.
    expect(stroke).toMatchObject({ width: 25, height: 25, opacity: 0.5 });
    expect(stroke.transform).toMatchObject({ x: 10, y: 10, scaleX: 1, scaleY: 1 });
    // The viewBox stretches the 10-unit circle over the 25 × 25 tile.
    const circle = stroke.content[0] as SceneNode & { width: number; height: number };
    expect(circle.type).toBe("ellipse");
    expect(circle.width * circle.transform.scaleX).toBeCloseTo(25, 9);
  });

  it("import what a pattern cannot keep with a warning, and recursion as no paint", () => {
    const result = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <pattern id="p" patternUnits="userSpaceOnUse" width="20" height="20">
          <rect width="20" height="20" fill="url(#p)" stroke="green"/>
          <image width="5" height="5" href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAYAAAB/qH1jAAAAJUlEQVR4nAXBAQEAMAiAMCIaxzjGIc4b8A2wwQ57GKzN2q29tQ8slRPZwDDwuwAAAABJRU5ErkJggg=="/>
        </pattern>
        <pattern id="empty" width="1" height="1"/>
        <rect width="50" height="50" fill="url(#p)"/>
        <rect width="50" height="50" fill="url(#empty) red"/>
        <line x2="50" stroke="url(#p2) blue"/>
        <pattern id="p2" width="1" height="1"><rect width="1" height="1"/></pattern>
      </svg>`,
      "t.svg",
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.warnings).toEqual(["Not imported: 1 image in a pattern."]);
    const [filled, empty] = result.nodes.filter((n) => n.type === "rect") as RectNode[];
    const fill = filled!.fill as PatternPaint;
    expect(fill.content).toHaveLength(1);
    expect(fill.content[0]).toMatchObject({ fill: { type: "none" } });
    // No content: no paint, not its fallback (the fallback is for a paint that cannot be used).
    expect(empty!.fill).toEqual({ type: "none" });
    // A bounding-box pattern on a line with no height: its fallback colour.
    const line = result.nodes.find((n) => n.type === "line")!;
    expect("stroke" in line && line.stroke.paint).toMatchObject({ type: "solid" });
  });
});
