import {
  filterProblem,
  MAX_ARITHMETIC_K,
  MAX_FILTER_PRIMITIVES,
  MAX_FIT_FRACTION,
  MAX_MERGE_INPUTS,
} from "../../../doc/filter";
import {
  BLEND_MODES,
  COMPOSITE_OPERATORS,
  MAX_BLUR,
  type BlendMode,
  type CompositeOperator,
  type FilterFit,
  type FilterInput,
  type FilterPrimitive,
  type GroupFilter,
  type RGBA,
} from "../../../doc/types";
import { localName, type XmlElement } from "../xml";
import { parseColor } from "./color";
import { effectRegion, type Viewport } from "./lengths";
import type { UserBox } from "./paint";

/**
 * Filters the import keeps: one Gaussian blur of what a filter applies to becomes a group's blur;
 * a filter made of the primitives the model draws (Gaussian blur, offset, flood, blend,
 * composite, merge, drop shadow over the source graphic, its alpha and named results) becomes a
 * group's filter, its region and units resolved here (see masking.ts). Every other filter is
 * reported and its element drawn unfiltered.
 */

/** A filter as read, before its units are resolved against the element it applies to. */
export interface ParsedFilter {
  readonly element: XmlElement;
  /** Lengths in user space, or in fractions of the element's box (primitiveUnits). */
  readonly primitives: readonly FilterPrimitive[];
  readonly primitivesInBox: boolean;
  readonly regionInUserSpace: boolean;
  readonly linearRGB: boolean;
}

/** What a `filter` property keeps: a blur, a filter, or nothing (reported). */
export type KeptFilter =
  | { readonly kind: "blur"; readonly sigma: number }
  | { readonly kind: "filter"; readonly parsed: ParsedFilter };

function primitivesOf(filter: XmlElement): XmlElement[] {
  return filter.children.filter((c): c is XmlElement => typeof c !== "string");
}

function usable(filter: XmlElement | undefined): filter is XmlElement {
  if (filter === undefined || localName(filter.name) !== "filter") return false;
  return !filter.attributes.has("href") && !filter.attributes.has("xlink:href");
}

/**
 * The standard deviation of a `<filter>` that is one Gaussian blur of what it applies to (one
 * `feGaussianBlur` of the source graphic, alike both ways), which a group's blur holds; null
 * for any other filter.
 */
export function blurOfFilter(filter: XmlElement | undefined): number | null {
  if (!usable(filter)) return null;
  if (filter.attributes.get("primitiveUnits")?.trim() === "objectBoundingBox") return null;
  const primitives = primitivesOf(filter);
  const blur = primitives[0];
  if (primitives.length !== 1 || blur === undefined || localName(blur.name) !== "feGaussianBlur")
    return null;
  const source = blur.attributes.get("in")?.trim();
  if (source !== undefined && source !== "SourceGraphic") return null;
  const parts = (blur.attributes.get("stdDeviation") ?? "0")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const [x, y = x] = parts;
  if (parts.length > 2 || x === undefined || y === undefined || x !== y) return null;
  if (!(x > 0) || !Number.isFinite(x)) return null;
  return Math.min(x, MAX_BLUR);
}

/** A presentation property of a filter element: its attribute, or its inline style's. */
function property(element: XmlElement, name: string): string | undefined {
  const style = element.attributes.get("style");
  if (style !== undefined) {
    const match = new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;!]+)`, "i").exec(style);
    if (match?.[1] !== undefined) return match[1].trim();
  }
  return element.attributes.get(name)?.trim();
}

/** `color-interpolation-filters` as linearRGB (SVG's default) or not; null when unknown. */
function linearOf(element: XmlElement, inherited: boolean): boolean | null {
  const value = property(element, "color-interpolation-filters");
  if (value === undefined || value === "inherit") return inherited;
  if (value === "linearRGB") return true;
  if (value === "sRGB" || value === "auto") return false;
  return null;
}

function numbers(value: string | undefined, count: number): number[] | null {
  if (value === undefined) return null;
  const parts = value
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length > count || parts.some((n) => !Number.isFinite(n))) return null;
  return parts;
}

function numberAttr(element: XmlElement, name: string, fallback: number): number | null {
  const value = element.attributes.get(name);
  if (value === undefined) return fallback;
  const n = Number(value.trim());
  return value.trim() !== "" && Number.isFinite(n) ? n : null;
}

/** A flood's or shadow's colour with its opacity; null for what the model cannot hold. */
function floodColor(element: XmlElement): RGBA | null {
  const color = parseColor(property(element, "flood-color") ?? "black");
  const opacityText = property(element, "flood-opacity");
  let opacity = 1;
  if (opacityText !== undefined) {
    const percent = opacityText.endsWith("%");
    const n = Number(percent ? opacityText.slice(0, -1) : opacityText);
    if (!Number.isFinite(n)) return null;
    opacity = Math.min(1, Math.max(0, percent ? n / 100 : n));
  }
  if (color === null || color === "currentColor") return null;
  const rgba = color === "transparent" ? { r: 0, g: 0, b: 0, a: 0 } : color;
  return { ...rgba, a: rgba.a * opacity };
}

/** Deviations of feGaussianBlur or feDropShadow: x and y, neither negative. */
function deviations(element: XmlElement, fallback: number): [number, number] | null {
  const parts = numbers(element.attributes.get("stdDeviation"), 2) ?? [fallback];
  const [x = fallback, y = x] = parts;
  if (x < 0 || y < 0) return null;
  return [Math.min(x, MAX_BLUR), Math.min(y, MAX_BLUR)];
}

/**
 * A `<filter>` the model can draw, read; null for one it cannot (a primitive or input it does
 * not draw, primitive subregions, an `href`), which the audit reports.
 */
export function parseFilter(filter: XmlElement | undefined): ParsedFilter | null {
  if (!usable(filter)) return null;
  const children = primitivesOf(filter);
  if (children.length === 0 || children.length > MAX_FILTER_PRIMITIVES) return null;
  const linear = linearOf(filter, true);
  if (linear === null) return null;
  const named = new Map<string, number>();
  const out: FilterPrimitive[] = [];
  for (const [i, child] of children.entries()) {
    // Each primitive's result is clipped to its subregion, which the model does not hold.
    if (["x", "y", "width", "height"].some((a) => child.attributes.has(a))) return null;
    if (linearOf(child, linear) !== linear) return null;
    const resolve = (value: string | undefined): FilterInput | null => {
      const text = value?.trim();
      if (text === "SourceGraphic" || text === "SourceAlpha") return text;
      if (text !== undefined && text !== "") {
        const index = named.get(text);
        if (index !== undefined) return index;
        // BackgroundImage, FillPaint, StrokePaint are not drawn; an unknown name is the
        // previous result (SVG's rule for a reference to nothing).
        if (/^(BackgroundImage|BackgroundAlpha|FillPaint|StrokePaint)$/.test(text)) return null;
      }
      return i === 0 ? "SourceGraphic" : i - 1;
    };
    const primitive = primitiveOf(child, resolve);
    if (primitive === null) return null;
    out.push(primitive);
    const result = child.attributes.get("result")?.trim();
    if (result !== undefined && result !== "") named.set(result, i);
  }
  const units = filter.attributes.get("primitiveUnits")?.trim();
  return {
    element: filter,
    primitives: out,
    primitivesInBox: units === "objectBoundingBox",
    regionInUserSpace: filter.attributes.get("filterUnits")?.trim() === "userSpaceOnUse",
    linearRGB: linear,
  };
}

function primitiveOf(
  child: XmlElement,
  resolve: (value: string | undefined) => FilterInput | null,
): FilterPrimitive | null {
  const input = (name: string): FilterInput | null => resolve(child.attributes.get(name));
  const source = input("in");
  if (source === null) return null;
  switch (localName(child.name)) {
    case "feGaussianBlur": {
      const edge = child.attributes.get("edgeMode")?.trim();
      if (edge !== undefined && edge !== "none") return null;
      const d = deviations(child, 0);
      if (d === null) return null;
      return { type: "blur", in: source, stdDeviationX: d[0], stdDeviationY: d[1] };
    }
    case "feOffset": {
      const dx = numberAttr(child, "dx", 0);
      const dy = numberAttr(child, "dy", 0);
      return dx === null || dy === null ? null : { type: "offset", in: source, dx, dy };
    }
    case "feFlood": {
      const color = floodColor(child);
      return color === null ? null : { type: "flood", color };
    }
    case "feBlend": {
      const in2 = input("in2");
      const mode = (child.attributes.get("mode")?.trim() ?? "normal") as BlendMode;
      if (in2 === null || !BLEND_MODES.includes(mode)) return null;
      return { type: "blend", in: source, in2, mode };
    }
    case "feComposite": {
      const in2 = input("in2");
      const operator = (child.attributes.get("operator")?.trim() ?? "over") as CompositeOperator;
      if (in2 === null || !COMPOSITE_OPERATORS.includes(operator)) return null;
      const k = [1, 2, 3, 4].map((n) =>
        operator === "arithmetic" ? numberAttr(child, `k${n}`, 0) : 0,
      );
      if (k.some((v) => v === null || Math.abs(v) > 1000)) return null;
      return {
        type: "composite",
        in: source,
        in2,
        operator,
        k: k as [number, number, number, number],
      };
    }
    case "feMerge": {
      const nodes = primitivesOf(child);
      if (nodes.length > MAX_MERGE_INPUTS) return null;
      const inputs: FilterInput[] = [];
      for (const node of nodes) {
        if (localName(node.name) !== "feMergeNode") return null;
        // A merge node reads its `in` as a primitive would (none: the previous result).
        const one = resolve(node.attributes.get("in"));
        if (one === null) return null;
        inputs.push(one);
      }
      return { type: "merge", inputs };
    }
    case "feColorMatrix": {
      const values = colorMatrixOf(child);
      return values === null ? null : { type: "colorMatrix", in: source, values };
    }
    case "feDropShadow": {
      const dx = numberAttr(child, "dx", 2);
      const dy = numberAttr(child, "dy", 2);
      const d = deviations(child, 2);
      const color = floodColor(child);
      if (dx === null || dy === null || d === null || d[0] !== d[1] || color === null) return null;
      return { type: "dropShadow", in: source, dx, dy, stdDeviation: d[0], color };
    }
    default:
      return null;
  }
}

/** The identity of feColorMatrix, row by row. */
const IDENTITY_MATRIX = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0];

/**
 * An feColorMatrix as its 4 × 5 matrix (SVG's definitions of saturate, hueRotate and
 * luminanceToAlpha); null for values of the wrong count or out of the model's range, which is
 * reported. `values` left out is the identity (no change), as browsers draw it.
 */
function colorMatrixOf(element: XmlElement): number[] | null {
  const type = element.attributes.get("type")?.trim() ?? "matrix";
  const text = element.attributes.get("values");
  const parts = text === undefined ? null : numbers(text, 20);
  let out: number[] | null;
  switch (type) {
    case "matrix":
      out = parts === null ? (text === undefined ? IDENTITY_MATRIX : null) : parts;
      if (out !== null && out.length !== 20) out = null;
      break;
    case "saturate": {
      const s =
        parts === null ? (text === undefined ? 1 : null) : parts.length === 1 ? parts[0]! : null;
      if (s === null || s < 0 || s > 1) return null;
      out = [
        0.213 + 0.787 * s,
        0.715 - 0.715 * s,
        0.072 - 0.072 * s,
        0,
        0,
        0.213 - 0.213 * s,
        0.715 + 0.285 * s,
        0.072 - 0.072 * s,
        0,
        0,
        0.213 - 0.213 * s,
        0.715 - 0.715 * s,
        0.072 + 0.928 * s,
        0,
        0,
        0,
        0,
        0,
        1,
        0,
      ];
      break;
    }
    case "hueRotate": {
      const deg =
        parts === null ? (text === undefined ? 0 : null) : parts.length === 1 ? parts[0]! : null;
      if (deg === null) return null;
      const c = Math.cos((deg * Math.PI) / 180);
      const s = Math.sin((deg * Math.PI) / 180);
      out = [
        0.213 + c * 0.787 - s * 0.213,
        0.715 - c * 0.715 - s * 0.715,
        0.072 - c * 0.072 + s * 0.928,
        0,
        0,
        0.213 - c * 0.213 + s * 0.143,
        0.715 + c * 0.285 + s * 0.14,
        0.072 - c * 0.072 - s * 0.283,
        0,
        0,
        0.213 - c * 0.213 - s * 0.787,
        0.715 - c * 0.715 + s * 0.715,
        0.072 + c * 0.928 + s * 0.072,
        0,
        0,
        0,
        0,
        0,
        1,
        0,
      ];
      break;
    }
    case "luminanceToAlpha":
      out = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2125, 0.7154, 0.0721, 0, 0];
      break;
    default:
      return null;
  }
  if (out === null || out.some((v) => !Number.isFinite(v) || Math.abs(v) > MAX_ARITHMETIC_K))
    return null;
  return out;
}

/**
 * The group's filter for a parsed filter on an element whose box (user space, geometry only) is
 * `box()`, seen in `viewport`: the region and lengths in the element's user space, which the
 * group's units are. Null when bounding-box units meet a box of no area (nothing is drawn).
 */
export function resolveFilter(
  parsed: ParsedFilter,
  viewport: Viewport,
  box: () => UserBox | null,
): GroupFilter | null {
  const filter = parsed.element;
  const region = effectRegion(filter, parsed.regionInUserSpace, viewport, box);
  if (region === null) return null;
  let primitives = parsed.primitives;
  if (parsed.primitivesInBox) {
    const b = box();
    if (b === null || !(b.width > 0) || !(b.height > 0)) return null;
    const scaled: FilterPrimitive[] = [];
    for (const p of primitives) {
      const one = inBox(p, b);
      if (one === null) return null;
      scaled.push(one);
    }
    primitives = scaled;
  }
  const resolved: GroupFilter = {
    region,
    linearRGB: parsed.linearRGB,
    primitives,
    ...fitOf(parsed, region, box),
  };
  // Lengths past the model's limits (a hostile file's 1e300) leave the filter reported.
  return filterProblem(resolved) === null ? resolved : null;
}

/**
 * A region given in fractions of the element's box (SVG's default) follows the group's drawing
 * afterwards, as it would in the SVG were the element's content changed: the fractions it was
 * resolved from.
 */
function fitOf(
  parsed: ParsedFilter,
  region: UserBox,
  box: () => UserBox | null,
): { fit?: FilterFit } {
  if (parsed.regionInUserSpace) return {};
  const b = box();
  if (b === null || !(b.width > 0) || !(b.height > 0)) return {};
  const fit = {
    x: (region.x - b.x) / b.width,
    y: (region.y - b.y) / b.height,
    width: region.width / b.width,
    height: region.height / b.height,
    reach: false,
  };
  // Fractions past the model's limits keep the region where it is.
  const inRange = [fit.x, fit.y, fit.width, fit.height].every(
    (v) => Math.abs(v) <= MAX_FIT_FRACTION,
  );
  return inRange ? { fit } : {};
}

/** A primitive's lengths given in fractions of `b`, in user space. */
function inBox(p: FilterPrimitive, b: UserBox): FilterPrimitive | null {
  switch (p.type) {
    case "offset":
      return { ...p, dx: p.dx * b.width, dy: p.dy * b.height };
    case "blur":
      return {
        ...p,
        stdDeviationX: Math.min(MAX_BLUR, p.stdDeviationX * b.width),
        stdDeviationY: Math.min(MAX_BLUR, p.stdDeviationY * b.height),
      };
    case "dropShadow":
      // One deviation holds a shadow: a box that is not square would make two.
      if (p.stdDeviation !== 0 && b.width !== b.height) return null;
      return {
        ...p,
        dx: p.dx * b.width,
        dy: p.dy * b.height,
        stdDeviation: Math.min(MAX_BLUR, p.stdDeviation * b.width),
      };
    default:
      return p;
  }
}

/** The `<filter>` a `filter` property's value refers to, or undefined. */
function referencedFilter(
  value: string | undefined,
  byId: (id: string) => XmlElement | undefined,
): XmlElement | undefined {
  const text = value?.trim() ?? "";
  const id = /^url\(\s*['"]?#([^)'"]+)['"]?\s*\)$/.exec(text)?.[1]?.trim();
  return id === undefined ? undefined : byId(id);
}

/** What a `filter` property's value keeps, when it refers to a filter the model holds. */
export function keptFilter(
  value: string | undefined,
  byId: (id: string) => XmlElement | undefined,
): KeptFilter | null {
  const filter = referencedFilter(value, byId);
  const sigma = blurOfFilter(filter);
  if (sigma !== null) return { kind: "blur", sigma };
  const parsed = parseFilter(filter);
  return parsed === null ? null : { kind: "filter", parsed };
}
