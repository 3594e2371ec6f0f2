import { worldMatrix } from "../doc/commands";
import type { Commit, DocumentStore, Transaction } from "../doc/store";
import { apply, invert } from "../doc/transform";
import { isSceneNode, type Id, type LineNode, type SceneNode } from "../doc/types";
import { boundTargets } from "../doc/bindings";
import { anchorWorld, boundEnd, canBindTo } from "../shapes/bindings";
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

  /** The lines bound to `target`, as of the last commit. */
  linesBoundTo(target: Id): readonly Id[] {
    return [...(this.index().get(target) ?? [])];
  }

  private index(): Map<Id, Set<Id>> {
    if (this.byTarget === null) {
      this.byTarget = new Map();
      for (const record of this.store.all())
        if (record.type === "line") this.add(record.id, boundTargets(record));
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
      if (before?.type !== "line" && after?.type !== "line") continue;
      for (const target of boundTargets(before?.type === "line" ? before : null)) {
        const lines = this.byTarget.get(target);
        lines?.delete(id);
        if (lines?.size === 0) this.byTarget.delete(target);
      }
      this.add(id, boundTargets(after?.type === "line" ? after : null));
    }
  }

  private finish(tx: Transaction): void {
    const written = new Set(tx.written());
    if (written.size === 0) return;
    const index = this.index();
    const lines = new Set<Id>();
    for (const id of written) {
      const record = tx.get(id);
      if (record?.type === "line" && (record.startBinding !== null || record.endBinding !== null))
        lines.add(id);
      if (index.size === 0) continue;
      // The node and, for a container, everything in it: moving a frame moves what it holds.
      const stack = [id];
      while (stack.length > 0) {
        const node = stack.pop()!;
        for (const line of index.get(node) ?? []) lines.add(line);
        const kept = tx.get(node);
        // A bound line inside a moved container has moved too.
        if (kept?.type === "line" && boundTargets(kept).length > 0) lines.add(node);
        if (
          kept !== undefined &&
          isSceneNode(kept) &&
          (kept.type === "group" || kept.type === "frame")
        )
          for (const child of this.store.childIds(node)) stack.push(child);
      }
    }
    for (const id of lines) this.place(tx, id, written);
  }

  /** Places the bound ends of one line again, or frees them (see the class comment). */
  private place(tx: Transaction, id: Id, written: ReadonlySet<Id>): void {
    const line = tx.get(id);
    if (line?.type !== "line") return;
    const before = this.store.get(id);
    const lineWorld = worldMatrix(tx, id);
    const toLocal = invert(lineWorld);
    if (toLocal === null) return;
    const beforeWorld = before?.type === "line" ? worldMatrix(this.store, id) : null;
    const end = (which: "start" | "end") => {
      const binding = which === "start" ? line.startBinding : line.endBinding;
      if (binding === null) return null;
      const target = tx.get(binding.node);
      if (target === undefined || !isSceneNode(target) || !canBindTo(target)) return "free";
      // A binding set in this transaction (a new object) stays: the user just made it. One
      // carried over unchanged whose end was moved while its shape stayed put comes free.
      const kept = before?.type === "line" ? before[`${which}Binding`] : null;
      if (kept === binding && beforeWorld !== null && before?.type === "line") {
        const was = apply(beforeWorld, before[which]);
        const is = apply(lineWorld, line[which]);
        if (Math.hypot(was.x - is.x, was.y - is.y) > MOVED && !movedWith(tx, target, written))
          return "free";
      }
      return { binding, target, world: worldMatrix(tx, target.id) };
    };
    const start = end("start");
    const finish = end("end");
    const reference = (bound: ReturnType<typeof end>, local: Point): Point =>
      bound !== null && bound !== "free"
        ? (anchorWorld(bound.target, bound.world, bound.binding) ?? apply(lineWorld, local))
        : apply(lineWorld, local);
    const startRef = reference(start, line.start);
    const endRef = reference(finish, line.end);
    const placed = (bound: ReturnType<typeof end>, local: Point, toward: Point): Point => {
      if (bound === null || bound === "free") return local;
      const world = boundEnd(bound.target, bound.world, bound.binding, toward);
      return world === null ? local : apply(toLocal, world);
    };
    const next: LineNode = {
      ...line,
      start: placed(start, line.start, endRef),
      end: placed(finish, line.end, startRef),
      startBinding: start === "free" ? null : line.startBinding,
      endBinding: finish === "free" ? null : line.endBinding,
    };
    if (
      !samePoint(next.start, line.start) ||
      !samePoint(next.end, line.end) ||
      next.startBinding !== line.startBinding ||
      next.endBinding !== line.endBinding
    )
      tx.put(next);
  }
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
