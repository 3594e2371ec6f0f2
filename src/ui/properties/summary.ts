import { addFrameCorners, getGeometry } from "../../actions/numeric";
import type { DocumentStore } from "../../doc/store";
import {
  isSceneNode,
  type ArrowHead,
  type LineRoute,
  type BlendMode,
  type Fill,
  type GradientStop,
  type Id,
  type LineCap,
  type LineJoin,
  type Paint,
  type RGBA,
  type SceneNode,
  type Stroke,
  type TextNode,
} from "../../doc/types";
import type { KindField, KindFieldName, KindFieldValues } from "../../shapes/kind";
import { labelOf } from "../../shapes/label";
import { isText } from "../../shapes/text";
import { kindOf } from "../../shapes/registry";
import type { Point } from "../../math/point";

/** One property across the selection: absent (no node has it), one value, or mixed. */
export type Field<T> =
  | { readonly state: "none" }
  | { readonly state: "same"; readonly value: T }
  | { readonly state: "mixed" };

const NONE: Field<never> = { state: "none" };
const MIXED: Field<never> = { state: "mixed" };

export interface SelectionSummary {
  readonly count: number;
  readonly fill: Field<Fill>;
  readonly strokePaint: Field<Stroke["paint"]>;
  readonly strokeWidth: Field<number>;
  readonly dash: Field<string>;
  readonly cap: Field<LineCap>;
  readonly join: Field<LineJoin>;
  readonly startHead: Field<ArrowHead>;
  readonly endHead: Field<ArrowHead>;
  readonly route: Field<LineRoute>;
  readonly opacity: Field<number>;
  readonly blendMode: Field<BlendMode>;
  readonly radius: Field<number>;
  /** Rectangle corners: top-left, top-right, bottom-right, bottom-left. */
  readonly corners: readonly [Field<number>, Field<number>, Field<number>, Field<number>];
  readonly sides: Field<number>;
  readonly points: Field<number>;
  /** Polygons' corners and stars' tips together: the one "Points" field edits both. */
  readonly pointCount: Field<number>;
  /** Whether the polygons and stars selected are stars; none when there are neither. */
  readonly star: Field<boolean>;
  /** Stars' inner radius over outer radius, 0–1. */
  readonly innerRatio: Field<number>;
  readonly x: Field<number>;
  readonly y: Field<number>;
  readonly width: Field<number>;
  readonly height: Field<number>;
  /** Degrees. */
  readonly rotation: Field<number>;
  /** The type and colour of the selected shapes' labels; none when no shape has one. */
  readonly labelFamily: Field<string>;
  readonly labelSize: Field<number>;
  readonly labelWeight: Field<number>;
  readonly labelColor: Field<RGBA>;
  /** The type of the selected texts; none when no text is selected. */
  readonly textFamily: Field<string>;
  readonly textSize: Field<number>;
  readonly textWeight: Field<number>;
  readonly textAlign: Field<TextNode["align"]>;
}

/**
 * Folds one property over the nodes as they are fed to it: "none" until a node has the property,
 * then its value, then mixed at the first difference (after which nothing is compared).
 */
class Folder<T> {
  private state: 0 | 1 | 2 = 0;
  private value: T | undefined;

  constructor(private readonly same: (a: T, b: T) => boolean = Object.is) {}

  add(value: T): void {
    if (this.state === 2) return;
    if (this.state === 0) {
      this.state = 1;
      this.value = value;
    } else if (!this.same(this.value as T, value)) {
      this.state = 2;
      this.value = undefined;
    }
  }

  get mixed(): boolean {
    return this.state === 2;
  }

  field(): Field<T> {
    return this.state === 0
      ? NONE
      : this.state === 2
        ? MIXED
        : { state: "same", value: this.value as T };
  }
}

function same(value: number): Field<number> {
  return { state: "same", value };
}

function sameColor(x: RGBA, y: RGBA): boolean {
  return x.r === y.r && x.g === y.g && x.b === y.b && x.a === y.a;
}

function samePoint(p: Point, q: Point): boolean {
  return p.x === q.x && p.y === q.y;
}

function sameStops(a: readonly GradientStop[], b: readonly GradientStop[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++)
    if (a[i]!.offset !== b[i]!.offset || !sameColor(a[i]!.color, b[i]!.color)) return false;
  return true;
}

/** Paint equality field by field: no serialising, so nothing is allocated per node. */
function samePaint(a: Fill | Paint | null, b: Fill | Paint | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  switch (a.type) {
    case "none":
      return b.type === "none";
    case "solid":
      return b.type === "solid" && sameColor(a.color, b.color);
    case "linear":
      return (
        b.type === "linear" &&
        samePoint(a.from, b.from) &&
        samePoint(a.to, b.to) &&
        sameStops(a.stops, b.stops)
      );
    case "radial":
      return (
        b.type === "radial" &&
        a.radius === b.radius &&
        samePoint(a.center, b.center) &&
        samePoint(a.focal, b.focal) &&
        sameStops(a.stops, b.stops)
      );
    case "pattern":
      // Rare and small: compared whole, content included.
      return b.type === "pattern" && JSON.stringify(a) === JSON.stringify(b);
  }
}

function sameDash(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function dashKey(dash: readonly number[]): string {
  return dash.join(" ");
}

/** A folder for each field that only some kinds have. */
type KindFolders = { readonly [F in KindFieldName]: Folder<KindFieldValues[F]> };

function foldKindField<T extends SceneNode, F extends KindFieldName>(
  folders: KindFolders,
  field: { readonly field: F; read(node: T): KindFieldValues[F] },
  node: T,
): void {
  folders[field.field].add(field.read(node));
}

function foldKindFields<T extends SceneNode>(
  folders: KindFolders,
  fields: readonly KindField<T>[],
  node: T,
): void {
  for (const field of fields) foldKindField(folders, field, node);
}

/**
 * Every property over the selection in one pass over the nodes, with no allocation per node:
 * a 10k-node selection must show in the panel within the frame it was made in.
 */
export function summarise(store: DocumentStore, ids: readonly Id[]): SelectionSummary {
  const fill = new Folder<Fill>(samePaint);
  const strokePaint = new Folder<Paint | null>(samePaint);
  const strokeWidth = new Folder<number>();
  const dash = new Folder<readonly number[]>(sameDash);
  const cap = new Folder<LineCap>();
  const join = new Folder<LineJoin>();
  const opacity = new Folder<number>();
  const blendMode = new Folder<BlendMode>();
  // What only some kinds have is read by their kind's fields (`ShapeKind.fields`).
  const kindFields: KindFolders = {
    radius: new Folder<number>(),
    cornerTopLeft: new Folder<number>(),
    cornerTopRight: new Folder<number>(),
    cornerBottomRight: new Folder<number>(),
    cornerBottomLeft: new Folder<number>(),
    startHead: new Folder<ArrowHead>(),
    endHead: new Folder<ArrowHead>(),
    route: new Folder<LineRoute>(),
    sides: new Folder<number>(),
    points: new Folder<number>(),
    pointCount: new Folder<number>(),
    star: new Folder<boolean>(),
    innerRatio: new Folder<number>(),
  };
  const { radius, startHead, endHead, route, sides, points, pointCount, star, innerRatio } =
    kindFields;
  const corners = [
    kindFields.cornerTopLeft,
    kindFields.cornerTopRight,
    kindFields.cornerBottomRight,
    kindFields.cornerBottomLeft,
  ] as const;
  const x = new Folder<number>();
  const y = new Folder<number>();
  const width = new Folder<number>();
  const height = new Folder<number>();
  const rotation = new Folder<number>();
  const labelFamily = new Folder<string>();
  const labelSize = new Folder<number>();
  const labelWeight = new Folder<number>();
  const labelColor = new Folder<RGBA>(sameColor);
  const textFamily = new Folder<string>();
  const textSize = new Folder<number>();
  const textWeight = new Folder<number>();
  const textAlign = new Folder<TextNode["align"]>();
  // Several nodes show the box they span together, as Figma does (minX, minY, maxX, maxY); one
  // node, even picked twice, its own frame.
  const span = [Infinity, Infinity, -Infinity, -Infinity];
  let firstFramed: Id | null = null;
  let severalFramed = false;
  let count = 0;
  for (const id of ids) {
    const node = store.get(id);
    if (!isSceneNode(node)) continue;
    count += 1;
    opacity.add(node.opacity);
    blendMode.add(node.blendMode);
    // The frame the numeric fields edit (setGeometry): where the unrotated box's top-left corner
    // lands on the page, its edges' lengths, and its top edge's angle.
    const frame = getGeometry(store, node.id);
    if (frame !== null) {
      addFrameCorners(span, frame);
      if (firstFramed === null) firstFramed = node.id;
      else if (node.id !== firstFramed) severalFramed = true;
      x.add(frame.x);
      y.add(frame.y);
      width.add(frame.width);
      height.add(frame.height);
      if (!rotation.mixed) rotation.add(((frame.rotation % 360) + 360) % 360);
    }
    if ("fill" in node) {
      fill.add(node.fill);
      const stroke = node.stroke;
      strokePaint.add(stroke.paint);
      strokeWidth.add(stroke.width);
      dash.add(stroke.dash);
      cap.add(stroke.cap);
      join.add(stroke.join);
    }
    foldKindFields(kindFields, kindOf(node).fields, node);
    const label = labelOf(node);
    if (label !== null) {
      labelFamily.add(label.fontFamily);
      labelSize.add(label.fontSize);
      labelWeight.add(label.fontWeight);
      labelColor.add(label.color);
    }
    if (isText(node)) {
      textFamily.add(node.fontFamily);
      textSize.add(node.fontSize);
      textWeight.add(node.fontWeight);
      textAlign.add(node.align);
    }
  }
  const dashField = dash.field();
  return {
    count,
    fill: fill.field(),
    strokePaint: strokePaint.field(),
    strokeWidth: strokeWidth.field(),
    dash:
      dashField.state === "same" ? { state: "same", value: dashKey(dashField.value) } : dashField,
    cap: cap.field(),
    join: join.field(),
    startHead: startHead.field(),
    endHead: endHead.field(),
    route: route.field(),
    opacity: opacity.field(),
    blendMode: blendMode.field(),
    radius: radius.field(),
    corners: [corners[0].field(), corners[1].field(), corners[2].field(), corners[3].field()],
    sides: sides.field(),
    points: points.field(),
    pointCount: pointCount.field(),
    star: star.field(),
    innerRatio: innerRatio.field(),
    ...(severalFramed
      ? {
          x: same(span[0]!),
          y: same(span[1]!),
          width: same(span[2]! - span[0]!),
          height: same(span[3]! - span[1]!),
        }
      : { x: x.field(), y: y.field(), width: width.field(), height: height.field() }),
    rotation: rotation.field(),
    labelFamily: labelFamily.field(),
    labelSize: labelSize.field(),
    labelWeight: labelWeight.field(),
    labelColor: labelColor.field(),
    textFamily: textFamily.field(),
    textSize: textSize.field(),
    textWeight: textWeight.field(),
    textAlign: textAlign.field(),
  };
}

/**
 * The summary for a selection, recomputed only when the document's version or the selection
 * changes: re-rendering the panel for another reason costs nothing.
 */
export function summaryCache(): (store: DocumentStore, ids: readonly Id[]) => SelectionSummary {
  let lastStore: DocumentStore | null = null;
  let lastVersion = -1;
  let lastIds: readonly Id[] | null = null;
  let last: SelectionSummary | null = null;
  return (store, ids) => {
    if (last && store === lastStore && store.version === lastVersion && ids === lastIds)
      return last;
    lastStore = store;
    lastVersion = store.version;
    lastIds = ids;
    last = summarise(store, ids);
    return last;
  };
}
