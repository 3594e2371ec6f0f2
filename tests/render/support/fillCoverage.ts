import type { FillRule } from "../../../src/doc/types";
import type { FillPlan } from "../../../src/render/stroke/fillPlan";

/** earcut's signature as PixiJS exports it (the encoder triangulates regions with it). */
export type Earcut = (data: number[], holeIndices?: number[]) => number[];

/** One triangle as ax, ay, bx, by, cx, cy. */
export type Triangle = readonly [number, number, number, number, number, number];

/** The plan's regions triangulated the way the encoder does it. */
export function triangulate(plan: FillPlan, earcut: Earcut): Triangle[] {
  const triangles: Triangle[] = [];
  for (const region of plan.regions) {
    const points = [...region.outer];
    const holeStarts: number[] = [];
    for (const hole of region.holes) {
      holeStarts.push(points.length / 2);
      points.push(...hole);
    }
    const ix = earcut(points, holeStarts);
    for (let i = 0; i + 2 < ix.length; i += 3) {
      const [a, b, c] = [ix[i]! * 2, ix[i + 1]! * 2, ix[i + 2]! * 2];
      triangles.push([
        points[a]!,
        points[a + 1]!,
        points[b]!,
        points[b + 1]!,
        points[c]!,
        points[c + 1]!,
      ]);
    }
  }
  return triangles;
}

/** How many triangles contain (x, y); a point on a shared edge may count for both. */
export function coverCount(triangles: readonly Triangle[], x: number, y: number): number {
  let count = 0;
  for (const [ax, ay, bx, by, cx, cy] of triangles) {
    const d1 = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    const d2 = (cx - bx) * (y - by) - (cy - by) * (x - bx);
    const d3 = (ax - cx) * (y - cy) - (ay - cy) * (x - cx);
    const negative = d1 < 0 || d2 < 0 || d3 < 0;
    const positive = d1 > 0 || d2 > 0 || d3 > 0;
    if (!(negative && positive)) count += 1;
  }
  return count;
}

export function trianglesArea(triangles: readonly Triangle[]): number {
  let area = 0;
  for (const [ax, ay, bx, by, cx, cy] of triangles)
    area += Math.abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay)) / 2;
  return area;
}

/**
 * The winding number of closed outlines around (x, y), counted straight from the outlines
 * (upward crossings left of the point count +1, downward ones −1): the oracle the fill is
 * checked against, independent of any nesting or tessellation.
 */
export function windingNumber(
  outlines: readonly (readonly number[])[],
  x: number,
  y: number,
): number {
  let winding = 0;
  for (const points of outlines) {
    const n = points.length >> 1;
    for (let i = 0; i < n; i += 1) {
      const j = (i + 1) % n;
      const x0 = points[i * 2]!;
      const y0 = points[i * 2 + 1]!;
      const x1 = points[j * 2]!;
      const y1 = points[j * 2 + 1]!;
      const side = (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0);
      if (y0 <= y && y1 > y && side > 0) winding += 1;
      else if (y0 > y && y1 <= y && side < 0) winding -= 1;
    }
  }
  return winding;
}

/** The distance from (x, y) to the nearest edge of the closed outlines. */
export function edgeDistance(
  outlines: readonly (readonly number[])[],
  x: number,
  y: number,
): number {
  let nearest = Infinity;
  for (const points of outlines) {
    const n = points.length >> 1;
    for (let i = 0; i < n; i += 1) {
      const j = (i + 1) % n;
      const x0 = points[i * 2]!;
      const y0 = points[i * 2 + 1]!;
      const dx = points[j * 2]! - x0;
      const dy = points[j * 2 + 1]! - y0;
      const along = dx * dx + dy * dy;
      const t = along === 0 ? 0 : Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / along));
      nearest = Math.min(nearest, Math.hypot(x - x0 - t * dx, y - y0 - t * dy));
    }
  }
  return nearest;
}

export function ruleFills(winding: number, rule: FillRule): boolean {
  return rule === "evenodd" ? winding % 2 !== 0 : winding !== 0;
}

/** Whether the original outlines are filled at (x, y) under the rule. */
export function oracleFills(
  outlines: readonly (readonly number[])[],
  rule: FillRule,
  x: number,
  y: number,
): boolean {
  return ruleFills(windingNumber(outlines, x, y), rule);
}

/** Points of a grid over a box, offset by odd fractions so that they rarely fall on an edge. */
export function sampleGrid(
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  steps: number,
): [number, number][] {
  const points: [number, number][] = [];
  const w = (maxX - minX) / steps;
  const h = (maxY - minY) / steps;
  for (let i = 0; i < steps; i += 1)
    for (let j = 0; j < steps; j += 1)
      points.push([minX + (i + 0.4137) * w, minY + (j + 0.5719) * h]);
  return points;
}

/** Distance from (x, y) to the segment a→b. */
function distanceToSegment(
  x: number,
  y: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const squared = dx * dx + dy * dy;
  const t = squared > 0 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / squared)) : 0;
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

/** Every segment of the plan's rim as ax, ay, bx, by. */
function rimSegments(plan: FillPlan): [number, number, number, number][] {
  const segments: [number, number, number, number][] = [];
  for (const { points: p } of plan.edges) {
    const n = p.length >> 1;
    for (let i = 0; i < n; i += 1) {
      const j = (i + 1) % n;
      segments.push([p[i * 2]!, p[i * 2 + 1]!, p[j * 2]!, p[j * 2 + 1]!]);
    }
  }
  return segments;
}

/**
 * Points either side of the middle of each rim segment longer than `minLength`: `inside` on the
 * side the outline's turn puts its inside (left of a counter-clockwise outline), `outside` on
 * the other, `delta` away, or less where another rim segment passes closer (crossings make
 * slivers of any thinness), so that no other boundary lies between a probe and its segment.
 * Probes that would have to be closer than `minDelta` are left out.
 */
export function rimProbes(
  plan: FillPlan,
  delta: number,
  minLength: number,
  minDelta = 1e-9,
): { inside: [number, number]; outside: [number, number]; filledInside: boolean }[] {
  const probes: { inside: [number, number]; outside: [number, number]; filledInside: boolean }[] =
    [];
  const all = rimSegments(plan);
  let first = 0;
  for (const edge of plan.edges) {
    const p = edge.points;
    const n = p.length >> 1;
    let area = 0;
    for (let i = 0; i < n; i += 1) {
      const j = (i + 1) % n;
      area += p[i * 2]! * p[j * 2 + 1]! - p[j * 2]! * p[i * 2 + 1]!;
    }
    const turn = Math.sign(area);
    for (let i = 0; i < n; i += 1) {
      const [ax, ay, bx, by] = all[first + i]!;
      const dx = bx - ax;
      const dy = by - ay;
      const length = Math.hypot(dx, dy);
      if (!(length > minLength)) continue;
      const mx = (ax + bx) / 2;
      const my = (ay + by) / 2;
      let clearance = Infinity;
      all.forEach((segment, k) => {
        if (k !== first + i) clearance = Math.min(clearance, distanceToSegment(mx, my, ...segment));
      });
      const d = Math.min(delta, clearance / 4);
      if (!(d >= minDelta)) continue;
      // The left normal points inside a counter-clockwise outline.
      const nx = (-dy / length) * turn * d;
      const ny = (dx / length) * turn * d;
      probes.push({
        inside: [mx + nx, my + ny],
        outside: [mx - nx, my - ny],
        filledInside: edge.filledInside,
      });
    }
    first += n;
  }
  return probes;
}
