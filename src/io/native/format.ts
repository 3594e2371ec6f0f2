import {
  isSceneNode,
  type DocRecord,
  type Id,
  type PageRecord,
  type SceneNode,
} from "../../doc/types";

export const FORMAT_NAME = "linework";
/** Bumped whenever the layout changes; each bump adds a migration (see README.md). */
export const FORMAT_VERSION = 1;

/** A record as written: `fill` and `stroke` may be indexes into the file's `shared` list. */
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

/**
 * The `.linework` text of a document. Compact JSON: at a million shapes every byte of
 * indentation costs megabytes.
 */
export function serializeDocument(records: readonly DocRecord[]): string {
  const shared = new SharedValues();
  const stored: StoredRecord[] = orderRecords(records).map((record) =>
    "fill" in record && "stroke" in record
      ? { ...record, fill: shared.indexOf(record.fill), stroke: shared.indexOf(record.stroke) }
      : record,
  );
  const file: NativeFile = {
    format: FORMAT_NAME,
    version: FORMAT_VERSION,
    shared: shared.values,
    records: stored,
  };
  return JSON.stringify(file);
}
