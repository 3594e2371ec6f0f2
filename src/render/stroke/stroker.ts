import type { LineCap, LineJoin } from "../../doc/types";
import type { EdgeMesh } from "./edgeMesh";
import { distinctPoints, segmentDirections } from "./polyline";

export interface StrokeStyle {
  readonly width: number;
  readonly cap: LineCap;
  readonly join: LineJoin;
  /** SVG's: a miter join longer than this many stroke widths is drawn bevelled. */
  readonly miterLimit: number;
}

/**
 * How far, in screen pixels at the zoom the geometry is built for, the outline is pushed out past
 * the ink: room for the coverage ramp, which reaches half a pixel out. One pixel keeps enough
 * room at every zoom of the bucket (down to half the bucket's zoom).
 */
export const FRINGE_PX = 1;
/** Greatest distance, in screen pixels, between a round join's or cap's rim and its circle. */
export const ROUND_TOLERANCE_PX = 0.25;
/**
 * A round or bevel join that a miter would overshoot by less than this (screen pixels) is drawn
 * as the miter, which needs no vertices of its own: the flattened curves of a path turn a little
 * at every vertex.
 */
export const JOIN_COLLAPSE_PX = 0.1;
const MAX_ROUND_SEGMENTS = 64;

/** Built geometry sizes for one stroke, in local units. */
interface Reach {
  /** Half the width of the ink: half the stroke, at least half a pixel (thinner is faded). */
  readonly ink: number;
  /** Half the width of the built geometry: the ink and the fringe. */
  readonly outer: number;
  readonly fringe: number;
  readonly unitsPerPixel: number;
}

/** The two vertices where a segment's body starts or ends: on its + and − sides. */
interface Pair {
  readonly plus: number;
  readonly minus: number;
}

/**
 * Strokes a polyline (local x, y pairs) into `out`, with the lateral distance per vertex (+ on
 * the side the segment's left normal (−dy, dx) points to) and cap distances, so the shader can
 * anti-alias every edge. Joins: miter (bevelled past the miter limit), round, bevel; caps: butt,
 * round, square. `unitsPerPixel` is the size of a screen pixel in local units at the zoom the
 * geometry is built for: it sets the fringe, hairlines' reach and how finely arcs are cut.
 *
 * Segments are trapezoids that meet at the inner miter point where it lies within half of both
 * segments, so a translucent stroke does not darken at its joins; joins add only the outer wedge.
 */
export function strokePolyline(
  out: EdgeMesh,
  points: readonly number[],
  closed: boolean,
  style: StrokeStyle,
  unitsPerPixel: number,
): void {
  if (!(style.width > 0) || !(unitsPerPixel > 0)) return;
  const pts = distinctPoints(points, closed, unitsPerPixel * 1e-6);
  const n = pts.length >> 1;
  const fringe = FRINGE_PX * unitsPerPixel;
  const ink = Math.max(style.width / 2, 0.5 * unitsPerPixel);
  const reach: Reach = { ink, outer: ink + fringe, fringe, unitsPerPixel };
  if (n < 2) {
    // A segment of no length (a zero dash too) still has its caps, as SVG draws them: a dot for
    // round caps, a square along the x axis for square ones; butt caps draw nothing.
    if (n === 1 && !closed && points.length >= 4 && style.cap !== "butt") {
      const x = pts[0]!;
      const y = pts[1]!;
      const start = cap(out, x, y, 1, 0, 0, 1, style, reach);
      const end = cap(out, x, y, 1, 0, 0, -1, style, reach);
      out.quad(start.plus, end.plus, end.minus, start.minus);
    }
    return;
  }
  const segments = closed ? n : n - 1;
  const { dx, dy, len } = segmentDirections(pts, segments);
  const starts: Pair[] = [];
  const ends: Pair[] = [];
  for (let i = 0; i < n; i += 1) {
    const incoming = i === 0 ? (closed ? segments - 1 : -1) : i - 1;
    const outgoing = i === n - 1 && !closed ? -1 : i;
    const x = pts[i * 2]!;
    const y = pts[i * 2 + 1]!;
    if (incoming < 0) {
      starts[outgoing] = cap(
        out,
        x,
        y,
        dx[outgoing]!,
        dy[outgoing]!,
        len[outgoing]!,
        1,
        style,
        reach,
      );
    } else if (outgoing < 0) {
      ends[incoming] = cap(
        out,
        x,
        y,
        dx[incoming]!,
        dy[incoming]!,
        len[incoming]!,
        -1,
        style,
        reach,
      );
    } else {
      const [end, start] = join(out, x, y, incoming, outgoing, dx, dy, len, style, reach);
      ends[incoming] = end;
      starts[outgoing] = start;
    }
  }
  for (let i = 0; i < segments; i += 1) {
    const s = starts[i]!;
    const e = ends[i]!;
    out.quad(s.plus, e.plus, e.minus, s.minus);
  }
}

/**
 * A cap at (x, y), the end of a segment with direction (dx, dy) and length `length`; `facing` is
 * 1 at the polyline's start (the cap points back, against the direction) and −1 at its end.
 * Returns the pair where the segment's body begins.
 */
function cap(
  out: EdgeMesh,
  x: number,
  y: number,
  dx: number,
  dy: number,
  length: number,
  facing: 1 | -1,
  style: StrokeStyle,
  reach: Reach,
): Pair {
  const nx = -dy;
  const ny = dx;
  const w = reach.outer;
  // Unit vector pointing out of the line, past its end.
  const ox = -dx * facing;
  const oy = -dy * facing;
  if (style.cap === "round") {
    const plus = out.vertex(x + nx * w, y + ny * w, w);
    const minus = out.vertex(x - nx * w, y - ny * w, -w);
    const centre = out.vertex(x, y, 0);
    const steps = Math.ceil(Math.PI / 2 / arcStep(reach));
    // Two quarter fans, + side then − side, so no triangle mixes the signs of the distance.
    quarterFan(out, centre, x, y, nx, ny, ox, oy, w, w, steps, plus, -1);
    quarterFan(out, centre, x, y, ox, oy, -nx, -ny, w, -w, steps, -1, minus);
    return { plus, minus };
  }
  const capLength = style.cap === "square" ? style.width / 2 : 0;
  // The ramp runs half a pixel into the line, so the cap's quad starts inside the segment.
  const inset = Math.min(reach.fringe, length / 2);
  const limit = inset + capLength;
  const ix = x - ox * inset;
  const iy = y - oy * inset;
  const ex = x + ox * (capLength + reach.fringe);
  const ey = y + oy * (capLength + reach.fringe);
  const outerAlong = limit + reach.fringe;
  const plus = out.vertex(ix + nx * w, iy + ny * w, w, 0, limit);
  const minus = out.vertex(ix - nx * w, iy - ny * w, -w, 0, limit);
  const endPlus = out.vertex(ex + nx * w, ey + ny * w, w, outerAlong, limit);
  const endMinus = out.vertex(ex - nx * w, ey - ny * w, -w, outerAlong, limit);
  out.quad(plus, endPlus, endMinus, minus);
  return { plus, minus };
}

/**
 * A quarter circle of radius `w` around (x, y) from unit vector u to the perpendicular v, fanned
 * from `centre`; every rim vertex carries `lateral`. Its first and last rim vertices are `first`
 * and `last` when given (not −1), new ones otherwise.
 */
function quarterFan(
  out: EdgeMesh,
  centre: number,
  x: number,
  y: number,
  ux: number,
  uy: number,
  vx: number,
  vy: number,
  w: number,
  lateral: number,
  steps: number,
  first: number,
  last: number,
): void {
  let previous = first >= 0 ? first : out.vertex(x + ux * w, y + uy * w, lateral);
  for (let k = 1; k <= steps; k += 1) {
    const angle = (k / steps) * (Math.PI / 2);
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    const next =
      k === steps && last >= 0
        ? last
        : out.vertex(x + (ux * c + vx * s) * w, y + (uy * c + vy * s) * w, lateral);
    out.triangle(centre, previous, next);
    previous = next;
  }
}

/** The largest angle one straight piece of an arc of the ink's radius may span. */
function arcStep(reach: Reach): number {
  const radiusPx = reach.ink / reach.unitsPerPixel;
  if (radiusPx <= ROUND_TOLERANCE_PX) return Math.PI;
  return 2 * Math.acos(1 - ROUND_TOLERANCE_PX / radiusPx);
}

/**
 * The join at (x, y) between segments `a` (incoming) and `b` (outgoing). Returns the pair where
 * `a`'s body ends and the pair where `b`'s begins.
 */
function join(
  out: EdgeMesh,
  x: number,
  y: number,
  a: number,
  b: number,
  dx: readonly number[],
  dy: readonly number[],
  len: readonly number[],
  style: StrokeStyle,
  reach: Reach,
): [Pair, Pair] {
  const ax = dx[a]!;
  const ay = dy[a]!;
  const bx = dx[b]!;
  const by = dy[b]!;
  const cross = ax * by - ay * bx;
  const dot = ax * bx + ay * by;
  const w = reach.outer;
  // Normals on the + side of each segment.
  const nax = -ay;
  const nay = ax;
  const nbx = -by;
  const nby = bx;
  if (Math.abs(cross) < 1e-9 && dot > 0) {
    const pair = {
      plus: out.vertex(x + nax * w, y + nay * w, w),
      minus: out.vertex(x - nax * w, y - nay * w, -w),
    };
    return [pair, pair];
  }
  // Turning towards the + side puts the + side inside the turn.
  const outer = cross > 0 ? -1 : 1;
  const inner = -outer;
  const onePlusDot = 1 + dot;
  // The miter vector (na + nb) / (1 + a·b): its tip is at distance 1 from both segments' lines.
  const mx = onePlusDot > 1e-12 ? (nax + nbx) / onePlusDot : 0;
  const my = onePlusDot > 1e-12 ? (nay + nby) / onePlusDot : 0;
  const miterRatio = onePlusDot > 1e-12 ? Math.sqrt(2 / onePlusDot) : Infinity;
  // The inner miter point lies tan(θ/2)·w along each segment; within half of each, the two
  // bodies can share it without overlapping each other or the joins at their other ends.
  const innerReach = onePlusDot > 1e-12 ? (Math.abs(cross) / onePlusDot) * w : Infinity;
  const shared = innerReach <= Math.min(len[a]!, len[b]!) / 2;
  const form = joinForm(style, miterRatio, reach);
  const innerPoint = shared ? out.vertex(x + inner * mx * w, y + inner * my * w, inner * w) : -1;
  if (form === "miter" && shared) {
    const tip = out.vertex(x + outer * mx * w, y + outer * my * w, outer * w);
    const pair = pairOf(outer, tip, innerPoint);
    return [pair, pair];
  }
  const centre = out.vertex(x, y, 0);
  const aOuter = out.vertex(x + outer * nax * w, y + outer * nay * w, outer * w);
  const bOuter = out.vertex(x + outer * nbx * w, y + outer * nby * w, outer * w);
  let aInner = innerPoint;
  let bInner = innerPoint;
  if (shared) {
    out.triangle(innerPoint, aOuter, centre);
    out.triangle(innerPoint, centre, bOuter);
  } else {
    // Too sharp for the segments' lengths: each body ends square through the joint and the
    // two overlap on the inner side, as two separately stroked segments would.
    aInner = out.vertex(x + inner * nax * w, y + inner * nay * w, inner * w);
    bInner = out.vertex(x + inner * nbx * w, y + inner * nby * w, inner * w);
  }
  if (form === "miter") {
    const tip = out.vertex(x + outer * mx * w, y + outer * my * w, outer * w);
    out.triangle(centre, aOuter, tip);
    out.triangle(centre, tip, bOuter);
  } else if (form === "bevel") {
    out.triangle(centre, aOuter, bOuter);
  } else {
    // The outer normal turns with the segments; at a reversal, round through the direction of `a`.
    const turn = Math.atan2(Math.abs(cross), dot) * (outer > 0 ? -1 : 1);
    const steps = Math.min(
      MAX_ROUND_SEGMENTS,
      Math.max(1, Math.ceil(Math.abs(turn) / arcStep(reach))),
    );
    const ux = outer * nax;
    const uy = outer * nay;
    let previous = aOuter;
    for (let k = 1; k < steps; k += 1) {
      const angle = (turn * k) / steps;
      const c = Math.cos(angle);
      const s = Math.sin(angle);
      const next = out.vertex(x + (ux * c - uy * s) * w, y + (ux * s + uy * c) * w, outer * w);
      out.triangle(centre, previous, next);
      previous = next;
    }
    out.triangle(centre, previous, bOuter);
  }
  return [pairOf(outer, aOuter, aInner), pairOf(outer, bOuter, bInner)];
}

/** A body's end pair from its vertex on the join's outer side and the one on its inner side. */
function pairOf(outer: number, outerVertex: number, innerVertex: number): Pair {
  return outer > 0
    ? { plus: outerVertex, minus: innerVertex }
    : { plus: innerVertex, minus: outerVertex };
}

/**
 * How a join's outer side is drawn: a miter within its limit stays a miter, and a round or
 * bevel join that the miter would overshoot by less than `JOIN_COLLAPSE_PX` becomes one.
 */
function joinForm(style: StrokeStyle, miterRatio: number, reach: Reach): LineJoin {
  if (style.join === "miter" && miterRatio <= style.miterLimit) return "miter";
  const inkPx = reach.ink / reach.unitsPerPixel;
  const cosHalf = 1 / miterRatio;
  const overshootPx =
    style.join === "round" ? inkPx * (miterRatio - 1) : inkPx * (miterRatio - cosHalf);
  if (overshootPx <= JOIN_COLLAPSE_PX) return "miter";
  return style.join === "round" ? "round" : "bevel";
}
