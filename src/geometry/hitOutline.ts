import type { FillRule, Stroke } from "../doc/types";
import { clampRadii } from "./outline";
import { nearestOnSegment, type FlatSubpath } from "./bezier";
import { distanceToOutline, insideFill } from "./polylines";
import type { Point } from "../math/point";

/**
 * The outlines point hit tests measure against, in a node's local coordinates, and how a point
 * is resolved into the part of a node it hits. The kinds (`src/shapes/`) pick which outline they
 * are and which way their parts answer.
 *
 * Exact for boxes, rounded rectangles (true circular corners, as drawn), ellipses (nearest point
 * by iteration to 1e-12), lines and polygons; curves are flattened by the caller. Strokes are hit
 * within half their width of the outline: dashed strokes as if solid, open ends as if
 * round-capped; miter spikes past half the width and arrowheads are not counted.
 */

export type HitPart = "fill" | "stroke";

/** What hit testing needs of an outline, in local coordinates. */
export interface HitOutline {
  /** Whether p is in the area a fill would paint. */
  inside(p: Point): boolean;
  /** Distance from p to the outline (where a stroke is centred). */
  distance(p: Point): number;
}

export function polylineHitOutline(flat: FlatSubpath[], rule: FillRule): HitOutline {
  return {
    inside: (p) => insideFill(flat, p, rule),
    distance: (p) => distanceToOutline(flat, p),
  };
}

export function pointsHitOutline(points: readonly number[]): HitOutline {
  return polylineHitOutline([{ points: points.slice(), closed: true }], "nonzero");
}

export function boxHitOutline(width: number, height: number): HitOutline {
  return roundedRectHitOutline(width, height, [0, 0, 0, 0]);
}

/** Exact: straight sides between the corners and circular arcs at them. */
export function roundedRectHitOutline(
  width: number,
  height: number,
  radii: readonly number[],
): HitOutline {
  const [tl, tr, br, bl] = clampRadii(width, height, radii) as [number, number, number, number];
  // Corner centres and the quadrant each arc spans (sign of x and y away from the centre).
  const corners = [
    { cx: tl, cy: tl, r: tl, sx: -1, sy: -1 },
    { cx: width - tr, cy: tr, r: tr, sx: 1, sy: -1 },
    { cx: width - br, cy: height - br, r: br, sx: 1, sy: 1 },
    { cx: bl, cy: height - bl, r: bl, sx: -1, sy: 1 },
  ];
  const sides = [
    [tl, 0, width - tr, 0],
    [width, tr, width, height - br],
    [width - br, height, bl, height],
    [0, height - bl, 0, tl],
  ] as const;
  return {
    inside(p) {
      if (p.x < 0 || p.y < 0 || p.x > width || p.y > height) return false;
      for (const c of corners) {
        const dx = p.x - c.cx;
        const dy = p.y - c.cy;
        if (c.r > 0 && dx * c.sx > 0 && dy * c.sy > 0 && dx * dx + dy * dy > c.r * c.r)
          return false;
      }
      return true;
    },
    distance(p) {
      let best = Infinity;
      for (const [ax, ay, bx, by] of sides)
        best = Math.min(best, Math.sqrt(nearestOnSegment(p, ax, ay, bx, by).distanceSq));
      for (const c of corners) {
        const dx = p.x - c.cx;
        const dy = p.y - c.cy;
        if (c.r > 0 && dx * c.sx >= 0 && dy * c.sy >= 0)
          best = Math.min(best, Math.abs(Math.hypot(dx, dy) - c.r));
      }
      return best;
    },
  };
}

/** Iterations of the nearest-point search on an ellipse; each roughly squares the error. */
const ELLIPSE_ROUNDS = 12;

/**
 * Distance from (px, py) to the ellipse x²/a² + y²/b² = 1 (centred, a, b > 0), by iterating on
 * the point of the ellipse whose normal passes through p, using the evolute (as in the trig-free
 * method for the ellipse's nearest point).
 */
export function distanceToEllipse(px: number, py: number, a: number, b: number): number {
  const x0 = Math.abs(px);
  const y0 = Math.abs(py);
  let tx = Math.SQRT1_2;
  let ty = Math.SQRT1_2;
  for (let i = 0; i < ELLIPSE_ROUNDS; i++) {
    const x = a * tx;
    const y = b * ty;
    const ex = ((a * a - b * b) * tx * tx * tx) / a;
    const ey = ((b * b - a * a) * ty * ty * ty) / b;
    const r = Math.hypot(x - ex, y - ey);
    const q = Math.hypot(x0 - ex, y0 - ey);
    if (q === 0) break;
    tx = Math.min(1, Math.max(0, (((x0 - ex) * r) / q + ex) / a));
    ty = Math.min(1, Math.max(0, (((y0 - ey) * r) / q + ey) / b));
    const t = Math.hypot(tx, ty);
    tx /= t;
    ty /= t;
  }
  return Math.hypot(x0 - a * tx, y0 - b * ty);
}

export function ellipseHitOutline(width: number, height: number): HitOutline {
  const a = width / 2;
  const b = height / 2;
  if (a <= 0 || b <= 0) {
    // A flat ellipse is the segment across it, with no area.
    const seg: FlatSubpath = { points: [0, 0, width, height], closed: false };
    return { inside: () => false, distance: (p) => distanceToOutline([seg], p) };
  }
  return {
    inside: (p) => ((p.x - a) / a) ** 2 + ((p.y - b) / b) ** 2 <= 1,
    distance: (p) => distanceToEllipse(p.x - a, p.y - b, a, b),
  };
}

/**
 * A part that is hit wherever its outline's area or edge is: a solid box (text, images) hit as
 * "fill", freehand ink as "stroke".
 */
export function hitWhole(
  outline: HitOutline,
  part: HitPart,
  point: Point,
  tolerance: number,
): HitPart | null {
  return outline.inside(point) || outline.distance(point) <= tolerance ? part : null;
}

/**
 * A painted shape: "stroke" within half the stroke width plus the tolerance of the outline,
 * "fill" inside the filled area or within the tolerance of it. A shape with neither fill nor
 * stroke can still be picked at its outline.
 */
export function hitPainted(
  outline: HitOutline,
  stroke: Stroke,
  filled: boolean,
  point: Point,
  tolerance: number,
): HitPart | null {
  const stroked = stroke.paint !== null && stroke.width > 0;
  const d = outline.distance(point);
  if (stroked && d <= stroke.width / 2 + tolerance) return "stroke";
  if (filled && (outline.inside(point) || d <= tolerance)) return "fill";
  if (!stroked && !filled && d <= tolerance) return "stroke";
  return null;
}
