import type { PathSegment, Subpath } from "../doc/types";
import { quadToCubic, samePoint, type Curve } from "./bezier";
import type { Point } from "../math/point";

/**
 * The node/handle model of a subpath, as path editing sees it.
 *
 * Node 0 is the subpath's `start`; node i is the end (`to`) of segment i − 1. A segment's
 * `control2` is the incoming handle (`handleIn`) of its end node, and the next segment's
 * `control1` is that node's outgoing handle (`handleOut`). A segment with neither handle is a
 * straight line. In a closed subpath, segment n − 1 runs from the last node back to node 0: it is
 * the implicit closing line, or, when the last stored segment already ends at `start`, that stored
 * segment (its end is node 0 itself, so it is not a separate node).
 *
 * Quadratic segments become the cubics that trace them exactly when a subpath is edited; an open
 * subpath has no handle before its first node or after its last.
 */
export interface PathPoint {
  readonly point: Point;
  /** Absolute position; null: none (the segment arriving here is straight on this side). */
  readonly handleIn: Point | null;
  readonly handleOut: Point | null;
}

export interface EditableSubpath {
  readonly nodes: readonly PathPoint[];
  readonly closed: boolean;
}

/** A node: which subpath, which node in it. */
export interface NodeAddress {
  readonly subpath: number;
  readonly node: number;
}

/** A segment: which subpath, which segment (from node `segment` to the next). */
export interface SegmentAddress {
  readonly subpath: number;
  readonly segment: number;
}

export type NodeKind = "corner" | "smooth" | "symmetric";

export function toEditable(sub: Subpath): EditableSubpath {
  type Mutable = { point: Point; handleIn: Point | null; handleOut: Point | null };
  const nodes: Mutable[] = [{ point: sub.start, handleIn: null, handleOut: null }];
  for (const seg of sub.segments) {
    const from = nodes[nodes.length - 1]!;
    let handleIn: Point | null = null;
    if (seg.type === "quad") {
      const [c1, c2] = quadToCubic(from.point, seg.control, seg.to);
      from.handleOut = c1;
      handleIn = c2;
    } else if (seg.type === "cubic") {
      from.handleOut = seg.control1;
      handleIn = seg.control2;
    }
    nodes.push({ point: seg.to, handleIn, handleOut: null });
  }
  if (sub.closed && nodes.length > 1 && samePoint(nodes[nodes.length - 1]!.point, sub.start)) {
    nodes[0]!.handleIn = nodes.pop()!.handleIn;
  }
  return { nodes, closed: sub.closed };
}

function segmentBetween(from: PathPoint, to: PathPoint): PathSegment {
  if (from.handleOut === null && to.handleIn === null) return { type: "line", to: to.point };
  return {
    type: "cubic",
    control1: from.handleOut ?? from.point,
    control2: to.handleIn ?? to.point,
    to: to.point,
  };
}

export function fromEditable(e: EditableSubpath): Subpath {
  const nodes = e.nodes;
  const segments: PathSegment[] = [];
  for (let i = 0; i + 1 < nodes.length; i++)
    segments.push(segmentBetween(nodes[i]!, nodes[i + 1]!));
  if (e.closed && nodes.length > 0) {
    const closing = segmentBetween(nodes[nodes.length - 1]!, nodes[0]!);
    // A straight closing segment is the one closing draws; a curved one is stored.
    if (closing.type === "cubic") segments.push(closing);
  }
  return { start: nodes[0]!.point, segments, closed: e.closed };
}

/** How many segments the subpath has in the node model. */
export function segmentCount(e: EditableSubpath): number {
  const n = e.nodes.length;
  if (!e.closed) return Math.max(0, n - 1);
  // One node closed on itself is a segment only when it is a curved loop.
  if (n === 1) return e.nodes[0]!.handleIn === null && e.nodes[0]!.handleOut === null ? 0 : 1;
  return n;
}

/** Segment k as a curve: 2 points for a line, 4 for a cubic. */
export function segmentCurveAt(e: EditableSubpath, k: number): Curve {
  const from = e.nodes[k]!;
  const to = e.nodes[(k + 1) % e.nodes.length]!;
  if (from.handleOut === null && to.handleIn === null) return [from.point, to.point];
  return [from.point, from.handleOut ?? from.point, to.handleIn ?? to.point, to.point];
}

/** Relative tolerance under which handles count as collinear or of equal length. */
const KIND_TOLERANCE = 1e-6;

/**
 * What a node is, read from its handles (the document stores no node types): symmetric when its
 * handles are opposite and equally long, smooth when only opposite, otherwise a corner.
 */
export function nodeKind(p: PathPoint): NodeKind {
  if (p.handleIn === null || p.handleOut === null) return "corner";
  const ix = p.handleIn.x - p.point.x;
  const iy = p.handleIn.y - p.point.y;
  const ox = p.handleOut.x - p.point.x;
  const oy = p.handleOut.y - p.point.y;
  const li = Math.hypot(ix, iy);
  const lo = Math.hypot(ox, oy);
  if (li === 0 || lo === 0) return "corner";
  const cross = (ix * oy - iy * ox) / (li * lo);
  const dot = (ix * ox + iy * oy) / (li * lo);
  if (Math.abs(cross) > KIND_TOLERANCE || dot > 0) return "corner";
  return Math.abs(li - lo) <= KIND_TOLERANCE * Math.max(li, lo) ? "symmetric" : "smooth";
}
