import type { ValueRule } from "../doc/invariants";
import type { Matrix } from "../doc/transform";
import type {
  ArrowHead,
  DocRecord,
  FillRule,
  ImageNode,
  LineRoute,
  NodeBase,
  NodeOf,
  NodeType,
  Paint,
  SceneNode,
  Stroke,
  Styled,
  Subpath,
  TextNode,
} from "../doc/types";
import type { Polyline } from "../geometry/dash";
import type { HitPart } from "../geometry/hitOutline";
import type { Box } from "../math/box";
import type { Point } from "../math/point";
import type { FileSchema } from "./fileFields";
import type { LabelPlacement } from "./label";

export type { NodeOf } from "../doc/types";

/**
 * The typed check a kind module exports for code elsewhere that works on that kind's own fields
 * (a line's ends, a text's words): the one place its type name is compared.
 */
export function isNodeOf<K extends NodeType>(
  type: K,
): (record: DocRecord | null | undefined) => record is NodeOf<K> {
  return (record): record is NodeOf<K> => record?.type === type;
}

/**
 * Everything the program knows about one kind of node, in one record: its geometry, how it is
 * hit, snapped, resized, drawn, exported and shown in the property panel. The layers above
 * (render, io, ui) cannot be imported here, so what they do is described as data or pure
 * functions that they read from `SHAPE_KINDS` instead of asking for `node.type`.
 */
export interface ShapeKind<T extends SceneNode> {
  readonly type: T["type"];
  /** What a new node is called until someone names it; the file leaves a name equal to it out. */
  readonly defaultName: string;
  /** Fields a new node has unless it is made with them (`makeNode`): lines start unbound. */
  readonly defaults: Partial<Omit<T, keyof NodeBase | "type">>;
  /** The rules of its own fields that the store checks (development and tests); `NO_RULES`. */
  readonly rules: ValueRule<T>;
  /** Its own fields in the native file. */
  readonly file: FileSchema<T>;
  /**
   * A box that contains everything the node draws, in its local coordinates, stroke included;
   * null for nodes whose extent is their children's. Conservative: curves use their control points.
   */
  localBounds(node: T): Box | null;
  /**
   * The node's geometric extent in its own coordinates, strokes left out, as numeric fields and
   * alignment measure it. `childrenBox` gives the union of its children's, for nodes that are
   * only their children.
   */
  geometryBox(node: T, childrenBox: () => Box | null): Box | null;
  /** Its vector outline, what converting it to a path gives; null for kinds that have none. */
  readonly outline: ShapeOutline<T> | null;
  /**
   * What of the node is under `point` (local coordinates), allowing `tolerance` (local units);
   * null when nothing is, or when its children are tested instead.
   */
  hitTest(node: T, point: Point, tolerance: number): HitPart | null;
  /** The local outline the marquee compares with; null when there is none. */
  marqueeOutline(node: T): Subpath[] | null;
  /**
   * The page-space box of what its geometry covers, strokes left out, exact where it can be:
   * what snapping aligns edges and centres to.
   */
  snapBox(node: T, world: Matrix): Box | null;
  /** Heap bytes its own data takes beyond a record's fixed share: what history budgets. */
  heapBytes(node: T): number;
  /**
   * The fields that scale the node's own geometry by kx, ky about `box`'s top-left corner
   * (`box` is its geometry box), so strokes keep their width; null to leave it as it is.
   */
  resized(node: T, box: Box, kx: number, ky: number): Partial<T> | null;
  /**
   * The outline the hover highlight traces, curves cut into chords no longer than `step`; null
   * when it is outlined by its box instead (or would pass `limit` points).
   */
  hoverOutline(node: T, step: number, limit: number): Polyline[] | null;
  /**
   * Where the kind writes its label, in local coordinates, for kinds that carry one
   * (`Labelled`); null for the others.
   */
  readonly labelPlacement: ((node: T) => LabelPlacement) | null;
  /** How it holds child nodes; null for kinds that hold none. */
  readonly children: ChildHolding<T> | null;
  /**
   * How a page-space scale free of skew is taken into the node's own fields (a box's width and
   * height, a line's ends) instead of stretching its transform; null keeps it in the transform.
   */
  readonly scaleFold: ScaleFold<T> | null;
  /** How the path tool edits its nodes in place; null for kinds it converts to a path first. */
  readonly pathEditing: PathEditing<T> | null;
  readonly render: ShapeRendering<T>;
  readonly svg: SvgWriting<T>;
  /** The property panel's fields only this kind has, and what each shows for a node. */
  readonly fields: readonly KindField<T>[];
}

/** What a kind that holds children does with them. */
export interface ChildHolding<T extends SceneNode> {
  /** Whether its children are cut to its own box: then its bounds are its own, not theirs too. */
  clips(node: T): boolean;
}

/** How a kind takes a scale into its fields. */
export interface ScaleFold<T extends SceneNode> {
  /**
   * Whether a negative scale (a flip) goes into the fields too; a box keeps its flip in the
   * transform, as its width and height cannot be negative.
   */
  readonly flips: boolean;
  /** The fields scaled by sx, sy (their absolute values unless `flips`). */
  fields(node: T, sx: number, sy: number): Partial<T>;
}

/** A kind the path tool edits as subpaths without converting it. */
export interface PathEditing<T extends SceneNode> {
  subpaths(node: T): readonly Subpath[];
  /** The node with its subpaths edited; it may become a path (a line given a bend or a node). */
  withSubpaths(node: T, subpaths: readonly Subpath[]): SceneNode;
}

/** A kind's vector outline: what to-path, booleans and outline-stroke work on. */
export interface ShapeOutline<T extends SceneNode> {
  /** The outline in local coordinates, as subpaths. */
  subpaths(node: T): Subpath[];
  fillRule(node: T): FillRule;
  /**
   * Ink (freehand strokes): the outline is the stroke's shape, filled with the stroke's paint,
   * and has no stroke of its own.
   */
  readonly ink: boolean;
}

/** An arrowhead at one end of a line: its tip and the point it faces away from. */
export interface ArrowEnd {
  readonly head: ArrowHead;
  readonly tip: Point;
  readonly from: Point;
}

/** A shape drawn as one analytically shaded quad when its stroke is undashed. */
export interface QuadShape {
  readonly shape: "box" | "ellipse";
  readonly width: number;
  readonly height: number;
  /** Corner radius of a box. */
  readonly radius: number;
}

/** How a vector kind becomes anti-aliased triangles (`render/batch/encode.ts`). */
export type VectorDrawing<T extends SceneNode> =
  | {
      /** A pressure-shaped outline filled with the stroke's paint. */
      readonly paint: "ink";
      inkOutline(node: T): number[];
    }
  | {
      /** "stroke": no area to fill (lines); else its fill and stroke. */
      readonly paint: "fill and stroke" | "stroke";
      /** The quad it is when undashed; null when it needs triangles. */
      quad(node: T): QuadShape | null;
      /** Outlines in local units, curves cut into segments `step` long: filled and stroked. */
      polylines(node: T, step: number): Polyline[];
      fillRule(node: T): FillRule;
      /** Arrowheads, end first. */
      arrowEnds(node: T): readonly ArrowEnd[];
    };

/**
 * How the renderer shows a kind: a plain container of its children, a frame (its drawn
 * background under its clipped children), text, an image, or a vector shape drawn by its
 * chunk's batch or a mesh of its own.
 */
export type ShapeRendering<T extends SceneNode> =
  | { readonly display: "container" | "text" | "image" }
  | { readonly display: "frame" | "shape"; readonly vector: VectorDrawing<T> };

/** How a kind is written into an SVG file (`io/export/svg.ts`). */
export interface SvgWriting<T extends SceneNode> {
  /**
   * What a hidden node still carries, for its data to be read back: its picture, its children,
   * or nothing but an empty group.
   */
  readonly hidden: "picture" | "children" | "empty";
  shape(node: T): SvgShape;
}

export interface BoxSize {
  readonly width: number;
  readonly height: number;
}

export type SvgShape =
  /** A group around the children, a frame's background box under them and its clip. */
  | {
      readonly kind: "container";
      readonly background: (BoxSize & { readonly style: Styled }) | null;
      readonly clip: BoxSize | null;
    }
  /** One element painted with the node's fill and stroke. */
  | { readonly kind: "painted"; readonly geometry: SvgGeometry; readonly style: Styled }
  /** A closed polygon filled with the stroke's paint; null paint draws nothing. */
  | { readonly kind: "ink"; readonly outline: readonly number[]; readonly paint: Paint | null }
  /** A stroked line, as it runs, and its arrowheads. */
  | {
      readonly kind: "line";
      readonly subpaths: readonly Subpath[];
      readonly stroke: Stroke;
      readonly arrowEnds: readonly ArrowEnd[];
    }
  | { readonly kind: "text"; readonly node: TextNode }
  | { readonly kind: "image"; readonly node: ImageNode };

export type SvgGeometry =
  | {
      readonly element: "rect";
      readonly width: number;
      readonly height: number;
      readonly rx: number | undefined;
    }
  | { readonly element: "ellipse"; readonly width: number; readonly height: number }
  | { readonly element: "polygon"; readonly points: readonly number[] }
  | {
      readonly element: "rounded rect";
      readonly width: number;
      readonly height: number;
      readonly radii: readonly number[];
    }
  | {
      readonly element: "path";
      readonly subpaths: readonly Subpath[];
      readonly fillRule: FillRule;
    };

/** The kind-specific fields of the property panel and their value types. */
export interface KindFieldValues {
  readonly radius: number;
  readonly cornerTopLeft: number;
  readonly cornerTopRight: number;
  readonly cornerBottomRight: number;
  readonly cornerBottomLeft: number;
  readonly startHead: ArrowHead;
  readonly endHead: ArrowHead;
  readonly route: LineRoute;
  readonly sides: number;
  readonly points: number;
  /** Polygons' corners and stars' tips together: the one "Points" field edits both. */
  readonly pointCount: number;
  readonly star: boolean;
  readonly innerRatio: number;
}

export type KindFieldName = keyof KindFieldValues;

/** One panel field a kind has: its value for a node, and the node with another value. */
export type KindField<T extends SceneNode> = {
  readonly [F in KindFieldName]: {
    readonly field: F;
    read(node: T): KindFieldValues[F];
    write(node: T, value: KindFieldValues[F]): SceneNode;
  };
}[KindFieldName];
