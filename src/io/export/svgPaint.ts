import { patternMatrix } from "../../doc/pattern";
import type { BlendMode, GradientStop, Paint, PatternPaint, RGBA, Stroke } from "../../doc/types";
import { attributes, num, type IdAllocator } from "./xml";

/** Gradients, patterns and clip paths gathered while the body is written, emitted once in <defs>. */
export class Defs {
  private readonly parts: string[] = [];

  /**
   * `content` writes a pattern's content nodes as SVG (the writer of the nodes, which shares
   * these defs with it, so patterns inside patterns land here too).
   */
  constructor(
    private readonly ids: IdAllocator,
    readonly content: (paint: PatternPaint) => string = () => "",
  ) {}

  private readonly patterns = new Map<PatternPaint, string>();

  /** The id a pattern paint was written under, if it was. */
  written(paint: PatternPaint): string | null {
    return this.patterns.get(paint) ?? null;
  }

  remember(paint: PatternPaint, id: string): void {
    this.patterns.set(paint, id);
  }

  add(kind: string, markup: (id: string) => string): string {
    const id = this.ids.allocate(kind, kind);
    this.parts.push(markup(id));
    return id;
  }

  get markup(): string {
    return this.parts.length === 0 ? "" : `<defs>${this.parts.join("")}</defs>`;
  }
}

function channel(value: number): string {
  const byte = Math.round(Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)) * 255);
  return byte.toString(16).padStart(2, "0");
}

export function hexColor(color: RGBA): string {
  return `#${channel(color.r)}${channel(color.g)}${channel(color.b)}`;
}

function clampAlpha(a: number): number {
  return Number.isFinite(a) ? Math.min(1, Math.max(0, a)) : 1;
}

function stops(list: readonly GradientStop[]): string {
  return list
    .map(
      (stop) =>
        `<stop${attributes({
          offset: clampAlpha(stop.offset),
          "stop-color": hexColor(stop.color),
          "stop-opacity": stop.color.a < 1 ? clampAlpha(stop.color.a) : undefined,
        })}/>`,
    )
    .join("");
}

/**
 * A paint as an SVG paint value plus its opacity. Gradients go to <defs> in the node's own units
 * (userSpaceOnUse), as the model keeps their geometry in the node's local coordinates.
 */
export function paintValue(paint: Paint, defs: Defs): { value: string; opacity?: number } {
  switch (paint.type) {
    case "solid":
      return {
        value: hexColor(paint.color),
        opacity: paint.color.a < 1 ? clampAlpha(paint.color.a) : undefined,
      };
    case "linear": {
      const id = defs.add(
        "gradient",
        (gid) =>
          `<linearGradient${attributes({
            id: gid,
            gradientUnits: "userSpaceOnUse",
            x1: paint.from.x,
            y1: paint.from.y,
            x2: paint.to.x,
            y2: paint.to.y,
          })}>${stops(paint.stops)}</linearGradient>`,
      );
      return { value: `url(#${id})` };
    }
    case "radial": {
      const id = defs.add(
        "gradient",
        (gid) =>
          `<radialGradient${attributes({
            id: gid,
            gradientUnits: "userSpaceOnUse",
            cx: paint.center.x,
            cy: paint.center.y,
            r: Math.max(0, paint.radius),
            fx: paint.focal.x,
            fy: paint.focal.y,
          })}>${stops(paint.stops)}</radialGradient>`,
      );
      return { value: `url(#${id})` };
    }
    case "pattern": {
      // The tile in the node's own units, as the model keeps it: its corner at the origin of
      // the pattern's space, placed by patternTransform. One paint used by many nodes (a
      // file's shared values) is written once.
      const opacity = paint.opacity < 1 ? clampAlpha(paint.opacity) : undefined;
      const known = defs.written(paint);
      if (known !== null) return { value: `url(#${known})`, opacity };
      const m = patternMatrix(paint);
      const content = defs.content(paint);
      const id = defs.add(
        "pattern",
        (pid) =>
          `<pattern${attributes({
            id: pid,
            patternUnits: "userSpaceOnUse",
            width: paint.width,
            height: paint.height,
            patternTransform: isIdentity(m)
              ? undefined
              : `matrix(${[m.a, m.b, m.c, m.d, m.e, m.f].map(precise).join(" ")})`,
          })}>${content}</pattern>`,
      );
      defs.remember(paint, id);
      return { value: `url(#${id})`, opacity };
    }
  }
}

function isIdentity(m: {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}): boolean {
  return m.a === 1 && m.b === 0 && m.c === 0 && m.d === 1 && m.e === 0 && m.f === 0;
}

/** A matrix entry with more digits than `num` keeps: a tile repeats its error every tile. */
function precise(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(10)) + 0) : "0";
}

export type Attrs = Record<string, string | number | undefined>;

/** fill and fill-opacity for a paint, or fill="none". */
export function fillAttrs(paint: Paint | null, defs: Defs): Attrs {
  if (paint === null) return { fill: "none" };
  const { value, opacity } = paintValue(paint, defs);
  return { fill: value, "fill-opacity": opacity };
}

/** Whether the renderer draws this dash pattern (anything else is a solid line there too). */
export function isDashed(dash: readonly number[]): boolean {
  return dash.length > 0 && dash.some((d) => d > 0) && dash.every((d) => d >= 0);
}

/** The stroke's presentation attributes; null when the renderer draws no stroke. */
export function strokeAttrs(stroke: Stroke, defs: Defs, dashed = true): Attrs | null {
  if (stroke.paint === null || !(stroke.width > 0)) return null;
  const { value, opacity } = paintValue(stroke.paint, defs);
  const dash = dashed && isDashed(stroke.dash);
  return {
    stroke: value,
    "stroke-opacity": opacity,
    "stroke-width": stroke.width,
    "stroke-dasharray": dash ? stroke.dash.map(num).join(" ") : undefined,
    "stroke-dashoffset": dash && stroke.dashOffset !== 0 ? stroke.dashOffset : undefined,
    "stroke-linecap": stroke.cap === "butt" ? undefined : stroke.cap,
    "stroke-linejoin": stroke.join === "miter" ? undefined : stroke.join,
    "stroke-miterlimit":
      stroke.join === "miter" && stroke.miterLimit !== 4 ? stroke.miterLimit : undefined,
  };
}

/**
 * opacity, mix-blend-mode and isolation (a group's), which apply to a node and everything in it.
 */
export function compositingAttrs(opacity: number, blendMode: BlendMode, isolated = false): Attrs {
  const style = [
    blendMode === "normal" ? null : `mix-blend-mode:${blendMode}`,
    isolated ? "isolation:isolate" : null,
  ].filter((part) => part !== null);
  return {
    opacity: opacity < 1 ? clampAlpha(opacity) : undefined,
    style: style.length === 0 ? undefined : style.join(";"),
  };
}
