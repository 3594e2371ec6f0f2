/**
 * Drop shadows as an effects list (what Figma's Effects section shows) over the filter graph the
 * model keeps. `shadowsOf` reads a graph as a stack of shadows under the group's drawing when it
 * draws exactly that, whichever way it is spelled: one `feDropShadow`; the classic SVG chain (a
 * blur of the source's alpha, an offset, a flood composited in, merged under the source
 * graphic), several of them merged; Figma's export (the alpha made solid by a colour matrix,
 * offset, blurred, cut away under the shape, coloured by a matrix, blended normally over the one
 * before). `shadowsFilter` writes a list back as one canonical graph that `shadowsOf` reads as
 * the same list, so editing one shadow rewrites the graph without changing the others' picture.
 */
import type { FilterInput, FilterPrimitive, GroupFilter, RGBA } from "./types";

/** One drop shadow of a group's drawing; lengths in the group's units. */
export interface ShadowEffect {
  readonly dx: number;
  readonly dy: number;
  readonly stdDeviation: number;
  /** Unpremultiplied; its alpha is the shadow's opacity. */
  readonly color: RGBA;
  /**
   * Cast by where the drawing is at all, at full strength (Figma's shadows: any alpha counts),
   * rather than by the drawing's alpha (SVG's).
   */
  readonly solid: boolean;
  /** Hidden beneath the drawing (Figma's "Show behind transparent areas" off). */
  readonly clipped: boolean;
}

/** The most shadows one group holds: the canonical graph of six fills the model's 32 primitives. */
export const MAX_SHADOWS = 6;

/** Figma's `hardAlpha`: the source's alpha times 127, which any visible alpha takes to one. */
const HARD_ALPHA: readonly number[] = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 127, 0,
];

/** An alpha-only picture: the source's alpha (or solid alpha), moved, blurred, cut by either. */
interface Mask {
  readonly solid: boolean;
  readonly dx: number;
  readonly dy: number;
  readonly blur: number | null;
  readonly cut: "alpha" | "solid" | null;
}

interface Shadow {
  readonly mask: Mask;
  readonly color: RGBA;
}

/** What a primitive's result is, as far as shadows go; `other` for anything else. */
type Value =
  | { readonly kind: "mask"; readonly mask: Mask }
  | { readonly kind: "flood"; readonly color: RGBA }
  /** Layers bottom first: shadows, and the source graphic ("graphic"). */
  | { readonly kind: "layers"; readonly layers: readonly (Shadow | "graphic")[] }
  | { readonly kind: "other" };

const OTHER: Value = { kind: "other" };

function plainMask(solid: boolean): Mask {
  return { solid, dx: 0, dy: 0, blur: null, cut: null };
}

function isPlain(mask: Mask): boolean {
  return mask.dx === 0 && mask.dy === 0 && mask.blur === null && mask.cut === null;
}

function sameValues(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * The colour a colour matrix gives an alpha-only picture when it sets a constant colour and
 * scales the alpha (Figma's shadow colour); null for any other matrix. In linear light the
 * constants are linear values, which a flood's colour is not: read only those alike in both.
 */
function matrixColor(values: readonly number[], linearRGB: boolean): RGBA | null {
  const rows = [0, 1, 2, 3].map((r) => values.slice(r * 5, r * 5 + 5));
  const [r, g, b, a] = rows as [number[], number[], number[], number[]];
  const constant = (row: number[]): number | null =>
    sameValues(row.slice(0, 4), [0, 0, 0, 0]) && row[4]! >= 0 && row[4]! <= 1 ? row[4]! : null;
  const channels = [constant(r), constant(g), constant(b)];
  if (channels.some((c) => c === null)) return null;
  if (linearRGB && channels.some((c) => c !== 0 && c !== 1)) return null;
  if (!sameValues([a[0]!, a[1]!, a[2]!, a[4]!], [0, 0, 0, 0]) || !(a[3]! >= 0 && a[3]! <= 1))
    return null;
  return { r: channels[0]!, g: channels[1]!, b: channels[2]!, a: a[3]! };
}

/** The layers a value draws; a transparent flood (Figma's `BackgroundImageFix`) draws none. */
function layersOf(value: Value): readonly (Shadow | "graphic")[] | null {
  if (value.kind === "flood" && value.color.a === 0) return [];
  return value.kind === "layers" ? value.layers : null;
}

/** One primitive's value from its inputs' values. */
function step(p: FilterPrimitive, input: (i: FilterInput) => Value, linearRGB: boolean): Value {
  switch (p.type) {
    case "blur": {
      const v = input(p.in);
      if (v.kind !== "mask" || v.mask.blur !== null || v.mask.cut !== null) return OTHER;
      if (p.stdDeviationX !== p.stdDeviationY) return OTHER;
      return { kind: "mask", mask: { ...v.mask, blur: p.stdDeviationX } };
    }
    case "offset": {
      const v = input(p.in);
      if (v.kind !== "mask" || v.mask.cut !== null) return OTHER;
      return { kind: "mask", mask: { ...v.mask, dx: v.mask.dx + p.dx, dy: v.mask.dy + p.dy } };
    }
    case "flood":
      return { kind: "flood", color: p.color };
    case "colorMatrix": {
      const v = input(p.in);
      if (v.kind !== "mask") return OTHER;
      if (sameValues(p.values, HARD_ALPHA) && isPlain(v.mask) && !v.mask.solid)
        return { kind: "mask", mask: plainMask(true) };
      const color = matrixColor(p.values, linearRGB);
      return color === null ? OTHER : { kind: "layers", layers: [{ mask: v.mask, color }] };
    }
    case "composite": {
      const a = input(p.in);
      const b = input(p.in2);
      if (p.operator === "in" && a.kind === "flood" && b.kind === "mask")
        return { kind: "layers", layers: [{ mask: b.mask, color: a.color }] };
      if (p.operator === "out" && b.kind === "mask" && isPlain(b.mask)) {
        const cut = b.mask.solid ? "solid" : "alpha";
        if (a.kind === "mask" && a.mask.cut === null)
          return { kind: "mask", mask: { ...a.mask, cut } };
        const [only, ...rest] = layersOf(a) ?? [];
        if (only !== undefined && only !== "graphic" && rest.length === 0 && only.mask.cut === null)
          return { kind: "layers", layers: [{ ...only, mask: { ...only.mask, cut } }] };
      }
      return OTHER;
    }
    case "blend": {
      if (p.mode !== "normal") return OTHER;
      const over = layersOf(input(p.in));
      const under = layersOf(input(p.in2));
      return over === null || under === null
        ? OTHER
        : { kind: "layers", layers: [...under, ...over] };
    }
    case "merge": {
      const layers: (Shadow | "graphic")[] = [];
      for (const i of p.inputs) {
        const part = layersOf(input(i));
        if (part === null) return OTHER;
        layers.push(...part);
      }
      return { kind: "layers", layers };
    }
    case "dropShadow": {
      if (p.in !== "SourceGraphic") return OTHER;
      const mask: Mask = { ...plainMask(false), dx: p.dx, dy: p.dy, blur: p.stdDeviation };
      return { kind: "layers", layers: [{ mask, color: p.color }, "graphic"] };
    }
  }
}

/**
 * The drop shadows `filter` draws under the group's drawing, bottom first, or null when it draws
 * anything else (a tint, a blur of the drawing, a shadow cut by another shape than its own, no
 * shadow at all).
 */
export function shadowsOf(filter: GroupFilter): ShadowEffect[] | null {
  const values: Value[] = [];
  const input = (i: FilterInput): Value => {
    if (i === "SourceGraphic") return { kind: "layers", layers: ["graphic"] };
    if (i === "SourceAlpha") return { kind: "mask", mask: plainMask(false) };
    return values[i] ?? OTHER;
  };
  for (const p of filter.primitives) values.push(step(p, input, filter.linearRGB));
  const layers = layersOf(values.at(-1) ?? OTHER);
  if (layers === null || layers.length < 2 || layers.at(-1) !== "graphic") return null;
  const shadows: ShadowEffect[] = [];
  for (const layer of layers.slice(0, -1)) {
    if (layer === "graphic") return null;
    const { mask, color } = layer;
    // A shadow cut by the other kind of alpha than it is cast by is no effect of the list.
    if (mask.cut !== null && mask.cut !== (mask.solid ? "solid" : "alpha")) return null;
    shadows.push({
      dx: mask.dx,
      dy: mask.dy,
      stdDeviation: mask.blur ?? 0,
      color,
      solid: mask.solid,
      clipped: mask.cut !== null,
    });
  }
  return shadows.length <= MAX_SHADOWS ? shadows : null;
}

/**
 * The graph drawing `shadows` (bottom first, at least one, at most `MAX_SHADOWS`) under the
 * group's drawing: one `dropShadow` for a single shadow SVG's way, else the classic chain per
 * shadow (solid alpha and a cut where asked) merged under the source graphic.
 */
export function shadowPrimitives(shadows: readonly ShadowEffect[]): FilterPrimitive[] {
  const [only] = shadows;
  if (shadows.length === 1 && only !== undefined && !only.solid && !only.clipped) {
    const { dx, dy, stdDeviation, color } = only;
    return [{ type: "dropShadow", in: "SourceGraphic", dx, dy, stdDeviation, color }];
  }
  const primitives: FilterPrimitive[] = [];
  const add = (p: FilterPrimitive): number => primitives.push(p) - 1;
  const solid = shadows.some((s) => s.solid)
    ? add({ type: "colorMatrix", in: "SourceAlpha", values: HARD_ALPHA })
    : null;
  const tops: number[] = [];
  for (const s of shadows) {
    const source: FilterInput = s.solid && solid !== null ? solid : "SourceAlpha";
    const blurred =
      s.stdDeviation > 0
        ? add({
            type: "blur",
            in: source,
            stdDeviationX: s.stdDeviation,
            stdDeviationY: s.stdDeviation,
          })
        : source;
    const moved = add({ type: "offset", in: blurred, dx: s.dx, dy: s.dy });
    const flood = add({ type: "flood", color: s.color });
    let top = add({ type: "composite", in: flood, in2: moved, operator: "in", k: [0, 0, 0, 0] });
    if (s.clipped)
      top = add({ type: "composite", in: top, in2: source, operator: "out", k: [0, 0, 0, 0] });
    tops.push(top);
  }
  add({ type: "merge", inputs: [...tops, "SourceGraphic"] });
  return primitives;
}
