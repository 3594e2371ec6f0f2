import { NO_FILL, NO_STROKE } from "../../../doc/factory";
import { makeNode } from "../../../shapes/makeNode";
import { apply, IDENTITY_MATRIX, multiply } from "../../../doc/transform";
import type { FrameNode, SceneNode, Subpath } from "../../../doc/types";
import { IMPORT_LIMITS } from "../limits";
import type { Draft } from "../tree";
import { localName, type XmlElement } from "../xml";
import {
  originWithin,
  withContextPaint,
  type Context,
  type Conversion,
  type Walk,
} from "./conversion";
import { emitInPaintOrder } from "./emit";
import { entersElement } from "./entered";
import { length, parseLength } from "./lengths";
import { autoAngle, markerVertices, parseOrient, type MarkerVertex } from "./markers";
import { clampUnit, opacityOf } from "./nodeStyle";
import { parsePathData } from "./pathData";
import { expressible } from "./placement";
import {
  ellipseShape,
  ellipseSubpaths,
  lineEnds,
  polySubpath,
  rectShape,
  rectSubpaths,
} from "./shapeGeometry";
import { viewBoxMatrix, viewBoxOf } from "./viewport";

/**
 * The markers a shape names (`marker-start`, `-mid`, `-end`), drawn at its vertices: each an
 * instance of the `<marker>`'s content, as a clipping frame or a group.
 */

/**
 * A shape and the markers SVG draws on its vertices (in vertex order), in its paint order (see
 * `emitInPaintOrder`; markers come last unless it says otherwise).
 */
export function emitWithMarkers(
  conv: Conversion,
  walk: Walk,
  draft: SceneNode | null,
  element: XmlElement,
  ctx: Context,
  out: Draft[],
): void {
  emitInPaintOrder(conv, draft, ctx, out, () => markersOf(conv, walk, element, ctx, out));
}

/** The markers SVG draws on a shape's vertices, out in vertex order. */
function markersOf(
  conv: Conversion,
  walk: Walk,
  element: XmlElement,
  ctx: Context,
  out: Draft[],
): void {
  const start = markerOf(conv, ctx.style.get("marker-start"));
  const mid = markerOf(conv, ctx.style.get("marker-mid"));
  const end = markerOf(conv, ctx.style.get("marker-end"));
  if (start === null && mid === null && end === null) return;
  const subpaths = markableGeometry(element, ctx);
  if (subpaths.length === 0) return;
  const vertices = markerVertices(subpaths);
  const strokeWidth = parseLength(ctx.style.get("stroke-width") ?? "1", 1, ctx.viewport, "other");
  // Each instance repeats the marker's content, which counts against the limit on use
  // expansion: a path with too many vertices is refused before any instance is built.
  const repeats = (marker: XmlElement | null, instances: number): number =>
    marker === null ? 0 : instances * repeatedPerInstance(conv, marker, strokeWidth, ctx);
  conv.expectUseInstances(
    repeats(start, 1) + repeats(mid, Math.max(0, vertices.length - 2)) + repeats(end, 1),
  );
  vertices.forEach((vertex, i) => {
    const first = i === 0;
    const last = i === vertices.length - 1;
    // A path of one vertex gets both its start and its end marker there.
    if (first && start !== null)
      markerInstance(conv, walk, start, vertex, true, strokeWidth, ctx, out);
    if (!first && !last && mid !== null)
      markerInstance(conv, walk, mid, vertex, false, strokeWidth, ctx, out);
    if (last && end !== null) markerInstance(conv, walk, end, vertex, false, strokeWidth, ctx, out);
  });
}

/** The `<marker>` a marker property names, or null for none, a missing id or another element. */
function markerOf(conv: Conversion, value: string | undefined): XmlElement | null {
  const id = /^url\(\s*['"]?#([^)'"]+)['"]?\s*\)$/.exec(value?.trim() ?? "")?.[1]?.trim();
  const target = id === undefined ? undefined : conv.byId.get(id);
  return target !== undefined && localName(target.name) === "marker" ? target : null;
}

/** The shape as SVG 2 defines its path for markers (rects and ellipses included). */
function markableGeometry(element: XmlElement, ctx: Context): Subpath[] {
  switch (localName(element.name)) {
    case "path":
      return parsePathData(element.attributes.get("d") ?? "").subpaths;
    case "line": {
      const { start, end } = lineEnds(element, ctx.viewport);
      return [{ start, segments: [{ type: "line", to: end }], closed: false }];
    }
    case "polyline":
    case "polygon": {
      const sub = polySubpath(element, localName(element.name) === "polygon");
      return sub === null ? [] : [sub];
    }
    case "rect": {
      const r = rectShape(element, ctx.viewport);
      return r === null ? [] : rectSubpaths(r.x, r.y, r.width, r.height, r.rx, r.ry);
    }
    case "circle":
    case "ellipse": {
      const e = ellipseShape(element, ctx.viewport, localName(element.name) === "circle");
      return e === null ? [] : ellipseSubpaths(e.cx, e.cy, e.rx, e.ry);
    }
    default:
      return [];
  }
}

/**
 * How many elements one instance of a marker repeats, of those the walk counts against the limit
 * on use expansion: none where it draws nothing, else at least its content's top level.
 */
function repeatedPerInstance(
  conv: Conversion,
  marker: XmlElement,
  strokeWidth: number,
  ctx: Context,
): number {
  if (recursive(marker, ctx) || markerSize(marker, strokeWidth, ctx) === null) return 0;
  let count = 0;
  for (const child of marker.children)
    if (typeof child !== "string" && entersElement(conv, child, ctx)) count += 1;
  return count;
}

function recursive(marker: XmlElement, ctx: Context): boolean {
  return ctx.path.includes(marker) || ctx.useDepth >= IMPORT_LIMITS.maxUseDepth;
}

/** The marker's box and the scale of its content, or null where it draws nothing. */
function markerSize(
  marker: XmlElement,
  strokeWidth: number,
  ctx: Context,
): { width: number; height: number; units: number } | null {
  const width = length(marker, "markerWidth", 3, ctx.viewport, "x");
  const height = length(marker, "markerHeight", 3, ctx.viewport, "y");
  const units = marker.attributes.get("markerUnits") === "userSpaceOnUse" ? 1 : strokeWidth;
  return width > 0 && height > 0 && units > 0 ? { width, height, units } : null;
}

/**
 * One marker instance: the marker's content placed at the vertex, turned by its orient and
 * scaled by the stroke width (markerUnits), its viewBox fitted into markerWidth × markerHeight.
 * With overflow hidden (the default) the content is clipped to that box: a clipping frame.
 */
function markerInstance(
  conv: Conversion,
  walk: Walk,
  marker: XmlElement,
  vertex: MarkerVertex,
  isStart: boolean,
  strokeWidth: number,
  ctx: Context,
  out: Draft[],
): void {
  if (recursive(marker, ctx)) {
    conv.count("recursive marker");
    return;
  }
  const size = markerSize(marker, strokeWidth, ctx);
  if (size === null) return;
  const { width, height, units } = size;
  const orient = parseOrient(marker.attributes.get("orient"));
  const degrees =
    orient.kind === "fixed"
      ? orient.degrees
      : autoAngle(vertex) + (orient.reverseStart && isStart ? 180 : 0);
  const box = viewBoxOf(marker);
  const fit =
    box === null
      ? IDENTITY_MATRIX
      : viewBoxMatrix(box, width, height, marker.attributes.get("preserveAspectRatio"));
  // A marker's context element is the shape it marks.
  const contextPaint = {
    fill: ctx.style.get("fill") ?? "black",
    stroke: ctx.style.get("stroke") ?? "none",
  };
  const content0: Context = { ...ctx, contextPaint };
  const style = withContextPaint(conv.cascadedStyle(marker), content0);
  const em = Number(style.get("font-size") ?? 16);
  const viewport = box === null ? { width, height, em } : { width: box[2]!, height: box[3]!, em };
  const content: Context = {
    ...content0,
    style,
    viewport,
    path: [...ctx.path, marker],
    useDepth: ctx.useDepth + 1,
  };
  const ref = apply(fit, {
    x: length(marker, "refX", 0, ctx.viewport, "x"),
    y: length(marker, "refY", 0, ctx.viewport, "y"),
  });
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const placement = multiply(ctx.matrix, {
    a: cos * units,
    b: sin * units,
    c: -sin * units,
    d: cos * units,
    e: vertex.point.x - (cos * ref.x - sin * ref.y) * units,
    f: vertex.point.y - (sin * ref.x + cos * ref.y) * units,
  });
  const opacity = opacityOf(ctx.style) * ctx.carriedOpacity;
  const overflow = style.get("overflow") ?? "hidden";
  const transform = expressible(placement);
  if (
    (overflow === "hidden" || overflow === "scroll") &&
    transform !== null &&
    ctx.groupDepth < IMPORT_LIMITS.maxGroupDepth
  ) {
    const children = walk.children(conv, marker, {
      ...content,
      matrix: fit,
      origin: originWithin(ctx, placement),
      carriedOpacity: 1,
      groupDepth: ctx.groupDepth + 1,
    });
    if (children.length === 0) return;
    const frame = makeNode<FrameNode>("frame", "", "", "", {
      name: marker.attributes.get("id") ?? "Marker",
      transform,
      width,
      height,
      clip: true,
      fill: NO_FILL,
      stroke: NO_STROKE,
      opacity: clampUnit(opacity),
    });
    conv.produce();
    out.push({ node: frame, children });
    return;
  }
  walk.group(
    conv,
    marker,
    { ...content, matrix: multiply(placement, fit), carriedOpacity: opacity },
    out,
    false,
  );
}
