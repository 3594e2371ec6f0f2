/** Shared builders and arbitraries for the geometry tests. */
import fc from "fast-check";
import { DEFAULT_STROKE, NO_FILL, NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type {
  EllipseNode,
  Fill,
  PathNode,
  PathSegment,
  RectNode,
  Stroke,
  Subpath,
} from "../../src/doc/types";
import { pointAt, segmentCurve, type Curve } from "../../src/geometry/bezier";
import type { Point } from "../../src/math/point";

export const RED: Fill = { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } };
export const BLUE: Fill = { type: "solid", color: { r: 0, g: 0, b: 1, a: 1 } };

export function rect(
  width: number,
  height: number,
  options: Partial<Pick<RectNode, "radii" | "fill" | "stroke" | "transform" | "id">> = {},
): RectNode {
  return makeNode<RectNode>("rect", options.id ?? "r", "page", "a0", {
    width,
    height,
    radii: options.radii ?? [0, 0, 0, 0],
    fill: options.fill ?? RED,
    stroke: options.stroke ?? NO_STROKE,
    ...(options.transform ? { transform: options.transform } : {}),
  });
}

export function ellipse(
  width: number,
  height: number,
  fill: Fill = RED,
  stroke = NO_STROKE,
): EllipseNode {
  return makeNode<EllipseNode>("ellipse", "e", "page", "a0", { width, height, fill, stroke });
}

export function path(
  subpaths: readonly Subpath[],
  options: { fill?: Fill; stroke?: Stroke; fillRule?: "nonzero" | "evenodd" } = {},
): PathNode {
  return makeNode<PathNode>("path", "p", "page", "a0", {
    subpaths,
    fill: options.fill ?? NO_FILL,
    stroke: options.stroke ?? NO_STROKE,
    fillRule: options.fillRule ?? "nonzero",
  });
}

export function stroke(width: number, overrides: Partial<Stroke> = {}): Stroke {
  return { ...DEFAULT_STROKE, width, dash: [], ...overrides };
}

/**
 * Coordinates of a size where drawings live, in steps of 1/1024: sums and differences of them are
 * exact, so moving a node there and back lands where it started.
 */
export const smallCoord = fc
  .integer({ min: -500 * 1024, max: 500 * 1024 })
  .map((n) => n / 1024 + 0);
export const smallVec: fc.Arbitrary<Point> = fc.record({ x: smallCoord, y: smallCoord });

export const segmentArb: fc.Arbitrary<PathSegment> = fc.oneof(
  fc.record({ type: fc.constant("line" as const), to: smallVec }),
  fc.record({ type: fc.constant("quad" as const), control: smallVec, to: smallVec }),
  fc.record({
    type: fc.constant("cubic" as const),
    control1: smallVec,
    control2: smallVec,
    to: smallVec,
  }),
);

/** Subpaths of 1–6 segments, some closing explicitly on their start. */
export const subpathArb: fc.Arbitrary<Subpath> = fc
  .record({
    start: smallVec,
    segments: fc.array(segmentArb, { minLength: 1, maxLength: 6 }),
    closed: fc.boolean(),
    returns: fc.boolean(),
  })
  .map(({ start, segments, closed, returns }) => {
    if (!returns) return { start, segments, closed };
    const last = segments[segments.length - 1]!;
    return { start, segments: [...segments.slice(0, -1), { ...last, to: start }], closed };
  });

/**
 * The curves a subpath draws, its closing line included when it is not already at the start.
 * Straight segments of zero length draw nothing and are left out.
 */
export function curvesOf(sub: Subpath, skipEmpty = true): Curve[] {
  const curves: Curve[] = [];
  let from = sub.start;
  for (const seg of sub.segments) {
    if (!skipEmpty || !(seg.type === "line" && seg.to.x === from.x && seg.to.y === from.y))
      curves.push(segmentCurve(from, seg));
    from = seg.to;
  }
  if (sub.closed && (from.x !== sub.start.x || from.y !== sub.start.y))
    curves.push([from, sub.start]);
  return curves;
}

/** Points along every curve of the subpaths at fixed parameters. */
export function samples(subpaths: readonly Subpath[], perCurve = 8, skipEmpty = true): Point[] {
  const out: Point[] = [];
  for (const sub of subpaths) {
    out.push(sub.start);
    for (const c of curvesOf(sub, skipEmpty))
      for (let i = 1; i <= perCurve; i++) out.push(pointAt(c, i / perCurve));
  }
  return out;
}

/** Every number in the subpaths is finite. */
export function allFinite(subpaths: readonly Subpath[]): boolean {
  return (
    JSON.stringify(subpaths, (_k, v: unknown) =>
      typeof v === "number" && !Number.isFinite(v) ? "BAD" : v,
    ).indexOf('"BAD"') < 0
  );
}
