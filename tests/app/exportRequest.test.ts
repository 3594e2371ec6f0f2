import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createEditor } from "../../src/editing/editor";
import { NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { RectNode } from "../../src/doc/types";
import { documentExports } from "../../src/io/export/documentExports";
import { MAX_SCALE } from "../../src/io/export/png";
import { ESTIMATED_MEASURE } from "../../src/io/export/textLayout";
import { exportFile, parseScale } from "../../src/ui/dialogs/exportRequest";
import { bundledGlyphFonts } from "../support/fonts";
import { galleryDocument } from "../support/gallery";

function exportsOf() {
  const editor = createEditor(galleryDocument());
  // Node has no canvas to measure text with: the SVG writer's own estimate stands in.
  const exports = documentExports(
    () => editor.store,
    () => Promise.resolve(bundledGlyphFonts()),
    () => ESTIMATED_MEASURE,
  );
  return { editor, exports, pageId: editor.store.pages()[0]!.id };
}

describe("export dialog requests", () => {
  it("a custom scale is a number above 0 and at most the largest scale", () => {
    expect(parseScale("2.5")).toBe(2.5);
    expect(parseScale(" 3,5 ")).toBe(3.5);
    expect(parseScale(String(MAX_SCALE))).toBe(MAX_SCALE);
    for (const bad of [
      "",
      " ",
      "0",
      "-1",
      "abc",
      "1e9",
      "NaN",
      "Infinity",
      String(MAX_SCALE + 0.01),
    ])
      expect(parseScale(bad)).toBeNull();
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (value) => {
        const parsed = parseScale(String(value));
        expect(parsed === null).toBe(!(value > 0 && value <= MAX_SCALE));
      }),
    );
  });

  it("an SVG of the page with and without its background", async () => {
    const { exports, pageId } = exportsOf();
    const base = { format: "svg", scope: { page: pageId }, scale: 1, baseName: "Drawing" } as const;
    const plain = await exportFile(exports, { ...base, background: false });
    const filled = await exportFile(exports, { ...base, background: true });
    expect(plain.fileName).toBe("Drawing.svg");
    expect(plain.blob.type).toBe("image/svg+xml");
    const [plainText, filledText] = await Promise.all([plain.blob.text(), filled.blob.text()]);
    expect(plainText).toMatch(/<svg[\s\S]*<\/svg>\s*$/);
    expect(filledText).not.toBe(plainText);
    expect(filledText).toContain("data-linework-background");
    expect(plainText).not.toContain("data-linework-background");
  });

  it("an SVG with outlined text has glyph paths in place of text in the shipped typeface", async () => {
    const { editor, exports, pageId } = exportsOf();
    editor.store.transact("Retype", (tx) => {
      for (const node of editor.store
        .childrenOf(pageId)
        .flatMap((n) => [n, ...editor.store.childrenOf(n.id)]))
        if (node.type === "text")
          tx.update<typeof node>(node.id, { fontFamily: "Inter, sans-serif" });
    });
    const base = {
      format: "svg",
      scope: { page: pageId },
      scale: 1,
      background: false,
      baseName: "D",
    } as const;
    const asText = await (await exportFile(exports, base)).blob.text();
    const outlined = await (await exportFile(exports, { ...base, outlineText: true })).blob.text();
    expect(asText).toContain("<text");
    expect(outlined).not.toContain("<text");
    expect(outlined).toContain('aria-label="Linework gallery"');
  });

  it("a frame alone leaves out what lies beside it on the page", async () => {
    const { editor, exports, pageId } = exportsOf();
    const frame = editor.store.childrenOf(pageId).find((node) => node.type === "frame");
    expect(frame).toBeDefined();
    const outside = makeNode<RectNode>("rect", "outside", pageId, "zz", {
      width: 40,
      height: 30,
      radii: [0, 0, 0, 0],
      fill: { type: "solid", color: { r: 0, g: 0, b: 1, a: 1 } },
      stroke: NO_STROKE,
    });
    editor.store.transact("Add", (tx) =>
      tx.put({ ...outside, transform: { ...outside.transform, x: 5000, y: 5000 } }),
    );
    const base = { format: "svg", scale: 1, background: false, baseName: "D" } as const;
    const page = await exportFile(exports, { ...base, scope: { page: pageId } });
    const alone = await exportFile(exports, { ...base, scope: { frame: frame!.id } });
    expect(await page.blob.text()).toContain("translate(5000 5000)");
    expect(await alone.blob.text()).not.toContain("translate(5000 5000)");
  });

  it("a PDF of a selection is refused in plain words", async () => {
    const { exports } = exportsOf();
    await expect(
      exportFile(exports, {
        format: "pdf",
        scope: { nodes: ["red"] },
        scale: 1,
        background: true,
        baseName: "D",
      }),
    ).rejects.toThrow(/whole pages or frames/);
  });
});
