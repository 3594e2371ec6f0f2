import interBoldItalic from "@fontsource/inter/files/inter-latin-700-italic.woff?url";
import interBold from "@fontsource/inter/files/inter-latin-700-normal.woff?url";
import interItalic from "@fontsource/inter/files/inter-latin-400-italic.woff?url";
import interRegular from "@fontsource/inter/files/inter-latin-400-normal.woff?url";
import { BUNDLED_FAMILY } from "./family";
import { glyphFontsFrom, type FontStyle, type GlyphFonts } from "./glyphFonts";

/** WOFF rather than WOFF2: the outline reader takes WOFF, and one file then serves both. */
const FACES: readonly { weight: number; style: FontStyle; url: string }[] = [
  { weight: 400, style: "normal", url: interRegular },
  { weight: 700, style: "normal", url: interBold },
  { weight: 400, style: "italic", url: interItalic },
  { weight: 700, style: "italic", url: interBoldItalic },
];

let registered: Promise<void> | null = null;

/**
 * Makes the bundled faces available to CSS and canvas text. Resolves when they have loaded (or
 * failed to: text then falls back to the system's fonts, as CSS does).
 */
export function registerBundledFonts(fonts: FontFaceSet = document.fonts): Promise<void> {
  registered ??= Promise.all(
    FACES.map((face) => {
      const fontFace = new FontFace(BUNDLED_FAMILY, `url(${face.url}) format("woff")`, {
        weight: String(face.weight),
        style: face.style,
      });
      fonts.add(fontFace);
      return fontFace.load().then(
        () => undefined,
        () => undefined,
      );
    }),
  ).then(() => undefined);
  return registered;
}

let glyphs: Promise<GlyphFonts> | null = null;

/** The bundled faces' outlines, fetched once (from the browser's cache after CSS loaded them). */
export function bundledGlyphFonts(): Promise<GlyphFonts> {
  glyphs ??= Promise.all(
    FACES.map(async (face) => {
      const response = await fetch(face.url);
      if (!response.ok) throw new Error(`The font file ${face.url} did not load`);
      return { family: BUNDLED_FAMILY, ...face, data: await response.arrayBuffer() };
    }),
  ).then(glyphFontsFrom);
  glyphs.catch(() => {
    glyphs = null;
  });
  return glyphs;
}
