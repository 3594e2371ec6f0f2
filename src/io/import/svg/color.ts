import type { RGBA } from "../../../doc/types";

/** CSS named colours (CSS Color 4), as name and hex pairs. */
const NAMED =
  "aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc " +
  "bisque ffe4c4 black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a " +
  "burlywood deb887 cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50 " +
  "cornflowerblue 6495ed cornsilk fff8dc crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b " +
  "darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b " +
  "darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00 darkorchid 9932cc darkred 8b0000 " +
  "darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b darkslategray 2f4f4f " +
  "darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493 deepskyblue 00bfff " +
  "dimgray 696969 dimgrey 696969 dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0 " +
  "forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold ffd700 goldenrod daa520 " +
  "gray 808080 grey 808080 green 008000 greenyellow adff2f honeydew f0fff0 hotpink ff69b4 " +
  "indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa lavenderblush fff0f5 " +
  "lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 lightcoral f08080 lightcyan e0ffff " +
  "lightgoldenrodyellow fafad2 lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1 " +
  "lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa lightslategray 778899 " +
  "lightslategrey 778899 lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00 limegreen 32cd32 " +
  "linen faf0e6 magenta ff00ff maroon 800000 mediumaquamarine 66cdaa mediumblue 0000cd " +
  "mediumorchid ba55d3 mediumpurple 9370db mediumseagreen 3cb371 mediumslateblue 7b68ee " +
  "mediumspringgreen 00fa9a mediumturquoise 48d1cc mediumvioletred c71585 midnightblue 191970 " +
  "mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead navy 000080 oldlace fdf5e6 " +
  "olive 808000 olivedrab 6b8e23 orange ffa500 orangered ff4500 orchid da70d6 palegoldenrod eee8aa " +
  "palegreen 98fb98 paleturquoise afeeee palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 " +
  "peru cd853f pink ffc0cb plum dda0dd powderblue b0e0e6 purple 800080 rebeccapurple 663399 " +
  "red ff0000 rosybrown bc8f8f royalblue 4169e1 saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 " +
  "seagreen 2e8b57 seashell fff5ee sienna a0522d silver c0c0c0 skyblue 87ceeb slateblue 6a5acd " +
  "slategray 708090 slategrey 708090 snow fffafa springgreen 00ff7f steelblue 4682b4 tan d2b48c " +
  "teal 008080 thistle d8bfd8 tomato ff6347 turquoise 40e0d0 violet ee82ee wheat f5deb3 " +
  "white ffffff whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32";

const NAMED_COLORS: ReadonlyMap<string, string> = (() => {
  const words = NAMED.split(" ");
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < words.length; i += 2) map.set(words[i]!, words[i + 1]!);
  return map;
})();

export type ParsedColor = RGBA | "currentColor" | "transparent";

const clamp01 = (n: number): number => (n < 0 ? 0 : n > 1 ? 1 : n);

/** A CSS colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla(), names. */
export function parseColor(input: string): ParsedColor | null {
  const text = input.trim().toLowerCase();
  if (text === "currentcolor") return "currentColor";
  if (text === "transparent") return "transparent";
  if (text.startsWith("#")) return parseHex(text.slice(1));
  const named = NAMED_COLORS.get(text);
  if (named !== undefined) return parseHex(named);
  const fn = /^(rgba?|hsla?)\(\s*([^)]*)\)$/.exec(text);
  if (fn === null) return null;
  const parts = fn[2]!.split(/\s*[,/]\s*|\s+/).filter((p) => p.length > 0);
  if (parts.length !== 3 && parts.length !== 4) return null;
  const alpha = parts.length === 4 ? channel(parts[3]!, 1) : 1;
  if (alpha === null) return null;
  if (fn[1]!.startsWith("rgb")) {
    const [r, g, b] = parts.slice(0, 3).map((p) => channel(p, 255));
    if (r == null || g == null || b == null) return null;
    return { r: clamp01(r), g: clamp01(g), b: clamp01(b), a: clamp01(alpha) };
  }
  const hue = Number(parts[0]!.replace(/deg$/, ""));
  const s = channel(parts[1]!, 1);
  const l = channel(parts[2]!, 1);
  if (!Number.isFinite(hue) || s === null || l === null) return null;
  return { ...hslToRgb(hue, clamp01(s), clamp01(l)), a: clamp01(alpha) };
}

/** A channel as 0–1: a percentage, or a number over `scale`. */
function channel(text: string, scale: number): number | null {
  const percent = text.endsWith("%");
  const value = Number(percent ? text.slice(0, -1) : text);
  if (!Number.isFinite(value) || text.length === 0) return null;
  return percent ? value / 100 : value / scale;
}

function parseHex(hex: string): RGBA | null {
  if (!/^[0-9a-f]+$/.test(hex)) return null;
  if (hex.length === 3 || hex.length === 4) {
    const v = [...hex].map((c) => parseInt(c + c, 16) / 255);
    return { r: v[0]!, g: v[1]!, b: v[2]!, a: v[3] ?? 1 };
  }
  if (hex.length === 6 || hex.length === 8) {
    const v = [0, 2, 4, 6].map((i) =>
      i < hex.length ? parseInt(hex.slice(i, i + 2), 16) / 255 : 1,
    );
    return { r: v[0]!, g: v[1]!, b: v[2]!, a: v[3]! };
  }
  return null;
}

function hslToRgb(hue: number, s: number, l: number): { r: number; g: number; b: number } {
  const h = (((hue % 360) + 360) % 360) / 360;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const f = (t: number): number => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return { r: f(h + 1 / 3), g: f(h), b: f(h - 1 / 3) };
}
