import type { NodeType, SceneNode } from "../doc/types";
import { ellipseKind } from "./ellipse";
import { frameKind } from "./frame";
import { freehandKind } from "./freehand";
import { groupKind } from "./group";
import { imageKind } from "./image";
import type { NodeOf, ShapeKind } from "./kind";
import { lineKind } from "./line";
import { pathKind } from "./path";
import { polygonKind } from "./polygon";
import { rectKind } from "./rect";
import { starKind } from "./star";
import { textKind } from "./text";

export type { NodeOf, ShapeKind } from "./kind";

/** One kind record per node type: leaving a type out, or giving it another's, does not compile. */
export type ShapeKinds = { readonly [K in NodeType]: ShapeKind<NodeOf<K>> };

/**
 * Every kind of node. Code outside the kind modules asks this (through `kindOf`) rather than
 * switching on `node.type`; adding a kind is its module and one line here.
 */
export const SHAPE_KINDS = {
  rect: rectKind,
  ellipse: ellipseKind,
  polygon: polygonKind,
  star: starKind,
  line: lineKind,
  path: pathKind,
  freehand: freehandKind,
  text: textKind,
  image: imageKind,
  frame: frameKind,
  group: groupKind,
} satisfies ShapeKinds;

/** The node types whose kind record has a field `F` matching `V`. */
export type TypesWhere<F extends keyof ShapeKind<SceneNode>, V> = {
  [K in NodeType]: (typeof SHAPE_KINDS)[K][F] extends V ? K : never;
}[NodeType];

/** The kind record of a node, typed for that node. */
export function kindOf<T extends SceneNode>(node: T): ShapeKind<T> {
  // SHAPE_KINDS pairs each type with its own kind (ShapeKinds above); TypeScript cannot follow
  // that pairing through a value of a union type, so it is asserted once, here.
  return SHAPE_KINDS[node.type] as unknown as ShapeKind<T>;
}

/** Whether someone may type into the node: a text, or a shape of a kind that carries a label. */
export function hasWords(node: SceneNode): boolean {
  const kind = kindOf(node);
  return kind.render.display === "text" || kind.labelPlacement !== null;
}
