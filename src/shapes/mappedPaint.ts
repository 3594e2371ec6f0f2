import { apply, fromMatrix, multiply, toMatrix, type Matrix } from "../doc/transform";
import type { Point } from "../math/point";
import type { Fill, Paint, SceneNode, Stroke } from "../doc/types";

// What a paint places in a shape's local coordinates (a gradient's ends, a pattern's tiles) goes
// with the shape's geometry when that is redrawn elsewhere: a scale folded into a shape's fields
// (see ScaleFold) leaves its transform unscaled, so its gradients are scaled with the fields and
// keep spanning the resized shape, as in Figma; a picture drawn with a margin moves them by it.

/** `paint` as it falls on the shape once its local coordinates are mapped by `m`. */
export function mappedPaint<P extends Paint>(paint: P, m: Matrix): P {
  const at = (p: Point): Point => apply(m, p);
  switch (paint.type) {
    case "solid":
      return paint;
    case "linear":
      return { ...paint, from: at(paint.from), to: at(paint.to) };
    case "radial":
      // One radius: a map that stretches one way more than the other gets the mean of the two.
      return {
        ...paint,
        center: at(paint.center),
        focal: at(paint.focal),
        radius: paint.radius * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)),
      };
    case "pattern":
      return { ...paint, transform: fromMatrix(multiply(m, toMatrix(paint.transform))) };
  }
}

function scaledPaint<P extends Paint>(paint: P, sx: number, sy: number): P {
  return mappedPaint(paint, { a: sx, b: 0, c: 0, d: sy, e: 0, f: 0 });
}

function scaledFill(fill: Fill, sx: number, sy: number): Fill {
  return fill.type === "none" ? fill : scaledPaint(fill, sx, sy);
}

function scaledStroke(stroke: Stroke, sx: number, sy: number): Stroke {
  return stroke.paint === null ? stroke : { ...stroke, paint: scaledPaint(stroke.paint, sx, sy) };
}

/**
 * The fill and stroke of `node` with their paints scaled, or nothing where the node has no
 * paints or none of them is placed in its coordinates (solid colours).
 */
export function scaledPaints(
  node: SceneNode,
  sx: number,
  sy: number,
): { fill?: Fill; stroke?: Stroke } {
  const out: { fill?: Fill; stroke?: Stroke } = {};
  if ("fill" in node && node.fill.type !== "none" && node.fill.type !== "solid")
    out.fill = scaledFill(node.fill, sx, sy);
  if ("stroke" in node && node.stroke.paint !== null && node.stroke.paint.type !== "solid")
    out.stroke = scaledStroke(node.stroke, sx, sy);
  return out;
}
