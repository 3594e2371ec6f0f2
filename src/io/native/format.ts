import {
  isSceneNode,
  type DocRecord,
  type Id,
  type NodeType,
  type PageRecord,
  type PathSegment,
  type SceneNode,
  type Subpath,
  type Transform,
} from "../../doc/types";

export const FORMAT_NAME = "linework";
/** Bumped whenever the layout changes; each bump adds a migration (see README.md). */
export const FORMAT_VERSION = 2;

/**
 * A record as written: `fill` and `stroke` may be indexes into the file's `shared` list, fields
 * equal to their defaults are left out and path geometry is packed (see README.md).
 */
export type StoredRecord = DocRecord | (Record<string, unknown> & { readonly id: Id });

export interface NativeFile {
  readonly format: typeof FORMAT_NAME;
  readonly version: number;
  /** Fills and strokes used by records, each written once. */
  readonly shared: readonly unknown[];
  readonly records: readonly StoredRecord[];
}

function byIndex(a: { index: string; id: string }, b: { index: string; id: string }): number {
  if (a.index !== b.index) return a.index < b.index ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The records in file order: document, pages, each page's nodes depth first in sibling order,
 * then image data. A stable order makes saves of the same drawing byte-identical, so files diff
 * well and a reader can stream a page without looking ahead. Records outside that tree (only in
 * a document that is already broken) follow in their given order rather than being lost.
 */
export function orderRecords(records: readonly DocRecord[]): DocRecord[] {
  const documents: DocRecord[] = [];
  const pages: PageRecord[] = [];
  const blobs: DocRecord[] = [];
  const children = new Map<Id, SceneNode[]>();
  for (const record of records) {
    if (isSceneNode(record)) {
      const list = children.get(record.parent);
      if (list === undefined) children.set(record.parent, [record]);
      else list.push(record);
    } else if (record.type === "document") documents.push(record);
    else if (record.type === "page") pages.push(record);
    else blobs.push(record);
  }
  pages.sort(byIndex);
  blobs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const out: DocRecord[] = [...documents, ...pages];
  const written = new Set<Id>();
  // An explicit stack: nesting can be deep, and recursion would be bounded by the call stack.
  const stack: SceneNode[] = [];
  for (const page of pages) {
    const top = children.get(page.id);
    if (top === undefined) continue;
    pushReversed(stack, top);
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (written.has(node.id)) continue;
      written.add(node.id);
      out.push(node);
      const below = children.get(node.id);
      if (below !== undefined) pushReversed(stack, below);
    }
  }
  if (written.size < records.length - documents.length - pages.length - blobs.length) {
    for (const record of records) {
      if (isSceneNode(record) && !written.has(record.id)) out.push(record);
    }
  }
  for (const blob of blobs) out.push(blob);
  return out;
}

function pushReversed(stack: SceneNode[], siblings: SceneNode[]): void {
  siblings.sort(byIndex);
  for (let i = siblings.length - 1; i >= 0; i--) stack.push(siblings[i]!);
}

/** What a node is called until someone renames it; a name equal to it is not written. */
export const DEFAULT_NAMES: Readonly<Record<NodeType, string>> = {
  frame: "Frame",
  group: "Group",
  rect: "Rectangle",
  ellipse: "Ellipse",
  line: "Line",
  polygon: "Polygon",
  star: "Star",
  path: "Path",
  freehand: "Drawing",
  text: "Text",
  image: "Image",
};

/** Path segment kinds in a stored subpath's `commands`, with the numbers each one takes. */
export const SEGMENT_COMMANDS = { line: "L", quad: "Q", cubic: "C" } as const;

/**
 * Writes each distinct fill and stroke once, in `shared`, and refers to it by index. Most shapes
 * share a handful of styles, so at a million shapes this saves hundreds of megabytes, and the
 * loader validates and keeps one object per style instead of one per shape.
 */
class SharedValues {
  readonly values: unknown[] = [];
  private readonly byObject = new Map<unknown, number>();
  private readonly byText = new Map<string, number>();

  indexOf(value: unknown): number {
    let index = this.byObject.get(value);
    if (index !== undefined) return index;
    const text = JSON.stringify(value);
    index = this.byText.get(text);
    if (index === undefined) {
      index = this.values.length;
      this.values.push(value);
      this.byText.set(text, index);
    }
    this.byObject.set(value, index);
    return index;
  }
}

type Stored = Record<string, unknown>;

function storeTransform(t: Transform): Stored | undefined {
  let out: Stored | undefined;
  // Only parts that differ from the identity are written; most shapes are only moved.
  if (t.x !== 0) (out ??= {}).x = t.x;
  if (t.y !== 0) (out ??= {}).y = t.y;
  if (t.rotation !== 0) (out ??= {}).rotation = t.rotation;
  if (t.scaleX !== 1) (out ??= {}).scaleX = t.scaleX;
  if (t.scaleY !== 1) (out ??= {}).scaleY = t.scaleY;
  if (t.skewX !== 0) (out ??= {}).skewX = t.skewX;
  return out;
}

function storeSubpath(subpath: Subpath): Stored {
  let commands = "";
  const points: number[] = [subpath.start.x, subpath.start.y];
  for (const segment of subpath.segments as readonly PathSegment[]) {
    commands += SEGMENT_COMMANDS[segment.type];
    if (segment.type === "quad") points.push(segment.control.x, segment.control.y);
    else if (segment.type === "cubic") {
      points.push(segment.control1.x, segment.control1.y, segment.control2.x, segment.control2.y);
    }
    points.push(segment.to.x, segment.to.y);
  }
  const out: Stored = { commands, points };
  if (subpath.closed) out.closed = true;
  return out;
}

function storeNode(node: SceneNode, shared: SharedValues): Stored {
  const out: Stored = { id: node.id, type: node.type, parent: node.parent, index: node.index };
  if (node.name !== DEFAULT_NAMES[node.type]) out.name = node.name;
  if (node.locked) out.locked = true;
  if (node.hidden) out.hidden = true;
  if (node.opacity !== 1) out.opacity = node.opacity;
  if (node.blendMode !== "normal") out.blendMode = node.blendMode;
  const transform = storeTransform(node.transform);
  if (transform !== undefined) out.transform = transform;
  for (const key in node) {
    if (key in out || BASE_KEYS.has(key)) continue;
    const value = (node as unknown as Stored)[key];
    if (key === "fill" || key === "stroke") out[key] = shared.indexOf(value);
    else if (key === "subpaths" && node.type === "path") out[key] = node.subpaths.map(storeSubpath);
    else if (key === "radii" && node.type === "rect" && node.radii.every((r) => r === 0)) continue;
    else out[key] = value;
  }
  return out;
}

const BASE_KEYS = new Set(["name", "locked", "hidden", "opacity", "blendMode", "transform"]);

/**
 * The `.linework` text of a document. Compact JSON: at a million shapes every byte of
 * indentation costs megabytes.
 */
export function serializeDocument(records: readonly DocRecord[]): string {
  const shared = new SharedValues();
  const stored: StoredRecord[] = orderRecords(records).map((record) =>
    isSceneNode(record) ? (storeNode(record, shared) as StoredRecord) : record,
  );
  const file: NativeFile = {
    format: FORMAT_NAME,
    version: FORMAT_VERSION,
    shared: shared.values,
    records: stored,
  };
  return JSON.stringify(file);
}
