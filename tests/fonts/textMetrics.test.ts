import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_STROKE } from "../../src/doc/factory";
import type { TextNode } from "../../src/doc/types";
import { DEFAULT_TEXT_FAMILY } from "../../src/fonts/family";
import { shippedTextBox, shippedWidth, wrapParagraph } from "../../src/fonts/textMetrics";
import { makeNode } from "../../src/shapes/makeNode";
import { kindOf } from "../../src/shapes/registry";
import { advancesModule, OUTPUT } from "../../scripts/font-advances.mjs";
import { bundledGlyphFonts } from "../support/fonts";

const INTER = {
  fontFamily: DEFAULT_TEXT_FAMILY,
  fontSize: 24,
  fontWeight: 400,
  fontStyle: "normal",
} as const;

function text(content: string, width: number | null): TextNode {
  return makeNode<TextNode>("text", "t", "page", "a0", {
    ...INTER,
    content,
    align: "left",
    lineHeight: 1.25,
    width,
    fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
    stroke: NO_STROKE,
  });
}

describe("text measured in the shipped faces", () => {
  it("the advances table is generated from the shipped WOFF files, and current", () => {
    expect(readFileSync(OUTPUT, "utf8")).toBe(advancesModule());
  });

  it("measures each glyph's own advance, as the face's outlines do", () => {
    const inter = bundledGlyphFonts().faceFor(DEFAULT_TEXT_FAMILY, 400, "normal")!;
    for (const sample of ["WWWWWWWWWW", "iiiiiiiiii", "Hello world", "Ærø 12,50 €"]) {
      // The outlines' advance is kerned; the table's is not (as the canvas's word wrap adds it).
      expect(shippedWidth(sample, INTER)).toBeCloseTo(inter.advance(sample, 24), -1);
    }
    // Ten W are four times as wide as ten i, where a guess per character made them equal.
    expect(shippedWidth("WWWWWWWWWW", INTER)).toBeGreaterThan(
      4 * shippedWidth("iiiiiiiiii", INTER),
    );
    // Bold is wider; a weight of 600 is drawn in the bold face, 500 in the regular.
    const bold = shippedWidth("Hello", { ...INTER, fontWeight: 700 });
    expect(bold).toBeGreaterThan(shippedWidth("Hello", INTER));
    expect(shippedWidth("Hello", { ...INTER, fontWeight: 600 })).toBe(bold);
    expect(shippedWidth("Hello", { ...INTER, fontWeight: 500 })).toBe(shippedWidth("Hello", INTER));
    // A generic family is measured in the face drawn for it.
    expect(shippedWidth("mono", { ...INTER, fontFamily: "monospace" })).toBeCloseTo(
      4 * 0.6 * 24,
      0,
    );
  });

  it("a wrapped text is as tall as its wrapped lines, and as wide as its width", () => {
    const sentence = "The quick brown fox jumps over the lazy dog again and again";
    const box = kindOf(text(sentence, 200)).localBounds(text(sentence, 200))!;
    expect(box.maxX).toBe(200);
    expect(box.maxY).toBeCloseTo(4 * 24 * 1.25, 6);
    const free = kindOf(text("WWWWWWWWWW", null)).localBounds(text("WWWWWWWWWW", null))!;
    expect(free.maxX).toBeCloseTo(shippedWidth("WWWWWWWWWW", INTER), 6);
    expect(free.maxY).toBeCloseTo(30, 6);
  });

  it("wraps no line wider than the width unless one glyph is, and keeps every character", () => {
    const word = fc.stringMatching(/^[A-Za-z0-9.,!?]{1,14}$/);
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 20 }),
        fc.integer({ min: 10, max: 400 }),
        (words, width) => {
          const paragraph = words.join(" ");
          const widthOf = (part: string): number => shippedWidth(part, INTER);
          const lines = wrapParagraph(paragraph, width, widthOf);
          for (const line of lines)
            if ([...line].length > 1) expect(widthOf(line)).toBeLessThanOrEqual(width + 1e-9);
          expect(lines.join("").replace(/ /g, "")).toBe(paragraph.replace(/ /g, ""));
          expect(
            shippedTextBox({ ...INTER, content: paragraph, width, lineHeight: 1 }).height,
          ).toBe(lines.length * 24);
        },
      ),
      { numRuns: 300 },
    );
  });
});
