import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { glyphFontsFrom, type FontFile, type GlyphFonts } from "../../src/fonts/glyphFonts";

function file(name: string): ArrayBuffer {
  const path = fileURLToPath(
    new URL(`../../node_modules/@fontsource/inter/files/${name}`, import.meta.url),
  );
  const bytes = readFileSync(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** The faces the app ships (Inter, regular and bold, upright and italic), read from disk. */
export function bundledGlyphFonts(): GlyphFonts {
  const faces: FontFile[] = [
    { family: "Inter", weight: 400, style: "normal", data: file("inter-latin-400-normal.woff") },
    { family: "Inter", weight: 700, style: "normal", data: file("inter-latin-700-normal.woff") },
    { family: "Inter", weight: 400, style: "italic", data: file("inter-latin-400-italic.woff") },
  ];
  return glyphFontsFrom(faces);
}
