// The part of opentype.js (2.x, which ships no types) that Linework uses.
declare module "opentype.js" {
  export interface OpenTypePath {
    toPathData(options?: { decimalPlaces?: number; flipY?: boolean }): string;
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
