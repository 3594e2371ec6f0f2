import type { RGBA } from "../doc/types";

/** The CSS colour keywords people type most; anything else is written in hex. */
export const NAMED_COLORS: Readonly<Record<string, string>> = {
  black: "#000000",
  white: "#ffffff",
  red: "#ff0000",
  green: "#008000",
  lime: "#00ff00",
  blue: "#0000ff",
  yellow: "#ffff00",
  cyan: "#00ffff",
  magenta: "#ff00ff",
  orange: "#ffa500",
  purple: "#800080",
  pink: "#ffc0cb",
  brown: "#a52a2a",
  gray: "#808080",
  grey: "#808080",
  navy: "#000080",
  teal: "#008080",
  transparent: "#00000000",
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or a name; null when it is none of these. */
export function parseColor(text: string): RGBA | null {
  const lower = text.toLowerCase();
  const hex = NAMED_COLORS[lower] ?? lower;
  if (!HEX.test(hex)) return null;
  const digits = hex.length <= 5 ? [...hex.slice(1)].map((d) => d + d).join("") : hex.slice(1);
  const channel = (i: number): number => parseInt(digits.slice(i * 2, i * 2 + 2), 16) / 255;
  return { r: channel(0), g: channel(1), b: channel(2), a: digits.length === 8 ? channel(3) : 1 };
}

/** `#rrggbb`, with `aa` only when the colour is not opaque. */
export function formatColor(color: RGBA): string {
  const byte = (v: number): string =>
    Math.round(Math.min(1, Math.max(0, v)) * 255)
      .toString(16)
      .padStart(2, "0");
  const alpha = color.a >= 1 ? "" : byte(color.a);
  return `#${byte(color.r)}${byte(color.g)}${byte(color.b)}${alpha}`;
}
