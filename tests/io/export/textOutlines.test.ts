import { describe, expect, it } from "vitest";
import { NO_STROKE } from "../../../src/doc/factory";
import { makeNode } from "../../../src/shapes/makeNode";
import { DocumentStore } from "../../../src/doc/store";
import type { TextNode } from "../../../src/doc/types";
import { firstFamily } from "../../../src/fonts/glyphFonts";
import { exportSvg } from "../../../src/io/export/svg";
import { ESTIMATED_MEASURE, layoutText } from "../../../src/io/export/textLayout";
import { outlineText } from "../../../src/io/export/textOutlines";
import { readUntrusted } from "../../../src/io/import";
import { bundledGlyphFonts } from "../../support/fonts";
import { elements, parseXml, type XmlElement } from "./xml";
import { KIND_RULES } from "../../../src/shapes/registry";

function named(root: XmlElement, name: string): XmlElement[] {
  return elements(root).filter((element) => element.nodeName === name);
}

const fonts = bundledGlyphFonts();

function text(id: string, index: string, fields: Partial<TextNode> = {}): TextNode {
  return makeNode<TextNode>("text", id, "page", index, {
    content: "Hello, Linework",
    fontFamily: "Inter, system-ui, sans-serif",
    fontSize: 20,
    fontWeight: 400,
    fontStyle: "normal",
    align: "left",
    lineHeight: 1.2,
    width: null,
    fill: { type: "solid", color: { r: 0.2, g: 0.4, b: 0.6, a: 1 } },
    stroke: NO_STROKE,
    ...fields,
  });
}

function store(...nodes: TextNode[]): DocumentStore {
  return new DocumentStore(
    [
      { id: "doc", type: "document", name: "", author: "", created: "2026-01-01T00:00:00.000Z" },
      {
        id: "page",
        type: "page",
        name: "Page",
        index: "a0",
        background: { r: 1, g: 1, b: 1, a: 1 },
      },
      ...nodes,
    ],
    { invariants: KIND_RULES },
  );
}

/** The x and y coordinates of path data's points. */
function points(d: string): { xs: number[]; ys: number[] } {
  const numbers = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  return {
    xs: numbers.filter((_, i) => i % 2 === 0),
    ys: numbers.filter((_, i) => i % 2 === 1),
  };
}

describe("text as outlines", () => {
  it("matches a family by the first name of its CSS list", () => {
    expect(firstFamily(' "Inter" , system-ui')).toBe("inter");
    expect(fonts.faceFor("Inter, sans-serif", 400, "normal")).not.toBeNull();
    // Generic families are drawn in the shipped faces, so they outline in them too; a family
    // the user named that has no outlines here stays text.
    expect(fonts.faceFor("sans-serif, Inter", 400, "normal")).toBe(
      fonts.faceFor("Inter", 400, "normal"),
    );
    expect(fonts.faceFor("serif", 400, "normal")).toBe(fonts.faceFor("Noto Serif", 400, "normal"));
    expect(fonts.faceFor("ui-monospace", 400, "normal")).toBe(
      fonts.faceFor("JetBrains Mono", 400, "normal"),
    );
    expect(fonts.faceFor("Helvetica, sans-serif", 400, "normal")).toBeNull();
    // Bold text takes the bold face: wider glyphs than the regular one.
    const bold = fonts.faceFor("Inter", 700, "normal")!;
    const regular = fonts.faceFor("Inter", 400, "normal")!;
    expect(bold.advance("Linework", 20)).toBeGreaterThan(regular.advance("Linework", 20));
  });

  it("draws glyphs upright, in every shipped face, with no NaN", () => {
    // An L's foot lies on the baseline and its stem rises above it: the points right of the
    // stem are all near the baseline. Upside down, they would be near the cap height.
    for (const family of ["Inter", "Noto Serif", "JetBrains Mono"]) {
      const face = fonts.faceFor(family, 400, "normal")!;
      const d = face.pathData("L", 0, 100, 100);
      expect(d, family).not.toContain("NaN");
      const { xs, ys } = points(d);
      const foot = ys.filter((_, i) => xs[i]! > 40);
      expect(foot.length, family).toBeGreaterThan(0);
      for (const y of foot) expect(y, family).toBeGreaterThan(70);
      expect(Math.min(...ys), family).toBeLessThan(40);
      // Glyphs placed at fractional offsets land a hair off whole numbers.
      const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("");
      for (const x of [0, 13.37, 140.32])
        expect(face.pathData(ascii, x, 100, 40), family).not.toContain("NaN");
    }
  });

  it("writes glyph paths on the renderer's baselines, in the text's colour", () => {
    const node = text("t", "a0");
    const exported = exportSvg(store(node), {
      scope: { nodes: ["t"] },
      measure: ESTIMATED_MEASURE,
      outlineText: fonts,
    });
    const root = parseXml(exported.svg);
    expect(named(root, "text")).toHaveLength(0);
    const [path] = named(root, "path");
    expect(path!.getAttribute("aria-label")).toBe("Hello, Linework");
    expect(path!.getAttribute("fill")).toBe("#336699");
    const { xs, ys } = points(path!.getAttribute("d")!);
    const baseline = layoutText(node, ESTIMATED_MEASURE).lines[0]!.y;
    // Glyphs sit on the baseline: cap height above it, commas and descenders a little below.
    expect(Math.min(...ys)).toBeGreaterThan(baseline - 20);
    expect(Math.min(...ys)).toBeLessThan(baseline - 10);
    expect(Math.max(...ys)).toBeLessThan(baseline + 8);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeCloseTo(
      fonts.faceFor("Inter", 400, "normal")!.advance("Hello, Linework", 20),
      -1,
    );
    expect(exported.warnings).toEqual([]);
  });

  it("centres, right-aligns and justifies lines as the layout does", () => {
    const fontsFace = fonts.faceFor("Inter", 400, "normal")!;
    for (const align of ["center", "right"] as const) {
      const node = text("t", "a0", { content: "wide line here\nshort", align });
      const layout = layoutText(node, ESTIMATED_MEASURE);
      const d = outlineText(node, layout, fonts)!;
      const widthShort = fontsFace.advance("short", 20);
      // The second line's glyphs: those below the first baseline plus half a line.
      const numbers = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
      const second: number[] = [];
      for (let i = 0; i + 1 < numbers.length; i += 2)
        if (numbers[i + 1]! > layout.lines[0]!.y + 8) second.push(numbers[i]!);
      const expectedStart =
        align === "center" ? layout.lines[1]!.x - widthShort / 2 : layout.lines[1]!.x - widthShort;
      expect(Math.min(...second)).toBeGreaterThanOrEqual(expectedStart - 0.5);
      expect(Math.max(...second)).toBeLessThanOrEqual(expectedStart + widthShort + 0.5);
    }
    const justified = text("j", "a0", {
      content: "a bb ccc dddd eeeee ffffff g hh",
      align: "justify",
      width: 120,
    });
    const layout = layoutText(justified, ESTIMATED_MEASURE);
    expect(layout.lines.length).toBeGreaterThan(1);
    expect(layout.lines[0]!.wordSpacing).toBeGreaterThan(0);
    const d = outlineText(justified, layout, fonts)!;
    const all = points(d);
    const firstLine = all.xs.filter((_, i) => all.ys[i]! < layout.lines[0]!.y + 8);
    // A justified line reaches across the widest line, not just its own glyphs' width.
    expect(Math.max(...firstLine)).toBeGreaterThan(
      fontsFace.advance(layout.lines[0]!.text, 20) + 1,
    );
  });

  it("keeps text whose font has no outlines, or lacks a character, as text, and says so", () => {
    const helvetica = text("g", "a0", { fontFamily: "Helvetica, sans-serif" });
    const foreign = text("f", "a1", { content: "漢字 text" });
    const exported = exportSvg(store(helvetica, foreign), {
      scope: { page: "page" },
      measure: ESTIMATED_MEASURE,
      outlineText: fonts,
    });
    const root = parseXml(exported.svg);
    expect(named(root, "text")).toHaveLength(2);
    expect(exported.warnings).toHaveLength(2);
    expect(exported.warnings[0]).toMatch(/stays text/);
  });

  it("imports back as the same text node", () => {
    const node = text("t", "a0", {
      align: "center",
      width: 90,
      content: "Round trip of outlined words",
    });
    const { svg } = exportSvg(store(node), { scope: { page: "page" }, outlineText: fonts });
    expect(svg).not.toContain("<text");
    const result = readUntrusted("outlined.svg", svg);
    if (!result.ok) throw new Error(result.error);
    const back = result.nodes.find((n) => n.type === "text") as TextNode | undefined;
    expect(back?.content).toBe(node.content);
    expect(back?.align).toBe("center");
    expect(back?.width).toBe(90);
  });
});
