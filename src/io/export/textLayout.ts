import { resolvedFamilyList } from "../../fonts/family";
import { textLines } from "../../fonts/textMetrics";
import type { TextNode } from "../../doc/types";

/**
 * How text is measured. The browser measures with a canvas, as the renderer does; Node has no
 * fonts, so there the estimate below stands in (the same one the scene bounds use).
 */
export interface TextMeasure {
  /** Advance width of `text` in the CSS `font`. */
  width(text: string, font: string): number;
  /** Ink ascent and descent of the font (the renderer takes them from "|ÉqÅM"). */
  metrics(font: string, fontSize: number): { readonly ascent: number; readonly descent: number };
}

/** Average glyph advance and ink extents as shares of the font size, for unmeasured text. */
const ESTIMATE = { advance: 0.6, ascent: 0.93, descent: 0.24 };

export const ESTIMATED_MEASURE: TextMeasure = {
  width: (text, font) => text.length * fontSizeOf(font) * ESTIMATE.advance,
  metrics: (_font, fontSize) => ({
    ascent: fontSize * ESTIMATE.ascent,
    descent: fontSize * ESTIMATE.descent,
  }),
};

function fontSizeOf(font: string): number {
  const match = /(\d+(?:\.\d+)?)px/.exec(font);
  return match ? Number(match[1]) : 16;
}

/**
 * The font-family list as CSS and SVG read it: generic families resolved to the shipped faces,
 * named families quoted, so measuring, drawing and every export set text in the same faces.
 */
export const fontFamilyList = resolvedFamilyList;

/** The CSS font shorthand the renderer sets on its canvas for this node. */
export function cssFont(node: TextNode): string {
  return `${node.fontStyle} normal ${node.fontWeight} ${node.fontSize}px ${fontFamilyList(node.fontFamily)}`;
}

export interface TextLine {
  readonly text: string;
  /** Offset of the line's start (for its anchor) from the node's left edge. */
  readonly x: number;
  /** Baseline, from the node's top. */
  readonly y: number;
  /** Extra advance per space, for justified lines. */
  readonly wordSpacing: number;
}

export interface TextLayout {
  readonly lines: readonly TextLine[];
  readonly anchor: "start" | "middle" | "end";
}

/**
 * Lines and baselines as the renderer lays them out (PixiJS canvas text): line j's baseline at
 * j·L + (L − (ascent + descent)) / 2 + ascent, with L the line height in pixels; lines aligned
 * within the widest one.
 */
export function layoutText(node: TextNode, measure: TextMeasure): TextLayout {
  const font = cssFont(node);
  const texts = textLines(node.content, node.width, (part) => measure.width(part, font));
  const widths = texts.map((text) => measure.width(text, font));
  const widest = Math.max(0, ...widths);
  const lineHeight = node.fontSize * node.lineHeight;
  const { ascent, descent } = measure.metrics(font, node.fontSize);
  const shift = (lineHeight - (ascent + descent)) / 2 + ascent;
  const anchor = node.align === "center" ? "middle" : node.align === "right" ? "end" : "start";
  const x = anchor === "middle" ? widest / 2 : anchor === "end" ? widest : 0;
  const lines = texts.map((text, j) => {
    let wordSpacing = 0;
    if (node.align === "justify" && node.width !== null && j < texts.length - 1) {
      const spaces = text.split(" ").length - 1;
      if (spaces > 0) wordSpacing = (widest - widths[j]!) / spaces;
    }
    return { text, x, y: j * lineHeight + shift, wordSpacing };
  });
  return { lines, anchor };
}

/**
 * A `<text>` element's font attributes for `node` laid out as `layout` (those at SVG's initial
 * values left out), as the export and clip paths write them.
 */
export function textFontAttributes(
  node: TextNode,
  layout: TextLayout,
): Record<string, string | number | undefined> {
  return {
    "xml:space": "preserve",
    "font-family": fontFamilyList(node.fontFamily),
    "font-size": node.fontSize,
    "font-weight": node.fontWeight === 400 ? undefined : node.fontWeight,
    "font-style": node.fontStyle === "normal" ? undefined : node.fontStyle,
    "text-anchor": layout.anchor === "start" ? undefined : layout.anchor,
  };
}
