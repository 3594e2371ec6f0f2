import type { Subpath } from "../../../doc/types";
import type { Point } from "../../../math/point";

/**
 * Where SVG draws markers on a shape and which way they point (SVG 2, "Vertex markers"): every
 * vertex of the path, with the directions of the segments arriving at and leaving it. A closed
 * subpath has a vertex where its closing segment ends, back at its start.
 */

export interface MarkerVertex {
  readonly point: Point;
  /** Direction of the segment arriving here, as an angle in degrees; null where none arrives. */
  readonly inAngle: number | null;
  /** Direction of the segment leaving here, in degrees; null where none leaves. */
  readonly outAngle: number | null;
}

type Segment = Subpath["segments"][number];

export function markerVertices(subpaths: readonly Subpath[]): MarkerVertex[] {
  const out: MarkerVertex[] = [];
  for (const sub of subpaths) {
    const segments: Array<{ from: Point; segment: Segment }> = [];
    let from = sub.start;
    for (const segment of sub.segments) {
      segments.push({ from, segment });
      from = segment.to;
    }
    if (sub.closed) segments.push({ from, segment: { type: "line", to: sub.start } });
    if (segments.length === 0) {
      out.push({ point: sub.start, inAngle: null, outAngle: null });
      continue;
    }
    const starts = segments.map((s) => angleOf(startDirection(s.from, s.segment)));
    const ends = segments.map((s) => angleOf(endDirection(s.from, s.segment)));
    // A closed subpath's first vertex also ends its closing segment.
    out.push({ point: sub.start, inAngle: sub.closed ? ends.at(-1)! : null, outAngle: starts[0]! });
    segments.forEach((s, i) => {
      const last = i === segments.length - 1;
      out.push({
        point: s.segment.to,
        inAngle: ends[i]!,
        outAngle: last ? (sub.closed ? starts[0]! : null) : starts[i + 1]!,
      });
    });
  }
  return out;
}

/**
 * The marker's angle at a vertex for `orient="auto"`: the bisector of the two directions, or
 * the one direction there is.
 */
export function autoAngle(vertex: MarkerVertex): number {
  const { inAngle, outAngle } = vertex;
  if (inAngle === null) return outAngle ?? 0;
  if (outAngle === null) return inAngle;
  const mean = (inAngle + outAngle) / 2;
  return Math.abs(inAngle - outAngle) > 180 ? mean + 180 : mean;
}

export type MarkerOrient =
  | { readonly kind: "auto"; readonly reverseStart: boolean }
  | { readonly kind: "fixed"; readonly degrees: number };

/** `orient`: auto, auto-start-reverse, or an angle (deg, rad, grad, turn; plain numbers are degrees). */
export function parseOrient(value: string | undefined): MarkerOrient {
  const text = (value ?? "").trim();
  if (text === "auto") return { kind: "auto", reverseStart: false };
  if (text === "auto-start-reverse") return { kind: "auto", reverseStart: true };
  const match = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(deg|rad|grad|turn)?$/.exec(text);
  if (match === null) return { kind: "fixed", degrees: 0 };
  const n = Number(match[1]);
  const degrees =
    match[2] === "rad"
      ? (n * 180) / Math.PI
      : match[2] === "grad"
        ? n * 0.9
        : match[2] === "turn"
          ? n * 360
          : n;
  return { kind: "fixed", degrees: Number.isFinite(degrees) ? degrees % 360 : 0 };
}

function startDirection(from: Point, segment: Segment): Point {
  const candidates =
    segment.type === "line"
      ? [segment.to]
      : segment.type === "quad"
        ? [segment.control, segment.to]
        : [segment.control1, segment.control2, segment.to];
  for (const p of candidates) if (p.x !== from.x || p.y !== from.y) return sub(p, from);
  return { x: 0, y: 0 };
}

function endDirection(from: Point, segment: Segment): Point {
  const to = segment.to;
  const candidates =
    segment.type === "line"
      ? [from]
      : segment.type === "quad"
        ? [segment.control, from]
        : [segment.control2, segment.control1, from];
  for (const p of candidates) if (p.x !== to.x || p.y !== to.y) return sub(to, p);
  return { x: 0, y: 0 };
}

function sub(a: Point, b: Point): Point {
  return { x: a.x - b.x, y: a.y - b.y };
}

/** Degrees of a direction; a zero-length segment points along the x axis, as in browsers. */
function angleOf(d: Point): number {
  return (Math.atan2(d.y, d.x) * 180) / Math.PI;
}
