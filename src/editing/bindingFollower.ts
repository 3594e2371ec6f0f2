import { worldMatrix } from "../doc/commands";
import type { Commit, DocumentStore, Transaction } from "../doc/store";
import { apply, invert, type Matrix } from "../doc/transform";
import {
  isSceneNode,
  type Transform,
  type Binding,
  type DocRecord,
  type Id,
  type LineNode,
  type SceneNode,
} from "../doc/types";
import { boundTargets } from "../doc/bindings";
import { anchorWorld, boundEnd, canBindTo, elbowEnd } from "../shapes/bindings";
import { isLine } from "../shapes/line";
import { elbowIsHorizontal } from "../shapes/lineRoute";
import { holdsChildren } from "../shapes/registry";
import type { Point } from "../math/point";
import type { CommitSource } from "./commitPipeline";

/** How far (page units) an end may drift before a lone move of its line counts as moving it. */
const MOVED = 1e-6;

/**
 * Keeps bound line ends on their shapes. At the end of every transaction, the lines bound to a
 * node it wrote (or to anything inside a container it wrote) get their bound ends placed again,
 * in the same transaction, so one undo step takes the shape and its connectors back together.
 * A line moved on its own (its ends moved, its shapes did not) comes free at those ends, and an
 * end whose shape was deleted comes free where it is. The work is proportional to the nodes the
 * transaction wrote and the lines bound to them, through an index of bindings by shape that
 * commits keep current.
 */
export class BindingFollower {
  /** Lines by the shape they are bound to; built on first need. */
  private byTarget: Map<Id, Set<Id>> | null = null;
  /**
   * The frames of nodes on a page itself, by their transform record: there a node's world
   * transform is its own, so the frame is a pure function of an immutable record. A drag step
   * places its connectors again but keeps their transforms, and their far shapes', so most of
   * the frames it needs were worked out by the step before.
   */
  private readonly topLevelFrames = new WeakMap<Transform, Frame>();
  private readonly cleanups: Array<() => void>;

  constructor(
    private readonly store: DocumentStore,
    commits: CommitSource,
  ) {
    this.cleanups = [
      store.addFinisher((tx) => this.finish(tx)),
      commits.subscribe((commit) => this.committed(commit)),
    ];
  }

  dispose(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.byTarget = null;
  }

  /**
   * The lines bound to any of `ids` or to anything inside them: what follows them when they
   * move (a drag's snapping leaves them out, as it leaves out what is dragged).
   */
  linesBoundTo(ids: Iterable<Id>): Set<Id> {
    const index = this.index();
    const lines = new Set<Id>();
    if (index.size === 0) return lines;
    const stack = [...ids];
    while (stack.length > 0) {
      const node = stack.pop()!;
      for (const line of index.get(node) ?? []) lines.add(line);
      const record = this.store.get(node);
      if (record !== undefined && isSceneNode(record) && holdsChildren(record))
        for (const child of this.store.childIds(node)) stack.push(child);
    }
    return lines;
  }

  private index(): Map<Id, Set<Id>> {
    if (this.byTarget === null) {
      this.byTarget = new Map();
      for (const record of this.store.all())
        if (isLine(record)) this.add(record.id, boundTargets(record));
    }
    return this.byTarget;
  }

  private add(line: Id, targets: readonly Id[]): void {
    const index = this.byTarget!;
    for (const target of targets) {
      let lines = index.get(target);
      if (lines === undefined) index.set(target, (lines = new Set()));
      lines.add(line);
    }
  }

  private committed(commit: Commit): void {
    if (this.byTarget === null) return;
    for (const { id, before, after } of commit.patch.changes) {
      if (!isLine(before) && !isLine(after)) continue;
      // Most line changes are ends placed again: the bindings themselves are the same objects.
      if (
        isLine(before) &&
        isLine(after) &&
        before.startBinding === after.startBinding &&
        before.endBinding === after.endBinding
      )
        continue;
      for (const target of boundTargets(isLine(before) ? before : null)) {
        const lines = this.byTarget.get(target);
        lines?.delete(id);
        if (lines?.size === 0) this.byTarget.delete(target);
      }
      this.add(id, boundTargets(isLine(after) ? after : null));
    }
  }

  private finish(tx: Transaction): void {
    const written = new Set(tx.written());
    // Only scene nodes bind or are bound: renaming a document just opened must not index the
    // bindings of a million shapes.
    let nodes = false;
    for (const id of written)
      if (isSceneNode(tx.get(id)) || isSceneNode(this.store.get(id))) {
        nodes = true;
        break;
      }
    if (!nodes) return;
    const index = this.index();
    const lines = new Set<Id>();
    for (const id of written) {
      const record = tx.get(id);
      if (isLine(record) && (record.startBinding !== null || record.endBinding !== null))
        lines.add(id);
      if (index.size === 0) continue;
      // The node and, for a container, everything in it: moving a frame moves what it holds.
      const stack = [id];
      while (stack.length > 0) {
        const node = stack.pop()!;
        for (const line of index.get(node) ?? []) lines.add(line);
        const kept = tx.get(node);
        // A bound line inside a moved container has moved too.
        if (isLine(kept) && boundTargets(kept).length > 0) lines.add(node);
        if (kept !== undefined && isSceneNode(kept) && holdsChildren(kept))
          for (const child of this.store.childIds(node)) stack.push(child);
      }
    }
    const frames = new Frames(this.topLevelFrames);
    for (const id of lines) this.place(tx, id, written, frames);
  }

  /** Places the bound ends of one line again, or frees them (see the class comment). */
  private place(tx: Transaction, id: Id, written: ReadonlySet<Id>, frames: Frames): void {
    const line = tx.get(id);
    if (!isLine(line)) return;
    const { world: lineWorld, inverse: toLocal } = frames.of(tx, line);
    if (toLocal === null) return;
    // Only a line written here, or inside a container written here, can have had its ends
    // moved by hand; the rest (the many lines bound to a dragged shape) skip that check.
    const before = movedWith(tx, line, written) ? this.store.get(id) : undefined;
    const start = endState(tx, line, before, "start", lineWorld, written, frames, this.store);
    const end = endState(tx, line, before, "end", lineWorld, written, frames, this.store);
    const startRef = reference(start, lineWorld, line.start);
    const endRef = reference(end, lineWorld, line.end);
    // An elbow leaves and meets its shapes square, on the sides facing each other.
    const elbow =
      line.route === "elbow" ? { horizontal: elbowIsHorizontal(startRef, endRef) } : null;
    const nextStart = placed(start, toLocal, line.start, endRef, elbow);
    const nextEnd = placed(end, toLocal, line.end, startRef, elbow);
    const startBinding = start === FREE ? null : line.startBinding;
    const endBinding = end === FREE ? null : line.endBinding;
    if (
      !samePoint(nextStart, line.start) ||
      !samePoint(nextEnd, line.end) ||
      startBinding !== line.startBinding ||
      endBinding !== line.endBinding
    )
      tx.put({ ...line, start: nextStart, end: nextEnd, startBinding, endBinding });
  }
}

/** A node's world transform and its inverse (null when it cannot be inverted). */
interface Frame {
  readonly world: Matrix;
  readonly inverse: Matrix | null;
}

/** World transforms and their inverses, looked up once per transaction: many lines share one shape. */
class Frames {
  private readonly nested = new Map<Id, Frame>();

  constructor(private readonly topLevel: WeakMap<Transform, Frame>) {}

  /** The frame of `node`, a record as `tx` sees it. */
  of(tx: Transaction, node: SceneNode): Frame {
    if (!isSceneNode(tx.get(node.parent))) {
      let frame = this.topLevel.get(node.transform);
      if (frame === undefined) this.topLevel.set(node.transform, (frame = frameOf(tx, node.id)));
      return frame;
    }
    let frame = this.nested.get(node.id);
    if (frame === undefined) this.nested.set(node.id, (frame = frameOf(tx, node.id)));
    return frame;
  }
}

function frameOf(tx: Transaction, id: Id): Frame {
  const world = worldMatrix(tx, id);
  return { world, inverse: invert(world) };
}

const FREE = "free";

interface BoundEnd {
  readonly binding: Binding;
  readonly target: SceneNode;
  readonly world: Matrix;
  readonly inverse: Matrix | null;
}

/** What one end is bound to now: null when free, FREE when it comes free in this transaction. */
function endState(
  tx: Transaction,
  line: LineNode,
  before: DocRecord | undefined,
  which: "start" | "end",
  lineWorld: Matrix,
  written: ReadonlySet<Id>,
  frames: Frames,
  store: DocumentStore,
): BoundEnd | typeof FREE | null {
  const binding = which === "start" ? line.startBinding : line.endBinding;
  if (binding === null) return null;
  const target = tx.get(binding.node);
  if (target === undefined || !isSceneNode(target) || !canBindTo(target)) return FREE;
  // A binding set in this transaction (a new object) stays: the user just made it. One carried
  // over unchanged whose end was moved while its shape stayed put comes free.
  if (isLine(before) && before[`${which}Binding`] === binding) {
    const was = apply(worldMatrix(store, line.id), before[which]);
    const is = apply(lineWorld, line[which]);
    if (Math.hypot(was.x - is.x, was.y - is.y) > MOVED && !movedWith(tx, target, written))
      return FREE;
  }
  const { world, inverse } = frames.of(tx, target);
  return { binding, target, world, inverse };
}

/** The point the other end aims at: a bound end's anchor, else the end itself, on the page. */
function reference(bound: BoundEnd | typeof FREE | null, lineWorld: Matrix, local: Point): Point {
  if (bound === null || bound === FREE) return apply(lineWorld, local);
  return anchorWorld(bound.target, bound.world, bound.binding) ?? apply(lineWorld, local);
}

/** Where an end goes, in the line's own coordinates. */
function placed(
  bound: BoundEnd | typeof FREE | null,
  toLocal: Matrix,
  local: Point,
  toward: Point,
  elbow: { readonly horizontal: boolean } | null,
): Point {
  if (bound === null || bound === FREE) return local;
  const world =
    elbow === null
      ? boundEnd(bound.target, bound.world, bound.binding, toward, bound.inverse)
      : elbowEnd(bound.target, bound.world, bound.binding, toward, elbow.horizontal);
  return world === null ? local : apply(toLocal, world);
}

/** Whether the node or one of its containers was written in this transaction. */
function movedWith(tx: Transaction, node: SceneNode, written: ReadonlySet<Id>): boolean {
  let cursor: SceneNode | undefined = node;
  for (let guard = 0; cursor !== undefined && guard < 100_000; guard++) {
    if (written.has(cursor.id)) return true;
    const parent = tx.get(cursor.parent);
    cursor = parent !== undefined && isSceneNode(parent) ? parent : undefined;
  }
  return false;
}

function samePoint(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}
