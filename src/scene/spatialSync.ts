import type { SpatialIndex } from "../../engine/core/spatialIndex";
import type { Commit, DocumentStore } from "../doc/store";
import { IDENTITY_MATRIX, multiply, toMatrix, type Matrix } from "../doc/transform";
import { isContainer, isSceneNode, type Id, type SceneNode, type Transform } from "../doc/types";
import { transformBox } from "../geometry/bounds";
import { localBounds } from "../shapes/bounds";
import { effectBox } from "../shapes/effectBounds";
import type { Box } from "../math/box";
import { NODES_PER_STEP, runSteps } from "../doc/steps";

/**
 * Writes the page box of `local` under `world` · `transform` at `out[at…at + 3]`, as
 * `transformBox(local, multiply(world, toMatrix(transform)))` gives it, with no matrix or box
 * made on the way: a page of a hundred thousand shapes is indexed in one pass when it opens. A
 * transform that neither turns nor skews (most shapes) needs no trigonometry.
 */
export function worldBoxInto(
  out: Float64Array,
  at: number,
  local: Box,
  world: Matrix,
  transform: Transform,
): void {
  let ta: number, tb: number, tc: number, td: number;
  if (transform.rotation === 0 && transform.skewX === 0) {
    ta = transform.scaleX;
    tb = 0;
    tc = 0;
    td = transform.scaleY;
  } else {
    const m = toMatrix(transform);
    ta = m.a;
    tb = m.b;
    tc = m.c;
    td = m.d;
  }
  // world · transform, as `multiply` writes it.
  const a = world.a * ta + world.c * tb;
  const b = world.b * ta + world.d * tb;
  const c = world.a * tc + world.c * td;
  const d = world.b * tc + world.d * td;
  const e = world.a * transform.x + world.c * transform.y + world.e;
  const f = world.b * transform.x + world.d * transform.y + world.f;
  // The corners as `transformBox` maps them.
  const x0 = a * local.minX + c * local.minY + e;
  const y0 = b * local.minX + d * local.minY + f;
  const x1 = a * local.maxX + c * local.minY + e;
  const y1 = b * local.maxX + d * local.minY + f;
  const x2 = a * local.maxX + c * local.maxY + e;
  const y2 = b * local.maxX + d * local.maxY + f;
  const x3 = a * local.minX + c * local.maxY + e;
  const y3 = b * local.minX + d * local.maxY + f;
  out[at] = Math.min(x0, x1, x2, x3);
  out[at + 1] = Math.min(y0, y1, y2, y3);
  out[at + 2] = Math.max(x0, x1, x2, x3);
  out[at + 3] = Math.max(y0, y1, y2, y3);
}

/**
 * The numbers of the boxes (minX, minY, maxX, maxY each, in `boxes`) that touch the rectangle,
 * edges included: what the core's `queryRect` answers for them, in the order of the numbers.
 * Boxes before `from` are passed over; the numbers are added to `out`.
 */
export function scanBoxes(
  boxes: Float64Array,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  from = 0,
  out: number[] = [],
): number[] {
  if (!(minX <= maxX && minY <= maxY)) return out;
  for (let at = from * 4, n = from; at < boxes.length; at += 4, n++) {
    if (
      boxes[at]! <= maxX &&
      boxes[at + 2]! >= minX &&
      boxes[at + 1]! <= maxY &&
      boxes[at + 3]! >= minY
    )
      out.push(n);
  }
  return out;
}

/** The nodes of a page and their page boxes, worked out before the page is shown. */
export interface PageBoxes {
  readonly store: DocumentStore;
  readonly page: Id;
  /** The nodes that have bounds, in the order of their boxes. */
  readonly ids: Id[];
  /** minX, minY, maxX, maxY of each. */
  readonly boxes: Float64Array;
  /** The page's containers and their world matrices: their effects may reach past them. */
  readonly containers: readonly { readonly node: SceneNode; readonly world: Matrix }[];
}

/**
 * The page boxes of every node of a page: one walk down the tree carrying each container's
 * world matrix, with no matrix or box made per node. In steps of NODES_PER_STEP nodes, so a
 * page of a hundred thousand shapes opened from a file is measured over tasks before the task
 * that shows it; `store` must not change meanwhile.
 */
export function* pageBoxesSteps(
  store: DocumentStore,
  pageId: Id,
): Generator<void, PageBoxes, void> {
  const ids: Id[] = [];
  const containers: { node: SceneNode; world: Matrix }[] = [];
  let boxes = new Float64Array(4096);
  let walked = 0;
  const stack: { id: Id; world: Matrix }[] = [{ id: pageId, world: IDENTITY_MATRIX }];
  while (stack.length > 0) {
    const { id: parent, world } = stack.pop()!;
    for (const child of store.childrenOf(parent)) {
      if (++walked % NODES_PER_STEP === 0) yield;
      if (isContainer(child)) {
        const inner = multiply(world, toMatrix(child.transform));
        stack.push({ id: child.id, world: inner });
        containers.push({ node: child, world: inner });
      }
      const local = localBounds(child);
      if (local === null) continue;
      const at = ids.length * 4;
      if (at + 4 > boxes.length) {
        const grown = new Float64Array(boxes.length * 2);
        grown.set(boxes);
        boxes = grown;
      }
      worldBoxInto(boxes, at, local, world, child.transform);
      ids.push(child.id);
    }
  }
  return { store, page: pageId, ids, boxes: boxes.subarray(0, ids.length * 4), containers };
}

/**
 * Boxes handed to the index, or ids numbered, per task while a page shown waits for them: about
 * 40 ms of either on this project's slowest machines, so a page of a million shapes is indexed
 * over tasks instead of in one of nearly a second.
 */
const ENTRIES_PER_TASK = 1 << 16;

/**
 * Keeps the core's spatial index in step with one page of the document, from commit patches:
 * culling, hit testing, marquee and snapping all ask it instead of walking the tree. The index
 * takes integer ids, so ids are mapped both ways, with freed numbers reused.
 */
export class SpatialSync {
  /** Id to number; made from `toId` when a commit first needs it, so showing a page makes none. */
  private toInt: Map<Id, number> | null = null;
  private toId: (Id | undefined)[] = [];
  private readonly free: number[] = [];
  private page: Id | null = null;
  private readonly unsubscribe: () => void;
  /**
   * The boxes of the page shown (minX, minY, maxX, maxY for each number), while they wait for
   * `later` to hand them to the index, a slice per task; null once they are all there. Queries
   * scan those not yet handed over meanwhile.
   */
  private pending: Float64Array | null = null;
  /** How many of `pending`'s boxes (from the first) the index holds. */
  private loadedCount = 0;
  /** `toInt` while it is made over tasks after the page is indexed: how far it has got. */
  private numbering: { readonly toInt: Map<Id, number>; next: number } | null = null;
  private cancelLater: () => void = () => undefined;
  /**
   * The page boxes of what the filtered groups of the page draw (their filter regions), which
   * reach past their content: culling asks them too, so a shadow on screen keeps its group
   * drawn. Kept apart from the index, whose boxes are the content's (picking, marquee and
   * snapping stay on it, as Figma's do). Scanned in full by `queryEffects`: pages hold few.
   */
  private readonly effects = new Map<Id, Box>();

  constructor(
    private readonly store: DocumentStore,
    private readonly index: SpatialIndex,
    commits: Pick<DocumentStore, "subscribe"> = store,
    /**
     * Runs a task when there is time for it, returning a way to cancel it: the bulk load of a
     * page shown goes there, so a page of a hundred thousand shapes is drawn before the core
     * indexes it (its first culls scan the boxes). By default the task runs at once.
     */
    private readonly later: (task: () => void) => () => void = (task) => {
      task();
      return () => undefined;
    },
    private readonly entriesPerTask = ENTRIES_PER_TASK,
  ) {
    this.unsubscribe = commits.subscribe((commit) => this.onCommit(commit));
  }

  /**
   * Indexes every node of a page, replacing what was there: the boxes `pageBoxesSteps` works
   * out (given, when worked out beforehand for this store and page), handed to the index in one
   * bulk call.
   */
  showPage(pageId: Id, prepared: PageBoxes | null = null): void {
    this.cancelLater();
    this.pending = null;
    this.loadedCount = 0;
    this.numbering = null;
    this.index.clear();
    this.toInt = null;
    this.free.length = 0;
    this.effects.clear();
    this.page = pageId;
    const page =
      prepared !== null && prepared.store === this.store && prepared.page === pageId
        ? prepared
        : runSteps(pageBoxesSteps(this.store, pageId));
    for (const { node, world } of page.containers) this.placeEffect(node, world);
    this.toId = page.ids;
    this.pending = page.boxes;
    this.cancelLater = this.later(() => this.loadSlice());
  }

  /** Nodes whose bounds contain the point: hit-test candidates, front to back not guaranteed. */
  queryPoint(x: number, y: number): Id[] {
    const found = this.index.queryPoint(x, y);
    if (this.pending !== null) scanBoxes(this.pending, x, y, x, y, this.loadedCount, found);
    return this.ids(found);
  }

  /** Nodes whose bounds touch the rectangle. */
  queryRect(box: Box): Id[] {
    const { minX, minY, maxX, maxY } = box;
    const found = this.index.queryRect(minX, minY, maxX, maxY);
    if (this.pending !== null)
      scanBoxes(this.pending, minX, minY, maxX, maxY, this.loadedCount, found);
    return this.ids(found);
  }

  /**
   * The filtered groups whose drawing (a shadow past their content) touches the rectangle, with
   * everything inside them: what culling must draw besides `queryRect`'s nodes, since a group's
   * shadow is made from all of its content.
   */
  queryEffects(box: Box): Id[] {
    const out: Id[] = [];
    for (const [id, e] of this.effects) {
      if (e.minX > box.maxX || e.maxX < box.minX || e.minY > box.maxY || e.maxY < box.minY)
        continue;
      out.push(id);
      const stack = [id];
      while (stack.length > 0)
        for (const child of this.store.childrenOf(stack.pop()!)) {
          out.push(child.id);
          stack.push(child.id);
        }
    }
    return out;
  }

  get size(): number {
    this.load();
    return this.index.size;
  }

  /** Whether the page shown is in the core's index yet (its boxes are scanned until then). */
  get loaded(): boolean {
    return this.pending === null;
  }

  dispose(): void {
    this.cancelLater();
    this.pending = null;
    this.unsubscribe();
  }

  /** Hands the page's boxes still waiting to the index, if any. */
  private load(): void {
    if (this.pending === null) return;
    this.cancelLater();
    this.loadUpTo(this.pending.length / 4);
  }

  /** Hands the next slice of the page's boxes to the index, and asks for a task for the rest. */
  private loadSlice(): void {
    if (this.pending !== null) this.loadUpTo(this.loadedCount + this.entriesPerTask);
    else if (this.toInt === null) this.numberSlice();
    if (this.pending !== null || this.toInt === null) {
      this.cancelLater = this.later(() => this.loadSlice());
    }
  }

  private loadUpTo(end: number): void {
    const boxes = this.pending!;
    const from = this.loadedCount;
    const to = Math.min(end, boxes.length / 4);
    const numbers = new Int32Array(to - from);
    for (let i = 0; i < numbers.length; i++) numbers[i] = from + i;
    this.index.insertMany(numbers, boxes.subarray(from * 4, to * 4));
    this.loadedCount = to;
    if (to * 4 === boxes.length) this.pending = null;
  }

  /** Numbers the next slice of ids for `toInt`, made over tasks once the page is indexed. */
  private numberSlice(): void {
    const numbering = (this.numbering ??= { toInt: new Map(), next: 0 });
    const end = Math.min(this.toId.length, numbering.next + this.entriesPerTask);
    for (let n = numbering.next; n < end; n++) {
      const id = this.toId[n];
      if (id !== undefined) numbering.toInt.set(id, n);
    }
    numbering.next = end;
    if (end === this.toId.length) {
      this.toInt = numbering.toInt;
      this.numbering = null;
    }
  }

  private onCommit(commit: Commit): void {
    if (this.page === null) return;
    const worlds = new Map<Id, Matrix>();
    let loaded = false;
    for (const { id, before, after } of commit.patch.changes) {
      // The document's and pages' records are never indexed: renaming a document just opened
      // must not index its page at once.
      if (!isSceneNode(before ?? undefined) && !isSceneNode(after ?? undefined)) continue;
      // Edits go to the index itself, so the page's boxes go there first.
      if (!loaded) {
        this.load();
        loaded = true;
      }
      if (after === null || !isSceneNode(after)) {
        this.drop(id);
        this.effects.delete(id);
        continue;
      }
      this.place(id, worlds);
      // A container that moved carries its whole subtree with it.
      const moved =
        isContainer(after) &&
        (before === null ||
          !isSceneNode(before) ||
          before.transform !== after.transform ||
          before.parent !== after.parent);
      if (moved) {
        const stack = [id];
        while (stack.length > 0) {
          for (const child of this.store.childrenOf(stack.pop()!)) {
            this.place(child.id, worlds);
            stack.push(child.id);
          }
        }
      }
    }
  }

  /** Inserts or updates one node's world box, or drops it if it is not on this page. */
  private place(id: Id, worlds: Map<Id, Matrix>): void {
    const node = this.store.get(id);
    if (!isSceneNode(node) || this.store.pageOf(id)?.id !== this.page) {
      this.drop(id);
      this.effects.delete(id);
      return;
    }
    this.placeEffect(node, this.world(id, worlds));
    const local = localBounds(node);
    if (local === null) {
      this.drop(id);
      return;
    }
    const box = transformBox(local, this.world(id, worlds));
    const toInt = this.numbers();
    const known = toInt.get(id);
    if (known !== undefined) this.index.update(known, box.minX, box.minY, box.maxX, box.maxY);
    else {
      const n = this.free.pop() ?? this.toId.length;
      toInt.set(id, n);
      this.toId[n] = id;
      this.index.insert(n, box.minX, box.minY, box.maxX, box.maxY);
    }
  }

  /** Keeps `node`'s effect box (under its world matrix `world`), or drops it if it has none. */
  private placeEffect(node: SceneNode, world: Matrix): void {
    const local = effectBox(node);
    if (local === null) this.effects.delete(node.id);
    else this.effects.set(node.id, transformBox(local, world));
  }

  private drop(id: Id): void {
    const toInt = this.numbers();
    const n = toInt.get(id);
    if (n === undefined) return;
    this.index.remove(n);
    toInt.delete(id);
    this.toId[n] = undefined;
    this.free.push(n);
  }

  private numbers(): Map<Id, number> {
    while (this.toInt === null) this.numberSlice();
    return this.toInt;
  }

  /** World matrix with a per-commit cache, so a moved group's subtree costs one walk per node. */
  private world(id: Id, worlds: Map<Id, Matrix>): Matrix {
    const cached = worlds.get(id);
    if (cached) return cached;
    const node = this.store.get(id);
    if (!isSceneNode(node)) return IDENTITY_MATRIX;
    const parent = this.store.get(node.parent);
    const parentWorld = isSceneNode(parent) ? this.world(parent.id, worlds) : IDENTITY_MATRIX;
    const world = multiply(parentWorld, toMatrix(node.transform));
    worlds.set(id, world);
    return world;
  }

  private ids(numbers: readonly number[]): Id[] {
    const out: Id[] = [];
    for (const n of numbers) {
      const id = this.toId[n];
      if (id !== undefined) out.push(id);
    }
    return out;
  }
}
