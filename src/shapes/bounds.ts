import { multiply, toMatrix, type Matrix } from "../doc/transform";
import type { GroupNode, Id, SceneNode } from "../doc/types";
import { transformBox, unionBox } from "../geometry/bounds";
import type { Box } from "../math/box";
import { childrenReachOut, kindOf } from "./registry";

/**
 * A box that contains everything the node draws, in its local coordinates; null for groups,
 * whose extent is their children's. Conservative: curves use their control points.
 */
export function localBounds(node: SceneNode): Box | null {
  return kindOf(node).localBounds(node);
}

/**
 * A container's extent from its children's boxes (`boxOf`, in one coordinate system): their
 * union, but for a masked group only where its mask (the first child, never drawn itself) and
 * the rest meet, since nothing shows elsewhere. Selection frames, transform handles, snapping,
 * zoom to selection, picking and export all measure containers through it.
 */
export function childrenExtent(
  node: SceneNode,
  children: readonly SceneNode[],
  boxOf: (child: SceneNode) => Box | null,
): Box | null {
  if (!isMaskedGroup(node)) return unionFrom(children, 0, boxOf);
  const mask = children[0];
  if (mask === undefined) return null;
  const shown = boxOf(mask);
  if (shown === null) return null;
  return intersectBoxes(shown, unionFrom(children, 1, boxOf));
}

/**
 * The union of the boxes of `children` from `start` on, kept in four numbers rather than a box
 * per child: a selected group of a hundred thousand children is measured in one go.
 */
function unionFrom(
  children: readonly SceneNode[],
  start: number,
  boxOf: (child: SceneNode) => Box | null,
): Box | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let any = false;
  for (let i = start; i < children.length; i += 1) {
    const box = boxOf(children[i]!);
    if (box === null) continue;
    any = true;
    if (box.minX < minX) minX = box.minX;
    if (box.minY < minY) minY = box.minY;
    if (box.maxX > maxX) maxX = box.maxX;
    if (box.maxY > maxY) maxY = box.maxY;
  }
  return any ? { minX, minY, maxX, maxY } : null;
}

/** Whether the node is a group masked by its first child. */
export function isMaskedGroup(node: SceneNode): boolean {
  return node.type === "group" && (node as GroupNode).mask !== undefined;
}

/** What two boxes both cover; null when either is null or they do not meet. */
export function intersectBoxes(a: Box | null, b: Box | null): Box | null {
  if (a === null || b === null) return null;
  const box = {
    minX: Math.max(a.minX, b.minX),
    minY: Math.max(a.minY, b.minY),
    maxX: Math.min(a.maxX, b.maxX),
    maxY: Math.min(a.maxY, b.maxY),
  };
  return box.maxX >= box.minX && box.maxY >= box.minY ? box : null;
}

/**
 * The box, in the coordinates `m` maps the node's own to, around what the node and its
 * descendants cover (strokes included, as `localBounds`), a masked group only where its mask and
 * the rest meet.
 */
export function coveredBox(
  source: { childrenOf(id: Id): readonly SceneNode[] },
  node: SceneNode,
  m: Matrix,
  depth = 0,
): Box | null {
  const own = localBounds(node);
  const box = own === null ? null : transformBox(own, m);
  if (depth > 256 || !childrenReachOut(node)) return box;
  return unionBox(
    box,
    childrenExtent(node, source.childrenOf(node.id), (child) =>
      coveredBox(source, child, multiply(m, toMatrix(child.transform)), depth + 1),
    ),
  );
}
