import * as opentype from "opentype.js";
import type { OpenTypeFont, OpenTypeGlyph, OpenTypePath } from "opentype.js";
import { resolvedFamilies } from "./family";

export type FontStyle = "normal" | "italic";

/** A typeface whose glyph outlines can be written out: text as paths. */
export interface GlyphFont {
  /** Whether every character of `text` has a glyph of its own (not the missing-glyph box). */
  covers(text: string): boolean;
  /** Advance width of `text` at `fontSize`, kerned. */
  advance(text: string, fontSize: number): number;
  /** SVG path data of `text` set from `x` on the baseline `y`, kerned. */
  pathData(text: string, x: number, y: number, fontSize: number): string;
}

/** Which typefaces have outlines, by family, weight and style. */
export interface GlyphFonts {
  /**
   * The face for the first family of a CSS family list once generic families are resolved to
   * the shipped faces, or null if that family has no outlines here.
   */
  faceFor(familyList: string, weight: number, style: FontStyle): GlyphFont | null;
}

export interface FontFile {
  readonly family: string;
  readonly weight: number;
  readonly style: FontStyle;
  readonly data: ArrayBuffer;
}

/** opentype.js is CommonJS: Node hands its exports over as `default`, bundlers by name. */
function parseFont(data: ArrayBuffer): OpenTypeFont {
  const module = opentype as typeof opentype & { default?: typeof opentype };
  return (module.parse ?? module.default!.parse)(data);
}

/** Decimal places of written path data: a hundredth of a unit is below any visible difference. */
const PLACES = 2;

/**
 * A glyph path as SVG path data, written here rather than by opentype.js 2's toPathData: that
 * turns each glyph upside down within its own box unless told not to, and writes NaN for
 * coordinates a hair off a whole number (it rounds through strings such as "1e-14e+2").
 */
function pathData(path: OpenTypePath): string {
  const scale = 10 ** PLACES;
  const n = (v: number): string => String(Math.round(v * scale) / scale);
  let d = "";
  for (const c of path.commands) {
    if (c.type === "Z") d += "Z";
    else if (c.type === "Q") d += `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`;
    else if (c.type === "C")
      d += `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`;
    else d += `${c.type}${n(c.x)} ${n(c.y)}`;
  }
  return d;
}

/**
 * Glyphs are placed one by one from their advances and kerning pairs. opentype.js's own text
 * layout always runs the font's substitution lookups, and it throws on some that fonts such as
 * Inter use; Latin text needs none of them to read right.
 */
function glyphFont(font: OpenTypeFont): GlyphFont {
  const layout = (
    text: string,
    fontSize: number,
    place: (glyph: OpenTypeGlyph, x: number) => void,
  ): number => {
    const scale = fontSize / font.unitsPerEm;
    const glyphs = Array.from(text, (char) => font.charToGlyph(char));
    let x = 0;
    glyphs.forEach((glyph, i) => {
      place(glyph, x);
      x += (glyph.advanceWidth ?? 0) * scale;
      const next = glyphs[i + 1];
      if (next !== undefined) x += font.getKerningValue(glyph, next) * scale;
    });
    return x;
  };
  return {
    covers(text) {
      for (const char of text) {
        if (/\s/.test(char)) continue;
        if (font.charToGlyph(char).index === 0) return false;
      }
      return true;
    },
    advance: (text, fontSize) => layout(text, fontSize, () => {}),
    pathData(text, x, y, fontSize) {
      const parts: string[] = [];
      layout(text, fontSize, (glyph, at) => {
        parts.push(pathData(glyph.getPath(x + at, y, fontSize)));
      });
      return parts.join("");
    },
  };
}

/** The first family of a CSS font-family list, unquoted and lower-cased. */
export function firstFamily(familyList: string): string {
  const first = familyList.split(",")[0] ?? "";
  return first
    .trim()
    .replace(/^["']|["']$/g, "")
    .toLowerCase();
}

/**
 * Glyph fonts over a set of font files (TTF, OTF or WOFF). A family matches by name; within it
 * the face with the nearest weight and the same style is taken, as CSS font matching would,
 * falling back to the other style only when the family has none in the wanted one. Files are
 * parsed when first asked for.
 */
export function glyphFontsFrom(files: readonly FontFile[]): GlyphFonts {
  const faces = files.map((file) => ({
    ...file,
    family: file.family.toLowerCase(),
    font: null as GlyphFont | null,
  }));
  return {
    faceFor(familyList, weight, style) {
      // The first family of the list as it is drawn: `sans-serif` is drawn in the shipped
      // Inter, so its outlines are Inter's; a family the user named and that has no outlines
      // here gives null, since the machine that opens the file may have it.
      const family = resolvedFamilies(familyList)[0]!.toLowerCase();
      const candidates = faces.filter((face) => face.family === family);
      if (candidates.length === 0) return null;
      const styled = candidates.filter((face) => face.style === style);
      const pool = styled.length > 0 ? styled : candidates;
      const best = pool.reduce((a, b) =>
        Math.abs(b.weight - weight) < Math.abs(a.weight - weight) ? b : a,
      );
      best.font ??= glyphFont(parseFont(best.data));
      return best.font;
    },
  };
}
