/**
 * Excalidraw arrows and lines that no Linework line can be (more than two points and not an
 * elbow or a three-point curve): the body as a path, straight from point to point or, for a
 * rounded one, the curve Excalidraw draws through its points (rough.js's Catmull-Rom curve), and
 * each arrowhead as a shape of its own beside it, pointing as Excalidraw points it.
 */
import { NO_FILL } from "../../doc/factory";
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

/** Excalidraw's head length by kind, before it is held to the end segment's share. */
function excalidrawHeadSize(head: ExcalidrawHead): number {
  if (head === "arrow") return 25;
  if (head === "diamond" || head === "diamond_outline") return 12;
  if (head.startsWith("crowfoot")) return 20;
  return 15;
}

/** Half the opening of Excalidraw's head, in degrees, by kind. */
function excalidrawHeadAngle(head: ExcalidrawHead): number {
  return head === "bar" ? 90 : head === "arrow" ? 20 : 25;
}

/** `p` turned about `c` by `degrees` (clockwise on the screen for positive). */
function turned(p: Point, c: Point, degrees: number): Point {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return {
    x: c.x + (p.x - c.x) * cos - (p.y - c.y) * sin,
    y: c.y + (p.x - c.x) * sin + (p.y - c.y) * cos,
  };
}

/**
 * The shapes of one arrowhead in the arrow's local units, with Excalidraw's geometry
 * (`getArrowheadPoints`): each kind's length (an arrow 25, a diamond 12, a crow's foot 20, the
 * rest 15), held to half the end segment (a quarter for a diamond), and its opening (an arrow
 * 20°, a bar 90°, the rest 25°). Marks (arrow, bar, crow's feet) are strokes of the arrow's
 * width; a dot or circle is centred on the tip; a triangle or diamond is filled in the stroke's
 * colour and stroked, an outlined one filled with the scene's background, as Excalidraw fills it.
 * `from` is where the head points from (see `headFrom`), `segment` the length of the end segment
 * between the element's own points.
 */
export function headNodes(
  head: ExcalidrawHead,
  tip: Point,
  from: Point,
  segment: number,
  stroke: Stroke,
  background: RGBA,
): SceneNode[] {
  const distance = Math.hypot(tip.x - from.x, tip.y - from.y);
  if (!(distance > 0)) return [];
  const n = { x: (tip.x - from.x) / distance, y: (tip.y - from.y) / distance };
  const share = head === "diamond" || head === "diamond_outline" ? 0.25 : 0.5;
  const size = Math.min(excalidrawHeadSize(head), segment * share);
  const back = { x: tip.x - n.x * size, y: tip.y - n.y * size };
  const angle = excalidrawHeadAngle(head);
  const paint = stroke.paint;
  const ink: Fill = paint === null ? NO_FILL : paint;
  const mark: Stroke = { ...stroke, dash: [], dashOffset: 0 };
  const outlined = head.endsWith("_outline");
  const fill: Fill = outlined ? { type: "solid", color: background } : ink;
  const run = (points: readonly Point[], closed: boolean): PathNode =>
    makeNode<PathNode>("path", "", "", "", {
      name: "Arrowhead",
      fill: closed ? fill : NO_FILL,
      stroke: mark,
      fillRule: "nonzero",
      subpaths: [
        {
          start: points[0]!,
          segments: points.slice(1).map((to) => ({ type: "line" as const, to })),
          closed,
        },
      ],
    });
  /** Crow's foot "one": a bar across the line where a 25° head's wings end. */
  const crowfootOne = (): PathNode => {
    const one = Math.min(20, segment * 0.5);
    const at = { x: tip.x - n.x * one, y: tip.y - n.y * one };
    return run([turned(at, tip, -25), turned(at, tip, 25)], false);
  };
  switch (head) {
    case "dot":
    case "circle":
    case "circle_outline": {
      const r = Math.max(0, size + stroke.width - 2) / 2;
      return [
        makeNode<EllipseNode>("ellipse", "", "", "", {
          name: "Arrowhead",
          transform: { x: tip.x - r, y: tip.y - r, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
          fill,
          stroke: mark,
          width: r * 2,
          height: r * 2,
        }),
      ];
    }
    case "triangle":
    case "triangle_outline":
      return [run([tip, turned(back, tip, -angle), turned(back, tip, angle)], true)];
    case "diamond":
    case "diamond_outline": {
      const opposite = { x: tip.x - n.x * size * 2, y: tip.y - n.y * size * 2 };
      return [run([tip, turned(back, tip, -angle), opposite, turned(back, tip, angle)], true)];
    }
    case "crowfoot_one":
      return [crowfootOne()];
    case "crowfoot_many":
    case "crowfoot_one_or_many": {
      // Prongs from the point `size` back on the line out to either side of the tip.
      const prongs = run([turned(tip, back, -angle), back, turned(tip, back, angle)], false);
      return head === "crowfoot_many" ? [prongs] : [prongs, crowfootOne()];
    }
    case "arrow":
    case "bar":
      return [run([turned(back, tip, -angle), tip, turned(back, tip, angle)], false)];
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
  // Excalidraw holds a head to a share of the end segment between the element's own points.
  const first = segments[0]!.to;
  const end = segments.at(-1)!.to;
  const beforeEnd = segments.at(-2)?.to ?? start;
  if (heads.start !== null) {
    const segment = Math.hypot(first.x - start.x, first.y - start.y);
    const from = headFrom(start, segments, false);
    out.push(...headNodes(heads.start, start, from, segment, stroke, background));
  }
  if (heads.end !== null) {
    const segment = Math.hypot(end.x - beforeEnd.x, end.y - beforeEnd.y);
    const from = headFrom(start, segments, true);
    out.push(...headNodes(heads.end, end, from, segment, stroke, background));
  }
  return out;
}
