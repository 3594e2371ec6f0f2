import { withBindingsRemapped } from "../doc/bindings";
import { generateNKeysBetween } from "fractional-indexing";
import type { EditableDocument } from "../editing/editor";
import { addNodes, worldMatrix } from "../doc/commands";
import { newId } from "../doc/ids";
import type { DocumentStore, Transaction } from "../doc/store";
import { fromMatrix, invert, multiply, toMatrix } from "../doc/transform";
import {
  isContainer,
  isSceneNode,
  type BlobRecord,
  type DocRecord,
  type Id,
  type SceneNode,
} from "../doc/types";
import {
  readPayload,
  readPayloadInTasks,
  writePayloadSteps,
  type ClipboardContent,
  type PayloadResult,
} from "./clipboardFormat";
import { placeInSlices, tasksOf } from "../io/import/intoDocument";
import { IMPORT_CANCELLED } from "../io/import/workerClient";
import type { parseJson } from "../io/native/jsonParse";
import { isAbortError, NODES_PER_STEP, runSteps, type Steps, type TaskOptions } from "../io/steps";
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
  return runSteps(inPaintOrderSteps(source, nodes));
}

/** `inPaintOrder` with the nodes' keys read in steps of NODES_PER_STEP. */
function* inPaintOrderSteps(
  source: Pick<DocumentStore, "get">,
  nodes: readonly SceneNode[],
): Steps<SceneNode[]> {
  const keyOf = (node: SceneNode): string[] => {
    const key: string[] = [];
    let record: DocRecord | undefined = node;
    for (let guard = 0; isSceneNode(record) && guard < 100_000; guard++) {
      key.push(record.id, record.index);
      record = source.get(record.parent);
    }
    return key.reverse();
  };
  const keyed = yield* mapInSteps(nodes, (node) => ({ node, key: keyOf(node) }));
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
  return runSteps(copyPayloadSteps(editor.store, editor.store.selection));
}

/**
 * `copyPayload` of `selection` in `source` (the store, or a snapshot of what was copied) in
 * steps of about NODES_PER_STEP nodes, the same text: a copy of thousands of shapes is written
 * over several tasks. `source` must not change meanwhile.
 */
export function* copyPayloadSteps(
  source: Pick<DocumentStore, "get" | "childrenOf">,
  selection: readonly Id[],
): Steps<string | null> {
  const selected = yield* inPaintOrderSteps(source, topLevelNodes(source, selection));
  if (selected.length === 0) return null;
  yield;
  const keys = generateNKeysBetween(null, null, selected.length);
  const roots: SceneNode[] = [];
  const descendants: SceneNode[] = [];
  const blobIds = new Set<Id>();
  let walked = 0;
  for (const [i, root] of selected.entries()) {
    const nodes = subtree(source, root);
    roots.push({ ...root, index: keys[i]!, transform: fromMatrix(worldMatrix(source, root.id)) });
    for (let j = 1; j < nodes.length; j++) descendants.push(nodes[j]!);
    for (const node of nodes) if (isImage(node)) blobIds.add(node.blob);
    walked += nodes.length;
    if (walked >= NODES_PER_STEP) {
      walked = 0;
      yield;
    }
  }
  // Ends bound to a shape left behind come free on the clipboard: it holds a whole document.
  const copied = new Map<Id, Id>();
  for (const node of roots) copied.set(node.id, node.id);
  for (const node of descendants) copied.set(node.id, node.id);
  yield;
  const free = (nodes: readonly SceneNode[]): Steps<SceneNode[]> =>
    mapInSteps(nodes, (node) => withBindingsRemapped(node, copied));
  const freeRoots = yield* free(roots);
  const freeDescendants = yield* free(descendants);
  const blobs: BlobRecord[] = [];
  for (const id of blobIds) {
    const blob = source.get(id);
    if (blob?.type === "blob") blobs.push(blob);
  }
  return yield* writePayloadSteps(freeRoots, freeDescendants, blobs);
}

function* mapInSteps<T, U>(items: readonly T[], map: (item: T) => U): Steps<U[]> {
  const result: U[] = [];
  for (let i = 0; i < items.length; i++) {
    result.push(map(items[i]!));
    if ((i + 1) % NODES_PER_STEP === 0) yield;
  }
  return result;
}

/** Copies the selection and deletes what of it can be deleted, as one step. */
export function cutSelection(editor: EditableDocument): string | null {
  const text = copyPayload(editor);
  if (text !== null) deleteSelection(editor);
  return text;
}

/** A paste ready to go in: its records under fresh ids, placed in the target's coordinates. */
interface PreparedPaste {
  /** Image data the document does not hold yet. */
  readonly blobs: readonly BlobRecord[];
  /** The copied roots, back to front, not yet given indexes in the target. */
  readonly top: readonly SceneNode[];
  /** Everything inside them, parents before children. */
  readonly inner: readonly SceneNode[];
}

/**
 * The clipboard's content under fresh ids, each root placed where it was in the world (plus the
 * offset) in `options.parent`'s coordinates, or why it cannot be pasted there.
 */
function preparePaste(
  store: DocumentStore,
  content: ClipboardContent,
  options: PasteOptions,
): PreparedPaste | { readonly error: string } {
  if (store.readOnly) return { error: "This document is read-only." };
  const parent = store.get(options.parent);
  if (parent?.type !== "page" && !isContainer(parent))
    return { error: "There is nowhere to paste: the target is not a page, frame or group." };
  const toParent = invert(worldMatrix(store, options.parent));
  if (toParent === null)
    return { error: "Cannot paste into a group that is scaled down to nothing." };
  const makeId = options.makeId ?? newId;
  const { roots, descendants, blobs } = content;

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
  for (const node of roots) ids.set(node.id, makeId());
  for (const node of descendants) ids.set(node.id, makeId());
  const offset =
    typeof options.offset === "function"
      ? options.offset(roots.map((r) => r.id))
      : (options.offset ?? { x: 0, y: 0 });
  if (!Number.isFinite(offset.x) || !Number.isFinite(offset.y))
    return { error: "The paste offset must be finite." };
  const placed: SceneNode[] = [];
  for (const root of roots) {
    const world = toMatrix(root.transform);
    const moved = { ...world, e: world.e + offset.x, f: world.f + offset.y };
    const transform = fromMatrix(multiply(toParent, moved));
    if (!isFiniteTransform(transform))
      return { error: "The shapes on the clipboard are too far away to paste here." };
    placed.push(remap({ ...root, transform, parent: options.parent }, ids, blobIds));
  }
  const children = reindexed(descendants).map((node) => remap(node, ids, blobIds));
  return { blobs: newBlobs, top: placed, inner: children };
}

function pasteRefused(error: unknown): PasteResult {
  return {
    ok: false,
    error: `The shapes on the clipboard could not be pasted: ${error instanceof Error ? error.message : String(error)}`,
  };
}

/** The pasted roots whose centres lie in a frame become its children (see `PasteOptions`). */
function intoFrames(tx: Transaction, rootIds: readonly Id[], options: PasteOptions): void {
  if (options.frameAt !== undefined) adoptIntoFrames(tx, rootIds, options.frameAt);
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
  const prepared = preparePaste(store, read.content, options);
  if ("error" in prepared) return { ok: false, error: prepared.error };
  const rootIds = prepared.top.map((r) => r.id);
  try {
    store.transact("Paste", (tx) => {
      for (const blob of prepared.blobs) tx.put(blob);
      addNodes(tx, options.parent, prepared.top, "front");
      for (const child of prepared.inner) tx.put(child);
      intoFrames(tx, rootIds, options);
      tx.select(rootIds);
    });
  } catch (error) {
    return pasteRefused(error);
  }
  return { ok: true, ids: rootIds };
}

/** A paste done over many tasks: its progress (0–1) and the signal that cancels it. */
export interface PasteJob {
  readonly progress?: (fraction: number) => void;
  readonly signal?: AbortSignal;
  /** How the reading's steps are spread over tasks; the page's timers by default. */
  readonly tasks?: TaskOptions;
  /** The JSON parser (a worker in the page). */
  readonly parse?: typeof parseJson;
}

/** Reading a large payload fills this share of its bar; adding the shapes, the rest. */
const READING_SHARE = 0.5;

/**
 * `pastePayload` without a long task, for a payload of thousands of shapes: read off the page's
 * thread and in steps (`readPayloadInTasks`), then added in slices folded into one undo step,
 * as a large import is (`placeInSlices`). The same refusals; cancelled, the document and its
 * history are as they were.
 */
export async function pastePayloadInSlices(
  editor: EditableDocument,
  text: string,
  options: PasteOptions,
  job: PasteJob = {},
): Promise<PasteResult & { readonly cancelled?: true }> {
  const { store } = editor;
  const tasks = job.tasks ?? tasksOf();
  const cancelled = { ok: false, error: IMPORT_CANCELLED, cancelled: true } as const;
  let read: PayloadResult;
  try {
    read = await readPayloadInTasks(text, tasks, job.signal, job.parse);
  } catch (error) {
    if (isAbortError(error)) return cancelled;
    return pasteRefused(error);
  }
  if (!read.ok) return read;
  if (job.signal?.aborted === true) return cancelled;
  job.progress?.(READING_SHARE);
  const prepared = preparePaste(store, read.content, options);
  if ("error" in prepared) return { ok: false, error: prepared.error };
  const placed = await placeInSlices(
    store,
    editor.history,
    prepared,
    options.parent,
    {
      ...tasks,
      signal: job.signal,
      progress: (done) => job.progress?.(READING_SHARE + (1 - READING_SHARE) * done),
    },
    {
      label: "Paste",
      refused: "The shapes on the clipboard could not be pasted",
      finish: (tx, rootIds) => intoFrames(tx, rootIds, options),
    },
  );
  if (!placed.ok && "cancelled" in placed) return cancelled;
  return placed;
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
