import { type Matrix } from "../doc/transform";
import type { FillRule, SceneNode, Subpath } from "../doc/types";
import { clampRadii, regularPolygon, starPoints } from "./outline";
import { localBounds } from "./bounds";
import { transformSubpaths } from "./affine";
import { flattenSubpaths, nearestOnSegment, type FlatSubpath } from "./bezier";
import { freehandNodeOutline } from "./freehand";
import { distanceToOutline, insideFill, outlineInsideRect, outlineTouchesRect } from "./polylines";
import { polygonSubpath, toSubpaths } from "./toPath";
import type { Point } from "../math/point";
import type { Box } from "../math/box";

/**
 * Point and marquee hit tests for selection.
 *
 * `hitNode` works in the node's local coordinates and is exact for boxes, rounded rectangles
 * (true circular corners, as drawn), ellipses (nearest point by iteration to 1e-12), lines,
 * polygons, stars and the freehand outline polygon; paths are flattened to a tenth of the
 * tolerance. Strokes are hit within half their width of the outline: dashed strokes as if solid,
 * open ends as if round-capped; miter spikes past half the width and arrowheads are not counted. The marquee tests flatten the outline in page space; they look at geometry
 * only (not stroke width), and a closed outline counts as the area it encloses, filled or not.
 */

export type HitPart = "fill" | "stroke";

/** What hit testing needs of an outline, in local coordinates. */
interface Outline {
  /** Whether p is in the area a fill would paint. */
  inside(p: Point): boolean;
  /** Distance from p to the outline (where a stroke is centred). */
  distance(p: Point): number;
}

function polylineOutline(flat: FlatSubpath[], rule: FillRule): Outline {
  return {
    inside: (p) => insideFill(flat, p, rule),
    distance: (p) => distanceToOutline(flat, p),
  };
}

function pointsOutline(points: readonly number[]): Outline {
  return polylineOutline([{ points: points.slice(), closed: true }], "nonzero");
}

function boxOutline(width: number, height: number): Outline {
  return roundedRectOutline(width, height, [0, 0, 0, 0]);
}

/** Exact: straight sides between the corners and circular arcs at them. */
function roundedRectOutline(width: number, height: number, radii: readonly number[]): Outline {
  const [tl, tr, br, bl] = clampRadii(width, height, radii) as [number, number, number, number];
  // Corner centres and the quadrant each arc spans (sign of x and y away from the centre).
  const corners = [
    { cx: tl, cy: tl, r: tl, sx: -1, sy: -1 },
    { cx: width - tr, cy: tr, r: tr, sx: 1, sy: -1 },
    { cx: width - br, cy: height - br, r: br, sx: 1, sy: 1 },
    { cx: bl, cy: height - bl, r: bl, sx: -1, sy: 1 },
  ];
  const sides = [
    [tl, 0, width - tr, 0],
    [width, tr, width, height - br],
    [width - br, height, bl, height],
    [0, height - bl, 0, tl],
  ] as const;
  return {
    inside(p) {
      if (p.x < 0 || p.y < 0 || p.x > width || p.y > height) return false;
      for (const c of corners) {
        const dx = p.x - c.cx;
        const dy = p.y - c.cy;
        if (c.r > 0 && dx * c.sx > 0 && dy * c.sy > 0 && dx * dx + dy * dy > c.r * c.r)
          return false;
      }
      return true;
    },
    distance(p) {
      let best = Infinity;
      for (const [ax, ay, bx, by] of sides)
        best = Math.min(best, Math.sqrt(nearestOnSegment(p, ax, ay, bx, by).distanceSq));
      for (const c of corners) {
        const dx = p.x - c.cx;
        const dy = p.y - c.cy;
        if (c.r > 0 && dx * c.sx >= 0 && dy * c.sy >= 0)
          best = Math.min(best, Math.abs(Math.hypot(dx, dy) - c.r));
      }
      return best;
    },
  };
}

/** Iterations of the nearest-point search on an ellipse; each roughly squares the error. */
const ELLIPSE_ROUNDS = 12;

/**
 * Distance from (px, py) to the ellipse x²/a² + y²/b² = 1 (centred, a, b > 0), by iterating on
 * the point of the ellipse whose normal passes through p, using the evolute (as in the trig-free
 * method for the ellipse's nearest point).
 */
export function distanceToEllipse(px: number, py: number, a: number, b: number): number {
  const x0 = Math.abs(px);
  const y0 = Math.abs(py);
  let tx = Math.SQRT1_2;
  let ty = Math.SQRT1_2;
  for (let i = 0; i < ELLIPSE_ROUNDS; i++) {
    const x = a * tx;
    const y = b * ty;
    const ex = ((a * a - b * b) * tx * tx * tx) / a;
    const ey = ((b * b - a * a) * ty * ty * ty) / b;
    const r = Math.hypot(x - ex, y - ey);
    const q = Math.hypot(x0 - ex, y0 - ey);
    if (q === 0) break;
    tx = Math.min(1, Math.max(0, (((x0 - ex) * r) / q + ex) / a));
    ty = Math.min(1, Math.max(0, (((y0 - ey) * r) / q + ey) / b));
    const t = Math.hypot(tx, ty);
    tx /= t;
    ty /= t;
  }
  return Math.hypot(x0 - a * tx, y0 - b * ty);
}

function ellipseOutline(width: number, height: number): Outline {
  const a = width / 2;
  const b = height / 2;
  if (a <= 0 || b <= 0) {
    // A flat ellipse is the segment across it, with no area.
    const seg: FlatSubpath = { points: [0, 0, width, height], closed: false };
    return { inside: () => false, distance: (p) => distanceToOutline([seg], p) };
  }
  return {
    inside: (p) => ((p.x - a) / a) ** 2 + ((p.y - b) / b) ** 2 <= 1,
    distance: (p) => distanceToEllipse(p.x - a, p.y - b, a, b),
  };
}

/** The node's outline for hit testing; null for groups (their children are tested instead). */
function outlineOf(node: SceneNode, tolerance: number): Outline | null {
  switch (node.type) {
    case "rect":
      return roundedRectOutline(node.width, node.height, node.radii);
    case "frame":
    case "image":
      return boxOutline(node.width, node.height);
    case "ellipse":
      return ellipseOutline(node.width, node.height);
    case "line":
      return polylineOutline(
        [{ points: [node.start.x, node.start.y, node.end.x, node.end.y], closed: false }],
        "nonzero",
      );
    case "polygon":
      return pointsOutline(regularPolygon(node.width, node.height, node.sides));
    case "star":
      return pointsOutline(starPoints(node.width, node.height, node.points, node.innerRatio));
    case "path":
      return polylineOutline(
        flattenSubpaths(node.subpaths, Math.max(tolerance / 10, 1e-9)),
        node.fillRule,
      );
    case "freehand":
      return pointsOutline(freehandNodeOutline(node));
    case "text": {
      const box = localBounds(node);
      return box === null ? null : boxOutline(box.maxX, box.maxY);
    }
    case "group":
      return null;
  }
}

function hasVisibleStroke(node: SceneNode): boolean {
  return "stroke" in node && node.stroke.paint !== null && node.stroke.width > 0;
}

/** Text and images are solid boxes; lines have no area; the rest fill when their fill is set. */
function hasVisibleFill(node: SceneNode): boolean {
  if (node.type === "text" || node.type === "image") return true;
  if (node.type === "line" || node.type === "group" || node.type === "freehand") return false;
  return node.fill.type !== "none";
}

/**
 * What of the node is under `point` (local coordinates), allowing `tolerance` (local units):
 * "stroke" within half the stroke width plus the tolerance of the outline, "fill" inside the
 * filled area or within the tolerance of it. A freehand stroke is ink: its outline polygon is hit
 * as "stroke". A shape with neither fill nor stroke can still be picked at its outline.
 */
export function hitNode(node: SceneNode, point: Point, tolerance: number): HitPart | null {
  const outline = outlineOf(node, tolerance);
  if (outline === null) return null;
  if (node.type === "freehand")
    return outline.inside(point) || outline.distance(point) <= tolerance ? "stroke" : null;
  // A text's stroke outlines its glyphs, not its box: text and images are hit as solid boxes.
  if (node.type === "text" || node.type === "image")
    return outline.inside(point) || outline.distance(point) <= tolerance ? "fill" : null;
  const stroked = hasVisibleStroke(node);
  const filled = hasVisibleFill(node);
  const d = outline.distance(point);
  if (stroked && "stroke" in node && d <= node.stroke.width / 2 + tolerance) return "stroke";
  if (filled && (outline.inside(point) || d <= tolerance)) return "fill";
  if (!stroked && !filled && d <= tolerance) return "stroke";
  return null;
}

/** The outline the marquee compares with, flattened in page space; null when there is none. */
function worldOutline(node: SceneNode, world: Matrix, tolerance: number): FlatSubpath[] | null {
  let local: Subpath[] | null;
  switch (node.type) {
    case "text": {
      const box = localBounds(node);
      const quad = box && polygonSubpath([0, 0, box.maxX, 0, box.maxX, box.maxY, 0, box.maxY]);
      local = quad ? [quad] : null;
      break;
    }
    case "image":
      local = [polygonSubpath([0, 0, node.width, 0, node.width, node.height, 0, node.height])!];
      break;
    default:
      local = toSubpaths(node);
  }
  if (local === null || local.length === 0) return null;
  return flattenSubpaths(transformSubpaths(local, world), tolerance);
}

/**
 * Whether the node touches the page-space rectangle: an edge crosses or lies in it, or the
 * rectangle lies in the area a closed outline encloses. `tolerance` is the flattening tolerance
 * in page units.
 */
export function nodeIntersectsRect(
  node: SceneNode,
  world: Matrix,
  rect: Box,
  tolerance = 0.1,
): boolean {
  const flat = worldOutline(node, world, tolerance);
  if (flat === null) return false;
  if (outlineTouchesRect(flat, rect)) return true;
  const closed = flat.filter((f) => f.closed);
  const rule = node.type === "path" ? node.fillRule : "nonzero";
  return closed.length > 0 && insideFill(closed, { x: rect.minX, y: rect.minY }, rule);
}

/** Whether the node's whole outline lies in the page-space rectangle. */
export function nodeInsideRect(
  node: SceneNode,
  world: Matrix,
  rect: Box,
  tolerance = 0.1,
): boolean {
  const flat = worldOutline(node, world, tolerance);
  return flat !== null && outlineInsideRect(flat, rect);
}
