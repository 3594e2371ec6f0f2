import { apply, type Matrix } from "../../../doc/transform";
import type { Subpath } from "../../../doc/types";
import { IMPORT_LIMITS } from "../limits";
import type { XmlElement } from "../xml";
import { autoLength, length, type Viewport } from "./lengths";
import type { UserBox } from "./paint";
import { arcToCubics } from "./pathData";
import { parseNumberPrefix } from "./transformList";
import type { Point } from "../../../math/point";

/**
 * The geometry of SVG's basic shapes, read from their attributes, and as subpaths: for shapes a
 * node cannot hold, and for the vertices markers go on.
 */

export interface RectShape {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly rx: number;
  readonly ry: number;
}

export interface EllipseShape {
  readonly cx: number;
  readonly cy: number;
  readonly rx: number;
  readonly ry: number;
}

/** A `<rect>`, its radii completed and clamped as SVG does; null when it draws nothing. */
export function rectShape(element: XmlElement, viewport: Viewport): RectShape | null {
  const x = length(element, "x", 0, viewport, "x");
  const y = length(element, "y", 0, viewport, "y");
  const width = length(element, "width", 0, viewport, "x");
  const height = length(element, "height", 0, viewport, "y");
  if (!(width > 0 && height > 0)) return null;
  // SVG 2: a radius that is absent, auto or invalid (negative included) takes the other's value.
  const rxAuto = autoLength(element, "rx", viewport, "x");
  const ryAuto = autoLength(element, "ry", viewport, "y");
  const rx = rxAuto ?? ryAuto ?? 0;
  const ry = ryAuto ?? rxAuto ?? 0;
  return { x, y, width, height, rx: Math.min(rx, width / 2), ry: Math.min(ry, height / 2) };
}

/** A `<circle>` or `<ellipse>`, an auto radius taken from the other; null when it draws nothing. */
export function ellipseShape(
  element: XmlElement,
  viewport: Viewport,
  circle: boolean,
): EllipseShape | null {
  const cx = length(element, "cx", 0, viewport, "x");
  const cy = length(element, "cy", 0, viewport, "y");
  let rx: number;
  let ry: number;
  if (circle) rx = ry = length(element, "r", 0, viewport, "other");
  else {
    // SVG 2: a radius that is absent, auto or invalid (negative included) takes the other's.
    const rxAuto = autoLength(element, "rx", viewport, "x");
    const ryAuto = autoLength(element, "ry", viewport, "y");
    rx = rxAuto ?? ryAuto ?? 0;
    ry = ryAuto ?? rxAuto ?? 0;
  }
  return rx > 0 && ry > 0 ? { cx, cy, rx, ry } : null;
}

export function lineEnds(element: XmlElement, viewport: Viewport): { start: Point; end: Point } {
  return {
    start: {
      x: length(element, "x1", 0, viewport, "x"),
      y: length(element, "y1", 0, viewport, "y"),
    },
    end: {
      x: length(element, "x2", 0, viewport, "x"),
      y: length(element, "y2", 0, viewport, "y"),
    },
  };
}

/** Whether a `<polyline>`'s or `<polygon>`'s points hold bad data (drawn up to it). */
export function pointsError(element: XmlElement): boolean {
  return parseNumberPrefix(element.attributes.get("points") ?? "", IMPORT_LIMITS.maxPathNumbers)
    .error;
}

/**
 * A `<polyline>` or `<polygon>`; null under two points. Points stop at bad data, as SVG draws
 * them (an odd number left over is dropped).
 */
export function polySubpath(element: XmlElement, closed: boolean): Subpath | null {
  const { numbers } = parseNumberPrefix(
    element.attributes.get("points") ?? "",
    IMPORT_LIMITS.maxPathNumbers,
  );
  const points: Point[] = [];
  for (let i = 0; i + 1 < numbers.length; i += 2)
    points.push({ x: numbers[i]!, y: numbers[i + 1]! });
  if (points.length < 2) return null;
  return {
    start: points[0]!,
    segments: points.slice(1).map((to) => ({ type: "line" as const, to })),
    closed,
  };
}

export function rectSubpaths(
  x: number,
  y: number,
  w: number,
  h: number,
  rx: number,
  ry: number,
): Subpath[] {
  if (rx <= 0 || ry <= 0) {
    return [
      {
        start: { x, y },
        segments: [
          { type: "line", to: { x: x + w, y } },
          { type: "line", to: { x: x + w, y: y + h } },
          { type: "line", to: { x, y: y + h } },
        ],
        closed: true,
      },
    ];
  }
  const segments = [
    { type: "line" as const, to: { x: x + w - rx, y } },
    ...arcToCubics({ x: x + w - rx, y }, rx, ry, 0, false, true, { x: x + w, y: y + ry }),
    { type: "line" as const, to: { x: x + w, y: y + h - ry } },
    ...arcToCubics({ x: x + w, y: y + h - ry }, rx, ry, 0, false, true, {
      x: x + w - rx,
      y: y + h,
    }),
    { type: "line" as const, to: { x: x + rx, y: y + h } },
    ...arcToCubics({ x: x + rx, y: y + h }, rx, ry, 0, false, true, { x, y: y + h - ry }),
    { type: "line" as const, to: { x, y: y + ry } },
    ...arcToCubics({ x, y: y + ry }, rx, ry, 0, false, true, { x: x + rx, y }),
  ];
  return [{ start: { x: x + rx, y }, segments, closed: true }];
}

export function ellipseSubpaths(cx: number, cy: number, rx: number, ry: number): Subpath[] {
  const start = { x: cx + rx, y: cy };
  const mid = { x: cx - rx, y: cy };
  return [
    {
      start,
      segments: [
        ...arcToCubics(start, rx, ry, 0, false, true, mid),
        ...arcToCubics(mid, rx, ry, 0, false, true, start),
      ],
      closed: true,
    },
  ];
}

export function boxOf(points: readonly Point[]): UserBox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  if (minX > maxX) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

export function subpathPoints(subpaths: readonly Subpath[]): Point[] {
  const out: Point[] = [];
  for (const sub of subpaths) {
    out.push(sub.start);
    for (const seg of sub.segments) {
      out.push(seg.to);
      // Control points overstate the box a little; good enough for gradient placement.
      if (seg.type === "quad") out.push(seg.control);
      else if (seg.type === "cubic") out.push(seg.control1, seg.control2);
    }
  }
  return out;
}

export function mapSubpath(sub: Subpath, m: Matrix): Subpath {
  return {
    start: apply(m, sub.start),
    closed: sub.closed,
    segments: sub.segments.map((seg) =>
      seg.type === "line"
        ? { type: "line", to: apply(m, seg.to) }
        : seg.type === "quad"
          ? { type: "quad", control: apply(m, seg.control), to: apply(m, seg.to) }
          : {
              type: "cubic",
              control1: apply(m, seg.control1),
              control2: apply(m, seg.control2),
              to: apply(m, seg.to),
            },
    ),
  };
}
