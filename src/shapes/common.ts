import type { SceneNode, Styled } from "../doc/types";
import type { Point } from "../math/point";
import type { Box } from "../math/box";
import { strokePad } from "../geometry/bounds";
import type { ArrowEnd } from "./kind";

// What several kinds share. The registry is not imported here: the kind modules use this, and
// the registry imports them.

/** Heap bytes of a number in an array and of a small object, as history's budget counts them. */
export const HEAP_NUMBER_BYTES = 8;
export const HEAP_OBJECT_BYTES = 48;

export const NO_ARROW_ENDS: readonly ArrowEnd[] = [];

/** The local box (0,0)–(width, height) grown by how far the node's stroke reaches. */
export function strokedBox(node: SceneNode, width: number, height: number): Box {
  const pad = strokePad(node);
  return { minX: -pad, minY: -pad, maxX: width + pad, maxY: height + pad };
}

/** The node with its stroke unpainted: what geometry boxes measure, strokes left out. */
export function withoutStroke<T extends SceneNode & Styled>(node: T): T {
  return { ...node, stroke: { ...node.stroke, paint: null } };
}

/** `p` moved away from `anchor` by kx, ky. */
export function scalePoint(p: Point, anchor: Point, kx: number, ky: number): Point {
  return { x: anchor.x + (p.x - anchor.x) * kx, y: anchor.y + (p.y - anchor.y) * ky };
}

/** The kinds whose width and height are their geometry scale those two. */
export function resizedBox(
  node: { readonly width: number; readonly height: number },
  kx: number,
  ky: number,
): { width: number; height: number } {
  return { width: node.width * kx, height: node.height * ky };
}
