import { apply, invert, multiply, type Matrix } from "../../../doc/transform";
import type { GradientStop, Paint, RGBA } from "../../../doc/types";
import type { XmlElement } from "../xml";
import { localName } from "../xml";
import { parseColor } from "./color";
import { parseLength } from "./lengths";
import { parseTransformList } from "./transformList";
import type { Point } from "../../../math/point";

/** A box in an element's user space. */
export interface UserBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface GradientContext {
  readonly byId: ReadonlyMap<string, XmlElement>;
  /** The stop colour and opacity of a `<stop>`, after the cascade. */
  readonly stopStyle: (stop: XmlElement) => { color: string; opacity: string };
  /** Size of the viewport, for percentages in userSpaceOnUse. */
  readonly viewport: { readonly width: number; readonly height: number };
}

/** Attributes of a gradient, following `href` to the gradients it inherits from. */
function gradientChain(start: XmlElement, ctx: GradientContext): XmlElement[] {
  const chain: XmlElement[] = [];
  const seen = new Set<XmlElement>();
  let current: XmlElement | undefined = start;
  while (current !== undefined && !seen.has(current) && chain.length < 64) {
    seen.add(current);
    chain.push(current);
    const href: string | undefined =
      current.attributes.get("href") ?? current.attributes.get("xlink:href");
    current = href?.startsWith("#") ? ctx.byId.get(href.slice(1)) : undefined;
    if (current !== undefined && !/^(linear|radial)Gradient$/.test(localName(current.name)))
      current = undefined;
  }
  return chain;
}

function attribute(chain: readonly XmlElement[], name: string): string | undefined {
  for (const element of chain) {
    const value = element.attributes.get(name);
    if (value !== undefined) return value;
  }
  return undefined;
}

function gradientLength(
  value: string | undefined,
  fallback: number,
  boundingBox: boolean,
  reference: number,
): number {
  if (value === undefined) return fallback;
  const text = value.trim();
  if (text.endsWith("%")) {
    const n = Number(text.slice(0, -1)) / 100;
    return Number.isFinite(n) ? (boundingBox ? n : n * reference) : fallback;
  }
  // Units (mm, pt, …) convert to user units; an invalid length is the default.
  return parseLength(text, fallback, { width: reference, height: reference }, "x");
}

function stopsOf(
  chain: readonly XmlElement[],
  ctx: GradientContext,
  opacity: number,
): GradientStop[] {
  for (const element of chain) {
    const stops = element.children.filter(
      (c): c is XmlElement => typeof c !== "string" && localName(c.name) === "stop",
    );
    if (stops.length === 0) continue;
    const out: GradientStop[] = [];
    let last = 0;
    for (const stop of stops.slice(0, 1024)) {
      const raw = stop.attributes.get("offset") ?? "0";
      let offset = raw.trim().endsWith("%") ? Number.parseFloat(raw) / 100 : Number.parseFloat(raw);
      if (!Number.isFinite(offset)) offset = 0;
      offset = Math.min(1, Math.max(last, offset));
      last = offset;
      const style = ctx.stopStyle(stop);
      const parsed = parseColor(style.color);
      const base: RGBA =
        parsed === null || parsed === "currentColor" || parsed === "transparent"
          ? { r: 0, g: 0, b: 0, a: parsed === "transparent" ? 0 : 1 }
          : parsed;
      const stopOpacity = Number.parseFloat(style.opacity);
      const a = base.a * (Number.isFinite(stopOpacity) ? clamp01(stopOpacity) : 1) * opacity;
      out.push({ offset, color: { ...base, a } });
    }
    return out;
  }
  return [];
}

const clamp01 = (n: number): number => (n < 0 ? 0 : n > 1 ? 1 : n);

/**
 * A gradient element as a paint in the node's local coordinates. `userToLocal` maps the
 * referencing element's user space to the node's local space; `box` is the element's bounding
 * box in user space. Returns a solid paint for gradients with one stop, null for none.
 */
export function gradientPaint(
  element: XmlElement,
  ctx: GradientContext,
  userToLocal: Matrix,
  box: UserBox,
  opacity: number,
): Paint | null {
  const chain = gradientChain(element, ctx);
  const stops = stopsOf(chain, ctx, opacity);
  if (stops.length === 0) return null;
  if (stops.length === 1) return { type: "solid", color: stops[0]!.color };
  const boundingBox = attribute(chain, "gradientUnits") !== "userSpaceOnUse";
  if (boundingBox && (box.width <= 0 || box.height <= 0)) {
    // SVG: a bounding box of zero size makes the gradient the last stop's colour.
    return { type: "solid", color: stops.at(-1)!.color };
  }
  const units: Matrix = boundingBox
    ? { a: box.width, b: 0, c: 0, d: box.height, e: box.x, f: box.y }
    : { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };
  const own = parseTransformList(attribute(chain, "gradientTransform") ?? "") ?? {
    a: 1,
    b: 0,
    c: 0,
    d: 1,
    e: 0,
    f: 0,
  };
  const m = multiply(multiply(userToLocal, units), own);
  const { width, height } = ctx.viewport;
  const diagonal = Math.sqrt((width * width + height * height) / 2);
  const len = (name: string, fallback: number, reference: number): number =>
    gradientLength(attribute(chain, name), fallback, boundingBox, reference);
  const isLinear = localName(element.name) === "linearGradient";
  if (isLinear) {
    const p1 = { x: len("x1", 0, width), y: len("y1", 0, height) };
    const p2 = { x: len("x2", boundingBox ? 1 : width, width), y: len("y2", 0, height) };
    return { type: "linear", ...linearThrough(m, p1, p2), stops };
  }
  const cx = len("cx", boundingBox ? 0.5 : width / 2, width);
  const cy = len("cy", boundingBox ? 0.5 : height / 2, height);
  const r = len("r", boundingBox ? 0.5 : diagonal / 2, diagonal);
  const fx = len("fx", cx, width);
  const fy = len("fy", cy, height);
  const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
  return {
    type: "radial",
    center: apply(m, { x: cx, y: cy }),
    radius: Math.max(0, r * scale),
    focal: apply(m, { x: fx, y: fy }),
    stops,
  };
}

/**
 * The linear gradient that `m` makes of the one from p1 to p2. Under a skew or uneven scale the
 * lines of equal colour stay parallel but are no longer perpendicular to p1→p2, so the new end
 * point follows the gradient of the parameter, not the image of p2.
 */
function linearThrough(m: Matrix, p1: Point, p2: Point): { from: Point; to: Point } {
  const from = apply(m, p1);
  const inverse = invert(m);
  const dx = p2.x - p1.x;
  const dy = p2.y - p1.y;
  const lengthSquared = dx * dx + dy * dy;
  if (inverse === null || lengthSquared === 0) return { from, to: apply(m, p2) };
  // t(q) = dot(M⁻¹q − p1, d)/|d|²; its gradient is M⁻ᵀ d/|d|².
  const gx = (inverse.a * dx + inverse.b * dy) / lengthSquared;
  const gy = (inverse.c * dx + inverse.d * dy) / lengthSquared;
  const g2 = gx * gx + gy * gy;
  if (g2 === 0) return { from, to: apply(m, p2) };
  return { from, to: { x: from.x + gx / g2, y: from.y + gy / g2 } };
}
