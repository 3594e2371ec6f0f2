import interBoldItalic from "@fontsource/inter/files/inter-latin-700-italic.woff?url";
import interBold from "@fontsource/inter/files/inter-latin-700-normal.woff?url";
import interItalic from "@fontsource/inter/files/inter-latin-400-italic.woff?url";
import interRegular from "@fontsource/inter/files/inter-latin-400-normal.woff?url";
import monoBoldItalic from "@fontsource/jetbrains-mono/files/jetbrains-mono-latin-700-italic.woff?url";
import monoBold from "@fontsource/jetbrains-mono/files/jetbrains-mono-latin-700-normal.woff?url";
import monoItalic from "@fontsource/jetbrains-mono/files/jetbrains-mono-latin-400-italic.woff?url";
import monoRegular from "@fontsource/jetbrains-mono/files/jetbrains-mono-latin-400-normal.woff?url";
import serifBoldItalic from "@fontsource/noto-serif/files/noto-serif-latin-700-italic.woff?url";
import serifBold from "@fontsource/noto-serif/files/noto-serif-latin-700-normal.woff?url";
import serifItalic from "@fontsource/noto-serif/files/noto-serif-latin-400-italic.woff?url";
import serifRegular from "@fontsource/noto-serif/files/noto-serif-latin-400-normal.woff?url";
import sansBoldItalic from "@fontsource/noto-sans/files/noto-sans-latin-700-italic.woff?url";
import sansBold from "@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff?url";
import sansItalic from "@fontsource/noto-sans/files/noto-sans-latin-400-italic.woff?url";
import sansRegular from "@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff?url";
import { BUNDLED_FAMILY, BUNDLED_MONOSPACE, BUNDLED_NOTO_SANS, BUNDLED_SERIF } from "./family";
import { glyphFontsFrom, type FontStyle, type GlyphFonts } from "./glyphFonts";

interface Face {
  readonly family: string;
  readonly weight: number;
  readonly style: FontStyle;
  readonly url: string;
}

/** WOFF rather than WOFF2: the outline reader takes WOFF, and one file then serves both. */
const FACES: readonly Face[] = [
  ...faces(BUNDLED_FAMILY, interRegular, interBold, interItalic, interBoldItalic),
  ...faces(BUNDLED_SERIF, serifRegular, serifBold, serifItalic, serifBoldItalic),
  ...faces(BUNDLED_MONOSPACE, monoRegular, monoBold, monoItalic, monoBoldItalic),
  ...faces(BUNDLED_NOTO_SANS, sansRegular, sansBold, sansItalic, sansBoldItalic),
];

function faces(
  family: string,
  regular: string,
  bold: string,
  italic: string,
  boldItalic: string,
): Face[] {
  return [
    { family, weight: 400, style: "normal", url: regular },
    { family, weight: 700, style: "normal", url: bold },
    { family, weight: 400, style: "italic", url: italic },
    { family, weight: 700, style: "italic", url: boldItalic },
  ];
}

let registered: Promise<void> | null = null;

/**
 * Makes the bundled faces (Inter, Noto Serif and JetBrains Mono) available to CSS and canvas text. Resolves when they have loaded (or
 * failed to: text then falls back to the system's fonts, as CSS does).
 */
export function registerBundledFonts(fonts: FontFaceSet = document.fonts): Promise<void> {
  registered ??= Promise.all(
    FACES.map((face) => {
      const fontFace = new FontFace(face.family, `url(${face.url}) format("woff")`, {
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
      return { ...face, data: await response.arrayBuffer() };
    }),
  ).then(glyphFontsFrom);
  glyphs.catch(() => {
    glyphs = null;
  });
  return glyphs;
}
