import { FACE_ADVANCES } from "./advances";
import { BUNDLED_FAMILIES, BUNDLED_FAMILY, resolvedFamilies } from "./family";

/** A text's type settings, as text nodes and labels hold them. */
export interface TypeSettings {
  readonly fontFamily: string;
  readonly fontSize: number;
  readonly fontWeight: number;
  readonly fontStyle: "normal" | "italic";
}

/** Advances in thousandths of an em by code point, per face key ("family|weight|style"). */
const FACES: ReadonlyMap<string, ReadonlyMap<number, number>> = new Map(
  Object.entries(FACE_ADVANCES).map(([key, pairs]) => [
    key,
    new Map(
      pairs.split(",").map((pair) => {
        const [code, advance] = pair.split("=");
        return [parseInt(code!, 36), parseInt(advance!, 36)];
      }),
    ),
  ]),
);

/** The shipped families by their lower-cased names. */
const SHIPPED_BY_NAME: ReadonlyMap<string, string> = new Map(
  BUNDLED_FAMILIES.map((family) => [family.toLowerCase(), family]),
);

/**
 * A character no shipped face has is drawn in a face of the machine's: taken as 0.6 em, or a
 * full em for the wide scripts (CJK, Hangul, fullwidth forms) whose glyphs are square.
 */
function unknownAdvance(code: number): number {
  return code >= 0x2e80 && code <= 0xffef ? 1000 : 600;
}

/**
 * The shipped face that draws text of these settings: the first shipped family of its list as
 * it is drawn (a family the machine may have is not counted on), the weight CSS would match of
 * the two shipped (400 up to 500, 700 above), the style asked for.
 */
function faceOf(type: TypeSettings): ReadonlyMap<number, number> {
  let shipped = BUNDLED_FAMILY;
  for (const name of resolvedFamilies(type.fontFamily)) {
    const found = SHIPPED_BY_NAME.get(name.toLowerCase());
    if (found !== undefined) {
      shipped = found;
      break;
    }
  }
  const weight = type.fontWeight > 500 ? 700 : 400;
  return (
    FACES.get(`${shipped}|${weight}|${type.fontStyle}`) ??
    FACES.get(`${BUNDLED_FAMILY}|400|normal`)!
  );
}

/**
 * How wide `text` is set in the shipped face for `type`: the sum of its characters' advances
 * (no kerning), which is how the canvas's word wrap adds up a line's words too.
 */
export function shippedWidth(text: string, type: TypeSettings): number {
  return widthIn(faceOf(type), text, type.fontSize);
}

function widthIn(face: ReadonlyMap<number, number>, text: string, fontSize: number): number {
  let thousandths = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    thousandths += face.get(code) ?? unknownAdvance(code);
  }
  return (thousandths * fontSize) / 1000;
}

/** Whether a character is a space that lines break at. */
function isBreakingSpace(char: string): boolean {
  return char === " " || char === "\t";
}

/** A paragraph's words and the spaces between them, each space a token of its own. */
function tokens(paragraph: string): string[] {
  return paragraph.split(/([ \t])/).filter((token) => token !== "");
}

/**
 * A paragraph's lines wrapped greedily at `width`, as PixiJS wraps canvas text with `breakWords`:
 * token by token, their widths added up; a word wider than the width starts a line and is broken
 * between characters; spaces at a line's end are dropped, and a line begun by wrapping drops the
 * spaces it would start with. The export sets lines by it too, so they break where the canvas's
 * do.
 */
export function wrapParagraph(
  paragraph: string,
  width: number,
  widthOf: (text: string) => number,
): string[] {
  const lines: string[] = [];
  let line = "";
  let used = 0;
  let canPrependSpaces = true;
  const push = (): void => {
    lines.push(line.trimEnd());
    line = "";
    used = 0;
  };
  for (const token of tokens(paragraph)) {
    const tokenWidth = widthOf(token);
    if (tokenWidth > width) {
      if (line !== "") push();
      for (const char of token) {
        const charWidth = widthOf(char);
        if (charWidth + used > width) {
          push();
          canPrependSpaces = false;
        }
        line += char;
        used += charWidth;
      }
      continue;
    }
    if (tokenWidth + used > width) {
      canPrependSpaces = false;
      push();
    }
    if (line.length > 0 || !isBreakingSpace(token) || canPrependSpaces) {
      line += token;
      used += tokenWidth;
    }
  }
  if (line.trimEnd() !== "" || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

/**
 * The lines of a text: its paragraphs, each wrapped at `width` when it has one. A paragraph left
 * empty is a line of its own.
 */
export function textLines(
  content: string,
  width: number | null,
  widthOf: (text: string) => number,
): string[] {
  const paragraphs = content.split(/\r\n|\r|\n/);
  return width === null ? paragraphs : paragraphs.flatMap((p) => wrapParagraph(p, width, widthOf));
}

/**
 * The box a text takes set in the shipped faces: its widest line, and a line height a line.
 * Glyphs are measured from the faces' own advances, so the box is the same on every machine and
 * in Node, within kerning of what the canvas draws.
 */
export function shippedTextBox(
  text: TypeSettings & {
    readonly content: string;
    readonly width: number | null;
    readonly lineHeight: number;
  },
): { readonly width: number; readonly height: number } {
  const face = faceOf(text);
  const widthOf = (part: string): number => widthIn(face, part, text.fontSize);
  const lines = textLines(text.content, text.width, widthOf);
  let widest = 0;
  for (const line of lines) widest = Math.max(widest, widthOf(line));
  return { width: widest, height: lines.length * text.fontSize * text.lineHeight };
}
