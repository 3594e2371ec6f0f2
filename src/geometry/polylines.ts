import type { FillRule } from "../doc/types";
import { nearestOnSegment, type FlatSubpath } from "./bezier";
import type { Point } from "../math/point";
import type { Box } from "../math/box";

/** Polyline predicates over x, y pairs: winding, distance, and rectangle overlap. */

/** Winding number of a closed polygon around p (crossings counted with their direction). */
export function winding(points: readonly number[], p: Point): number {
  let w = 0;
  const n = points.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ax = points[i * 2]!;
    const ay = points[i * 2 + 1]!;
    const bx = points[j * 2]!;
    const by = points[j * 2 + 1]!;
    if (ay <= p.y) {
      if (by > p.y && (bx - ax) * (p.y - ay) - (p.x - ax) * (by - ay) > 0) w += 1;
    } else if (by <= p.y && (bx - ax) * (p.y - ay) - (p.x - ax) * (by - ay) < 0) w -= 1;
  }
  return w;
}

/** Whether p is in the area the polylines fill (each taken as closed) under the rule. */
export function insideFill(flat: readonly FlatSubpath[], p: Point, rule: FillRule): boolean {
  let w = 0;
  for (const f of flat) if (f.points.length >= 6) w += winding(f.points, p);
  return rule === "nonzero" ? w !== 0 : (w & 1) === 1;
}

/** Distance from p to the polylines' edges (closing edges only of closed ones). */
export function distanceToOutline(flat: readonly FlatSubpath[], p: Point): number {
  let best = Infinity;
  for (const f of flat) {
    const pts = f.points;
    const n = pts.length / 2;
    if (n === 1) best = Math.min(best, Math.hypot(pts[0]! - p.x, pts[1]! - p.y));
    const edges = f.closed ? n : n - 1;
    for (let i = 0; i < edges; i++) {
      const j = (i + 1) % n;
      const hit = nearestOnSegment(p, pts[i * 2]!, pts[i * 2 + 1]!, pts[j * 2]!, pts[j * 2 + 1]!);
      if (hit.distanceSq < best * best) best = Math.sqrt(hit.distanceSq);
    }
  }
  return best;
}

function pointInRect(x: number, y: number, r: Box): boolean {
  return x >= r.minX && x <= r.maxX && y >= r.minY && y <= r.maxY;
}

/** Whether the segment a–b touches the rectangle (Liang–Barsky clipping). */
export function segmentTouchesRect(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r: Box,
): boolean {
  if (pointInRect(ax, ay, r) || pointInRect(bx, by, r)) return true;
  const dx = bx - ax;
  const dy = by - ay;
  let t0 = 0;
  let t1 = 1;
  const clip = (p: number, q: number): boolean => {
    if (p === 0) return q >= 0;
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
    return true;
  };
  return (
    clip(-dx, ax - r.minX) &&
    clip(dx, r.maxX - ax) &&
    clip(-dy, ay - r.minY) &&
    clip(dy, r.maxY - ay) &&
    t0 <= t1
  );
}

/** Whether any edge of the polylines touches the rectangle. */
export function outlineTouchesRect(flat: readonly FlatSubpath[], r: Box): boolean {
  for (const f of flat) {
    const pts = f.points;
    const n = pts.length / 2;
    if (n === 1 && pointInRect(pts[0]!, pts[1]!, r)) return true;
    const edges = f.closed ? n : n - 1;
    for (let i = 0; i < edges; i++) {
      const j = (i + 1) % n;
      if (segmentTouchesRect(pts[i * 2]!, pts[i * 2 + 1]!, pts[j * 2]!, pts[j * 2 + 1]!, r))
        return true;
    }
  }
  return false;
}

/** Whether every point of the polylines lies in the rectangle (so every edge does). */
export function outlineInsideRect(flat: readonly FlatSubpath[], r: Box): boolean {
  let any = false;
  for (const f of flat) {
    for (let i = 0; i < f.points.length; i += 2) {
      if (!pointInRect(f.points[i]!, f.points[i + 1]!, r)) return false;
      any = true;
    }
  }
  return any;
}
