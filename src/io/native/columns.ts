/**
 * Scene nodes in columns, the layout of `NodeColumns` in `format.ts`. Column shapes are checked
 * once; then each node is built straight from its columns, with the same checks and messages as a
 * whole record, so a file of a million nodes makes a million records and no intermediate objects.
 */
import { IDENTITY_TRANSFORM } from "../../doc/transform";
import type {
  BlendMode,
  DocRecord,
  Id,
  NodeType,
  PathSegment,
  SceneNode,
  Subpath,
  Transform,
} from "../../doc/types";
import { anyString, type Check, isNumberIn, isPlainObject, Problem, rethrowWithin } from "./checks";
import {
  checkedAt,
  COORDINATE_MESSAGE,
  NON_NEGATIVE_MESSAGE,
  optionalFlagAt,
  optionalNumberAt,
  type Raw,
  transformAt,
  UNIT_MESSAGE,
} from "./fields";
import { NODES_PER_STEP, type Steps } from "../steps";
import { TYPE_CODES } from "./format";
import type { IdTable } from "./idTable";
import { NATIVE_LIMITS } from "./limits";
import { KINDS, type NodeKind, readOwnFields } from "./nodeFields";
import { describe } from "./nodes";
import { blendMode, type StyleChecks } from "./schemas";

const M = NATIVE_LIMITS.maxMagnitude;

/** Node type by the char code of its letter in `types`. */
const TYPE_BY_CODE: (NodeType | undefined)[] = [];
for (const [type, code] of Object.entries(TYPE_CODES)) {
  TYPE_BY_CODE[code.charCodeAt(0)] = type as NodeType;
}
/** "frame, rectangle, …, star and image": the kinds with `width` and `height` columns. */
const SIZED_WHAT = Object.values(KINDS)
  .filter((kind) => kind.sized)
  .map((kind) => kind.name.toLowerCase())
  .join(", ")
  .replace(/, ([^,]*)$/, " and $1");
const TYPE_CODE_MESSAGE = `must be one of the letters ${Object.values(TYPE_CODES).join(", ")}`;

export interface Columns {
  readonly base: number;
  readonly types: string;
  readonly ids: readonly unknown[];
  readonly parents: ArrayLike<unknown>;
  readonly indexes: readonly unknown[];
  readonly x: ArrayLike<unknown>;
  readonly y: ArrayLike<unknown>;
  readonly fill: ArrayLike<unknown>;
  readonly stroke: ArrayLike<unknown>;
  readonly width: ArrayLike<unknown>;
  readonly height: ArrayLike<unknown>;
  readonly paths: string;
  readonly pathPoints: ArrayLike<unknown>;
  /** By node number (not record number); holes where a node has nothing more. */
  readonly more: readonly (Raw | undefined)[];
}

const EMPTY: Raw = Object.freeze({});

/**
 * Entries of a column (or nodes' types) read between steps: a million ids split in one go held
 * the page for a fifth of a second.
 */
const ENTRIES_PER_STEP = 1 << 16;

/** A column of strings written joined by spaces, or as a list; split over steps. */
function* splitColumn(
  value: unknown,
  count: number,
  name: string,
): Steps<readonly unknown[] | string> {
  if (typeof value === "string") {
    const parts: string[] = [];
    if (count > 0 || value !== "") {
      let from = 0;
      for (;;) {
        const space = value.indexOf(" ", from);
        if (space < 0) {
          parts.push(value.slice(from));
          break;
        }
        parts.push(value.slice(from, space));
        from = space + 1;
        // More entries than nodes: wrong already, whatever follows.
        if (parts.length > count) break;
        if (parts.length % ENTRIES_PER_STEP === 0) yield;
      }
    }
    if (parts.length === count) return parts;
  } else if (Array.isArray(value) && value.length === count) return value;
  return `nodes.${name} must hold ${count} entries, one per node, joined by spaces or as a list`;
}

function listColumn(
  nodes: Raw,
  name: string,
  count: number,
  what: string,
): ArrayLike<unknown> | string {
  const value = nodes[name];
  // A list of numbers parsed off the page's thread arrives as a Float64Array (see jsonWorker.ts):
  // the same numbers, read by index as a list's.
  if ((Array.isArray(value) || value instanceof Float64Array) && value.length === count)
    return value;
  return `nodes.${name} must be a list of ${count} entries, one per ${what}`;
}

/** The columns' shapes, or what is wrong with them; each node's values are checked later. */
export function* readColumns(nodes: unknown, base: number): Steps<Columns | string> {
  if (!isPlainObject(nodes)) return "nodes must be an object";
  const types = nodes.types;
  if (typeof types !== "string") return "nodes.types must be a string";
  const count = types.length;
  let styled = 0;
  let sized = 0;
  let paths = 0;
  for (let i = 0; i < count; i++) {
    const type = TYPE_BY_CODE[types.charCodeAt(i)];
    // Without its type a node's place in the per-type columns is unknown, so stop here.
    if (type === undefined) return `record ${base + i}: type ${TYPE_CODE_MESSAGE}`;
    const kind = KINDS[type];
    if (kind.styled) styled++;
    if (kind.sized) sized++;
    if (kind.pathed) paths++;
    if ((i + 1) % ENTRIES_PER_STEP === 0) yield;
  }
  const ids = yield* splitColumn(nodes.ids, count, "ids");
  if (typeof ids === "string") return ids;
  const indexes = yield* splitColumn(nodes.indexes, count, "indexes");
  if (typeof indexes === "string") return indexes;
  const parents = listColumn(nodes, "parents", count, "node");
  if (typeof parents === "string") return parents;
  const x = listColumn(nodes, "x", count, "node");
  if (typeof x === "string") return x;
  const y = listColumn(nodes, "y", count, "node");
  if (typeof y === "string") return y;
  const styledWhat = "node with a fill and stroke";
  const fill = listColumn(nodes, "fill", styled, styledWhat);
  if (typeof fill === "string") return fill;
  const stroke = listColumn(nodes, "stroke", styled, styledWhat);
  if (typeof stroke === "string") return stroke;
  const sizedWhat = SIZED_WHAT;
  const width = listColumn(nodes, "width", sized, sizedWhat);
  if (typeof width === "string") return width;
  const height = listColumn(nodes, "height", sized, sizedWhat);
  if (typeof height === "string") return height;
  const pathText = nodes.paths;
  if (typeof pathText !== "string") return "nodes.paths must be a string";
  if (paths === 0 && pathText !== "") return "nodes.paths must be empty when there are no paths";
  const pathPoints = nodes.pathPoints;
  if (!Array.isArray(pathPoints) && !(pathPoints instanceof Float64Array))
    return "nodes.pathPoints must be a list";
  const more = new Array<Raw | undefined>(count);
  const moreValue = nodes.more ?? {};
  if (!isPlainObject(moreValue)) return "nodes.more must be an object";
  for (const key in moreValue) {
    if (!Object.hasOwn(moreValue, key)) continue;
    const number = /^(?:0|[1-9][0-9]{0,8})$/.test(key) ? Number(key) - base : -1;
    if (number < 0 || number >= count) {
      return `nodes.more has an entry ${JSON.stringify(key.slice(0, 40))}, which is not the record number of a node`;
    }
    const entry = moreValue[key];
    if (!isPlainObject(entry)) return `nodes.more.${key} must be an object`;
    more[number] = entry;
  }
  return {
    base,
    types,
    ids,
    parents,
    indexes,
    x,
    y,
    fill,
    stroke,
    width,
    height,
    paths: pathText,
    pathPoints,
    more,
  };
}

/** How far `readPath` has got through the `paths` text and `pathPoints`. */
interface PathCursor {
  text: number;
  point: number;
}

/**
 * The last path read, kept so that a path written again (a shape copied, a pattern repeated: the
 * same commands and numbers in its own coordinates) shares its subpaths instead of building the
 * same objects anew. Records are never changed in place, so sharing is copying.
 */
interface LastPath {
  /** Its commands as written, up to the space that ends them. */
  commands: string;
  /** Where its numbers start in `pathPoints`, and how many it used. */
  point: number;
  count: number;
  list: Subpath[];
}

/** Whether `a` and `b` are the same number, telling 0 from -0 as the path read would. */
function sameNumber(a: unknown, b: unknown): boolean {
  return a === b && (a !== 0 || Object.is(a, b));
}

/**
 * The subpaths of the path at the cursor when it repeats `last` exactly (commands and numbers),
 * advancing the cursor past it; null otherwise. A path that repeats one read without error
 * passes every check that one passed, so nothing is checked again.
 */
function repeatedPath(
  text: string,
  points: ArrayLike<unknown>,
  cursor: PathCursor,
  last: LastPath | null,
): Subpath[] | null {
  if (last === null) return null;
  const start = cursor.text;
  const end = start + last.commands.length;
  if (end < text.length && text.charCodeAt(end) !== 32 /* space */) return null;
  if (!text.startsWith(last.commands, start)) return null;
  const from = cursor.point;
  const count = last.count;
  if (from + count > points.length) return null;
  for (let i = 0; i < count; i++)
    if (!sameNumber(points[from + i], points[last.point + i])) return null;
  cursor.text = end + 1;
  cursor.point = from + count;
  return last.list;
}

const PATH_MESSAGE =
  'must be written as subpaths, each "M" then the segment commands "L", "Q" and "C", then "Z" if closed';

function pathPoint(points: ArrayLike<unknown>, at: number): number {
  const value = points[at];
  if (isNumberIn(value, -M, M)) return value;
  if (at >= points.length) {
    throw new Problem("subpaths", "need more numbers than nodes.pathPoints holds");
  }
  throw new Problem("subpaths", `use nodes.pathPoints[${at}], which ${COORDINATE_MESSAGE}`);
}

/** One path node's subpaths, read from the shared columns; advances the cursor past them. */
function readPath(text: string, points: ArrayLike<unknown>, cursor: PathCursor): Subpath[] {
  const list: Subpath[] = [];
  let c = cursor.text;
  let p = cursor.point;
  let total = 0;
  while (c < text.length && text.charCodeAt(c) !== 32 /* space */) {
    if (text.charCodeAt(c) !== 77 /* M */) throw new Problem("subpaths", PATH_MESSAGE);
    c++;
    const start = { x: pathPoint(points, p), y: pathPoint(points, p + 1) };
    p += 2;
    const segments: PathSegment[] = [];
    for (; c < text.length; c++) {
      const command = text.charCodeAt(c);
      if (command === 76) {
        segments.push({
          type: "line",
          to: { x: pathPoint(points, p), y: pathPoint(points, p + 1) },
        });
        p += 2;
      } else if (command === 81) {
        segments.push({
          type: "quad",
          control: { x: pathPoint(points, p), y: pathPoint(points, p + 1) },
          to: { x: pathPoint(points, p + 2), y: pathPoint(points, p + 3) },
        });
        p += 4;
      } else if (command === 67) {
        segments.push({
          type: "cubic",
          control1: { x: pathPoint(points, p), y: pathPoint(points, p + 1) },
          control2: { x: pathPoint(points, p + 2), y: pathPoint(points, p + 3) },
          to: { x: pathPoint(points, p + 4), y: pathPoint(points, p + 5) },
        });
        p += 6;
      } else break;
    }
    total += segments.length + 1;
    if (total > NATIVE_LIMITS.maxPathSegments) {
      throw new Problem(
        "subpaths",
        `has more than ${NATIVE_LIMITS.maxPathSegments} segments (limit maxPathSegments)`,
      );
    }
    const closed = text.charCodeAt(c) === 90; /* Z */
    if (closed) c++;
    list.push({ start, segments, closed });
  }
  cursor.text = c + 1;
  cursor.point = p;
  return list;
}

function columnId(value: unknown, key: string): string {
  if (typeof value === "string" && value.length > 0 && value.length <= NATIVE_LIMITS.maxIdLength) {
    return value;
  }
  throw new Problem(
    key,
    `must be a non-empty string of at most ${NATIVE_LIMITS.maxIdLength} characters`,
  );
}

function columnNumber(value: unknown, key: string, min: number, max: number, message: string) {
  if (typeof value === "number" && value >= min && value <= max) return value;
  throw new Problem(key, message);
}

/**
 * Builds every column node into `records`, after the whole records, reporting what is wrong; a
 * step every NODES_PER_STEP nodes.
 */
export function* readColumnNodes(
  columns: Columns,
  raws: readonly unknown[],
  records: DocRecord[],
  positions: IdTable,
  report: (message: string) => void,
  styles: StyleChecks,
): Steps<void> {
  const { base, types, ids, parents, indexes, x, y, fill: fills, stroke: strokes } = columns;
  const { width: widths, height: heights, paths, pathPoints, more } = columns;
  const count = types.length;
  const total = base + count;
  const cursor: PathCursor = { text: 0, point: 0 };
  let pathsBroken = false;
  let lastPath: LastPath | null = null;
  let styled = 0;
  let sized = 0;
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % NODES_PER_STEP === 0) yield;
    const position = base + i;
    const type = TYPE_BY_CODE[types.charCodeAt(i)]!;
    const kind = KINDS[type];
    const rawId = ids[i];
    let record: SceneNode;
    try {
      // Read first, so one broken node does not shift the shared columns for the rest.
      const isStyled = kind.styled;
      const isSized = kind.sized;
      const fillRaw = isStyled ? fills[styled++] : undefined;
      const strokeRaw = isStyled ? strokes[styled - 1] : undefined;
      const widthRaw = isSized ? widths[sized++] : undefined;
      const heightRaw = isSized ? heights[sized - 1] : undefined;
      let subpathList: Subpath[] | undefined;
      if (kind.pathed) {
        if (pathsBroken) continue;
        subpathList = repeatedPath(paths, pathPoints, cursor, lastPath) ?? undefined;
        if (subpathList === undefined) {
          const textStart = cursor.text;
          const pointStart = cursor.point;
          try {
            subpathList = readPath(paths, pathPoints, cursor);
          } catch (error) {
            pathsBroken = true;
            throw error;
          }
          lastPath = {
            commands: paths.slice(textStart, Math.max(textStart, cursor.text - 1)),
            point: pointStart,
            count: cursor.point - pointStart,
            list: subpathList,
          };
        }
      }
      const id = columnId(rawId, "id");
      const parentRaw = parents[i];
      let parent: string;
      if (typeof parentRaw === "string") parent = columnId(parentRaw, "parent");
      else if (
        typeof parentRaw === "number" &&
        Number.isInteger(parentRaw) &&
        parentRaw >= 0 &&
        parentRaw < total
      ) {
        const target = parentRaw < base ? records[parentRaw]?.id : ids[parentRaw - base];
        if (typeof target !== "string") {
          throw new Problem("parent", `refers to record ${parentRaw}, which has no valid id`);
        }
        parent = target;
      } else {
        throw new Problem("parent", `must be a record number below ${total} or an id`);
      }
      const index = columnId(indexes[i], "index");
      const tx = columnNumber(x[i], "transform.x", -M, M, COORDINATE_MESSAGE);
      const ty = columnNumber(y[i], "transform.y", -M, M, COORDINATE_MESSAGE);
      record = columnNode(
        type,
        kind,
        id,
        parent,
        index,
        tx,
        ty,
        more[i] ?? EMPTY,
        fillRaw,
        strokeRaw,
        widthRaw,
        heightRaw,
        subpathList,
        styles,
      );
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      report(
        `${describe(position, rawId)}: ${error.path === "" ? "it" : error.path} ${error.message}`,
      );
      continue;
    }
    const first = positions.add(record.id, position);
    if (first >= 0) {
      report(`${describe(position, rawId)}: the id is already used by record ${first}`);
      continue;
    }
    records[position] = record;
  }
  if (pathsBroken) return;
  if (cursor.text < paths.length) report("nodes.paths describes more paths than there are");
  else if (cursor.point !== pathPoints.length) {
    report(
      `nodes.pathPoints holds ${pathPoints.length} numbers, but the paths use ${cursor.point}`,
    );
  }
}

function columnValue<T>(value: unknown, key: string, check: Check<T>): T {
  if (value === undefined) throw new Problem(key, "is missing");
  try {
    return check(value);
  } catch (error) {
    rethrowWithin(key, error);
  }
}

/** A scene node from its column values and its `more` entry, with defaults restored. */
function columnNode(
  type: NodeType,
  kind: NodeKind,
  id: Id,
  parent: Id,
  index: string,
  x: number,
  y: number,
  raw: Raw,
  fillRaw: unknown,
  strokeRaw: unknown,
  widthRaw: unknown,
  heightRaw: unknown,
  subpathList: Subpath[] | undefined,
  styles: StyleChecks,
): SceneNode {
  let name: string;
  let locked = false;
  let hidden = false;
  let opacity = 1;
  let blend: BlendMode = "normal";
  let transform: Transform;
  if (raw === EMPTY) {
    name = kind.name;
    transform =
      x === 0 && y === 0
        ? IDENTITY_TRANSFORM
        : { x, y, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 };
  } else {
    name = raw.name === undefined ? kind.name : checkedAt(raw, "name", anyString);
    locked = optionalFlagAt(raw, "locked");
    hidden = optionalFlagAt(raw, "hidden");
    opacity = optionalNumberAt(raw, "opacity", 0, 1, UNIT_MESSAGE, 1);
    blend = raw.blendMode === undefined ? "normal" : checkedAt(raw, "blendMode", blendMode);
    transform = transformAt(x, y, raw);
  }
  const fillValue = kind.styled ? columnValue(fillRaw, "fill", styles.fill) : undefined;
  const strokeValue = kind.styled ? columnValue(strokeRaw, "stroke", styles.stroke) : undefined;
  const width =
    widthRaw === undefined ? 0 : columnNumber(widthRaw, "width", 0, M, NON_NEGATIVE_MESSAGE);
  const height =
    heightRaw === undefined ? 0 : columnNumber(heightRaw, "height", 0, M, NON_NEGATIVE_MESSAGE);
  // Two literals rather than one built up, so the common fields sit inside the object; no
  // closure either, which would move these locals into a context allocated per node.
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
        fill: fillValue,
        stroke: strokeValue,
      }
    : { id, parent, index, name, locked, hidden, opacity, blendMode: blend, transform, type };
  readOwnFields(node, kind.fields, raw, true, width, height, subpathList);
  // Complete: `nodeFields.ts` is checked against the record types at compile time.
  return node as unknown as SceneNode;
}
