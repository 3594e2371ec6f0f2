import paperCore from "paper/dist/paper-core";
import type { PathSegment, Subpath } from "../doc/types";
import { quadToCubic, samePoint } from "./bezier";
import type { Point } from "../math/point";

/**
 * Exact conversion between our subpaths and paper.js paths. paper.js keeps a path as nodes with
 * handles relative to them; a curve from node i to i+1 uses i's handleOut and i+1's handleIn, and
 * a straight line is a curve whose two handles are zero. Quadratics are raised to the cubics that
 * trace them exactly. Only rounding of the relative handles can differ (far below 1e-9).
 */

let sharedScope: paper.PaperScope | null = null;

/**
 * One headless paper.js scope for all geometry: a 1×1 project with no canvas (paper-core runs in
 * Node and workers as well as pages), and items never inserted into it, so nothing accumulates.
 */
export function paperScope(): paper.PaperScope {
  if (sharedScope === null) {
    const scope = new paperCore.PaperScope();
    scope.setup(new scope.Size(1, 1));
    scope.settings.insertItems = false;
    sharedScope = scope;
  }
  return sharedScope;
}

interface Node {
  point: Point;
  handleIn: Point;
  handleOut: Point;
}

function minus(a: Point, b: Point): Point {
  return { x: a.x - b.x, y: a.y - b.y };
}

const ZERO: Point = { x: 0, y: 0 };

/** Our subpath as paper-style nodes. */
function subpathNodes(sub: Subpath): Node[] {
  const nodes: Node[] = [{ point: sub.start, handleIn: ZERO, handleOut: ZERO }];
  for (const seg of sub.segments) {
    const from = nodes[nodes.length - 1]!;
    const to = seg.to;
    let handleIn = ZERO;
    if (seg.type === "quad") {
      const [c1, c2] = quadToCubic(from.point, seg.control, to);
      from.handleOut = minus(c1, from.point);
      handleIn = minus(c2, to);
    } else if (seg.type === "cubic") {
      from.handleOut = minus(seg.control1, from.point);
      handleIn = minus(seg.control2, to);
    }
    nodes.push({ point: to, handleIn, handleOut: ZERO });
  }
  // A closed subpath whose last segment returns to the start: that end is the first node again.
  if (sub.closed && nodes.length > 1 && samePoint(nodes[nodes.length - 1]!.point, sub.start)) {
    const last = nodes.pop()!;
    nodes[0]!.handleIn = last.handleIn;
  }
  return nodes;
}

function toPaperPath(scope: paper.PaperScope, sub: Subpath, close: boolean): paper.Path {
  const segments = subpathNodes(sub).map(
    (n) =>
      new scope.Segment(
        new scope.Point(n.point.x, n.point.y),
        new scope.Point(n.handleIn.x, n.handleIn.y),
        new scope.Point(n.handleOut.x, n.handleOut.y),
      ),
  );
  const path = new scope.Path(segments);
  path.closed = close || sub.closed;
  return path;
}

/**
 * Subpaths as one paper.js compound path with the given fill rule. With `closeAll`, open
 * subpaths count as closed, as they do when filled.
 */
export function toPaper(
  subpaths: readonly Subpath[],
  fillRule: "nonzero" | "evenodd",
  closeAll = false,
): paper.CompoundPath {
  const scope = paperScope();
  const compound = new scope.CompoundPath({});
  compound.addChildren(subpaths.map((s) => toPaperPath(scope, s, closeAll)));
  compound.fillRule = fillRule;
  return compound;
}

function isZero(p: paper.Point): boolean {
  return p.x === 0 && p.y === 0;
}

function curveSegment(from: paper.Segment, to: paper.Segment): PathSegment {
  const end = { x: to.point.x, y: to.point.y };
  if (isZero(from.handleOut) && isZero(to.handleIn)) return { type: "line", to: end };
  return {
    type: "cubic",
    control1: { x: from.point.x + from.handleOut.x, y: from.point.y + from.handleOut.y },
    control2: { x: to.point.x + to.handleIn.x, y: to.point.y + to.handleIn.y },
    to: end,
  };
}

function fromPaperPath(path: paper.Path): Subpath | null {
  const segs = path.segments;
  if (segs.length === 0) return null;
  const first = segs[0]!;
  const segments: PathSegment[] = [];
  for (let i = 0; i + 1 < segs.length; i++) segments.push(curveSegment(segs[i]!, segs[i + 1]!));
  if (path.closed) {
    const closing = curveSegment(segs[segs.length - 1]!, first);
    // A straight closing curve is what closing draws anyway; a curved one is kept explicitly.
    if (closing.type === "cubic") segments.push(closing);
  }
  return { start: { x: first.point.x, y: first.point.y }, segments, closed: path.closed };
}

/** A paper.js path or compound path as our subpaths, in the same coordinates. */
export function fromPaper(item: paper.PathItem): Subpath[] {
  const paths: paper.Path[] =
    item instanceof paperScope().CompoundPath
      ? (item.children as paper.Path[])
      : [item as paper.Path];
  const result: Subpath[] = [];
  for (const path of paths) {
    const sub = fromPaperPath(path);
    if (sub !== null) result.push(sub);
  }
  return result;
}
