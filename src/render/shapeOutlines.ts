import type {
  EllipseNode,
  FrameNode,
  PathNode,
  PolygonNode,
  RectNode,
  StarNode,
} from "../doc/types";
import { ellipseOutline, pathOutlines, roundedRectOutline, type Polyline } from "../geometry/dash";
import { regularPolygon, starPoints } from "../geometry/outline";

/** Shapes drawn from closed outlines. */
export type OutlinedNode = RectNode | FrameNode | EllipseNode | PolygonNode | StarNode | PathNode;

/**
 * A shape's outlines in its local coordinates, curves cut into segments `step` local units long:
 * what the batches fill and stroke and the hover outline traces.
 */
export function shapeOutlines(node: OutlinedNode, step: number): Polyline[] {
  switch (node.type) {
    case "rect":
      return [roundedRectOutline(node.width, node.height, node.radii, step)];
    case "frame":
      return [roundedRectOutline(node.width, node.height, [0, 0, 0, 0], step)];
    case "ellipse":
      return [ellipseOutline(node.width, node.height, step)];
    case "polygon":
      return [{ points: regularPolygon(node.width, node.height, node.sides), closed: true }];
    case "star":
      return [
        { points: starPoints(node.width, node.height, node.points, node.innerRatio), closed: true },
      ];
    case "path":
      return pathOutlines(node, step);
  }
}
