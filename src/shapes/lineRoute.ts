import type { LineNode, Subpath } from "../doc/types";
import { flattenSubpaths } from "../geometry/bezier";
import type { Point } from "../math/point";

/** Flattening tolerance of curved lines where no zoom is known (hit tests), in local units. */
const HIT_TOLERANCE = 0.25;

/** Whether an elbow between these ends starts and ends horizontally (else vertically). */
export function elbowIsHorizontal(start: Point, end: Point): boolean {
  return Math.abs(end.x - start.x) >= Math.abs(end.y - start.y);
}

/** The points an elbow line turns at, between its ends. */
function elbowCorners(node: LineNode): [Point, Point] {
  const { start, end } = node;
  const at = Math.min(1, Math.max(0, node.bend));
  if (elbowIsHorizontal(start, end)) {
    const x = start.x + (end.x - start.x) * at;
    return [
      { x, y: start.y },
      { x, y: end.y },
    ];
  }
  const y = start.y + (end.y - start.y) * at;
  return [
    { x: start.x, y },
    { x: end.x, y },
  ];
}

/** The control point of a curved line: its middle passes `bend` to the right of the chord. */
function curveControl(node: LineNode): Point {
  const { start, end } = node;
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const length = Math.hypot(dx, dy);
  const mx = (start.x + end.x) / 2;
  const my = (start.y + end.y) / 2;
  if (length === 0) return { x: mx, y: my };
  // A quadratic's middle lies halfway from the chord's middle to its control point.
  return { x: mx - (dy / length) * 2 * node.bend, y: my + (dx / length) * 2 * node.bend };
}

/** The line as it runs, in its own coordinates. */
export function routeSubpath(node: LineNode): Subpath {
  const { start, end } = node;
  switch (node.route) {
    case "straight":
      return { start, segments: [{ type: "line", to: end }], closed: false };
    case "curved":
      return {
        start,
        segments: [{ type: "quad", control: curveControl(node), to: end }],
        closed: false,
      };
    case "elbow": {
      const [a, b] = elbowCorners(node);
      return {
        start,
        segments: [
          { type: "line", to: a },
          { type: "line", to: b },
          { type: "line", to: end },
        ],
        closed: false,
      };
    }
  }
}

/** The route as x, y pairs, curves cut into pieces within `tolerance`. */
export function routePoints(node: LineNode, tolerance = HIT_TOLERANCE): number[] {
  if (node.route === "straight") return [node.start.x, node.start.y, node.end.x, node.end.y];
  return flattenSubpaths([routeSubpath(node)], tolerance)[0]!.points;
}

/** The points the line leaves its start towards and reaches its end from: where heads face. */
export function routeTangents(node: LineNode): { afterStart: Point; beforeEnd: Point } {
  switch (node.route) {
    case "straight":
      return { afterStart: node.end, beforeEnd: node.start };
    case "curved": {
      const control = curveControl(node);
      return { afterStart: control, beforeEnd: control };
    }
    case "elbow": {
      const [a, b] = elbowCorners(node);
      // An end whose first segment has no length faces along the next one.
      const afterStart = a.x === node.start.x && a.y === node.start.y ? b : a;
      const beforeEnd = b.x === node.end.x && b.y === node.end.y ? a : b;
      return { afterStart, beforeEnd };
    }
  }
}

/** Share of a line's length a newly curved line bows out by. */
const NEW_CURVE = 0.2;

/**
 * The line with another route, and a `bend` that suits it: a curve that visibly bows, an elbow
 * turning halfway.
 */
export function withRoute(node: LineNode, route: LineNode["route"]): LineNode {
  if (route === node.route) return node;
  const length = Math.hypot(node.end.x - node.start.x, node.end.y - node.start.y);
  const bend = route === "curved" ? NEW_CURVE * length : route === "elbow" ? 0.5 : node.bend;
  return { ...node, route, bend };
}

/** Where a bent line's bend handle sits (its own coordinates); null for a straight line. */
export function bendHandle(node: LineNode): Point | null {
  switch (node.route) {
    case "straight":
      return null;
    case "curved": {
      const control = curveControl(node);
      return {
        x: (node.start.x + node.end.x) / 4 + control.x / 2,
        y: (node.start.y + node.end.y) / 4 + control.y / 2,
      };
    }
    case "elbow": {
      const [a, b] = elbowCorners(node);
      return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    }
  }
}

/** The `bend` that puts the bend handle at `point` (the line's own coordinates), or as near as it goes. */
export function bendTowards(node: LineNode, point: Point): number {
  const { start, end } = node;
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (node.route === "curved") {
    const length = Math.hypot(dx, dy);
    if (length === 0) return node.bend;
    // The signed distance from the chord, to its right going from start to end (y down).
    return ((point.x - start.x) * -dy + (point.y - start.y) * dx) / length;
  }
  if (node.route === "elbow") {
    const along = elbowIsHorizontal(start, end)
      ? dx === 0
        ? node.bend
        : (point.x - start.x) / dx
      : dy === 0
        ? node.bend
        : (point.y - start.y) / dy;
    return Math.min(1, Math.max(0, along));
  }
  return node.bend;
}
