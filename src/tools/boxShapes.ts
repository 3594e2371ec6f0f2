import type { EllipseNode, FrameNode, PolygonNode, RectNode, StarNode } from "../doc/types";
import { makeNode } from "../shapes/makeNode";
import type { BoxShape, BoxShapeKind, NewShape } from "./shapeTool";

/** The fields of a new box shape: the style of new shapes, at the press, 0 × 0. */
function atPress({ fill, stroke, transform }: NewShape) {
  return { fill, stroke, transform, width: 0, height: 0 };
}

/**
 * What each box tool draws (Frame, Rectangle, Ellipse, Polygon/Star); every other field is its
 * kind's default (`ShapeKind.defaults`).
 */
export const BOX_SHAPES: { readonly [K in BoxShapeKind]: BoxShape } = {
  frame: {
    label: "Draw frame",
    // An artboard: white, unstroked, clipping what it holds.
    make: (shape, settings) =>
      makeNode<FrameNode>("frame", shape.id, shape.parent, "", {
        ...atPress(shape),
        fill: { type: "solid", color: { r: 1, g: 1, b: 1, a: 1 } },
        stroke: { ...settings.stroke, paint: null },
        clip: true,
      }),
  },
  rect: {
    label: "Draw rectangle",
    make: (shape) => makeNode<RectNode>("rect", shape.id, shape.parent, "", atPress(shape)),
  },
  ellipse: {
    label: "Draw ellipse",
    make: (shape) => makeNode<EllipseNode>("ellipse", shape.id, shape.parent, "", atPress(shape)),
  },
  polygon: {
    label: "Draw polygon",
    // The tool settings' star points, when set, make it draw stars.
    make: (shape, settings) =>
      settings.starPoints > 0
        ? makeNode<StarNode>("star", shape.id, shape.parent, "", {
            ...atPress(shape),
            points: settings.starPoints,
          })
        : makeNode<PolygonNode>("polygon", shape.id, shape.parent, "", {
            ...atPress(shape),
            sides: settings.polygonSides,
          }),
  },
};
