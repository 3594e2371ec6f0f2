// The part of opentype.js (2.x, which ships no types) that Linework uses.
declare module "opentype.js" {
  export type OpenTypePathCommand =
    | { readonly type: "M" | "L"; readonly x: number; readonly y: number }
    | {
        readonly type: "Q";
        readonly x1: number;
        readonly y1: number;
        readonly x: number;
        readonly y: number;
      }
    | {
        readonly type: "C";
        readonly x1: number;
        readonly y1: number;
        readonly x2: number;
        readonly y2: number;
        readonly x: number;
        readonly y: number;
      }
    | { readonly type: "Z" };
  export interface OpenTypePath {
    readonly commands: readonly OpenTypePathCommand[];
  }
  export interface OpenTypeGlyph {
    readonly index: number;
    readonly advanceWidth: number | undefined;
    getPath(x: number, y: number, fontSize: number): OpenTypePath;
  }
  export interface OpenTypeFont {
    readonly unitsPerEm: number;
    charToGlyph(char: string): OpenTypeGlyph;
    getKerningValue(left: OpenTypeGlyph, right: OpenTypeGlyph): number;
  }
  export function parse(buffer: ArrayBuffer): OpenTypeFont;
}
