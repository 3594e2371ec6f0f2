import { withBindingsRemapped } from "../doc/bindings";
import { generateNKeysBetween } from "fractional-indexing";
import type { EditableDocument } from "../editing/editor";
import { addNodes, worldMatrix } from "../doc/commands";
import { newId } from "../doc/ids";
import type { DocumentStore } from "../doc/store";
import { fromMatrix, invert, multiply, toMatrix } from "../doc/transform";
import {
  isContainer,
  isSceneNode,
  type BlobRecord,
  type DocRecord,
  type Id,
  type SceneNode,
} from "../doc/types";
import { readPayload, writePayload } from "./clipboardFormat";
import { adoptIntoFrames, type FrameAt } from "./frames";
import { subtree } from "./copyTree";
import { isFiniteTransform } from "./geometry";
import { deleteSelection } from "./structure";
import { topLevelNodes } from "./targets";
import type { Point } from "../math/point";
import { isImage } from "../shapes/image";

export interface PasteOptions {
  /** The page or container the copies go into, in front of what it holds. */
  readonly parent: Id;
  /**
   * World offset from where the copies were; none pastes in place. A function gets the ids the
   * copied roots had, to offset only when the originals are still here to be covered.
   */
  readonly offset?: Point | ((originalIds: readonly Id[]) => Point);
  readonly makeId?: () => Id;
  /**
   * Finds frames on the page: each pasted root whose centre lies in one becomes its child (in the
   * paste's one step), as in Figma. Without it everything goes into `parent`.
   */
  readonly frameAt?: FrameAt;
}

export type PasteResult =
  | { readonly ok: true; readonly ids: readonly Id[] }
  | { readonly ok: false; readonly error: string };

function byIndex(a: SceneNode, b: SceneNode): number {
  if (a.index !== b.index) return a.index < b.index ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Nodes sorted back to front as the page paints them, whatever their parents. */
export function inPaintOrder(
  source: Pick<DocumentStore, "get">,
  nodes: readonly SceneNode[],
): SceneNode[] {
  const keyOf = (node: SceneNode): string[] => {
    const key: string[] = [];
    let record: DocRecord | undefined = node;
    for (let guard = 0; isSceneNode(record) && guard < 100_000; guard++) {
      key.push(record.id, record.index);
      record = source.get(record.parent);
    }
    return key.reverse();
  };
  const keyed = nodes.map((node) => ({ node, key: keyOf(node) }));
  keyed.sort((p, q) => {
    for (let i = 0; i < Math.min(p.key.length, q.key.length); i++) {
      if (p.key[i] !== q.key[i]) return p.key[i]! < q.key[i]! ? -1 : 1;
    }
    return p.key.length - q.key.length;
  });
  return keyed.map((k) => k.node);
}

/**
 * The selected subtrees as clipboard text, back to front. Each root carries its world
 * transform, so it pastes where it appeared whatever it was inside. Null when nothing is selected.
 */
export function copyPayload(editor: EditableDocument): string | null {
  const { store } = editor;
  const selected = inPaintOrder(store, topLevelNodes(store, store.selection));
  if (selected.length === 0) return null;
  const keys = generateNKeysBetween(null, null, selected.length);
  const roots: SceneNode[] = [];
  const descendants: SceneNode[] = [];
  const blobIds = new Set<Id>();
  selected.forEach((root, i) => {
    const nodes = subtree(store, root);
    roots.push({ ...root, index: keys[i]!, transform: fromMatrix(worldMatrix(store, root.id)) });
    descendants.push(...nodes.slice(1));
    for (const node of nodes) if (isImage(node)) blobIds.add(node.blob);
  });
  // Ends bound to a shape left behind come free on the clipboard: it holds a whole document.
  const copied = new Map<Id, Id>();
  for (const node of [...roots, ...descendants]) copied.set(node.id, node.id);
  const free = (node: SceneNode) => withBindingsRemapped(node, copied);
  const blobs: BlobRecord[] = [];
  for (const id of blobIds) {
    const blob = store.get(id);
    if (blob?.type === "blob") blobs.push(blob);
  }
  return writePayload(roots.map(free), descendants.map(free), blobs);
}

/** Copies the selection and deletes what of it can be deleted, as one step. */
export function cutSelection(editor: EditableDocument): string | null {
  const text = copyPayload(editor);
  if (text !== null) deleteSelection(editor);
  return text;
}

/**
 * Pastes clipboard text into `options.parent`: fresh ids, the copied z-order, each root placed
 * where it was in the world (plus the offset), and selected. Bad text is refused with a
 * sentence saying why, and the document is not touched.
 */
export function pastePayload(
  editor: EditableDocument,
  text: string,
  options: PasteOptions,
): PasteResult {
  const { store } = editor;
  const read = readPayload(text);
  if (!read.ok) return read;
  if (store.readOnly) return { ok: false, error: "This document is read-only." };
  const parent = store.get(options.parent);
  if (parent?.type !== "page" && !isContainer(parent))
    return {
      ok: false,
      error: "There is nowhere to paste: the target is not a page, frame or group.",
    };
  const toParent = invert(worldMatrix(store, options.parent));
  if (toParent === null)
    return { ok: false, error: "Cannot paste into a group that is scaled down to nothing." };
  const makeId = options.makeId ?? newId;
  const { roots, descendants, blobs } = read.content;

  // Image data: reuse this document's identical record, else add it, under a fresh id if taken.
  const blobIds = new Map<Id, Id>();
  const newBlobs: BlobRecord[] = [];
  for (const blob of blobs) {
    const present = store.get(blob.id);
    if (present === undefined) {
      blobIds.set(blob.id, blob.id);
      newBlobs.push(blob);
    } else if (
      present.type === "blob" &&
      present.mime === blob.mime &&
      present.data === blob.data
    ) {
      blobIds.set(blob.id, blob.id);
    } else {
      const id = makeId();
      blobIds.set(blob.id, id);
      newBlobs.push({ ...blob, id });
    }
  }

  const ids = new Map<Id, Id>();
  for (const node of [...roots, ...descendants]) ids.set(node.id, makeId());
  const offset =
    typeof options.offset === "function"
      ? options.offset(roots.map((r) => r.id))
      : (options.offset ?? { x: 0, y: 0 });
  if (!Number.isFinite(offset.x) || !Number.isFinite(offset.y))
    return { ok: false, error: "The paste offset must be finite." };
  const placed: SceneNode[] = [];
  for (const root of roots) {
    const world = toMatrix(root.transform);
    const moved = { ...world, e: world.e + offset.x, f: world.f + offset.y };
    const transform = fromMatrix(multiply(toParent, moved));
    if (!isFiniteTransform(transform))
      return { ok: false, error: "The shapes on the clipboard are too far away to paste here." };
    placed.push(remap({ ...root, transform }, ids, blobIds));
  }
  const children = reindexed(descendants).map((node) => remap(node, ids, blobIds));

  try {
    store.transact("Paste", (tx) => {
      for (const blob of newBlobs) tx.put(blob);
      addNodes(tx, options.parent, placed, "front");
      for (const child of children) tx.put(child);
      if (options.frameAt !== undefined)
        adoptIntoFrames(
          tx,
          placed.map((r) => r.id),
          options.frameAt,
        );
      tx.select(placed.map((r) => r.id));
    });
  } catch (error) {
    return {
      ok: false,
      error: `The shapes on the clipboard could not be pasted: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return { ok: true, ids: placed.map((r) => r.id) };
}

/** A pasted node under its new ids; line ends bound to a shape not pasted with it come free. */
function remap(node: SceneNode, ids: ReadonlyMap<Id, Id>, blobs: ReadonlyMap<Id, Id>): SceneNode {
  const id = ids.get(node.id)!;
  const parent = ids.get(node.parent) ?? node.parent;
  if (isImage(node)) return { ...node, id, parent, blob: blobs.get(node.blob) ?? node.blob };
  return withBindingsRemapped({ ...node, id, parent }, ids);
}

/**
 * Nodes with fresh sibling indexes in their copied order: indexes in pasted text are only known
 * to be distinct strings, not well-formed keys that later edits could build on.
 */
function reindexed(nodes: readonly SceneNode[]): SceneNode[] {
  const byParent = new Map<Id, SceneNode[]>();
  for (const node of nodes) {
    const list = byParent.get(node.parent) ?? [];
    list.push(node);
    byParent.set(node.parent, list);
  }
  const result: SceneNode[] = [];
  for (const siblings of byParent.values()) {
    siblings.sort(byIndex);
    const keys = generateNKeysBetween(null, null, siblings.length);
    siblings.forEach((node, i) => result.push({ ...node, index: keys[i]! }));
  }
  return result;
}
