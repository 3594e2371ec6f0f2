/**
 * Each scene-node kind's fields as the file holds them, declared once: the readers of whole
 * records (`nodes.ts`) and of columns (`columns.ts`) and the column writer (`format.ts`) are all
 * driven by this table, so a kind or a field is added here and nowhere else in this folder.
 *
 * Every node has the fields of `NodeBase` and its `type`; a styled kind has `fill` and `stroke`
 * after them; then come the kind's own fields, in the order listed, which is also the order of
 * the record's keys and of the checks (the first failing field is the one reported).
 */
import type { MaskKind, NodeBase, NodeType, SceneNode, Styled } from "../../doc/types";
import { anyString, bool, type Check, coordinate } from "./checks";
import {
  checkedAt,
  idAt,
  NON_NEGATIVE_MESSAGE,
  numberAt,
  type Raw,
  subpaths,
  ZERO_RADII,
} from "./fields";
import { NATIVE_LIMITS } from "./limits";
import {
  arrowHead,
  binding,
  corners,
  lineRoute,
  fillRule,
  fontStyle,
  fontWeight,
  freehandPoints,
  freehandSettings,
  innerRatio,
  label,
  maskKind,
  radii,
  textAlign,
  textWidth,
  vec2,
} from "./schemas";

const M = NATIVE_LIMITS.maxMagnitude;

/**
 * A field's value when it is left out: `value`, which writers leave out. `inRecords` false: only
 * the columns layout may leave it out, as whole records always had it.
 */
function absentAs<V>(value: V, inRecords = true) {
  return { value, inRecords, is: (other: V) => other === value } as const;
}

type NodeOf<T extends NodeType> = Extract<SceneNode, { type: T }>;
type OwnKey<T extends NodeType> = Exclude<keyof NodeOf<T>, keyof NodeBase | "type" | keyof Styled>;

/** A column of its own that holds the field in the columns layout, instead of `more`. */
export type FieldColumn = "width" | "height" | "subpaths";

/**
 * How a value is checked: "size", a number from 0 to the magnitude limit; "id", an id; else a
 * check of `schemas.ts`. Plain data, so the readers run no closure of their own per field.
 */
type Reader<V> =
  Check<V> | ([V] extends [number] ? "size" : never) | ([V] extends [string] ? "id" : never);

interface Field<K extends string, V> {
  readonly key: K;
  readonly read: Reader<V>;
  readonly column?: FieldColumn;
  /**
   * The value of a field left out, and the values a writer leaves out. `inRecords` false: only
   * the columns layout may leave it out, as whole records always had it.
   */
  readonly absent?: { readonly value: V; readonly inRecords: boolean; is(value: V): boolean };
}

/** Any one of a kind's own fields, its reader typed by the record's field. */
type FieldOf<T extends NodeType> = {
  [K in OwnKey<T> & string]: Field<K, NodeOf<T>[K]>;
}[OwnKey<T> & string];

interface Kind<T extends NodeType> {
  /** Its letter in the `types` column. */
  readonly code: string;
  /** What a node is called until someone renames it; a name equal to it is not written. */
  readonly name: string;
  /** Has `fill` and `stroke`, kept in their columns. */
  readonly styled: NodeOf<T> extends Styled ? true : false;
  readonly fields: readonly FieldOf<T>[];
}

const size = <K extends string>(key: K, column?: FieldColumn) =>
  column === undefined
    ? ({ key, read: "size" } as const)
    : ({ key, read: "size", column } as const);

// Shapes without words, as every shape was before labels; unlabelled shapes do not write it.
const UNLABELLED = { key: "label", read: label, absent: absentAs(null) } as const;

export const NODE_KINDS = {
  frame: {
    code: "F",
    name: "Frame",
    styled: true,
    fields: [size("width", "width"), size("height", "height"), { key: "clip", read: bool }],
  },
  // Groups blended through, as every group was before isolation.
  group: {
    code: "G",
    name: "Group",
    styled: false,
    fields: [
      { key: "isolated", read: bool, absent: absentAs(false) },
      // Unmasked groups, as every group was before masks (format 7), write no mask.
      { key: "mask", read: maskKind, absent: absentAs<MaskKind | undefined>(undefined) },
    ],
  },
  rect: {
    code: "R",
    name: "Rectangle",
    styled: true,
    fields: [
      size("width", "width"),
      size("height", "height"),
      {
        key: "radii",
        read: radii,
        absent: { value: ZERO_RADII, inRecords: true, is: (value) => value.every((r) => r === 0) },
      },
      UNLABELLED,
    ],
  },
  ellipse: {
    code: "E",
    name: "Ellipse",
    styled: true,
    fields: [size("width", "width"), size("height", "height"), UNLABELLED],
  },
  line: {
    code: "L",
    name: "Line",
    styled: true,
    fields: [
      { key: "start", read: vec2 },
      { key: "end", read: vec2 },
      { key: "startHead", read: arrowHead },
      { key: "endHead", read: arrowHead },
      // Free ends, straight and bent halfway: what lines were before connectors.
      { key: "startBinding", read: binding, absent: absentAs(null) },
      { key: "endBinding", read: binding, absent: absentAs(null) },
      { key: "route", read: lineRoute, absent: absentAs("straight") },
      { key: "bend", read: coordinate, absent: absentAs(0.5) },
      UNLABELLED,
    ],
  },
  polygon: {
    code: "P",
    name: "Polygon",
    styled: true,
    fields: [
      size("width", "width"),
      size("height", "height"),
      { key: "sides", read: corners },
      UNLABELLED,
    ],
  },
  star: {
    code: "S",
    name: "Star",
    styled: true,
    fields: [
      size("width", "width"),
      size("height", "height"),
      { key: "points", read: corners },
      { key: "innerRatio", read: innerRatio },
      UNLABELLED,
    ],
  },
  path: {
    code: "A",
    name: "Path",
    styled: true,
    fields: [
      { key: "subpaths", read: subpaths, column: "subpaths" },
      {
        key: "fillRule",
        read: fillRule,
        absent: absentAs("nonzero", false),
      },
    ],
  },
  freehand: {
    code: "D",
    name: "Drawing",
    styled: true,
    fields: [
      { key: "points", read: freehandPoints },
      { key: "settings", read: freehandSettings },
    ],
  },
  text: {
    code: "T",
    name: "Text",
    styled: true,
    fields: [
      { key: "content", read: anyString },
      { key: "fontFamily", read: anyString },
      size("fontSize"),
      { key: "fontWeight", read: fontWeight },
      { key: "fontStyle", read: fontStyle },
      { key: "align", read: textAlign },
      size("lineHeight"),
      { key: "width", read: textWidth },
    ],
  },
  image: {
    code: "I",
    name: "Image",
    styled: false,
    fields: [
      { key: "blob", read: "id" },
      size("naturalWidth"),
      size("naturalHeight"),
      size("width", "width"),
      size("height", "height"),
    ],
  },
} as const satisfies { readonly [T in NodeType]: Kind<T> };

/** True only when `A` and `B` are the same type. */
type Same<A, B> =
  (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
/** The kinds whose fields above are not exactly the record type's own. */
type Incomplete = {
  [T in NodeType]: Same<(typeof NODE_KINDS)[T]["fields"][number]["key"], OwnKey<T>> extends true
    ? never
    : T;
}[NodeType];
/** A field of `doc/types.ts` missing above, or one too many, stops the build here. */
const complete: [Incomplete] extends [never] ? true : Incomplete = true;
void complete;

/** A kind's own field, as the readers and the writer see it. */
export interface NodeField {
  readonly key: string;
  readonly read: "size" | "id" | Check<unknown>;
  readonly column?: FieldColumn;
  readonly absent?: {
    readonly value: unknown;
    readonly inRecords: boolean;
    is(value: unknown): boolean;
  };
}

/** What the readers and the writer use of a kind, worked out once from `NODE_KINDS`. */
export interface NodeKind {
  readonly code: string;
  readonly name: string;
  readonly styled: boolean;
  /** `width` and `height` are in their columns. */
  readonly sized: boolean;
  /** `subpaths` is in the `paths` and `pathPoints` columns. */
  readonly pathed: boolean;
  readonly fields: readonly NodeField[];
  /** The fields by key. */
  readonly byKey: Readonly<Record<string, NodeField>>;
}

function kindOf(type: NodeType): NodeKind {
  const kind = NODE_KINDS[type];
  const fields: readonly NodeField[] = kind.fields;
  return {
    code: kind.code,
    name: kind.name,
    styled: kind.styled,
    sized: fields.some((field) => field.column === "width"),
    pathed: fields.some((field) => field.column === "subpaths"),
    fields,
    byKey: Object.fromEntries(fields.map((field) => [field.key, field])),
  };
}

export const KINDS: Readonly<Record<NodeType, NodeKind>> = Object.fromEntries(
  (Object.keys(NODE_KINDS) as NodeType[]).map((type) => [type, kindOf(type)]),
) as Record<NodeType, NodeKind>;

/**
 * Reads a kind's own fields from `raw` onto `node`, in schema order. In the columns layout
 * (`inColumns`) the fields with a column take the values read from it: `width`, `height` (already
 * checked) and `subpathList`.
 */
export function readOwnFields(
  node: Raw,
  fields: readonly NodeField[],
  raw: Raw,
  inColumns: boolean,
  width: number,
  height: number,
  subpathList: unknown,
): void {
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    const key = field.key;
    const column = field.column;
    if (inColumns && column !== undefined) {
      node[key] = column === "width" ? width : column === "height" ? height : subpathList;
      continue;
    }
    const absent = field.absent;
    if (absent !== undefined && raw[key] === undefined && (inColumns || absent.inRecords)) {
      // An optional field left out stays out of the record.
      if (absent.value !== undefined) node[key] = absent.value;
      continue;
    }
    const read = field.read;
    node[key] =
      read === "size"
        ? numberAt(raw, key, 0, M, NON_NEGATIVE_MESSAGE)
        : read === "id"
          ? idAt(raw, key)
          : checkedAt(raw, key, read);
  }
}
