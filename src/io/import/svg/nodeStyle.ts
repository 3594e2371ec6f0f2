import { NO_FILL } from "../../../doc/factory";
import { invert, multiply, type Matrix } from "../../../doc/transform";
import {
  BLEND_MODES,
  type BlendMode,
  type Fill,
  type LineCap,
  type LineJoin,
  type Paint,
  type Stroke,
} from "../../../doc/types";
import { localName } from "../xml";
import { parseColor } from "./color";
import { absoluteMatrix, FROM_CONTEXT, type Context, type Conversion } from "./conversion";
import { hasExternalUrl } from "./css";
import { parseLength } from "./lengths";
import { gradientPaint, NO_BOUNDING_BOX, type UserBox } from "./paint";
import { patternPaint } from "./pattern";
import type { ComputedStyle } from "./style";

/** A computed style as the style fields of a node: fill, stroke, fill rule, opacity, blend. */

/**
 * The fill and stroke of a node whose local space `userToLocal` maps to; `box` is the element's
 * bounding box for objectBoundingBox gradients, or how to measure it when one asks.
 */
export function styled(
  conv: Conversion,
  ctx: Context,
  userToLocal: Matrix,
  box: UserBox | (() => UserBox),
): { fill: Fill; stroke: Stroke } {
  const style = ctx.style;
  const fillOpacity = unitNumber(style.get("fill-opacity"), 1);
  const strokeOpacity = unitNumber(style.get("stroke-opacity"), 1);
  const fillSpace = contextSpace(ctx, "fill", userToLocal, box);
  const fillPaint = paint(
    conv,
    style.get("fill") ?? "black",
    ctx,
    fillOpacity,
    fillSpace.userToLocal,
    fillSpace.box,
  );
  const width = Math.max(
    0,
    parseLength(style.get("stroke-width") ?? "1", 1, ctx.viewport, "other"),
  );
  // A stroke's paint reaches past the box by half its width, more at mitred corners.
  const strokeSpace = contextSpace(ctx, "stroke", userToLocal, box);
  const strokePaint = paint(
    conv,
    style.get("stroke") ?? "none",
    ctx,
    strokeOpacity,
    strokeSpace.userToLocal,
    strokeSpace.box,
    width * 2,
  );
  const dash = dashes(style.get("stroke-dasharray"), ctx);
  return {
    fill: fillPaint ?? NO_FILL,
    stroke: {
      paint: width > 0 ? strokePaint : null,
      width,
      dash,
      dashOffset: dashOffsetOf(style.get("stroke-dashoffset"), dash, ctx),
      cap: oneOf<LineCap>(style.get("stroke-linecap"), ["butt", "round", "square"], "butt"),
      join: joinOf(style.get("stroke-linejoin")),
      miterLimit: miterLimitOf(style.get("stroke-miterlimit")),
    },
  };
}

/**
 * Where a paint is laid out: the element's own user space and box, or for a paint that came
 * from a context element (a `<use>`'s, through context-fill or context-stroke) that element's.
 */
function contextSpace(
  ctx: Context,
  property: "fill" | "stroke",
  userToLocal: Matrix,
  box: UserBox | (() => UserBox),
): { userToLocal: Matrix; box: UserBox | (() => UserBox) } {
  const space = ctx.contextPaint?.space;
  const back = invert(absoluteMatrix(ctx));
  if (space === undefined || ctx.style.get(FROM_CONTEXT[property]) === undefined || back === null)
    return { userToLocal, box };
  return {
    userToLocal: multiply(userToLocal, multiply(back, space.matrix)),
    box: () => space.box() ?? (typeof box === "function" ? box() : box),
  };
}

/** A `fill` or `stroke` value: a colour, a gradient, or (for none and what is not imported) null. */
function paint(
  conv: Conversion,
  value: string,
  ctx: Context,
  opacity: number,
  userToLocal: Matrix,
  box: UserBox | (() => UserBox),
  margin = 0,
): Paint | null {
  const style = ctx.style;
  const text = value.trim();
  if (text === "none") return null;
  const url = /^url\(\s*['"]?#([^)'"]+)['"]?\s*\)\s*(.*)$/.exec(text);
  if (url !== null) {
    const target = conv.byId.get(url[1]!.trim());
    const tag = target === undefined ? "" : localName(target.name);
    const fallback = url[2]!.trim();
    if (target !== undefined && (tag === "linearGradient" || tag === "radialGradient")) {
      const gradient = gradientPaint(
        target,
        {
          byId: conv.byId,
          viewport: ctx.viewport,
          approximated: (what) => conv.count(what),
          stopStyle: (stop) => {
            // A stop's style cascades from its own ancestors, not from what the gradient
            // paints: its currentColor is the colour the stop inherits there.
            const cascaded = conv.cascadedStyle(stop);
            const color = cascaded.get("stop-color") ?? "black";
            return {
              color: /^currentcolor$/i.test(color.trim())
                ? (cascaded.get("color") ?? "black")
                : color,
              opacity: cascaded.get("stop-opacity") ?? "1",
            };
          },
        },
        userToLocal,
        typeof box === "function" ? box() : box,
        opacity,
        margin,
      );
      if (gradient !== NO_BOUNDING_BOX) return gradient;
      return fallback.length > 0
        ? paint(conv, fallback, ctx, opacity, userToLocal, box, margin)
        : null;
    }
    if (target !== undefined && tag === "pattern") {
      const pattern = patternPaint(
        conv,
        target,
        ctx,
        userToLocal,
        typeof box === "function" ? box() : box,
        opacity,
      );
      if (pattern !== NO_BOUNDING_BOX) return pattern;
      return fallback.length > 0
        ? paint(conv, fallback, ctx, opacity, userToLocal, box, margin)
        : null;
    }
    // Anything else referred to is no paint: its fallback colour stands in.
    if (fallback.length > 0) return paint(conv, fallback, ctx, opacity, userToLocal, box, margin);
    if (target === undefined) conv.count("reference to a missing paint");
    return null;
  }
  if (hasExternalUrl(text)) {
    conv.count("external reference");
    return null;
  }
  let parsed = parseColor(text);
  if (parsed === "currentColor") parsed = parseColor(style.get("color") ?? "black");
  if (parsed === null || parsed === "currentColor") return null;
  if (parsed === "transparent") return null;
  return { type: "solid", color: { ...parsed, a: parsed.a * opacity } };
}

/**
 * `stroke-miterlimit`: a plain number of at least 1 (not a length or a percentage); anything
 * else is invalid, which leaves the initial 4.
 */
function miterLimitOf(value: string | undefined): number {
  const text = value?.trim() ?? "4";
  if (!/^[+]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(text)) return 4;
  const n = Number(text);
  return Number.isFinite(n) && n >= 1 ? n : 4;
}

function dashes(value: string | undefined, ctx: Context): number[] {
  if (value === undefined || value.trim() === "none") return [];
  const parts = value
    .split(/[\s,]+/)
    .filter((p) => p.length > 0)
    .slice(0, 256);
  const lengths = parts.map((p) => parseLength(p, Number.NaN, ctx.viewport, "other"));
  if (lengths.some((n) => !Number.isFinite(n) || n < 0)) return [];
  if (lengths.every((n) => n === 0)) return [];
  return lengths.length % 2 === 1 ? [...lengths, ...lengths] : lengths;
}

/**
 * `stroke-dashoffset`: a negative offset is the same place in the pattern as one a whole number
 * of pattern lengths further on, so it is kept as that offset, within [0, pattern length).
 */
function dashOffsetOf(value: string | undefined, dash: readonly number[], ctx: Context): number {
  const offset = parseLength(value ?? "0", 0, ctx.viewport, "other");
  if (offset >= 0 || dash.length === 0) return offset;
  const total = dash.reduce((sum, d) => sum + d, 0);
  return total > 0 ? ((offset % total) + total) % total : 0;
}

export function fillRuleOf(ctx: Context): "nonzero" | "evenodd" {
  return ctx.style.get("fill-rule") === "evenodd" ? "evenodd" : "nonzero";
}

export function opacityOf(style: ComputedStyle): number {
  return unitNumber(style.get("opacity"), 1);
}

export function blendOf(style: ComputedStyle): BlendMode {
  const mode = style.get("mix-blend-mode");
  return (BLEND_MODES as readonly string[]).includes(mode ?? "") ? (mode as BlendMode) : "normal";
}

/** CSS `isolation`: whether a group's children blend only with one another. */
export function isolationOf(style: ComputedStyle): boolean {
  return style.get("isolation")?.trim().toLowerCase() === "isolate";
}

export function clampUnit(n: number): number {
  return n < 0 ? 0 : n > 1 ? 1 : n;
}

function unitNumber(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const text = value.trim();
  const n = text.endsWith("%") ? Number.parseFloat(text) / 100 : Number.parseFloat(text);
  return Number.isFinite(n) ? clampUnit(n) : fallback;
}

function oneOf<T extends string>(value: string | undefined, options: readonly T[], fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

function joinOf(value: string | undefined): LineJoin {
  if (value === "round" || value === "bevel") return value;
  return "miter";
}
