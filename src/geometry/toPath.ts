import type { PathNode, PathSegment, SceneNode, Subpath } from "../doc/types";
import { clampRadii } from "./outline";
import { samePoint } from "./bezier";
import type { Point } from "../math/point";

// Subpath builders the kinds' outlines are made of, and the path record that replaces a node.

/**
 * Handle length over radius of the cubic that best approximates a quarter circle: 4/3·(√2 − 1).
 * The cubic's midpoint lies on the circle; its largest radial error is about 0.027 % of r.
 */
export const KAPPA = 0.5522847498;

/**
 * Builds one subpath, dropping zero-length lines and a final straight line back to the start
 * (closing draws it), so converted shapes have no degenerate nodes.
 */
class SubpathBuilder {
  private readonly segments: PathSegment[] = [];
  private current: Point;

  constructor(private readonly start: Point) {
    this.current = start;
  }

  lineTo(to: Point): void {
    if (samePoint(to, this.current)) return;
    this.segments.push({ type: "line", to });
    this.current = to;
  }

  cubicTo(control1: Point, control2: Point, to: Point): void {
    this.segments.push({ type: "cubic", control1, control2, to });
    this.current = to;
  }

  finish(closed: boolean): Subpath {
    const last = this.segments.at(-1);
    if (closed && last?.type === "line" && samePoint(last.to, this.start)) this.segments.pop();
    return { start: this.start, segments: this.segments, closed };
  }
}

/** Rounded rectangle (0,0)–(w,h), clockwise from the end of the top-left corner. */
export function roundedRectSubpath(
  width: number,
  height: number,
  radii: readonly number[],
): Subpath {
  const [tl, tr, br, bl] = clampRadii(width, height, radii) as [number, number, number, number];
  const k = 1 - KAPPA;
  const b = new SubpathBuilder({ x: tl, y: 0 });
  b.lineTo({ x: width - tr, y: 0 });
  if (tr > 0) b.cubicTo({ x: width - tr * k, y: 0 }, { x: width, y: tr * k }, { x: width, y: tr });
  b.lineTo({ x: width, y: height - br });
  if (br > 0)
    b.cubicTo(
      { x: width, y: height - br * k },
      { x: width - br * k, y: height },
      { x: width - br, y: height },
    );
  b.lineTo({ x: bl, y: height });
  if (bl > 0)
    b.cubicTo({ x: bl * k, y: height }, { x: 0, y: height - bl * k }, { x: 0, y: height - bl });
  b.lineTo({ x: 0, y: tl });
  if (tl > 0) b.cubicTo({ x: 0, y: tl * k }, { x: tl * k, y: 0 }, { x: tl, y: 0 });
  return b.finish(true);
}

/** Ellipse in the box (0,0)–(w,h): four cubics clockwise from the top, like the dash outline. */
export function ellipseSubpath(width: number, height: number): Subpath {
  const rx = width / 2;
  const ry = height / 2;
  const kx = rx * KAPPA;
  const ky = ry * KAPPA;
  const top = { x: rx, y: 0 };
  const b = new SubpathBuilder(top);
  b.cubicTo({ x: rx + kx, y: 0 }, { x: width, y: ry - ky }, { x: width, y: ry });
  b.cubicTo({ x: width, y: ry + ky }, { x: rx + kx, y: height }, { x: rx, y: height });
  b.cubicTo({ x: rx - kx, y: height }, { x: 0, y: ry + ky }, { x: 0, y: ry });
  b.cubicTo({ x: 0, y: ry - ky }, { x: rx - kx, y: 0 }, top);
  return b.finish(true);
}

/** A closed polygon through x, y pairs, starting at the first. */
export function polygonSubpath(points: readonly number[]): Subpath | null {
  if (points.length < 2) return null;
  const b = new SubpathBuilder({ x: points[0]!, y: points[1]! });
  for (let i = 2; i + 1 < points.length; i += 2) b.lineTo({ x: points[i]!, y: points[i + 1]! });
  return b.finish(true);
}

/**
 * A path that takes `node`'s place: the same id, place in the tree, name, lock, visibility,
 * opacity, blend mode and transform, with new geometry and paint.
 */
export function pathNodeFrom(
  node: SceneNode,
  fields: Pick<PathNode, "fill" | "stroke" | "subpaths" | "fillRule">,
): PathNode {
  return {
    id: node.id,
    parent: node.parent,
    index: node.index,
    name: node.name,
    locked: node.locked,
    hidden: node.hidden,
    opacity: node.opacity,
    blendMode: node.blendMode,
    transform: node.transform,
    type: "path",
    ...fields,
  };
}
