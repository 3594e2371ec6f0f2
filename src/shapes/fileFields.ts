/**
 * How a kind's own fields are kept in the native `.linework` file, declared by the kind as plain
 * data: the readers of whole records and of columns and the column writer (`io/native/`) are all
 * driven by it. Checks are named, not given, because they live in `io/native/`, above this layer;
 * `FileValues` is the list of names and `io/native/nodeFields.ts` pairs each with its check.
 *
 * Every node has the fields of `NodeBase` and its `type`; a styled kind has `fill` and `stroke`
 * after them; then come the kind's own fields, in the order listed, which is also the order of
 * the record's keys and of the checks (the first failing field is the one reported).
 */
import type {
  ArrowHead,
  Binding,
  FillRule,
  FreehandSettings,
  GroupFilter,
  Id,
  Label,
  LineRoute,
  MaskKind,
  NodeBase,
  SceneNode,
  Styled,
  Subpath,
  TextAlign,
} from "../doc/types";
import type { Point } from "../math/point";

/** The checks a field can name, and the value each gives. */
export interface FileValues {
  /** A number from 0 to the magnitude limit. */
  readonly size: number;
  readonly id: Id;
  readonly bool: boolean;
  /** Any string up to the length limit. */
  readonly text: string;
  /** A number within ± the magnitude limit. */
  readonly coordinate: number;
  readonly vec2: Point;
  readonly arrowHead: ArrowHead;
  readonly binding: Binding | null;
  readonly lineRoute: LineRoute;
  readonly fillRule: FillRule;
  readonly fontWeight: number;
  readonly fontStyle: "normal" | "italic";
  readonly label: Label | null;
  readonly textAlign: TextAlign;
  /** A text's wrapping width or null. */
  readonly textWidth: number | null;
  /** A whole count of corners or tips, 3 to the limit. */
  readonly corners: number;
  /** Above 0, at most 1. */
  readonly innerRatio: number;
  readonly radii: readonly [number, number, number, number];
  /** x, y, pressure triples. */
  readonly freehandPoints: readonly number[];
  readonly freehandSettings: FreehandSettings;
  readonly subpaths: readonly Subpath[];
  readonly maskKind: MaskKind;
  /** A blur's standard deviation: above 0, at most `MAX_BLUR`. */
  readonly blurRadius: number;
  /** A group's filter, held to `doc/filter.ts`'s rules. */
  readonly groupFilter: GroupFilter;
}

export type FileCheck = keyof FileValues;

/** The checks whose values a field of type `V` can hold. */
type CheckFor<V> = { [C in FileCheck]: FileValues[C] extends V ? C : never }[FileCheck];

/** A column of its own that holds the field in the columns layout, instead of `more`. */
export type FieldColumn = "width" | "height" | "subpaths";

/**
 * The value of a field left out, and the values a writer leaves out. `inRecords` false: only the
 * columns layout may leave it out, as whole records always had it.
 */
export interface Absent<V> {
  readonly value: V;
  readonly inRecords: boolean;
  is(value: V): boolean;
}

export interface FileField<K extends string, V> {
  readonly key: K;
  readonly read: CheckFor<V>;
  readonly column?: FieldColumn;
  readonly absent?: Absent<V>;
}

/** A kind's own fields: what its record has beyond every node's and a styled node's. */
export type OwnKey<T extends SceneNode> = Exclude<keyof T, keyof NodeBase | "type" | keyof Styled>;

/** Any one of a kind's own fields, its check typed by the record's field. */
export type FileFieldOf<T extends SceneNode> = {
  [K in OwnKey<T> & string]: FileField<K, T[K]>;
}[OwnKey<T> & string];

/** A kind in the file. Its default name, which is not written, is the kind's `defaultName`. */
export interface FileSchema<T extends SceneNode> {
  /** Its letter in the `types` column. */
  readonly code: string;
  /** Has `fill` and `stroke`, kept in their columns. */
  readonly styled: T extends Styled ? true : false;
  /** Every own field of the record, each once (`shapes/registry.ts` checks that). */
  readonly fields: readonly FileFieldOf<T>[];
}

/** A field left out means `value`, which writers leave out. */
export function absentAs<V>(value: V, inRecords = true): Absent<V> {
  return { value, inRecords, is: (other: V) => other === value };
}

/** A size: a number from 0 to the magnitude limit, in a column of its own if given one. */
export const sizeField = <K extends string>(key: K, column?: FieldColumn) =>
  column === undefined
    ? ({ key, read: "size" } as const)
    : ({ key, read: "size", column } as const);

/** A label, left out when there is none: shapes had no words before labels. */
export const LABEL_FIELD = { key: "label", read: "label", absent: absentAs(null) } as const;
