import { IDENTITY_MATRIX, multiply, toMatrix, type Matrix } from "../../doc/transform";
import type { SceneNode } from "../../doc/types";
import { transformBox, unionBox } from "../../geometry/bounds";
import { childrenExtent, localBounds } from "../../shapes/bounds";
import { MAX_DEPTH, type ExportSource } from "./source";
import type { Box } from "../../math/box";
import { childrenReachOut } from "../../shapes/registry";
import { isGroup } from "../../shapes/group";

/**
 * The box, in the coordinates `outer` maps to, around what a visible node draws: a group's is its
 * children's (a masked group's, where its mask's meets the rest's; a blurred group's, widened by
 * the blur), a clipping frame's is its own, a frame that does not clip adds its children's.
 */
export function drawnBounds(
  source: ExportSource,
  node: SceneNode,
  outer: Matrix,
  depth = 0,
): Box | null {
  if (node.hidden || depth > MAX_DEPTH) return null;
  const m = multiply(outer, toMatrix(node.transform));
  const own = localBounds(node);
  let box = own === null ? null : transformBox(own, m);
  if (childrenReachOut(node)) {
    const sigma = isGroup(node) ? (node.blur ?? 0) : 0;
    const filter = isGroup(node) ? node.filter : undefined;
    if (filter !== undefined) {
      // A filter draws within its region, and may draw all of it (a flood).
      const { x, y, width, height } = filter.region;
      box = unionBox(box, transformBox({ minX: x, minY: y, maxX: x + width, maxY: y + height }, m));
    } else if (sigma > 0) {
      // A blur reaches three deviations past what it blurs (the filter region's margin).
      let inside: Box | null = null;
      for (const child of source.childrenOf(node.id))
        inside = unionBox(inside, drawnBounds(source, child, IDENTITY_MATRIX, depth + 1));
      const reach = 3 * sigma;
      if (inside !== null)
        box = unionBox(
          box,
          transformBox(
            {
              minX: inside.minX - reach,
              minY: inside.minY - reach,
              maxX: inside.maxX + reach,
              maxY: inside.maxY + reach,
            },
            m,
          ),
        );
    } else
      // Their union; a masked group's where its mask's drawing and the rest's meet.
      box = unionBox(
        box,
        childrenExtent(node, source.childrenOf(node.id), (child) =>
          drawnBounds(source, child, m, depth + 1),
        ),
      );
  }
  return box;
}
