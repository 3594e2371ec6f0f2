/**
 * Each scene-node kind's fields as the file holds them, read from the kinds (`ShapeKind.file`,
 * `shapes/fileFields.ts`): the readers of whole records (`nodes.ts`) and of columns
 * (`columns.ts`) and the column writer (`format.ts`) are all driven by `KINDS`, worked out from
 * them once, so a kind or a field is added in its kind's module and nowhere in this folder.
 */
import type { NodeType } from "../../doc/types";
import type { FieldColumn, FileCheck, FileValues } from "../../shapes/fileFields";
import { SHAPE_KINDS } from "../../shapes/registry";
import { anyString, bool, type Check, coordinate } from "./checks";
import { checkedAt, idAt, NON_NEGATIVE_MESSAGE, numberAt, type Raw, subpaths } from "./fields";
import { NATIVE_LIMITS } from "./limits";
import {
  arrowHead,
  binding,
  blurRadius,
  corners,
  lineRoute,
  fillRule,
  fontStyle,
  fontWeight,
  freehandPoints,
  groupFilter,
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

export type { FieldColumn } from "../../shapes/fileFields";

/**
 * The check of each name a kind's field may give: "size", a number from 0 to the magnitude
 * limit; "id", an id; else a check of `schemas.ts`. Plain data, so the readers run no closure of
 * their own per field. Each check gives the value its name promises, or this does not compile.
 */
const CHECKS: {
  readonly [C in FileCheck]: C extends "size"
    ? "size"
    : C extends "id"
      ? "id"
      : Check<FileValues[C]>;
} = {
  size: "size",
  id: "id",
  bool,
  text: anyString,
  coordinate,
  vec2,
  arrowHead,
  binding,
  lineRoute,
  fillRule,
  fontWeight,
  fontStyle,
  label,
  textAlign,
  textWidth,
  corners,
  innerRatio,
  radii,
  freehandPoints,
  freehandSettings,
  subpaths,
  maskKind,
  blurRadius,
  groupFilter,
};

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

/** What the readers and the writer use of a kind, worked out once from its `file` fields. */
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

/** What this folder reads of a kind record, its fields' value types forgotten. */
interface KindInFile {
  readonly defaultName: string;
  readonly file: {
    readonly code: string;
    readonly styled: boolean;
    readonly fields: readonly (Omit<NodeField, "read"> & { readonly read: FileCheck })[];
  };
}

function nodeKind(kind: KindInFile): NodeKind {
  const fields: readonly NodeField[] = kind.file.fields.map(({ key, read, column, absent }) => ({
    key,
    read: CHECKS[read],
    ...(column === undefined ? {} : { column }),
    ...(absent === undefined ? {} : { absent }),
  }));
  return {
    code: kind.file.code,
    name: kind.defaultName,
    styled: kind.file.styled,
    sized: fields.some((field) => field.column === "width"),
    pathed: fields.some((field) => field.column === "subpaths"),
    fields,
    byKey: Object.fromEntries(fields.map((field) => [field.key, field])),
  };
}

export const KINDS: Readonly<Record<NodeType, NodeKind>> = Object.fromEntries(
  Object.entries(SHAPE_KINDS).map(([type, kind]: [string, KindInFile]) => [type, nodeKind(kind)]),
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
