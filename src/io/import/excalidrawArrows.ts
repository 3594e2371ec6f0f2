/**
 * Excalidraw arrows and lines that no Linework line can be (more than two points and not an
 * elbow or a three-point curve): the body as a path, straight from point to point or, for a
 * rounded one, the curve Excalidraw draws through its points (rough.js's Catmull-Rom curve), and
 * each arrowhead as a shape of its own beside it, pointing as Excalidraw points it.
 */
import { NO_FILL, NO_STROKE } from "../../doc/factory";
import { makeNode } from "../../shapes/makeNode";
import type {
  ArrowHead,
  EllipseNode,
  Fill,
  PathNode,
  PathSegment,
  RGBA,
  SceneNode,
  Stroke,
} from "../../doc/types";
import { headGeometry, headSize } from "../../geometry/arrowHeads";
import type { Point } from "../../math/point";

/** Every arrowhead Excalidraw 0.17–0.18 draws. */
export const EXCALIDRAW_HEADS = [
  "arrow",
  "bar",
  "dot",
  "circle",
  "circle_outline",
  "triangle",
  "triangle_outline",
  "diamond",
  "diamond_outline",
  "crowfoot_one",
  "crowfoot_many",
  "crowfoot_one_or_many",
] as const;
export type ExcalidrawHead = (typeof EXCALIDRAW_HEADS)[number];

export function isExcalidrawHead(value: unknown): value is ExcalidrawHead {
  return typeof value === "string" && (EXCALIDRAW_HEADS as readonly string[]).includes(value);
}

/**
 * The Linework head a connector draws for an Excalidraw head, and whether it is the same:
 * outlined heads are drawn filled and crow's feet as a bar.
 */
export function nativeHead(head: ExcalidrawHead): { head: ArrowHead; exact: boolean } {
  switch (head) {
    case "arrow":
    case "bar":
    case "triangle":
    case "circle":
    case "diamond":
      return { head, exact: true };
    case "dot":
      return { head: "circle", exact: true };
    case "circle_outline":
      return { head: "circle", exact: false };
    case "triangle_outline":
      return { head: "triangle", exact: false };
    case "diamond_outline":
      return { head: "diamond", exact: false };
    case "crowfoot_one":
    case "crowfoot_many":
    case "crowfoot_one_or_many":
      return { head: "bar", exact: false };
  }
}

/** The body's segments: straight, or rough.js's curve through the points (tightness 0). */
export function bodySegments(points: readonly Point[], rounded: boolean): PathSegment[] {
  if (!rounded || points.length < 3) {
    return points.slice(1).map((to) => ({ type: "line" as const, to }));
  }
  if (points.length === 3) {
    return [{ type: "cubic", control1: points[1]!, control2: points[2]!, to: points[2]! }];
  }
  // Catmull-Rom with the ends doubled, as rough.js's curveToBezier.
  const p = [points[0]!, ...points, points.at(-1)!];
  const out: PathSegment[] = [];
  for (let i = 1; i + 2 < p.length; i++) {
    const [a, b, c, d] = [p[i - 1]!, p[i]!, p[i + 1]!, p[i + 2]!];
    out.push({
      type: "cubic",
      control1: { x: b.x + (c.x - a.x) / 6, y: b.y + (c.y - a.y) / 6 },
      control2: { x: c.x + (b.x - d.x) / 6, y: c.y + (b.y - d.y) / 6 },
      to: c,
    });
  }
  return out;
}

/**
 * Where a head at one end of the body points from: the neighbouring point of a straight body,
 * or, as Excalidraw takes it on a curve, the point of the end segment 0.3 of the way back.
 */
function headFrom(start: Point, segments: readonly PathSegment[], atEnd: boolean): Point {
  const segment = atEnd ? segments.at(-1)! : segments[0]!;
  const from = atEnd ? (segments.at(-2)?.to ?? start) : start;
  if (segment.type !== "cubic") return atEnd ? from : segment.to;
  const t = atEnd ? 0.7 : 0.3;
  const u = 1 - t;
  const [p0, p1, p2, p3] = [from, segment.control1, segment.control2, segment.to];
  return {
    x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
    y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y,
  };
}

/**
 * The shapes of one arrowhead in the arrow's local units: a mark stroked with the arrow's stroke
 * (undashed), a filled shape in its colour, or, for an outlined head, the shape stroked and
 * filled with the scene's background, as Excalidraw fills it.
 */
export function headNodes(
  head: ExcalidrawHead,
  tip: Point,
  from: Point,
  stroke: Stroke,
  background: RGBA,
): SceneNode[] {
  const size = headSize(stroke.width);
  const paint = stroke.paint;
  const ink: Fill = paint === null ? NO_FILL : paint;
  const mark: Stroke = { ...stroke, dash: [], dashOffset: 0 };
  const outlined = head.endsWith("_outline");
  const fill: Fill = outlined ? { type: "solid", color: background } : ink;
  const edge: Stroke = outlined ? mark : NO_STROKE;
  const run = (points: readonly number[], closed: boolean, style: "mark" | "shape"): PathNode =>
    makeNode<PathNode>("path", "", "", "", {
      name: "Arrowhead",
      fill: style === "mark" ? NO_FILL : fill,
      stroke: style === "mark" ? mark : edge,
      fillRule: "nonzero",
      subpaths: [
        {
          start: { x: points[0]!, y: points[1]! },
          segments: Array.from({ length: points.length / 2 - 1 }, (_, i) => ({
            type: "line" as const,
            to: { x: points[i * 2 + 2]!, y: points[i * 2 + 3]! },
          })),
          closed,
        },
      ],
    });
  if (head.startsWith("crowfoot")) {
    const angle = Math.atan2(tip.y - from.y, tip.x - from.x);
    const along = { x: Math.cos(angle), y: Math.sin(angle) };
    const across = { x: -along.y * (size / 2), y: along.x * (size / 2) };
    const at = (back: number, side: number): number[] => [
      tip.x - along.x * back + across.x * side,
      tip.y - along.y * back + across.y * side,
    ];
    const out: SceneNode[] = [];
    // Many: three prongs from a point on the line out to the end; one: a bar across the line.
    if (head !== "crowfoot_one")
      out.push(run([...at(0, 1), ...at(size, 0), ...at(0, -1)], false, "mark"));
    if (head !== "crowfoot_many") out.push(run([...at(size, 1), ...at(size, -1)], false, "mark"));
    return out;
  }
  const geometry = headGeometry(nativeHead(head).head, tip, from, size);
  if (geometry === null) return [];
  switch (geometry.kind) {
    case "stroke":
      return [run(geometry.points, false, "mark")];
    case "fill":
      return [run(geometry.points, true, "shape")];
    case "circle":
      return [
        makeNode<EllipseNode>("ellipse", "", "", "", {
          name: "Arrowhead",
          transform: {
            x: geometry.cx - geometry.r,
            y: geometry.cy - geometry.r,
            rotation: 0,
            scaleX: 1,
            scaleY: 1,
            skewX: 0,
          },
          fill,
          stroke: edge,
          width: geometry.r * 2,
          height: geometry.r * 2,
        }),
      ];
  }
}

/** The heads at the ends of a body that starts at `start`. */
export function bodyHeads(
  start: Point,
  segments: readonly PathSegment[],
  heads: { readonly start: ExcalidrawHead | null; readonly end: ExcalidrawHead | null },
  stroke: Stroke,
  background: RGBA,
): SceneNode[] {
  if (segments.length === 0) return [];
  const out: SceneNode[] = [];
  if (heads.start !== null)
    out.push(
      ...headNodes(heads.start, start, headFrom(start, segments, false), stroke, background),
    );
  if (heads.end !== null)
    out.push(
      ...headNodes(
        heads.end,
        segments.at(-1)!.to,
        headFrom(start, segments, true),
        stroke,
        background,
      ),
    );
  return out;
}
