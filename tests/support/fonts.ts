import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { glyphFontsFrom, type FontFile, type GlyphFonts } from "../../src/fonts/glyphFonts";

function file(pkg: string, name: string): ArrayBuffer {
  const path = fileURLToPath(
    new URL(`../../node_modules/@fontsource/${pkg}/files/${name}`, import.meta.url),
  );
  const bytes = readFileSync(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** The faces the app ships (Inter in three faces, the serif and the monospace), read from disk. */
export function bundledGlyphFonts(): GlyphFonts {
  const faces: FontFile[] = [
    {
      family: "Inter",
      weight: 400,
      style: "normal",
      data: file("inter", "inter-latin-400-normal.woff"),
    },
    {
      family: "Inter",
      weight: 700,
      style: "normal",
      data: file("inter", "inter-latin-700-normal.woff"),
    },
    {
      family: "Inter",
      weight: 400,
      style: "italic",
      data: file("inter", "inter-latin-400-italic.woff"),
    },
    {
      family: "Noto Serif",
      weight: 400,
      style: "normal",
      data: file("noto-serif", "noto-serif-latin-400-normal.woff"),
    },
    {
      family: "JetBrains Mono",
      weight: 400,
      style: "normal",
      data: file("jetbrains-mono", "jetbrains-mono-latin-400-normal.woff"),
    },
  ];
  return glyphFontsFrom(faces);
}
