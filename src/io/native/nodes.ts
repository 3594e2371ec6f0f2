/**
 * Whole records, as written in `records`. Scene nodes are read field by field, as `nodeFields.ts`
 * declares them, rather than through the combinators of `checks.ts`: a file can hold millions of
 * nodes, and each is rebuilt with its defaults restored, so these avoid per-field closures and
 * build a field's path only once it has failed.
 */
import type { DocRecord, NodeType, SceneNode } from "../../doc/types";
import { anyString, fail, isPlainObject, Problem } from "./checks";
import {
  checkedAt,
  idAt,
  optionalFlagAt,
  optionalNumberAt,
  type Raw,
  readTransform,
  UNIT_MESSAGE,
} from "./fields";
import { KINDS, readOwnFields } from "./nodeFields";
import {
  blendMode,
  blobSchema,
  type ContentCheck,
  documentSchema,
  pageSchema,
  styleChecks,
  type StyleChecks,
} from "./schemas";
import { MAX_PATTERN_DEPTH, MAX_PATTERN_NODES } from "../../doc/pattern";

const RECORD_TYPES = ["document", "page", "blob", ...Object.keys(KINDS)];
const RECORD_TYPE_MESSAGE = `must be one of ${RECORD_TYPES.map((v) => JSON.stringify(v)).join(", ")}`;

/** A scene node with every field present: defaults restored, unknown fields dropped. */
function readNode(raw: Raw, type: NodeType, styles: StyleChecks): SceneNode {
  const kind = KINDS[type];
  const id = idAt(raw, "id");
  const parent = idAt(raw, "parent");
  const index = idAt(raw, "index");
  const name = raw.name === undefined ? kind.name : checkedAt(raw, "name", anyString);
  const locked = optionalFlagAt(raw, "locked");
  const hidden = optionalFlagAt(raw, "hidden");
  const opacity = optionalNumberAt(raw, "opacity", 0, 1, UNIT_MESSAGE, 1);
  const blend = raw.blendMode === undefined ? "normal" : checkedAt(raw, "blendMode", blendMode);
  const transform = readTransform(raw.transform);
  const node: Raw = kind.styled
    ? {
        id,
        parent,
        index,
        name,
        locked,
        hidden,
        opacity,
        blendMode: blend,
        transform,
        type,
        fill: checkedAt(raw, "fill", styles.fill),
        stroke: checkedAt(raw, "stroke", styles.stroke),
      }
    : { id, parent, index, name, locked, hidden, opacity, blendMode: blend, transform, type };
  readOwnFields(node, kind.fields, raw, false, 0, 0, undefined);
  // Complete: `nodeFields.ts` is checked against the record types at compile time.
  return node as unknown as SceneNode;
}

/**
 * The content of a pattern `depth` patterns deep (1: a pattern of a document node): scene nodes
 * written whole, their own patterns read one level deeper. Its structure is the paint's check's.
 */
function contentCheck(depth: number): ContentCheck {
  return (value) => {
    if (depth > MAX_PATTERN_DEPTH)
      fail(`holds patterns more than ${MAX_PATTERN_DEPTH} deep (limit maxPatternDepth)`);
    if (!Array.isArray(value)) fail("must be a list");
    if (value.length > MAX_PATTERN_NODES)
      fail(`has more than ${MAX_PATTERN_NODES} nodes (limit maxPatternNodes)`);
    const styles = CONTENT_STYLES[depth]!;
    return value.map((raw: unknown, i) => {
      try {
        if (!isPlainObject(raw)) fail("must be an object");
        const type = raw.type;
        if (typeof type !== "string" || !Object.hasOwn(KINDS, type))
          throw new Problem("type", NODE_TYPE_MESSAGE);
        return readNode(raw, type as NodeType, styles);
      } catch (error) {
        if (error instanceof Problem) throw error.within(i);
        throw error;
      }
    });
  };
}

const NODE_TYPE_MESSAGE = `must be one of ${Object.keys(KINDS)
  .map((v) => JSON.stringify(v))
  .join(", ")}`;

/**
 * Inline style checks for nodes `depth` patterns deep (0: the document's own nodes), each
 * reading its patterns' content one level deeper; past the limit, content is refused.
 */
const CONTENT_STYLES: readonly StyleChecks[] = Array.from(
  { length: MAX_PATTERN_DEPTH + 1 },
  (_, depth) => styleChecks([], contentCheck(depth + 1)),
);

/** Style checks for records that stand alone (log entries, SVG data): no shared list. */
export const INLINE_STYLES: StyleChecks = CONTENT_STYLES[0]!;

/** Style checks for one file's nodes, reading indexes into its `shared` list. */
export function fileStyles(shared: readonly unknown[]): StyleChecks {
  return styleChecks(shared, contentCheck(1));
}

/** One record, checked; `styles` reads fills and strokes written once in the file's `shared` list. */
export function readRecord(raw: unknown, styles: StyleChecks = INLINE_STYLES): DocRecord {
  if (!isPlainObject(raw)) fail("must be an object");
  const type = raw.type;
  switch (type) {
    case "document":
      return documentSchema(raw);
    case "page":
      return pageSchema(raw);
    case "blob":
      return blobSchema(raw);
    default:
      if (typeof type === "string" && Object.hasOwn(KINDS, type)) {
        return readNode(raw, type as NodeType, styles);
      }
      throw new Problem("type", RECORD_TYPE_MESSAGE);
  }
}

export function describe(position: number, raw: unknown): string {
  const id =
    isPlainObject(raw) && typeof raw.id === "string"
      ? raw.id
      : typeof raw === "string"
        ? raw
        : null;
  const shown = id === null ? "" : ` (id ${id.length > 40 ? `${id.slice(0, 40)}…` : id})`;
  return `record ${position}${shown}`;
}
