import type { Point } from "../math/point";
/**
 * The document model: plain, JSON-serialisable, immutable records with stable ids. Everything a
 * drawing is lives here; the store holds these records and nothing else mutates them.
 */

export type Id = string;

/** Colour with channels in 0–1, straight (not premultiplied) alpha. */
export interface RGBA {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

export interface GradientStop {
  /** 0–1 along the gradient. */
  readonly offset: number;
  readonly color: RGBA;
}

export interface SolidPaint {
  readonly type: "solid";
  readonly color: RGBA;
}

/** Gradient geometry is in the node's local coordinates. */
export interface LinearGradientPaint {
  readonly type: "linear";
  readonly from: Point;
  readonly to: Point;
  readonly stops: readonly GradientStop[];
}

export interface RadialGradientPaint {
  readonly type: "radial";
  readonly center: Point;
  readonly radius: number;
  /** Focal point; equal to the centre for a plain radial gradient. */
  readonly focal: Point;
  readonly stops: readonly GradientStop[];
}

/**
 * A tile repeated over the plane in both directions, like SVG's `<pattern>`: a `width` ×
 * `height` rectangle of the pattern's own space, its top-left corner at the origin, showing
 * `content` clipped to it. `transform` places that space in the node's local coordinates (where
 * the tile starts, its patternTransform, units resolved). `content` is a small scene of its own:
 * nodes whose `parent` is another content node (a group or frame) or `PATTERN_TILE`, in the
 * pattern's space; their ids are the pattern's own, not the document's, and they hold no images.
 */
export interface PatternPaint {
  readonly type: "pattern";
  readonly width: number;
  readonly height: number;
  readonly transform: Transform;
  /** 0–1, over the whole tile (an SVG fill-opacity or stroke-opacity on a pattern). */
  readonly opacity: number;
  readonly content: readonly SceneNode[];
}

/** The `parent` of a pattern's top-level content nodes. */
export const PATTERN_TILE = "tile";

export type Paint = SolidPaint | LinearGradientPaint | RadialGradientPaint | PatternPaint;

export type Fill = { readonly type: "none" } | Paint;

export type LineCap = "butt" | "round" | "square";
export type LineJoin = "miter" | "round" | "bevel";

export interface Stroke {
  /** null: no stroke. */
  readonly paint: Paint | null;
  readonly width: number;
  /** Dash and gap lengths; empty for a solid line. */
  readonly dash: readonly number[];
  readonly dashOffset: number;
  readonly cap: LineCap;
  readonly join: LineJoin;
  readonly miterLimit: number;
}

export const BLEND_MODES = [
  "normal",
  "multiply",
  "screen",
  "overlay",
  "darken",
  "lighten",
  "color-dodge",
  "color-burn",
  "hard-light",
  "soft-light",
  "difference",
  "exclusion",
  "hue",
  "saturation",
  "color",
  "luminosity",
] as const;
export type BlendMode = (typeof BLEND_MODES)[number];

/**
 * An affine transform in editable parts, applied as translate · rotate · skewX · scale. Flips are
 * negative scales. The matrix is derived (see transform.ts), so every stored number stays
 * meaningful to a person editing it.
 */
export interface Transform {
  readonly x: number;
  readonly y: number;
  /** Radians, clockwise in screen space (y down). */
  readonly rotation: number;
  readonly scaleX: number;
  readonly scaleY: number;
  /** Radians. */
  readonly skewX: number;
}

/** What every node has. `parent` is a page id or a container (frame or group) id. */
export interface NodeBase {
  readonly id: Id;
  readonly parent: Id;
  /** Fractional index: siblings sort by it as strings. */
  readonly index: string;
  readonly name: string;
  readonly locked: boolean;
  readonly hidden: boolean;
  /** 0–1. */
  readonly opacity: number;
  readonly blendMode: BlendMode;
  readonly transform: Transform;
}

export interface Styled {
  readonly fill: Fill;
  readonly stroke: Stroke;
}

/**
 * Words written on a shape, centred in it and wrapped to its width, or along a connector. They
 * are part of the shape's record, so they move, scale, copy and delete with it.
 */
export interface Label {
  readonly content: string;
  readonly fontFamily: string;
  readonly fontSize: number;
  readonly fontWeight: number;
  readonly fontStyle: "normal" | "italic";
  readonly color: RGBA;
  /** On a line: where along it the label's middle sits, 0 (start) to 1 (end). */
  readonly position: number;
}

/** A kind that can carry a label; null when it has none. */
export interface Labelled {
  readonly label: Label | null;
}

export interface FrameNode extends NodeBase, Styled {
  readonly type: "frame";
  readonly width: number;
  readonly height: number;
  /** Children are clipped to the frame. */
  readonly clip: boolean;
}

export interface GroupNode extends NodeBase {
  readonly type: "group";
  /**
   * Its children blend only with one another (CSS `isolation: isolate`, as an SVG's outermost
   * element is): a blend mode inside does not reach what lies beneath the group.
   */
  readonly isolated: boolean;
  /**
   * Set: the group is masked by its first child (the lowest in its stack), as a Figma or
   * Inkscape mask is. That child is not drawn; the rest of the group shows only where it says:
   * `outline` where its shapes' fill geometry lies (an SVG clip path: paints, strokes and
   * opacity ignored), `alpha` by its drawing's opacity, `luminance` by its drawing's brightness
   * times opacity (SVG `<mask>`). Absent: an ordinary group.
   */
  readonly mask?: MaskKind;
  /**
   * An effect on the group's drawing: a Gaussian blur of this standard deviation, in the
   * group's own units (SVG `feGaussianBlur`), at most `MAX_BLUR`. Absent: not blurred.
   */
  readonly blur?: number;
  /**
   * An SVG filter on the group's drawing (see `doc/filter.ts`): primitives over the group's
   * drawing and one another, cut to a region in the group's own units. Absent: unfiltered. A
   * group carries a blur or a filter, not both.
   */
  readonly filter?: GroupFilter;
}

/**
 * Where a filter primitive takes a picture from: the group's drawing, its alpha alone (black
 * where it is opaque), or the result of an earlier primitive, by its index.
 */
export type FilterInput = "SourceGraphic" | "SourceAlpha" | number;

export const COMPOSITE_OPERATORS = ["over", "in", "out", "atop", "xor", "arithmetic"] as const;
export type CompositeOperator = (typeof COMPOSITE_OPERATORS)[number];

/** One SVG filter primitive; lengths in the group's own units, colours unpremultiplied. */
export type FilterPrimitive =
  | {
      readonly type: "blur";
      readonly in: FilterInput;
      readonly stdDeviationX: number;
      readonly stdDeviationY: number;
    }
  | { readonly type: "offset"; readonly in: FilterInput; readonly dx: number; readonly dy: number }
  | { readonly type: "flood"; readonly color: RGBA }
  | {
      readonly type: "blend";
      readonly in: FilterInput;
      readonly in2: FilterInput;
      readonly mode: BlendMode;
    }
  | {
      readonly type: "composite";
      readonly in: FilterInput;
      readonly in2: FilterInput;
      readonly operator: CompositeOperator;
      /** Arithmetic's k1…k4 (result = k1·i1·i2 + k2·i1 + k3·i2 + k4); 0 for the others. */
      readonly k: readonly [number, number, number, number];
    }
  | { readonly type: "merge"; readonly inputs: readonly FilterInput[] }
  | {
      /**
       * `feColorMatrix` as its 4 × 5 matrix, row by row, over unpremultiplied r, g, b, a and 1
       * (saturate, hueRotate and luminanceToAlpha are read as the matrices they stand for).
       */
      readonly type: "colorMatrix";
      readonly in: FilterInput;
      readonly values: readonly number[];
    }
  | {
      /** `feDropShadow`: a blurred, moved, coloured copy of the input's alpha under the input. */
      readonly type: "dropShadow";
      readonly in: FilterInput;
      readonly dx: number;
      readonly dy: number;
      readonly stdDeviation: number;
      readonly color: RGBA;
    };

/** A group's filter: its primitives in order (the last one's result is drawn) and its region. */
export interface GroupFilter {
  /** The filter region, in the group's units: nothing is drawn outside it. */
  readonly region: {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
  };
  /**
   * Whether the primitives work on linear-light colour (SVG's default,
   * `color-interpolation-filters: linearRGB`) rather than on sRGB values.
   */
  readonly linearRGB: boolean;
  readonly primitives: readonly FilterPrimitive[];
  /**
   * Set: the region follows the group's drawing, and `region` is what it last resolved to.
   * Absent: the region was given in the group's units (SVG's `userSpaceOnUse`) and stays put.
   */
  readonly fit?: FilterFit;
}

/**
 * A filter region derived from the group's geometry box (SVG's `objectBoundingBox` region, the
 * −10 %/120 % default among them, or a shadow added in the properties panel): resolved again
 * whenever what the group holds changes, so content moved or grown is never cut.
 */
export interface FilterFit {
  /** The region's corner and size, in fractions of the geometry box's size from its corner. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /**
   * Whether the fractions are of what the group draws (strokes included) rather than of its
   * geometry box, and the region is widened by as far as the primitives carry the drawing
   * (`filterReach`): a shadow made in the panel is never cut.
   */
  readonly reach: boolean;
}

/** The largest blur a group may carry, in its own units: far beyond any visible effect. */
export const MAX_BLUR = 10_000;

export const MASK_KINDS = ["outline", "alpha", "luminance"] as const;
export type MaskKind = (typeof MASK_KINDS)[number];

export interface RectNode extends NodeBase, Styled, Labelled {
  readonly type: "rect";
  readonly width: number;
  readonly height: number;
  /** Corner radii: top-left, top-right, bottom-right, bottom-left. */
  readonly radii: readonly [number, number, number, number];
}

export interface EllipseNode extends NodeBase, Styled, Labelled {
  readonly type: "ellipse";
  readonly width: number;
  readonly height: number;
}

export const ARROW_HEADS = ["none", "arrow", "triangle", "circle", "diamond", "bar"] as const;
export type ArrowHead = (typeof ARROW_HEADS)[number];

/**
 * One end of a line held by a shape: the end follows the shape wherever it goes. `anchor` is a
 * point of the shape's geometry box as fractions of its width and height (0.5, 0.5: the centre).
 * An exact binding ends on the anchor itself; any other ends where the line, aimed at the
 * anchor, meets the shape's outline.
 */
export interface Binding {
  readonly node: Id;
  readonly anchor: Point;
  readonly exact: boolean;
}

/**
 * How a line runs between its ends: straight; curved, bowed `bend` units to the left of the
 * straight line at its middle (negative: to the right); or elbow, in horizontal and vertical
 * segments whose middle one crosses at `bend` (0–1) of the way from start to end.
 */
export const LINE_ROUTES = ["straight", "curved", "elbow"] as const;
export type LineRoute = (typeof LINE_ROUTES)[number];

/**
 * A line between two points; an arrow is a line with a head at one or both ends. Either end may
 * be bound to a shape (a connector), and then follows it.
 */
export interface LineNode extends NodeBase, Styled, Labelled {
  readonly type: "line";
  readonly start: Point;
  readonly end: Point;
  readonly startHead: ArrowHead;
  readonly endHead: ArrowHead;
  readonly startBinding: Binding | null;
  readonly endBinding: Binding | null;
  readonly route: LineRoute;
  /** The curve's offset (curved) or the middle segment's place (elbow); see `LineRoute`. */
  readonly bend: number;
}

export interface PolygonNode extends NodeBase, Styled, Labelled {
  readonly type: "polygon";
  readonly width: number;
  readonly height: number;
  readonly sides: number;
}

export interface StarNode extends NodeBase, Styled, Labelled {
  readonly type: "star";
  readonly width: number;
  readonly height: number;
  readonly points: number;
  /** Inner radius over outer radius, 0–1. */
  readonly innerRatio: number;
}

export type PathSegment =
  | { readonly type: "line"; readonly to: Point }
  | { readonly type: "quad"; readonly control: Point; readonly to: Point }
  | {
      readonly type: "cubic";
      readonly control1: Point;
      readonly control2: Point;
      readonly to: Point;
    };

export interface Subpath {
  readonly start: Point;
  readonly segments: readonly PathSegment[];
  readonly closed: boolean;
}

export type FillRule = "nonzero" | "evenodd";

export interface PathNode extends NodeBase, Styled {
  readonly type: "path";
  readonly subpaths: readonly Subpath[];
  readonly fillRule: FillRule;
}

export interface FreehandSettings {
  /** Nominal stroke diameter. */
  readonly size: number;
  /** How much pressure thins the stroke, 0–1. */
  readonly thinning: number;
  readonly smoothing: number;
  readonly streamline: number;
  /** Pressure simulated from speed, for devices that report none. */
  readonly simulatePressure: boolean;
  /** Ignore pressure entirely. */
  readonly fixedWidth: boolean;
}

export interface FreehandNode extends NodeBase, Styled {
  readonly type: "freehand";
  /** x, y, pressure triples, flattened. */
  readonly points: readonly number[];
  readonly settings: FreehandSettings;
}

export type TextAlign = "left" | "center" | "right" | "justify";

export interface TextNode extends NodeBase, Styled {
  readonly type: "text";
  readonly content: string;
  readonly fontFamily: string;
  readonly fontSize: number;
  readonly fontWeight: number;
  readonly fontStyle: "normal" | "italic";
  readonly align: TextAlign;
  /** Multiple of the font size. */
  readonly lineHeight: number;
  /** Wrapping width; null grows with the text. */
  readonly width: number | null;
}

export interface ImageNode extends NodeBase {
  readonly type: "image";
  readonly blob: Id;
  readonly naturalWidth: number;
  readonly naturalHeight: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Every kind of scene node by its `type`. A kind declared in its own module joins the document
 * model by adding itself here through module augmentation, with no edit to this file:
 *
 *     declare module "../doc/types" {
 *       interface SceneNodeKinds { diamond: DiamondNode }
 *     }
 */
// An interface, so that kind modules can augment it. The records of the kinds listed here are
// declared above; a kind added later declares its own in its module.
export interface SceneNodeKinds {
  frame: FrameNode;
  group: GroupNode;
  rect: RectNode;
  ellipse: EllipseNode;
  line: LineNode;
  polygon: PolygonNode;
  star: StarNode;
  path: PathNode;
  freehand: FreehandNode;
  text: TextNode;
  image: ImageNode;
}

export type NodeType = keyof SceneNodeKinds;
export type SceneNode = SceneNodeKinds[NodeType];
export type ContainerNode = FrameNode | GroupNode;
/** A node that is not a container. */
export type ShapeNode = Exclude<SceneNode, ContainerNode>;
/** The record of the node type `K`. */
export type NodeOf<K extends NodeType> = SceneNodeKinds[K];

export interface PageRecord {
  readonly id: Id;
  readonly type: "page";
  readonly name: string;
  readonly index: string;
  readonly background: RGBA;
}

export interface DocumentMeta {
  readonly id: Id;
  readonly type: "document";
  readonly name: string;
  readonly author: string;
  /** ISO 8601. */
  readonly created: string;
}

/** Binary data an image refers to, stored once however many images use it. */
export interface BlobRecord {
  readonly id: Id;
  readonly type: "blob";
  readonly mime: string;
  /** Base64. */
  readonly data: string;
}

export type DocRecord = DocumentMeta | PageRecord | SceneNode | BlobRecord;
export type RecordType = DocRecord["type"];

export function isSceneNode(record: DocRecord | undefined): record is SceneNode {
  return (
    record !== undefined &&
    record.type !== "document" &&
    record.type !== "page" &&
    record.type !== "blob"
  );
}

export function isContainer(record: DocRecord | undefined): record is ContainerNode {
  return record !== undefined && (record.type === "frame" || record.type === "group");
}
