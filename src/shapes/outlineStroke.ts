import type { PathNode, Stroke, Subpath } from "../doc/types";
import { NO_STROKE } from "../doc/factory";
import { dashPolyline } from "../geometry/dash";
import { flattenCurveAdaptiveInto, segmentCurve, type Curve } from "../geometry/bezier";
import { endTangent, startTangent } from "../geometry/curveFit";
import { fromPaper, paperScope, toPaper } from "../geometry/paperPaths";
import { strokePolygons, type StrokeRun, type StrokeStyle } from "../geometry/strokePieces";
import { pathNodeFrom } from "../geometry/toPath";
import { convertToPath, outlineOf, toSubpaths, type PathConvertible } from "./toPath";

/*
 * Outline stroke: the area a node's stroke paints, as a filled path.
 *
 * What it does, precisely:
 * 1. The outline (toPath.ts) is flattened: every curve to within `tolerance` (local units) of
 *    itself, halving it only where it is not yet flat. paper.js has no offsetting, and curves
 *    cannot be offset exactly (the offset of a Bézier is not a Bézier), so the result is made of
 *    straight segments throughout.
 * 2. A dashed stroke is cut into its dashes first, with the renderer's rules (render/dash.ts):
 *    each dash is then stroked as an open run with the stroke's caps.
 * 3. Each run becomes polygons (strokePieces.ts) whose nonzero fill is the union of a rectangle
 *    per edge, the stroke's join at the path's corners (miter up to the miter limit, else bevel;
 *    round; bevel), a round join at the vertices that only come from flattening (the curve is
 *    smooth there, and a round join is what sweeping the pen along it gives), and caps at open
 *    ends (butt, square, round). Round joins and caps are within `tolerance` of their arcs.
 * 4. paper.js resolves the overlaps into the outline of that area, holes included. Its cost grows
 *    quickly with self-crossings, which bends tighter than half the stroke width produce: there
 *    an outline can take seconds, so the work is capped (MAX_DASHES, MAX_STROKE_POINTS).
 * Arrowheads of lines are not part of the stroke and are left out. A freehand stroke is already
 * an outline, so it converts as convertToPath does.
 */

export interface OutlineStrokeOptions {
  /** Largest distance between the result and the exact stroke outline, in local units. */
  readonly tolerance?: number;
}

export type OutlineStrokeResult =
  | { readonly node: PathNode; readonly reason: null }
  | { readonly node: null; readonly reason: string };

export const DEFAULT_OUTLINE_TOLERANCE = 0.05;
/**
 * Ceilings on the work, so a pathological path or dash pattern cannot stall the editor: dashes
 * to stroke, and points of the polygons handed to paper.js (its union grows faster than linearly).
 */
export const MAX_DASHES = 20_000;
export const MAX_STROKE_POINTS = 20_000;
const TOO_DETAILED = "The stroke is too finely dashed or detailed to outline.";

/** Two tangents this close (radians) meet smoothly: no corner between them. */
const SMOOTH_ANGLE = 1e-6;

function isDashed(dash: readonly number[]): boolean {
  return dash.length > 0 && dash.some((d) => d > 0) && dash.every((d) => d >= 0);
}

function isSmooth(before: Curve, after: Curve): boolean {
  const a = endTangent(before);
  const b = startTangent(after);
  if (a === null || b === null) return false;
  // endTangent points back along the curve, so a smooth meeting has them opposite.
  return Math.acos(Math.max(-1, Math.min(1, -(a.x * b.x + a.y * b.y)))) < SMOOTH_ANGLE;
}

/** A subpath flattened, with which vertices are corners of the path (not of the flattening). */
export function flattenForStroke(sub: Subpath, tolerance: number): StrokeRun {
  const points = [sub.start.x, sub.start.y];
  const corner: boolean[] = [true];
  const curves: Curve[] = [];
  let from = sub.start;
  for (const seg of sub.segments) {
    const curve = segmentCurve(from, seg);
    if (curves.length > 0) corner[corner.length - 1] = !isSmooth(curves[curves.length - 1]!, curve);
    curves.push(curve);
    const before = points.length;
    flattenCurveAdaptiveInto(curve, tolerance, points);
    for (let i = before + 2; i < points.length; i += 2) corner.push(false);
    corner.push(true);
    from = seg.to;
  }
  if (sub.closed && curves.length > 1) {
    const first = curves[0]!;
    const last = curves[curves.length - 1]!;
    const returns =
      last[last.length - 1]!.x === sub.start.x && last[last.length - 1]!.y === sub.start.y;
    if (returns) corner[0] = !isSmooth(last, first);
  }
  return { points, closed: sub.closed, corner };
}

function cornerKeys(run: StrokeRun): Set<string> {
  const keys = new Set<string>();
  for (let i = 0; i < run.corner.length; i++)
    if (run.corner[i]) keys.add(`${run.points[i * 2]},${run.points[i * 2 + 1]}`);
  return keys;
}

function runLength(run: StrokeRun): number {
  const p = run.points;
  let length = 0;
  for (let i = 2; i + 1 < p.length; i += 2)
    length += Math.hypot(p[i]! - p[i - 2]!, p[i + 1]! - p[i - 1]!);
  if (run.closed && p.length >= 4)
    length += Math.hypot(p[0]! - p[p.length - 2]!, p[1]! - p[p.length - 1]!);
  return length;
}

/** How many dashes the pattern cuts the runs into, at most (counted before cutting). */
function dashCount(runs: readonly StrokeRun[], dash: readonly number[]): number {
  const period = dash.reduce((sum, d) => sum + d, 0) * (dash.length % 2 === 1 ? 2 : 1);
  const perPeriod = dash.length % 2 === 1 ? dash.length : dash.length / 2;
  const length = runs.reduce((sum, run) => sum + runLength(run), 0);
  return (length / period + runs.length) * perPeriod;
}

/** The runs to stroke: the flattened subpaths, or their dashes; null when there are too many. */
function strokeRuns(
  subpaths: readonly Subpath[],
  stroke: Stroke,
  tolerance: number,
): StrokeRun[] | null {
  const runs = subpaths.map((s) => flattenForStroke(s, tolerance));
  if (!isDashed(stroke.dash)) return runs;
  if (dashCount(runs, stroke.dash) > MAX_DASHES) return null;
  const dashes: StrokeRun[] = [];
  for (const run of runs) {
    const corners = cornerKeys(run);
    for (const points of dashPolyline(run, stroke.dash, stroke.dashOffset)) {
      // A dash's inner vertices are the run's own; its cut ends are ends, not corners.
      const corner: boolean[] = [];
      for (let i = 0; i < points.length; i += 2)
        corner.push(corners.has(`${points[i]},${points[i + 1]}`));
      dashes.push({ points, closed: false, corner });
    }
  }
  return dashes;
}

function piecesAsSubpaths(pieces: readonly number[][]): Subpath[] {
  return pieces
    .filter((p) => p.length >= 6)
    .map((p) => {
      const segments = [];
      for (let i = 2; i < p.length; i += 2)
        segments.push({ type: "line" as const, to: { x: p[i]!, y: p[i + 1]! } });
      return { start: { x: p[0]!, y: p[1]! }, segments, closed: true };
    });
}

/**
 * The node's stroke as a filled path (in the node's local coordinates, with its transform): the
 * stroke's paint becomes the fill, and the result has no stroke. Null with a reason when the node
 * has no stroke to outline.
 */
export function outlineStroke(
  node: PathConvertible,
  options: OutlineStrokeOptions = {},
): OutlineStrokeResult {
  // Ink is its stroke's outline already.
  if (outlineOf(node).ink) return { node: convertToPath(node), reason: null };
  const stroke = node.stroke;
  if (stroke.paint === null || !(stroke.width > 0))
    return { node: null, reason: "The shape has no stroke to outline." };
  const tolerance = Math.max(options.tolerance ?? DEFAULT_OUTLINE_TOLERANCE, 1e-6);
  const style: StrokeStyle = {
    halfWidth: stroke.width / 2,
    cap: stroke.cap,
    join: stroke.join,
    miterLimit: Math.max(1, stroke.miterLimit),
    tolerance,
  };
  const runs = strokeRuns(toSubpaths(node) ?? [], stroke, tolerance);
  if (runs === null) return { node: null, reason: TOO_DETAILED };
  const pieces: number[][] = [];
  let points = 0;
  for (const run of runs) {
    for (const polygon of strokePolygons(run, style)) {
      pieces.push(polygon);
      points += polygon.length / 2;
    }
    if (points > MAX_STROKE_POINTS) return { node: null, reason: TOO_DETAILED };
  }
  if (pieces.length === 0) return { node: null, reason: "The stroke covers no area." };

  const scope = paperScope();
  const united = toPaper(piecesAsSubpaths(pieces), "nonzero").unite(new scope.Path(), {
    insert: false,
  });
  united.reorient(true, true);
  const subpaths = fromPaper(united);
  if (subpaths.length === 0) return { node: null, reason: "The stroke covers no area." };
  return {
    reason: null,
    node: pathNodeFrom(node, {
      fill: stroke.paint,
      stroke: NO_STROKE,
      subpaths,
      fillRule: "nonzero",
    }),
  };
}
