import { describe, expect, it } from "vitest";
import { createDocument } from "../../src/doc/factory";
import { DocumentStore } from "../../src/doc/store";
import type { DocRecord, TextNode } from "../../src/doc/types";
import { exportSvg } from "../../src/io/export/svg";
import type { TextMeasure } from "../../src/io/export/textLayout";
import { importSvg } from "../../src/io/import/svg";

// SVG text is placed by its baseline and its anchor; a text node by its top-left corner. The
// import measures the text as the renderer and the export will lay it out, so the baseline and
// anchor come back where the file put them.

/** A font twice as wide as the estimate, with its own ascent and descent. */
const WIDE: TextMeasure = {
  width: (text, font) => text.length * Number(/(\d+(?:\.\d+)?)px/.exec(font)![1]) * 1.2,
  metrics: (_font, size) => ({ ascent: size * 0.75, descent: size * 0.25 }),
};

function imported(svg: string, measure?: TextMeasure): TextNode {
  const result = importSvg(
    `<svg xmlns="http://www.w3.org/2000/svg">${svg}</svg>`,
    "t",
    undefined,
    measure,
  );
  if (!result.ok) throw new Error(result.error);
  return result.nodes.find((n): n is TextNode => n.type === "text")!;
}

function exported(node: TextNode, measure?: TextMeasure): { x: number; y: number; anchor: number } {
  const [meta, page] = createDocument({ id: "d", pageId: "p", author: "", created: "2025-01-01" });
  const records: DocRecord[] = [meta!, page!, { ...node, id: "t", parent: "p", index: "a0" }];
  const { svg } = exportSvg(new DocumentStore(records), {
    scope: { page: "p" },
    linework: false,
    measure,
  });
  const [, tx, ty] = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(svg)!.map(Number);
  const [, sx, sy] = /<tspan x="([-\d.]+)" y="([-\d.]+)"/.exec(svg)!.map(Number);
  return { x: tx! + sx!, y: ty! + sy!, anchor: sx! };
}

describe("SVG text placement", () => {
  for (const [name, measure] of [
    ["estimated", undefined],
    ["measured", WIDE],
  ] as const) {
    it(`puts the baseline back at y, ${name}`, () => {
      const node = imported(`<text x="40" y="50" font-size="20">Text</text>`, measure);
      const back = exported(node, measure);
      expect(back.x).toBeCloseTo(40, 3);
      expect(back.y).toBeCloseTo(50, 3);
    });

    it(`centres a middle-anchored text on x and ends an end-anchored one there, ${name}`, () => {
      const width = (measure ?? { width: (t: string) => t.length * 20 * 0.6 }).width(
        "Text",
        "20px x",
      );
      const middle = imported(
        `<text x="100" y="50" font-size="20" text-anchor="middle">Text</text>`,
        measure,
      );
      expect(middle.transform.x).toBeCloseTo(100 - width / 2, 6);
      const end = imported(
        `<text x="100" y="50" font-size="20" text-anchor="end">Text</text>`,
        measure,
      );
      expect(end.transform.x).toBeCloseTo(100 - width, 6);
    });
  }

  it("writes a text's stroke over its glyphs", () => {
    const node = imported(
      `<text x="10" y="50" font-size="20" stroke="#008000" stroke-width="2">Text</text>`,
    );
    const [meta, page] = createDocument({
      id: "d",
      pageId: "p",
      author: "",
      created: "2025-01-01",
    });
    const { svg } = exportSvg(
      new DocumentStore([meta!, page!, { ...node, id: "t", parent: "p", index: "a0" }]),
      { scope: { page: "p" }, linework: false },
    );
    expect(svg).toMatch(/<text [^>]*stroke="#008000"[^>]*stroke-width="2"/);
  });
});
