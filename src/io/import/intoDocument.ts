import { boundTargets, withBindingsRemapped } from "../../doc/bindings";
import { indexFor } from "../../doc/commands";
import { newId } from "../../doc/ids";
import { InvariantError } from "../../doc/invariants";
import type { DocumentStore, Transaction } from "../../doc/store";
import { isContainer, type Id, type SceneNode } from "../../doc/types";
import { drawingBounds } from "./drawingBounds";
import { IMPORT_ROOT, type ImportSuccess } from "./result";
import {
  NODES_PER_STEP,
  runInTasks,
  runSteps,
  STOPPED,
  untilAborted,
  type Steps,
  type TaskOptions,
} from "../steps";
import { IMPORT_CANCELLED } from "./workerClient";
import type { Point } from "../../math/point";
import { isImage } from "../../shapes/image";

export interface ImportPlacement {
  /** A page, frame or group of the document. */
  readonly parent: Id;
  /** Where the middle of the imported drawing goes, in the parent's coordinates. */
  readonly at?: Point;
}

export type PlaceResult =
  { readonly ok: true; readonly ids: Id[] } | { readonly ok: false; readonly error: string };

/** An import's records with fresh ids, placed: what goes into the document. */
export interface PreparedImport {
  readonly blobs: readonly ImportSuccess["blobs"][number][];
  /** Top-level nodes, given their indexes when they go in. */
  readonly top: readonly SceneNode[];
  /** Everything inside them, parents before children. */
  readonly inner: readonly SceneNode[];
}

/**
 * Fresh ids, parents, image data and the move to `placement.at`, or why the import is refused:
 * two walks over every node, a step every `NODES_PER_STEP` of them.
 */
function* prepare(
  store: DocumentStore,
  result: ImportSuccess,
  placement: ImportPlacement,
): Steps<PreparedImport | { readonly error: string }> {
  if (store.readOnly) return { error: "The document is read-only." };
  if (result.nodes.length === 0) return { error: "The file holds nothing to import." };
  const ids = new Map<Id, Id>();
  for (let i = 0; i < result.nodes.length; i += 1) {
    ids.set(result.nodes[i]!.id, newId());
    if ((i + 1) % NODES_PER_STEP === 0) yield;
  }
  for (const blob of result.blobs) ids.set(blob.id, newId());
  const shift = placement.at === undefined ? { x: 0, y: 0 } : offsetToCentre(result, placement.at);
  const top: SceneNode[] = [];
  const inner: SceneNode[] = [];
  for (let i = 0; i < result.nodes.length; i += 1) {
    if (i > 0 && i % NODES_PER_STEP === 0) yield;
    const node = result.nodes[i]!;
    const id = ids.get(node.id)!;
    const isTop = node.parent === IMPORT_ROOT;
    const parent = isTop ? placement.parent : ids.get(node.parent);
    if (parent === undefined) return { error: `A node refers to a missing parent ${node.parent}.` };
    let blob: Id | undefined;
    if (isImage(node)) {
      blob = ids.get(node.blob);
      if (blob === undefined) return { error: `An image refers to missing data ${node.blob}.` };
    }
    const t = node.transform;
    // One copy per node: the id, parent, image data and position change together.
    const record = withBindingsRemapped(
      {
        ...node,
        id,
        parent,
        ...(blob === undefined ? {} : { blob }),
        ...(isTop ? { transform: { ...t, x: t.x + shift.x, y: t.y + shift.y } } : {}),
      } as SceneNode,
      ids,
    );
    (isTop ? top : inner).push(record);
  }
  const blobs = result.blobs.map((blob) => ({ ...blob, id: ids.get(blob.id)! }));
  return { blobs, top, inner };
}

/** Checks the import's parent and gives its top-level nodes indexes in front of its children. */
function indexedTop(tx: Transaction, parent: Id, top: readonly SceneNode[]): SceneNode[] {
  const target = tx.get(parent);
  if (target?.type !== "page" && !isContainer(target))
    throw new Error(`${parent} is not a page, frame or group`);
  const indexes = indexFor(tx, parent, "front", top.length);
  return top.map((node, i) => ({ ...node, index: indexes[i]! }));
}

function refusal(
  error: unknown,
  prefix = "The import could not be added to the document",
): { readonly ok: false; readonly error: string } {
  const detail =
    error instanceof InvariantError
      ? error.violations.slice(0, 3).join("; ")
      : error instanceof Error
        ? error.message
        : String(error);
  return { ok: false, error: `${prefix}: ${detail}` };
}

/**
 * Puts an import into the document as one transaction (one undo step): fresh ids, indexes in
 * front of the parent's children, the new top-level nodes selected. On any failure the
 * document is untouched.
 */
export function importIntoDocument(
  store: DocumentStore,
  result: ImportSuccess,
  placement: ImportPlacement,
): PlaceResult {
  const prepared = runSteps(prepare(store, result, placement));
  if ("error" in prepared) return { ok: false, error: prepared.error };
  const { blobs, top, inner } = prepared;
  try {
    const commit = store.transact("Import", (tx) => {
      for (const blob of blobs) tx.put(blob);
      for (const node of indexedTop(tx, placement.parent, top)) tx.put(node);
      for (const record of inner) tx.put(record);
      tx.select(top.map((n) => n.id));
    });
    if (commit === null) return { ok: false, error: "The document did not accept the import." };
  } catch (error) {
    return refusal(error);
  }
  return { ok: true, ids: top.map((n) => n.id) };
}

/** What folds several commits into one undo step, or takes them back (the editor's history). */
export interface ImportGesture {
  beginGesture(label: string): void;
  endGesture(): void;
  cancelGesture(): void;
}

export interface SlicedImportOptions {
  /** Aborting it between slices takes back what went in: the document is as it was. */
  readonly signal?: AbortSignal;
  /** How long one slice should take on this thread, ms. */
  readonly sliceMs?: number;
  /** Nodes the first slice puts in, before their time per node is known. */
  readonly firstSlice?: number;
  /** Waits between slices, letting the page draw and hear input; a macrotask by default. */
  readonly pause?: () => Promise<void>;
  /** The clock slices are timed by (ms). */
  readonly clock?: () => number;
  /** Hears the share of nodes in, 0–1, after each slice. */
  readonly progress?: (fraction: number) => void;
}

/** Nodes the first slice puts in, before their time per node is known. */
export const FIRST_SLICE_NODES = 1000;
/** The most slices an import is cut into. */
const MAX_SLICES = 24;
/** Aimed-for time of one slice: with the frame it leads to, well under a 100 ms freeze. */
export const IMPORT_SLICE_MS = 40;

/**
 * Puts a large import into the document in slices, each its own commit on a task of its own,
 * folded into one undo step by `gesture`: the page keeps drawing and answering while thousands
 * of shapes go in, and the drawing fills in as they do. Each slice leaves a whole document (a
 * parent goes in before its children, a bound line after what it is bound to), so every commit
 * passes the invariants. Cancelling, or a slice the document refuses, takes back every slice
 * and leaves the document and its history as they were.
 */
export async function importIntoDocumentInSlices(
  store: DocumentStore,
  gesture: ImportGesture,
  result: ImportSuccess,
  placement: ImportPlacement,
  options: SlicedImportOptions = {},
): Promise<PlaceResult | { readonly ok: false; readonly error: string; readonly cancelled: true }> {
  // Readying a hundred thousand nodes takes longer than a task should: it goes over tasks too,
  // before anything reaches the document, so Cancel meanwhile has nothing to take back.
  const tasks = tasksOf(options);
  const prepared = await runInTasks(
    untilAborted(prepare(store, result, placement), options.signal),
    tasks,
  );
  if (prepared === STOPPED) return CANCELLED;
  if ("error" in prepared) return { ok: false, error: prepared.error };
  return placeInSlices(store, gesture, prepared, placement.parent, options);
}

const CANCELLED = { ok: false, error: IMPORT_CANCELLED, cancelled: true } as const;

/** How a sliced import's work is spread over tasks: `options`' own, else the page's timers. */
export function tasksOf(options: SlicedImportOptions = {}): TaskOptions {
  return {
    clock: options.clock ?? (() => performance.now()),
    pause: options.pause ?? (() => new Promise<void>((done) => setTimeout(done, 0))),
    sliceMs: options.sliceMs ?? IMPORT_SLICE_MS,
  };
}

/** What a sliced placement ends with, besides selecting the new top-level nodes. */
export interface SlicedFinish {
  /** The name of its commits and of the undo step they fold into. */
  readonly label: string;
  /** How a refusal by the document begins, before what was wrong. */
  readonly refused?: string;
  /** Runs in the last commit, before the selection is set (a paste's roots join frames). */
  readonly finish?: (tx: Transaction, topIds: readonly Id[]) => void;
}

/**
 * The slices of `importIntoDocumentInSlices` for records already given fresh ids (an import's
 * or a paste's): `top` go in front of what `parent` holds, `inner` follow their parents.
 */
export async function placeInSlices(
  store: DocumentStore,
  gesture: ImportGesture,
  prepared: PreparedImport,
  parent: Id,
  options: SlicedImportOptions = {},
  ending: SlicedFinish = { label: "Import" },
): Promise<PlaceResult | { readonly ok: false; readonly error: string; readonly cancelled: true }> {
  const tasks = tasksOf(options);
  const { clock, sliceMs, pause } = tasks;
  const cancelled = CANCELLED;
  const { label } = ending;
  const { blobs, top, inner } = prepared;
  const order = await runInTasks(untilAborted(sliceOrder(top, inner), options.signal), tasks);
  if (order === STOPPED) return cancelled;
  // The first slice starts a task of its own.
  await pause();
  const topIds = top.map((n) => n.id);
  let indexed: ReadonlyMap<Id, string> | null = null;
  let next = 0;
  let perSlice = Math.max(1, options.firstSlice ?? FIRST_SLICE_NODES);
  gesture.beginGesture(label);
  try {
    while (next < order.length || indexed === null) {
      if (options.signal?.aborted) {
        gesture.cancelGesture();
        return cancelled;
      }
      const end = sliceEnd(order, next, perSlice);
      const started = clock();
      const first = indexed === null;
      const commit = store.transact(label, (tx) => {
        if (first) {
          // Nothing is selected while the slices go in: a selection of thousands (Select all,
          // then a paste) would be measured again after every slice by whatever shows it.
          tx.select([]);
          for (const blob of blobs) tx.put(blob);
          indexed = new Map(indexedTop(tx, parent, top).map((n) => [n.id, n.index]));
        }
        for (let i = next; i < end; i += 1) {
          const node = order[i]!;
          const index = indexed!.get(node.id);
          tx.put(index === undefined ? node : { ...node, index });
        }
      });
      if (commit === null) throw new Error("The document did not accept the import.");
      const took = Math.max(1, clock() - started);
      // Aims the next slice at `sliceMs`, growing at most fourfold so one slow guess costs little,
      // and never cut into more than `MAX_SLICES`: each commit has costs of its own (autosave,
      // the frame between slices) that a stall would otherwise multiply.
      perSlice = Math.max(
        Math.ceil(order.length / MAX_SLICES),
        Math.min(perSlice * 4, Math.floor(((end - next) * sliceMs) / took)),
      );
      next = end;
      options.progress?.(next / order.length);
      await pause();
    }
    if (options.signal?.aborted) {
      gesture.cancelGesture();
      return cancelled;
    }
    // Selected on a task of its own: measuring the selection (its frame, the panel's numbers)
    // walks every node it holds, as much work as a slice.
    store.transact(label, (tx) => {
      ending.finish?.(tx, topIds);
      tx.select(topIds);
    });
    // Ending the gesture folds every slice's patch into one undo step, a walk over every node
    // again: on a task of its own too.
    await pause();
    if (options.signal?.aborted) {
      gesture.cancelGesture();
      return cancelled;
    }
  } catch (error) {
    gesture.cancelGesture();
    return refusal(error, ending.refused);
  }
  gesture.endGesture();
  return { ok: true, ids: topIds };
}

/**
 * The order slices put nodes in: parents before their children (depth first, as the file has
 * them), lines bound to other nodes last, after everything they may be bound to.
 */
function* sliceOrder(top: readonly SceneNode[], inner: readonly SceneNode[]): Steps<SceneNode[]> {
  const children = new Map<Id, SceneNode[]>();
  for (let i = 0; i < inner.length; i += 1) {
    if (i > 0 && i % NODES_PER_STEP === 0) yield;
    const node = inner[i]!;
    const list = children.get(node.parent);
    if (list === undefined) children.set(node.parent, [node]);
    else list.push(node);
  }
  const order: SceneNode[] = [];
  const bound: SceneNode[] = [];
  const stack = [...top].reverse();
  let visited = 0;
  while (stack.length > 0) {
    visited += 1;
    if (visited % NODES_PER_STEP === 0) yield;
    const node = stack.pop()!;
    const inside = children.get(node.id);
    (boundTargets(node).length > 0 && inside === undefined ? bound : order).push(node);
    if (inside !== undefined)
      for (let i = inside.length - 1; i >= 0; i -= 1) stack.push(inside[i]!);
  }
  return [...order, ...bound];
}

/**
 * Where a slice from `start` of about `size` nodes ends: never right after a container whose
 * children follow, so no slice leaves a group empty (a masked group's mask is its first child).
 */
function sliceEnd(order: readonly SceneNode[], start: number, size: number): number {
  let end = Math.min(order.length, start + size);
  while (end < order.length && order[end]!.parent === order[end - 1]!.id) end += 1;
  return end;
}

/** How far to move the top-level nodes so the middle of everything lands on `at`. */
function offsetToCentre(result: ImportSuccess, at: Point): Point {
  // A worker measures the drawing before sending it, off the page's thread.
  const box = result.bounds !== undefined ? result.bounds : drawingBounds(result.nodes);
  if (box === null) return { x: 0, y: 0 };
  return { x: at.x - (box.minX + box.maxX) / 2, y: at.y - (box.minY + box.maxY) / 2 };
}
