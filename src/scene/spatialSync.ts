import type { SpatialIndex } from "../../engine/core/spatialIndex";
import type { Commit, DocumentStore } from "../doc/store";
import { IDENTITY_MATRIX, multiply, toMatrix, type Matrix } from "../doc/transform";
import { isContainer, isSceneNode, type Id } from "../doc/types";
import { localBounds, transformBox, type Box } from "./bounds";

/**
 * Keeps the core's spatial index in step with one page of the document, from commit patches:
 * culling, hit testing, marquee and snapping all ask it instead of walking the tree. The index
 * takes integer ids, so ids are mapped both ways, with freed numbers reused.
 */
export class SpatialSync {
  private readonly toInt = new Map<Id, number>();
  private readonly toId: (Id | undefined)[] = [];
  private readonly free: number[] = [];
  private page: Id | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: DocumentStore,
    private readonly index: SpatialIndex,
  ) {
    this.unsubscribe = store.subscribe((commit) => this.onCommit(commit));
  }

  /** Indexes every node of a page, replacing what was there. */
  showPage(pageId: Id): void {
    this.index.clear();
    this.toInt.clear();
    this.toId.length = 0;
    this.free.length = 0;
    this.page = pageId;
    const worlds = new Map<Id, Matrix>();
    const stack: Id[] = [pageId];
    while (stack.length > 0) {
      const parent = stack.pop()!;
      for (const child of this.store.childrenOf(parent)) {
        this.place(child.id, worlds);
        if (isContainer(child)) stack.push(child.id);
      }
    }
  }

  /** Nodes whose bounds contain the point: hit-test candidates, front to back not guaranteed. */
  queryPoint(x: number, y: number): Id[] {
    return this.ids(this.index.queryPoint(x, y));
  }

  /** Nodes whose bounds touch the rectangle. */
  queryRect(box: Box): Id[] {
    return this.ids(this.index.queryRect(box.minX, box.minY, box.maxX, box.maxY));
  }

  get size(): number {
    return this.index.size;
  }

  dispose(): void {
    this.unsubscribe();
  }

  private onCommit(commit: Commit): void {
    if (this.page === null) return;
    const worlds = new Map<Id, Matrix>();
    for (const { id, before, after } of commit.patch.changes) {
      if (after === null || !isSceneNode(after)) {
        this.drop(id);
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
      return;
    }
    const local = localBounds(node);
    if (local === null) {
      this.drop(id);
      return;
    }
    const box = transformBox(local, this.world(id, worlds));
    const known = this.toInt.get(id);
    if (known !== undefined) this.index.update(known, box.minX, box.minY, box.maxX, box.maxY);
    else {
      const n = this.free.pop() ?? this.toId.length;
      this.toInt.set(id, n);
      this.toId[n] = id;
      this.index.insert(n, box.minX, box.minY, box.maxX, box.maxY);
    }
  }

  private drop(id: Id): void {
    const n = this.toInt.get(id);
    if (n === undefined) return;
    this.index.remove(n);
    this.toInt.delete(id);
    this.toId[n] = undefined;
    this.free.push(n);
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
