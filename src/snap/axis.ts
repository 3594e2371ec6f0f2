import type { Point } from "../math/point";
import type { Box } from "../math/box";

/**
 * Snapping works one axis at a time: along the axis ("main") a box is a span to move; across it
 * ("cross") a span that only decides who is a neighbour and where guides are drawn.
 */
export type Axis = "x" | "y";

export interface Span {
  readonly lo: number;
  readonly hi: number;
}

export function mainSpan(box: Box, axis: Axis): Span {
  return axis === "x" ? { lo: box.minX, hi: box.maxX } : { lo: box.minY, hi: box.maxY };
}

export function crossSpan(box: Box, axis: Axis): Span {
  return axis === "x" ? { lo: box.minY, hi: box.maxY } : { lo: box.minX, hi: box.maxX };
}

/** A point from a position along the axis and one across it. */
export function pointOn(axis: Axis, main: number, cross: number): Point {
  return axis === "x" ? { x: main, y: cross } : { x: cross, y: main };
}

/** Edges and centre: what aligns with what. */
export function features(span: Span): readonly [number, number, number] {
  return [span.lo, (span.lo + span.hi) / 2, span.hi];
}

export function shift(span: Span, by: number): Span {
  return { lo: span.lo + by, hi: span.hi + by };
}

/** Whether two spans share more than an end point. */
export function overlaps(a: Span, b: Span): boolean {
  return a.lo < b.hi && b.lo < a.hi;
}

/**
 * The smallest offset within `tolerance` that brings an edge or the centre of `moving` onto an
 * edge or centre of a target; null when none is that close.
 */
export function nearestAlignment(
  moving: Span,
  targets: readonly Span[],
  tolerance: number,
): number | null {
  const anchors = features(moving);
  let best: number | null = null;
  for (const target of targets) {
    for (const value of features(target)) {
      for (const anchor of anchors) {
        const offset = value - anchor;
        if (Math.abs(offset) <= tolerance && (best === null || Math.abs(offset) < Math.abs(best)))
          best = offset;
      }
    }
  }
  return best;
}

/** The smallest offset within `tolerance` that puts an edge of `moving` on a grid line. */
export function nearestGridLine(moving: Span, pitch: number, tolerance: number): number | null {
  if (!(pitch > 0) || !Number.isFinite(pitch)) return null;
  let best: number | null = null;
  for (const edge of [moving.lo, moving.hi]) {
    const offset = Math.round(edge / pitch) * pitch - edge;
    if (Math.abs(offset) <= tolerance && (best === null || Math.abs(offset) < Math.abs(best)))
      best = offset;
  }
  return best;
}
