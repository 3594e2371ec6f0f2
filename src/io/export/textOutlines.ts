import type { TextNode } from "../../doc/types";
import type { GlyphFonts } from "../../fonts/glyphFonts";
import type { TextLayout } from "./textLayout";

/**
 * A text node's lines as one path's data, laid out as the renderer lays them out (`layout`):
 * each line from its anchor on its baseline, justified lines word by word. Null when the
 * node's font has no outlines here or lacks a glyph the text needs; the text then stays text.
 */
export function outlineText(node: TextNode, layout: TextLayout, fonts: GlyphFonts): string | null {
  const font = fonts.faceFor(node.fontFamily, node.fontWeight, node.fontStyle);
  if (font === null || !font.covers(node.content)) return null;
  const size = node.fontSize;
  const parts: string[] = [];
  for (const line of layout.lines) {
    if (line.text.trim() === "") continue;
    const width = font.advance(line.text, size);
    const start =
      layout.anchor === "middle"
        ? line.x - width / 2
        : layout.anchor === "end"
          ? line.x - width
          : line.x;
    if (line.wordSpacing === 0) {
      parts.push(font.pathData(line.text, start, line.y, size));
      continue;
    }
    // Justified: each space is widened by wordSpacing, as SVG's word-spacing does.
    const space = font.advance(" ", size) + line.wordSpacing;
    let x = start;
    for (const word of line.text.split(" ")) {
      if (word !== "") parts.push(font.pathData(word, x, line.y, size));
      x += font.advance(word, size) + space;
    }
  }
  return parts.filter((d) => d !== "").join("");
}
