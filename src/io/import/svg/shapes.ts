import { NO_FILL } from "../../../doc/factory";
import { makeNode } from "../../../shapes/makeNode";
import { IDENTITY_MATRIX, IDENTITY_TRANSFORM, type Matrix } from "../../../doc/transform";
import type {
  EllipseNode,
  LineNode,
  PathNode,
  RectNode,
  SceneNode,
  Stroke,
  Subpath,
} from "../../../doc/types";
import type { XmlElement } from "../xml";
import type { Context, Conversion } from "./conversion";
import { fillRuleOf, styled } from "./nodeStyle";
import type { UserBox } from "./paint";
import { parsePathData } from "./pathData";
import {
  boxOf,
  ellipseShape,
  ellipseSubpaths,
  lineEnds,
  mapSubpath,
  pointsError,
  polySubpath,
  rectShape,
  rectSubpaths,
  subpathPoints,
} from "./shapeGeometry";

/**
 * Basic shapes and paths as nodes: the editable shape where its node can hold it (a rect with
 * equal radii, an ellipse, a line), a path otherwise.
 */

export function rect(conv: Conversion, element: XmlElement, ctx: Context): SceneNode | null {
  const shape = rectShape(element, ctx.viewport);
  if (shape === null) return null;
  const { x, y, width, height, rx, ry } = shape;
  const box = { x, y, width, height };
  const offset: Matrix = { ...IDENTITY_MATRIX, e: x, f: y };
  const placed = conv.placer.place(ctx.matrix, offset);
  if (placed !== null && Math.abs(rx - ry) < 1e-9) {
    const style = styled(conv, ctx, placed.userToLocal, box);
    // SVG starts a rounded rect's dashes after its top-left corner, a rect node at its corner.
    if (rx === 0 || !isDashed(style))
      return makeNode<RectNode>("rect", "", "", "", {
        ...style,
        transform: placed.transform,
        width,
        height,
        radii: [rx, rx, rx, rx],
      });
  }
  return pathNode(conv, ctx, rectSubpaths(x, y, width, height, rx, ry), "nonzero", box);
}

export function ellipse(
  conv: Conversion,
  element: XmlElement,
  ctx: Context,
  circle: boolean,
): SceneNode | null {
  const shape = ellipseShape(element, ctx.viewport, circle);
  if (shape === null) return null;
  const { cx, cy, rx, ry } = shape;
  const box = { x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry };
  const placed = conv.placer.place(ctx.matrix, { ...IDENTITY_MATRIX, e: cx - rx, f: cy - ry });
  if (placed !== null) {
    const style = styled(conv, ctx, placed.userToLocal, box);
    // SVG starts an ellipse's dashes at its rightmost point, an ellipse node at its top: a
    // dashed one is kept as SVG's path, so that its dashes fall where they do in SVG.
    if (!isDashed(style))
      return makeNode<EllipseNode>("ellipse", "", "", "", {
        ...style,
        transform: placed.transform,
        width: 2 * rx,
        height: 2 * ry,
      });
  }
  return pathNode(conv, ctx, ellipseSubpaths(cx, cy, rx, ry), "nonzero", box);
}

export function line(conv: Conversion, element: XmlElement, ctx: Context): SceneNode | null {
  const { start, end } = lineEnds(element, ctx.viewport);
  const box = boxOf([start, end]);
  const placed = conv.placer.place(ctx.matrix, IDENTITY_MATRIX);
  if (placed !== null) {
    return makeNode<LineNode>("line", "", "", "", {
      ...styled(conv, ctx, placed.userToLocal, box),
      fill: NO_FILL,
      transform: placed.transform,
      start,
      end,
      startHead: "none",
      endHead: "none",
    });
  }
  return pathNode(
    conv,
    ctx,
    [{ start, segments: [{ type: "line", to: end }], closed: false }],
    "nonzero",
    box,
  );
}

export function poly(
  conv: Conversion,
  element: XmlElement,
  ctx: Context,
  closed: boolean,
): SceneNode | null {
  const sub = polySubpath(element, closed);
  if (pointsError(element)) conv.count("point list with a data error (drawn up to the error)");
  return sub === null ? null : pathNode(conv, ctx, [sub], fillRuleOf(ctx), undefined);
}

export function path(conv: Conversion, element: XmlElement, ctx: Context): SceneNode | null {
  const parsed = parsePathData(element.attributes.get("d") ?? "");
  if (parsed.error !== null) conv.count("path with a data error (drawn up to the error)");
  if (parsed.subpaths.length === 0) return null;
  return pathNode(conv, ctx, parsed.subpaths, fillRuleOf(ctx), undefined);
}

function isDashed(style: { readonly stroke: Stroke }): boolean {
  return style.stroke.paint !== null && style.stroke.dash.length > 0;
}

function pathNode(
  conv: Conversion,
  ctx: Context,
  subpaths: Subpath[],
  fillRule: "nonzero" | "evenodd",
  box: UserBox | undefined,
): PathNode {
  // The box is only needed by objectBoundingBox gradients; most paths never ask for it.
  let measured: UserBox | undefined = box;
  const userBox = (): UserBox => (measured ??= boxOf(subpathPoints(subpaths)));
  const placed = conv.placer.place(ctx.matrix, IDENTITY_MATRIX);
  if (placed !== null) {
    return makeNode<PathNode>("path", "", "", "", {
      ...styled(conv, ctx, placed.userToLocal, userBox),
      transform: placed.transform,
      subpaths,
      fillRule,
    });
  }
  // A transform the node cannot hold is baked into the geometry.
  const m = ctx.matrix;
  const style = styled(conv, ctx, m, userBox);
  const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
  return makeNode<PathNode>("path", "", "", "", {
    ...style,
    stroke: { ...style.stroke, width: style.stroke.width * scale },
    transform: IDENTITY_TRANSFORM,
    subpaths: subpaths.map((s) => mapSubpath(s, m)),
    fillRule,
  });
}
