import type { KindRules } from "../doc/invariants";
import type { NodeType, SceneNode } from "../doc/types";
import { ellipseKind } from "./ellipse";
import type { OwnKey } from "./fileFields";
import { frameKind } from "./frame";
import { freehandKind } from "./freehand";
import { groupKind } from "./group";
import { imageKind } from "./image";
import type { KindFieldName, KindFieldValues, NodeOf, ShapeKind } from "./kind";
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
 * switching on `node.type`; adding a kind is its module and one line here. The order is the one
 * the native format's messages list the kinds in.
 */
export const SHAPE_KINDS = {
  frame: frameKind,
  group: groupKind,
  rect: rectKind,
  ellipse: ellipseKind,
  line: lineKind,
  polygon: polygonKind,
  star: starKind,
  path: pathKind,
  freehand: freehandKind,
  text: textKind,
  image: imageKind,
} satisfies ShapeKinds;

/** Every kind's value rules, for the store to check (`DocumentStore`'s `invariants`). */
export const KIND_RULES: KindRules = SHAPE_KINDS;

/** True only when `A` and `B` are the same type. */
type Same<A, B> =
  (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
/** The kinds whose file fields are not exactly their record type's own fields. */
type FileIncomplete = {
  [K in NodeType]: Same<
    (typeof SHAPE_KINDS)[K]["file"]["fields"][number]["key"],
    OwnKey<NodeOf<K>>
  > extends true
    ? never
    : K;
}[NodeType];
/** A field of a kind's record missing from its `file.fields`, or one too many, stops the build. */
const fileComplete: [FileIncomplete] extends [never] ? true : FileIncomplete = true;
void fileComplete;

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

/** Whether the node holds children: a group or a frame. */
export function holdsChildren(node: SceneNode): boolean {
  return kindOf(node).children !== null;
}

/**
 * Whether the node's children count in what it covers: it holds them and does not cut them to
 * its own box.
 */
export function childrenReachOut(node: SceneNode): boolean {
  const children = kindOf(node).children;
  return children !== null && !children.clips(node);
}

/**
 * Whether the node's fill is drawn. Lines have no area and ink is drawn in its stroke's paint,
 * so only their stroke is, whatever their record's fill says.
 */
export function drawsFill(node: SceneNode): boolean {
  const render = kindOf(node).render;
  return !("vector" in render) || render.vector.paint === "fill and stroke";
}

/** Ink (freehand): its outline is the stroke, so nothing reaches past it. */
export function isInk(node: SceneNode): boolean {
  return kindOf(node).outline?.ink === true;
}

type FieldOf<F extends KindFieldName> = {
  readonly field: F;
  read(node: SceneNode): KindFieldValues[F];
  write(node: SceneNode, value: KindFieldValues[F]): SceneNode;
};

function fieldOf<F extends KindFieldName>(node: SceneNode, name: F): FieldOf<F> | undefined {
  // The record's `fields` pair each name with its own value type (KindField); finding one by
  // name loses that pairing, so it is asserted here.
  return kindOf(node).fields.find((f) => f.field === name) as FieldOf<F> | undefined;
}

/** The node's value of a panel field only some kinds have; undefined when its kind has none. */
export function kindFieldValue<F extends KindFieldName>(
  node: SceneNode,
  name: F,
): KindFieldValues[F] | undefined {
  return fieldOf(node, name)?.read(node);
}

/** The node with a kind's panel field set to `value`; null when its kind has no such field. */
export function withKindField<F extends KindFieldName>(
  node: SceneNode,
  name: F,
  value: KindFieldValues[F],
): SceneNode | null {
  const field = fieldOf(node, name);
  return field === undefined ? null : field.write(node, value);
}
