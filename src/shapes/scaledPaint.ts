import { fromMatrix, multiply, toMatrix } from "../doc/transform";
import type { Fill, Paint, SceneNode, Stroke } from "../doc/types";

// A scale folded into a shape's fields (see ScaleFold) leaves its transform unscaled, so what
// its paints place in local coordinates has to be scaled with it: a gradient keeps spanning the
// resized shape, as in Figma, and a pattern's tiles keep their size on the page.

/** `paint` as it falls on the shape once its local coordinates are scaled by sx, sy. */
export function scaledPaint<P extends Paint>(paint: P, sx: number, sy: number): P {
  switch (paint.type) {
    case "solid":
      return paint;
    case "linear":
      return {
        ...paint,
        from: { x: paint.from.x * sx, y: paint.from.y * sy },
        to: { x: paint.to.x * sx, y: paint.to.y * sy },
      };
    case "radial":
      // One radius: a scale that stretches one way more than the other gets the mean of the two.
      return {
        ...paint,
        center: { x: paint.center.x * sx, y: paint.center.y * sy },
        focal: { x: paint.focal.x * sx, y: paint.focal.y * sy },
        radius: paint.radius * Math.sqrt(Math.abs(sx * sy)),
      };
    case "pattern":
      return {
        ...paint,
        transform: fromMatrix(
          multiply({ a: sx, b: 0, c: 0, d: sy, e: 0, f: 0 }, toMatrix(paint.transform)),
        ),
      };
  }
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
