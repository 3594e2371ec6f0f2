import type { Subpath } from "../doc/types";
import {
  distance,
  lerp,
  nearestOnSegment,
  piecesFor,
  pointAt,
  splitCurve,
  type Curve,
} from "./bezier";
import { derivative, fitCubicToChain } from "./curveFit";
import {
  fromEditable,
  nodeKind,
  segmentCount,
  segmentCurveAt,
  toEditable,
  type EditableSubpath,
  type NodeAddress,
  type NodeKind,
  type PathPoint,
  type SegmentAddress,
} from "./pathNodes";
import type { Point } from "../math/point";

/*
 * Editing operations on a path's subpaths, addressed in the node model of pathNodes.ts. Each takes
 * the subpaths and returns new ones (or null when the address does not fit); nothing is mutated,
 * and subpaths not addressed are returned as they were. The editor stores the result with a
 * transaction.
 */

export class PathEditError extends Error {
  override readonly name = "PathEditError";
}

function editable(subpaths: readonly Subpath[], index: number): EditableSubpath {
  const sub = subpaths[index];
  if (sub === undefined) throw new PathEditError(`There is no subpath ${index}.`);
  return toEditable(sub);
}

function node(e: EditableSubpath, index: number): PathPoint {
  const p = e.nodes[index];
  if (p === undefined) throw new PathEditError(`There is no node ${index}.`);
  return p;
}

function replace(subpaths: readonly Subpath[], index: number, next: EditableSubpath): Subpath[] {
  const out = subpaths.slice();
  out[index] = fromEditable(next);
  return out;
}

function withNode(e: EditableSubpath, index: number, p: PathPoint): EditableSubpath {
  const nodes = e.nodes.slice();
  nodes[index] = p;
  return { nodes, closed: e.closed };
}

function add(p: Point, d: Point): Point {
  return { x: p.x + d.x, y: p.y + d.y };
}

/** Moves a node by `delta`; its handles move with it. */
export function moveNode(subpaths: readonly Subpath[], at: NodeAddress, delta: Point): Subpath[] {
  const e = editable(subpaths, at.subpath);
  const p = node(e, at.node);
  return replace(
    subpaths,
    at.subpath,
    withNode(e, at.node, {
      point: add(p.point, delta),
      handleIn: p.handleIn && add(p.handleIn, delta),
      handleOut: p.handleOut && add(p.handleOut, delta),
    }),
  );
}

/** The kind of a node, read from its handles. */
export function kindOfNode(subpaths: readonly Subpath[], at: NodeAddress): NodeKind {
  return nodeKind(node(editable(subpaths, at.subpath), at.node));
}

/**
 * Puts one handle of a node at `to`. The other handle follows the node's kind (or `mode` when
 * given, e.g. corner while a modifier key breaks the pair): a smooth node turns it to stay
 * opposite and keeps its length; a symmetric node mirrors it exactly; a corner leaves it.
 * Handles that do not exist (the open ends of a subpath) cannot be moved.
 */
export function moveHandle(
  subpaths: readonly Subpath[],
  at: NodeAddress,
  which: "in" | "out",
  to: Point,
  mode?: NodeKind,
): Subpath[] {
  const e = editable(subpaths, at.subpath);
  const p = node(e, at.node);
  const last = e.nodes.length - 1;
  if (!e.closed && ((which === "in" && at.node === 0) || (which === "out" && at.node === last)))
    throw new PathEditError("An open subpath has no handle beyond its ends.");
  const kind = mode ?? nodeKind(p);
  const other = which === "in" ? p.handleOut : p.handleIn;
  let mirrored = other;
  if (other !== null && kind !== "corner") {
    const dx = to.x - p.point.x;
    const dy = to.y - p.point.y;
    const length = Math.hypot(dx, dy);
    if (kind === "symmetric") mirrored = { x: p.point.x - dx, y: p.point.y - dy };
    else if (length > 0) {
      const keep = distance(p.point, other);
      mirrored = { x: p.point.x - (dx / length) * keep, y: p.point.y - (dy / length) * keep };
    }
  }
  const next: PathPoint =
    which === "in"
      ? { point: p.point, handleIn: to, handleOut: mirrored }
      : { point: p.point, handleIn: mirrored, handleOut: to };
  return replace(subpaths, at.subpath, withNode(e, at.node, next));
}

/**
 * Adds a node on segment `at` at parameter t (0 < t < 1) by de Casteljau's split: the two new
 * segments trace exactly the old one, and the new node is smooth. Returns the new subpaths and
 * the new node's address.
 */
export function insertNode(
  subpaths: readonly Subpath[],
  at: SegmentAddress,
  t: number,
): { subpaths: Subpath[]; node: NodeAddress } {
  const e = editable(subpaths, at.subpath);
  if (!(at.segment >= 0 && at.segment < segmentCount(e)))
    throw new PathEditError(`There is no segment ${at.segment}.`);
  if (!(t > 0 && t < 1)) throw new PathEditError("A node is inserted strictly inside a segment.");
  const curve = segmentCurveAt(e, at.segment);
  const n = e.nodes.length;
  const fromIndex = at.segment;
  const toIndex = (at.segment + 1) % n;
  const nodes = e.nodes.slice();
  let inserted: PathPoint;
  if (curve.length === 2) {
    inserted = { point: lerp(curve[0]!, curve[1]!, t), handleIn: null, handleOut: null };
  } else {
    const [left, right] = splitCurve(curve, t);
    nodes[fromIndex] = { ...nodes[fromIndex]!, handleOut: left[1]! };
    inserted = { point: left[3]!, handleIn: left[2]!, handleOut: right[1]! };
    // A closed subpath of one node: both halves start and end at it.
    const target = toIndex === fromIndex ? nodes[fromIndex]! : nodes[toIndex]!;
    nodes[toIndex] = { ...target, handleIn: right[2]! };
  }
  nodes.splice(fromIndex + 1, 0, inserted);
  return {
    subpaths: replace(subpaths, at.subpath, { nodes, closed: e.closed }),
    node: { subpath: at.subpath, node: fromIndex + 1 },
  };
}

/** The segment nearest to a point, the parameter there, the point itself and its distance. */
export interface SegmentHit extends SegmentAddress {
  readonly t: number;
  readonly point: Point;
  readonly distance: number;
}

/** Newton rounds refining the parameter found on the flattened curve. */
const NEAREST_REFINE_ROUNDS = 6;

/**
 * The nearest segment within `tolerance` of `p` (for a double-click that adds a node), or null.
 * Each curve is flattened to a tenth of the tolerance, the nearest chord gives a first parameter,
 * and Newton's method on the exact curve refines it.
 */
export function nearestSegment(
  subpaths: readonly Subpath[],
  p: Point,
  tolerance: number,
): SegmentHit | null {
  let best: SegmentHit | null = null;
  const flatness = Math.max(tolerance / 10, 1e-9);
  subpaths.forEach((sub, subIndex) => {
    const e = toEditable(sub);
    const count = segmentCount(e);
    for (let k = 0; k < count; k++) {
      const curve = segmentCurveAt(e, k);
      const t = nearestParameter(curve, p, flatness);
      const q = pointAt(curve, t);
      const d = distance(p, q);
      if (d <= tolerance && (best === null || d < best.distance))
        best = { subpath: subIndex, segment: k, t, point: q, distance: d };
    }
  });
  return best;
}

function nearestParameter(curve: Curve, p: Point, flatness: number): number {
  const n = piecesFor(curve, flatness);
  let bestT = 0;
  let bestD = Infinity;
  let prev = curve[0]!;
  for (let i = 1; i <= n; i++) {
    const next = pointAt(curve, i / n);
    const hit = nearestOnSegment(p, prev.x, prev.y, next.x, next.y);
    if (hit.distanceSq < bestD) {
      bestD = hit.distanceSq;
      bestT = (i - 1 + hit.t) / n;
    }
    prev = next;
  }
  if (curve.length === 2) return bestT;
  const d1 = derivative(curve);
  const d2 = derivative(d1);
  let t = bestT;
  for (let round = 0; round < NEAREST_REFINE_ROUNDS; round++) {
    const q = pointAt(curve, t);
    const q1 = pointAt(d1, t);
    const q2 = pointAt(d2, t);
    const num = (q.x - p.x) * q1.x + (q.y - p.y) * q1.y;
    const den = q1.x * q1.x + q1.y * q1.y + (q.x - p.x) * q2.x + (q.y - p.y) * q2.y;
    if (den <= 0 || !Number.isFinite(den)) break;
    const next = Math.max(0, Math.min(1, t - num / den));
    // Keep Newton's answer only when it is at least as near as the flattened one.
    if (distance(pointAt(curve, next), p) > distance(pointAt(curve, t), p)) break;
    t = next;
  }
  return t;
}

/**
 * Deletes nodes. Inside a subpath, each run of consecutive deleted nodes is bridged by one cubic
 * fitted to the segments it replaces, keeping the neighbours' tangents (or by a straight line
 * when they were all straight). Deleting an end of an open subpath drops its segment. A subpath
 * left with fewer than two nodes is removed.
 */
export function deleteNodes(subpaths: readonly Subpath[], at: readonly NodeAddress[]): Subpath[] {
  const bySubpath = new Map<number, Set<number>>();
  for (const a of at) {
    if (subpaths[a.subpath] === undefined)
      throw new PathEditError(`There is no subpath ${a.subpath}.`);
    let set = bySubpath.get(a.subpath);
    if (set === undefined) bySubpath.set(a.subpath, (set = new Set()));
    set.add(a.node);
  }
  const out: (Subpath | null)[] = subpaths.slice();
  for (const [index, doomed] of bySubpath) {
    const next = deleteInSubpath(toEditable(subpaths[index]!), doomed);
    out[index] = next === null ? null : fromEditable(next);
  }
  return out.filter((s): s is Subpath => s !== null);
}

function deleteInSubpath(e: EditableSubpath, doomed: ReadonlySet<number>): EditableSubpath | null {
  const n = e.nodes.length;
  const keep: number[] = [];
  for (let i = 0; i < n; i++) if (!doomed.has(i)) keep.push(i);
  if (keep.length < 2) return null;
  const nodes: PathPoint[] = keep.map((i) => e.nodes[i]!);
  // Bridge every gap between kept nodes that had deleted nodes between them.
  const pairs = e.closed ? keep.length : keep.length - 1;
  for (let j = 0; j < pairs; j++) {
    const from = keep[j]!;
    const to = keep[(j + 1) % keep.length]!;
    const gap = (to - from + n) % n || n;
    if (gap === 1) continue;
    const chain: Curve[] = [];
    for (let k = from; k !== from + gap; k++) chain.push(segmentCurveAt(e, k % n));
    const a = nodes[j]!;
    const b = nodes[(j + 1) % keep.length]!;
    if (chain.every((c) => c.length === 2) && a.handleOut === null && b.handleIn === null) continue;
    const fit = fitCubicToChain(chain);
    nodes[j] = { ...a, handleOut: fit[1] };
    const bIndex = (j + 1) % keep.length;
    nodes[bIndex] = { ...nodes[bIndex]!, handleIn: fit[2] };
  }
  if (!e.closed) {
    // The open ends lose any handle that pointed at a deleted segment.
    nodes[0] = { ...nodes[0]!, handleIn: null };
    const last = nodes.length - 1;
    nodes[last] = { ...nodes[last]!, handleOut: null };
  }
  const result = { nodes, closed: e.closed };
  return segmentCount(result) === 0 ? null : result;
}

/** Handle length of a new smooth node, as a share of the distance to each neighbour. */
const SMOOTH_HANDLE_SHARE = 1 / 3;

/**
 * A corner becomes symmetric-smooth, with handles along the line from its previous neighbour to
 * its next (each a third of the distance to the nearer neighbour); a smooth or symmetric node
 * becomes a corner with no handles (its segments straighten on its side).
 */
export function toggleSmooth(subpaths: readonly Subpath[], at: NodeAddress): Subpath[] {
  const e = editable(subpaths, at.subpath);
  const p = node(e, at.node);
  const n = e.nodes.length;
  if (nodeKind(p) !== "corner") {
    const corner = { point: p.point, handleIn: null, handleOut: null };
    return replace(subpaths, at.subpath, withNode(e, at.node, corner));
  }
  const hasPrev = n > 1 && (e.closed || at.node > 0);
  const hasNext = n > 1 && (e.closed || at.node < n - 1);
  const prev = hasPrev ? e.nodes[(at.node - 1 + n) % n]!.point : p.point;
  const next = hasNext ? e.nodes[(at.node + 1) % n]!.point : p.point;
  const dx = next.x - prev.x;
  const dy = next.y - prev.y;
  const length = Math.hypot(dx, dy);
  if (length === 0) return subpaths.slice();
  const reach =
    Math.min(
      hasPrev ? distance(prev, p.point) : Infinity,
      hasNext ? distance(next, p.point) : Infinity,
    ) * SMOOTH_HANDLE_SHARE;
  const ux = (dx / length) * reach;
  const uy = (dy / length) * reach;
  return replace(
    subpaths,
    at.subpath,
    withNode(e, at.node, {
      point: p.point,
      handleIn: hasPrev ? { x: p.point.x - ux, y: p.point.y - uy } : null,
      handleOut: hasNext ? { x: p.point.x + ux, y: p.point.y + uy } : null,
    }),
  );
}

/**
 * Closes an open subpath (with a straight closing segment) or opens a closed one (its closing
 * segment is removed: the subpath then runs from node 0 to the last node).
 */
export function setClosed(subpaths: readonly Subpath[], index: number, closed: boolean): Subpath[] {
  const e = editable(subpaths, index);
  if (e.closed === closed) return subpaths.slice();
  const nodes = e.nodes.slice();
  if (!closed) {
    nodes[0] = { ...nodes[0]!, handleIn: null };
    const last = nodes.length - 1;
    nodes[last] = { ...nodes[last]!, handleOut: null };
  }
  return replace(subpaths, index, { nodes, closed });
}

/** Reverses the direction of a subpath: nodes in the other order, each one's handles swapped. */
export function reverseSubpath(subpaths: readonly Subpath[], index: number): Subpath[] {
  return replace(subpaths, index, reversed(editable(subpaths, index)));
}

function reversed(e: EditableSubpath): EditableSubpath {
  const flipped = e.nodes
    .map((p) => ({ point: p.point, handleIn: p.handleOut, handleOut: p.handleIn }))
    .reverse();
  // A closed subpath keeps node 0 first, so addresses of the others mirror.
  if (e.closed && flipped.length > 1) flipped.unshift(flipped.pop()!);
  return { nodes: flipped, closed: e.closed };
}

/** Ends closer than this are one point when joined. */
const JOIN_MERGE_DISTANCE = 1e-9;

/**
 * Joins two end nodes of open subpaths. Both ends of one subpath: it closes (the two nodes
 * merge when they coincide). Ends of two subpaths: they become one subpath, in place of the
 * earlier of the two, running through `a`'s subpath into `b`'s; coinciding ends merge into one
 * node, others are joined by a straight segment. Returns null when either node is not an end
 * of an open subpath.
 */
export function joinEndpoints(
  subpaths: readonly Subpath[],
  a: NodeAddress,
  b: NodeAddress,
): Subpath[] | null {
  const ea = editable(subpaths, a.subpath);
  const eb = editable(subpaths, b.subpath);
  if (!isOpenEnd(ea, a.node) || !isOpenEnd(eb, b.node)) return null;
  if (a.subpath === b.subpath) {
    if (a.node === b.node) return null;
    const nodes = ea.nodes.slice();
    const first = nodes[0]!;
    const last = nodes[nodes.length - 1]!;
    if (nodes.length > 2 && distance(first.point, last.point) <= JOIN_MERGE_DISTANCE) {
      nodes.pop();
      nodes[0] = { ...first, handleIn: last.handleIn };
    }
    return replace(subpaths, a.subpath, { nodes, closed: true });
  }
  // Orient so the path runs …→a then b→…
  const head = a.node === 0 && ea.nodes.length > 1 ? reversed(ea).nodes : ea.nodes;
  const tail = b.node === 0 || eb.nodes.length === 1 ? eb.nodes : reversed(eb).nodes;
  const nodes = head.slice();
  const end = nodes[nodes.length - 1]!;
  const begin = tail[0]!;
  if (distance(end.point, begin.point) <= JOIN_MERGE_DISTANCE) {
    nodes[nodes.length - 1] = {
      point: end.point,
      handleIn: end.handleIn,
      handleOut: begin.handleOut,
    };
    nodes.push(...tail.slice(1));
  } else nodes.push(...tail);
  const keepAt = Math.min(a.subpath, b.subpath);
  const dropAt = Math.max(a.subpath, b.subpath);
  const out = subpaths.slice();
  out[keepAt] = fromEditable({ nodes, closed: false });
  out.splice(dropAt, 1);
  return out;
}

function isOpenEnd(e: EditableSubpath, index: number): boolean {
  return !e.closed && (index === 0 || index === e.nodes.length - 1) && index < e.nodes.length;
}
