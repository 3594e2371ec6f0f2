import type { PathNode } from "../doc/types";
import { piecesFor } from "./bezier";
import { clampRadii } from "./outline";

/** A polyline in local coordinates: x, y pairs. */
export interface Polyline {
  readonly points: readonly number[];
  readonly closed: boolean;
}

/**
 * Segments per curve are picked from its size so a dash pattern follows it closely; callers that
 * draw at a known zoom pass a finer or coarser step, so curves stay smooth when zoomed in.
 */
export const UNITS_PER_SEGMENT = 4;
const MIN_SEGMENTS = 8;
const MAX_SEGMENTS = 1024;

function segmentsFor(length: number, step: number): number {
  return Math.max(MIN_SEGMENTS, Math.min(MAX_SEGMENTS, Math.ceil(length / step)));
}

/**
 * Segments for an arc of `angle` radians on radius `r`: no longer than `step`, and close enough
 * that no chord strays more than a tenth of a screen pixel (`step` is UNITS_PER_SEGMENT screen
 * pixels) from the circle, so small corners stay round instead of turning into bevels.
 */
function arcSegments(r: number, angle: number, step: number): number {
  const tolerance = step / (UNITS_PER_SEGMENT * 10);
  const byLength = Math.ceil((r * angle) / step);
  const byError = r > tolerance ? Math.ceil(angle / (2 * Math.acos(1 - tolerance / r))) : 1;
  return Math.max(1, Math.min(MAX_SEGMENTS, Math.max(byLength, byError)));
}

export function ellipseOutline(
  width: number,
  height: number,
  step: number = UNITS_PER_SEGMENT,
): Polyline {
  const rx = width / 2;
  const ry = height / 2;
  const n = Math.max(MIN_SEGMENTS, arcSegments(Math.max(rx, ry), 2 * Math.PI, step));
  const points: number[] = [];
  for (let i = 0; i < n; i++) {
    // Clockwise from the top, like the other outlines, so dash patterns start at the same place.
    const angle = -Math.PI / 2 + (i * 2 * Math.PI) / n;
    points.push(rx + Math.cos(angle) * rx, ry + Math.sin(angle) * ry);
  }
  return { points, closed: true };
}

export function roundedRectOutline(
  width: number,
  height: number,
  radii: readonly number[],
  step: number = UNITS_PER_SEGMENT,
): Polyline {
  const [tl, tr, br, bl] = clampRadii(width, height, radii) as [number, number, number, number];
  const points: number[] = [];
  const corner = (cx: number, cy: number, r: number, from: number) => {
    if (r === 0) {
      points.push(cx, cy);
      return;
    }
    const n = Math.max(2, arcSegments(r, Math.PI / 2, step));
    for (let i = 0; i <= n; i++) {
      const angle = from + (i * Math.PI) / 2 / n;
      points.push(cx + Math.cos(angle) * r, cy + Math.sin(angle) * r);
    }
  };
  corner(tl, tl, tl, Math.PI);
  corner(width - tr, tr, tr, -Math.PI / 2);
  corner(width - br, height - br, br, 0);
  corner(bl, height - bl, bl, Math.PI / 2);
  return { points, closed: true };
}

/**
 * Each subpath flattened; curves by uniform subdivision sized from their control polygon, but
 * never into more pieces than keep every chord within a tenth of a screen pixel of the curve
 * (`step` is UNITS_PER_SEGMENT screen pixels): a long gentle curve, such as a curved connector
 * across the screen, is a few dozen chords instead of one every 4 pixels, which is what drawing
 * it costs per vertex; a short or tight one keeps the pieces its size gives.
 */
export function pathOutlines(
  node: Pick<PathNode, "subpaths">,
  step: number = UNITS_PER_SEGMENT,
): Polyline[] {
  const tolerance = step / (UNITS_PER_SEGMENT * 10);
  const result: Polyline[] = [];
  for (const subpath of node.subpaths) {
    let x = subpath.start.x;
    let y = subpath.start.y;
    const points = [x, y];
    for (const seg of subpath.segments) {
      if (seg.type === "line") {
        points.push(seg.to.x, seg.to.y);
      } else if (seg.type === "quad") {
        const n = Math.min(
          segmentsFor(
            Math.hypot(seg.control.x - x, seg.control.y - y) +
              Math.hypot(seg.to.x - seg.control.x, seg.to.y - seg.control.y),
            step,
          ),
          piecesFor([{ x, y }, seg.control, seg.to], tolerance),
        );
        for (let i = 1; i <= n; i++) {
          const t = i / n;
          const u = 1 - t;
          points.push(
            u * u * x + 2 * u * t * seg.control.x + t * t * seg.to.x,
            u * u * y + 2 * u * t * seg.control.y + t * t * seg.to.y,
          );
        }
      } else {
        const { control1: a, control2: b, to } = seg;
        const n = Math.min(
          segmentsFor(
            Math.hypot(a.x - x, a.y - y) +
              Math.hypot(b.x - a.x, b.y - a.y) +
              Math.hypot(to.x - b.x, to.y - b.y),
            step,
          ),
          piecesFor([{ x, y }, a, b, to], tolerance),
        );
        for (let i = 1; i <= n; i++) {
          const t = i / n;
          const u = 1 - t;
          points.push(
            u * u * u * x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * to.x,
            u * u * u * y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t * t * t * to.y,
          );
        }
      }
      x = seg.to.x;
      y = seg.to.y;
    }
    result.push({ points, closed: subpath.closed });
  }
  return result;
}

/**
 * Cuts a polyline into the "on" runs of a dash pattern, as SVG and canvas do: lengths alternate
 * on and off, an odd-length pattern repeats twice, and the offset shifts where the pattern starts
 * (positive offsets start further into it). A pattern with no positive total draws solid.
 */
export function dashPolyline(line: Polyline, dash: readonly number[], offset: number): number[][] {
  const pattern = dash.length % 2 === 1 ? [...dash, ...dash] : [...dash];
  const total = pattern.reduce((sum, d) => sum + Math.max(0, d), 0);
  const pts = line.closed ? [...line.points, line.points[0]!, line.points[1]!] : [...line.points];
  if (total <= 0 || pattern.some((d) => d < 0)) return [pts];

  // Where in the pattern the line starts.
  let phase = ((offset % total) + total) % total;
  let index = 0;
  while (phase >= pattern[index]!) {
    phase -= pattern[index]!;
    index = (index + 1) % pattern.length;
  }
  let remaining = pattern[index]! - phase;
  let on = index % 2 === 0;

  const runs: number[][] = [];
  let current: number[] | null = on ? [pts[0]!, pts[1]!] : null;
  for (let i = 2; i < pts.length; i += 2) {
    let x0 = pts[i - 2]!;
    let y0 = pts[i - 1]!;
    const x1 = pts[i]!;
    const y1 = pts[i + 1]!;
    let length = Math.hypot(x1 - x0, y1 - y0);
    while (length > remaining) {
      const t = remaining / length;
      const x = x0 + (x1 - x0) * t;
      const y = y0 + (y1 - y0) * t;
      if (on && current) {
        current.push(x, y);
        runs.push(current);
        current = null;
      } else {
        current = [x, y];
      }
      on = !on;
      length -= remaining;
      x0 = x;
      y0 = y;
      index = (index + 1) % pattern.length;
      remaining = pattern[index]!;
    }
    remaining -= length;
    if (on && current) current.push(x1, y1);
  }
  if (on && current && current.length >= 4) runs.push(current);
  return runs;
}
