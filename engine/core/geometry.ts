import type { CoreExports } from "./exports.ts";

export type FillRule = "nonzero" | "evenodd";

/** Exact hit-test predicates, evaluated in the core. */
export class Geometry {
  private readonly core: CoreExports;

  constructor(core: CoreExports) {
    this.core = core;
  }

  distanceToSegment(
    px: number,
    py: number,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
  ): number {
    return this.core.geoDistanceToSegment(px, py, x0, y0, x1, y1);
  }

  /** Exact: solves the cubic for the stationary points of the squared distance. */
  distanceToQuadratic(
    px: number,
    py: number,
    x0: number,
    y0: number,
    cx: number,
    cy: number,
    x1: number,
    y1: number,
  ): number {
    return this.core.geoDistanceToQuadratic(px, py, x0, y0, cx, cy, x1, y1);
  }

  /** Sampling plus bracketed refinement; accurate to ~1e-9 relative for ordinary curves. */
  distanceToCubic(
    px: number,
    py: number,
    x0: number,
    y0: number,
    c1x: number,
    c1y: number,
    c2x: number,
    c2y: number,
    x1: number,
    y1: number,
  ): number {
    return this.core.geoDistanceToCubic(px, py, x0, y0, c1x, c1y, c2x, c2y, x1, y1);
  }

  /**
   * Whether the point is inside the closed polygon `points` (x0, y0, x1, y1, ...). Points exactly
   * on an edge or vertex count as inside under both rules.
   */
  pointInPolygon(px: number, py: number, points: Float64Array, rule: FillRule): boolean {
    const count = points.length >>> 1;
    if (count === 0) return false;
    const ptr = this.core.geoScratch(count * 2);
    new Float64Array(this.core.memory.buffer, ptr, count * 2).set(points.subarray(0, count * 2));
    return this.core.geoPointInPolygon(px, py, count, rule === "evenodd" ? 1 : 0) === 1;
  }
}
