import { apply, invert, multiply, type Matrix } from "../../../doc/transform";
import type { GradientStop, Paint, RGBA } from "../../../doc/types";
import type { XmlElement } from "../xml";
import { localName } from "../xml";
import { parseColor } from "./color";
import { hardEdgeAtEnd, spreadOver, unpremultiplied, type Spread } from "./gradientStops";
import { parseLength } from "./lengths";
import { aroundOrigin } from "./placement";
import { parseTransformList } from "./transformList";
import type { Point } from "../../../math/point";

import type { UserBox } from "./lengths";

export type { UserBox };

export interface GradientContext {
  readonly byId: ReadonlyMap<string, XmlElement>;
  /** The stop colour and opacity of a `<stop>`, after the cascade. */
  readonly stopStyle: (stop: XmlElement) => { color: string; opacity: string };
  /** Size of the viewport, for percentages in userSpaceOnUse. */
  readonly viewport: { readonly width: number; readonly height: number };
  /** Told of what the paint can only approximate, for the summary. */
  readonly approximated?: (what: string) => void;
}

/** Attributes of a gradient, following `href` to the gradients it inherits from. */
type Lookup = (id: string) => XmlElement | undefined;

function gradientChain(start: XmlElement, byId: Lookup): XmlElement[] {
  const chain: XmlElement[] = [];
  const seen = new Set<XmlElement>();
  let current: XmlElement | undefined = start;
  while (current !== undefined && !seen.has(current) && chain.length < 64) {
    seen.add(current);
    chain.push(current);
    const href: string | undefined =
      current.attributes.get("href") ?? current.attributes.get("xlink:href");
    current = href?.startsWith("#") ? byId(href.slice(1)) : undefined;
    if (current !== undefined && !/^(linear|radial)Gradient$/.test(localName(current.name)))
      current = undefined;
  }
  return chain;
}

function attribute(chain: readonly XmlElement[], name: string): string | undefined {
  for (const element of chain) {
    // Geometry is only inherited from gradients of the same kind: a linear gradient has no
    // centre to give, and a radial one's stray x2 is not a linear gradient's.
    if (!COMMON_ATTRIBUTES.has(name) && element.name !== chain[0]!.name) continue;
    const value = element.attributes.get(name);
    if (value !== undefined) return value;
  }
  return undefined;
}

export const NO_BOUNDING_BOX = "no bounding box";

/** What every gradient has, and passes on through `href` whatever the kind. */
const COMMON_ATTRIBUTES = new Set([
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "transform-origin",
]);

/** A stop's offset: a number or a percentage; anything else (a length) is 0. */
function offsetOf(raw: string): number {
  const text = raw.trim();
  const percent = text.endsWith("%");
  const body = percent ? text.slice(0, -1) : text;
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(body)) return 0;
  return percent ? Number(body) / 100 : Number(body);
}

/** An opacity: a number or a percentage, clamped to 0–1; 1 when invalid. */
function opacityOf(raw: string): number {
  const text = raw.trim();
  const n = text.endsWith("%") ? Number.parseFloat(text) / 100 : Number.parseFloat(text);
  return Number.isFinite(n) ? clamp01(n) : 1;
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
      let offset = offsetOf(stop.attributes.get("offset") ?? "0");
      if (!Number.isFinite(offset)) offset = 0;
      offset = Math.min(1, Math.max(last, offset));
      last = offset;
      const style = ctx.stopStyle(stop);
      const parsed = parseColor(style.color);
      const base: RGBA =
        parsed === null || parsed === "currentColor" || parsed === "transparent"
          ? { r: 0, g: 0, b: 0, a: parsed === "transparent" ? 0 : 1 }
          : parsed;
      const a = base.a * opacityOf(style.opacity) * opacity;
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
 * box in user space, and `margin` how far beyond it the paint shows (half a stroke's width).
 * Returns a solid paint for gradients with one stop, null for none, and `NO_BOUNDING_BOX` when
 * its units need a box that the element does not have.
 */
export function gradientPaint(
  element: XmlElement,
  ctx: GradientContext,
  userToLocal: Matrix,
  box: UserBox,
  opacity: number,
  margin = 0,
): Paint | null | typeof NO_BOUNDING_BOX {
  const chain = gradientChain(element, (id) => ctx.byId.get(id));
  const stops = unpremultiplied(stopsOf(chain, ctx, opacity));
  if (stops.length === 0) return null;
  if (stops.length === 1) return { type: "solid", color: stops[0]!.color };
  const boundingBox = attribute(chain, "gradientUnits") !== "userSpaceOnUse";
  // SVG: objectBoundingBox units on an element with no width or no height (a horizontal line)
  // cannot be resolved; the paint's fallback, or none, is used instead.
  if (boundingBox && (box.width <= 0 || box.height <= 0)) return NO_BOUNDING_BOX;
  const units: Matrix = boundingBox
    ? { a: box.width, b: 0, c: 0, d: box.height, e: box.x, f: box.y }
    : { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };
  const parsed = parseTransformList(attribute(chain, "gradientTransform") ?? "");
  // A transform that cannot be inverted is ignored, as resvg ignores it.
  const valid = parsed !== null && invert(parsed) !== null ? parsed : IDENTITY;
  // transform-origin moves the gradientTransform about a point of the gradient's own units.
  const own = aroundOrigin(
    valid,
    attribute(chain, "transform-origin"),
    boundingBox ? { width: 1, height: 1 } : ctx.viewport,
  );
  const toUser = multiply(units, own);
  const m = multiply(userToLocal, toUser);
  const spread = spreadOf(attribute(chain, "spreadMethod"));
  // The box's corners in the gradient's own space, where its parameter is measured.
  const corners = (): Point[] => {
    const back = invert(toUser) ?? IDENTITY;
    const x0 = box.x - margin;
    const y0 = box.y - margin;
    const x1 = box.x + box.width + margin;
    const y1 = box.y + box.height + margin;
    return [
      { x: x0, y: y0 },
      { x: x1, y: y0 },
      { x: x0, y: y1 },
      { x: x1, y: y1 },
    ].map((p) => apply(back, p));
  };
  const rewrite = spread !== "pad" || hardEdgeAtEnd(stops);
  const { width, height } = ctx.viewport;
  const diagonal = Math.sqrt((width * width + height * height) / 2);
  const len = (name: string, fallback: number, reference: number): number =>
    gradientLength(attribute(chain, name), fallback, boundingBox, reference);
  const isLinear = localName(element.name) === "linearGradient";
  if (isLinear) {
    const p1 = { x: len("x1", 0, width), y: len("y1", 0, height) };
    const p2 = { x: len("x2", boundingBox ? 1 : width, width), y: len("y2", 0, height) };
    const dx = p2.x - p1.x;
    const dy = p2.y - p1.y;
    const d2 = dx * dx + dy * dy;
    if (rewrite && d2 > 0) {
      const ts = corners().map((q) => ((q.x - p1.x) * dx + (q.y - p1.y) * dy) / d2);
      const from = Math.min(0, Math.floor(Math.min(...ts)));
      const to = Math.max(1, Math.ceil(Math.max(...ts)));
      const spreadStops = spreadOver(stops, spread, from, to);
      if (spreadStops !== null) {
        const q1 = { x: p1.x + dx * from, y: p1.y + dy * from };
        const q2 = { x: p1.x + dx * to, y: p1.y + dy * to };
        return { type: "linear", ...linearThrough(m, q1, q2), stops: spreadStops };
      }
    }
    return { type: "linear", ...linearThrough(m, p1, p2), stops };
  }
  const cx = len("cx", boundingBox ? 0.5 : width / 2, width);
  const cy = len("cy", boundingBox ? 0.5 : height / 2, height);
  const r = len("r", boundingBox ? 0.5 : diagonal / 2, diagonal);
  const fx = len("fx", cx, width);
  const fy = len("fy", cy, height);
  const fr = len("fr", 0, diagonal);
  const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
  // A paint's radial gradient is round: one stretched or skewed (an objectBoundingBox on a box
  // that is not square, say) is drawn as the circle of the same area.
  const stretch = Math.abs(m.a * m.a + m.b * m.b - (m.c * m.c + m.d * m.d));
  const skew = Math.abs(m.a * m.c + m.b * m.d);
  if (stretch + skew > 1e-6 * (m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d))
    ctx.approximated?.("elliptical radial gradient (drawn round)");
  const concentric = Math.abs(fx - cx) <= 1e-9 * r && Math.abs(fy - cy) <= 1e-9 * r;
  let radial = stops;
  let reach = r;
  if (concentric && r > 0) {
    // A focal radius starts the stops that far out; inside it the first colour holds.
    if (fr > 0 && fr < r)
      radial = radial.map((s) => ({ offset: fr / r + s.offset * (1 - fr / r), color: s.color }));
    if (spread !== "pad" || hardEdgeAtEnd(radial)) {
      const far = Math.max(...corners().map((q) => Math.hypot(q.x - cx, q.y - cy))) / r;
      const to = Math.max(1, Math.ceil(far));
      const spreadStops = spreadOver(radial, spread, 0, to);
      if (spreadStops !== null) {
        radial = spreadStops;
        reach = r * to;
      }
    }
  }
  return {
    type: "radial",
    center: apply(m, { x: cx, y: cy }),
    radius: Math.max(0, reach * scale),
    focal: apply(m, { x: fx, y: fy }),
    stops: radial,
  };
}

const IDENTITY: Matrix = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

function spreadOf(value: string | undefined): Spread {
  const text = value?.trim();
  return text === "reflect" || text === "repeat" ? text : "pad";
}

/**
 * Whether the import keeps a radial gradient's spread method and focal radius: only for one
 * whose focal point is its centre (the paint's parameter is then the distance from it), and a
 * focal radius only inside the radius.
 */
export function radialSpreadKept(element: XmlElement, byId: Lookup): boolean {
  const chain = gradientChain(element, byId);
  const centre = (axis: string): string => (attribute(chain, `c${axis}`) ?? "50%").trim();
  const focal = (axis: string): string => (attribute(chain, `f${axis}`) ?? centre(axis)).trim();
  return focal("x") === centre("x") && focal("y") === centre("y");
}

/** Whether a radial gradient's focal radius is kept: concentric, and inside the radius. */
export function focalRadiusKept(element: XmlElement, byId: Lookup): boolean {
  const chain = gradientChain(element, byId);
  const number = (text: string): number => {
    const t = text.trim();
    return t.endsWith("%") ? Number(t.slice(0, -1)) / 100 : Number(t.replace(/px$/, ""));
  };
  const fr = number(attribute(chain, "fr") ?? "0");
  if (fr === 0) return true;
  const r = number(attribute(chain, "r") ?? "50%");
  return radialSpreadKept(element, byId) && Number.isFinite(fr) && fr > 0 && fr < r;
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
