import { bySiblingOrder, siblingPlace } from "./siblingOrder";
import {
  checkAll,
  checkAllSteps,
  checkChanged,
  InvariantError,
  type KindRules,
  type RecordView,
} from "./invariants";
import { invertPatch, sameValue, type Change, type Patch } from "./patch";
import {
  isSceneNode,
  type DocRecord,
  type DocumentMeta,
  type Id,
  type PageRecord,
  type SceneNode,
} from "./types";

/** Who made a commit. History records only "user" commits. */
export type Origin = "user" | "undo" | "redo" | "remote" | "load";

export interface Commit {
  readonly label: string;
  readonly origin: Origin;
  readonly patch: Patch;
  readonly selectionBefore: readonly Id[];
  readonly selectionAfter: readonly Id[];
  /** The store's version after this commit. */
  readonly version: number;
}

export interface StoreOptions {
  /**
   * Check invariants after every transaction (development and tests), with these rules for each
   * kind's own fields: the kinds' (`KIND_RULES`, `shapes/registry.ts`), which this layer cannot
   * import.
   */
  readonly invariants?: KindRules;
}

type Listener<T> = (value: T) => void;

/** Changes per write up to which sorted children lists are edited rather than dropped. */
const EDITS_KEEPING_ORDER = 256;

/** Whether a change keeps a node under the same parent at the same index. */
function samePlace(before: DocRecord | undefined, after: DocRecord | null): after is SceneNode {
  return (
    before !== undefined &&
    after !== null &&
    isSceneNode(before) &&
    isSceneNode(after) &&
    before.parent === after.parent &&
    before.index === after.index
  );
}

/** `sorted` with `more` (in any order) merged in, in `bySiblingOrder` order: a new list. */
function mergeSorted(sorted: readonly SceneNode[], more: SceneNode[]): SceneNode[] {
  more.sort(bySiblingOrder);
  const out: SceneNode[] = [];
  let i = 0;
  let j = 0;
  while (i < sorted.length && j < more.length)
    out.push(bySiblingOrder(sorted[i]!, more[j]!) <= 0 ? sorted[i++]! : more[j++]!);
  while (i < sorted.length) out.push(sorted[i++]!);
  while (j < more.length) out.push(more[j++]!);
  return out;
}

/** Whether the nodes are in `bySiblingOrder` order, each strictly after the one before. */
function inSiblingOrder(nodes: readonly SceneNode[]): boolean {
  for (let i = 1; i < nodes.length; i++)
    if (bySiblingOrder(nodes[i - 1]!, nodes[i]!) >= 0) return false;
  return true;
}

/** Records indexed per step of `DocumentStore.build`: well under a millisecond's work. */
const RECORDS_PER_STEP = 4096;

/** The children list the last loaded node went into, kept from one step of loading to the next. */
interface LastList {
  parent: Id | null;
  list: SceneNode[];
}

/** What `build` makes its store with: it then loads the records itself, in steps. */
const LOADED_BY_BUILD: Iterable<DocRecord> = Object.freeze([]);

/**
 * The single source of truth. Records change only through `transact` (or `apply`, for patches
 * from history and other tabs); every change is published as a Commit carrying its Patch.
 */
export class DocumentStore implements RecordView {
  private readonly records = new Map<Id, DocRecord>();
  private readonly children = new Map<Id, Set<Id>>();
  /**
   * Children as loaded, per parent, made into a set in `children` only when one of them first
   * changes: a page of a million shapes needs no million-entry set to be shown.
   */
  private readonly loadedChildren = new Map<Id, readonly SceneNode[]>();
  private readonly sortedChildren = new Map<Id, readonly SceneNode[]>();
  /** Ids of the page records, so listing pages does not scan every record. */
  private readonly pageIds = new Set<Id>();
  private readonly commitListeners = new Set<Listener<Commit>>();
  private readonly selectionListeners = new Set<Listener<readonly Id[]>>();
  private readonly finishers = new Set<(tx: Transaction) => void>();
  private current: Transaction | null = null;
  private selected: readonly Id[] = [];
  private revision = 0;
  private locked = false;
  private documentId: Id | null = null;
  /** The kinds' value rules, checked after every transaction; null when nothing is checked. */
  private readonly rules: KindRules | null;

  /** Whether invariants are checked after every transaction. */
  get checksInvariants(): boolean {
    return this.rules !== null;
  }

  constructor(records: Iterable<DocRecord>, options: StoreOptions = {}) {
    this.rules = options.invariants ?? null;
    if (records === LOADED_BY_BUILD) return;
    const loading = this.load(records);
    while (loading.next().done !== true);
    this.checkLoaded();
  }

  /**
   * A store of `records` made in steps of RECORDS_PER_STEP records: each `next()` of the
   * generator is a bounded piece, so a caller can load a document of a hundred thousand shapes
   * over many tasks (see io/steps.ts) and drop it halfway with nothing else changed.
   */
  static *build(
    records: Iterable<DocRecord>,
    options: StoreOptions = {},
  ): Generator<void, DocumentStore, void> {
    const store = new DocumentStore(LOADED_BY_BUILD, options);
    yield* store.load(records);
    if (store.rules !== null) store.throwOn(yield* checkAllSteps(store, store.rules));
    return store;
  }

  private checkLoaded(): void {
    if (this.rules !== null) this.throwOn(checkAll(this, this.rules));
  }

  private throwOn(problems: readonly string[]): void {
    if (problems.length > 0) throw new InvariantError(problems);
  }

  // ---- Reading ----

  get(id: Id): DocRecord | undefined {
    return this.records.get(id);
  }

  has(id: Id): boolean {
    return this.records.has(id);
  }

  get size(): number {
    return this.records.size;
  }

  get version(): number {
    return this.revision;
  }

  all(): IterableIterator<DocRecord> {
    return this.records.values();
  }

  childIds(id: Id): Iterable<Id> {
    const loaded = this.loadedChildren.get(id);
    if (loaded !== undefined) return loaded.map((child) => child.id);
    return this.children.get(id) ?? [];
  }

  /** The nodes under a page or container, back to front. */
  childrenOf(id: Id): readonly SceneNode[] {
    let sorted = this.sortedChildren.get(id);
    if (sorted === undefined) {
      const list: SceneNode[] = [];
      for (const childId of this.childIds(id)) {
        const child = this.records.get(childId);
        if (isSceneNode(child)) list.push(child);
      }
      sorted = list.sort(bySiblingOrder);
      this.sortedChildren.set(id, sorted);
    }
    return sorted;
  }

  get document(): DocumentMeta {
    const record = this.documentId === null ? undefined : this.records.get(this.documentId);
    if (record?.type !== "document") throw new InvariantError(["the document record is missing"]);
    return record;
  }

  pages(): PageRecord[] {
    const pages: PageRecord[] = [];
    for (const id of this.pageIds) {
      const record = this.records.get(id);
      if (record?.type === "page") pages.push(record);
    }
    return pages.sort(bySiblingOrder);
  }

  /** The page a node is on, or undefined for a detached id. */
  pageOf(id: Id): PageRecord | undefined {
    let record = this.records.get(id);
    for (let guard = 0; record !== undefined && guard <= this.records.size; guard++) {
      if (record.type === "page") return record;
      if (!isSceneNode(record)) return undefined;
      record = this.records.get(record.parent);
    }
    return undefined;
  }

  get selection(): readonly Id[] {
    return this.selected;
  }

  /**
   * A read-only store refuses edits from this tab (user, undo, redo) while still taking loads and
   * patches from the tab that owns the document.
   */
  get readOnly(): boolean {
    return this.locked;
  }

  setReadOnly(readOnly: boolean): void {
    this.locked = readOnly;
  }

  /** Every record, for saving. */
  snapshot(): DocRecord[] {
    return [...this.records.values()];
  }

  // ---- Changing ----

  /**
   * Runs `fn` as one transaction and commits what it changed. A transaction started inside
   * another joins it. Returns null when nothing changed or the store is read-only. If the result would break an
   * invariant (when checks are on), nothing is applied and an InvariantError is thrown.
   */
  transact(label: string, fn: (tx: Transaction) => void, origin: Origin = "user"): Commit | null {
    if (this.refuses(origin)) return null;
    if (this.current !== null) {
      fn(this.current);
      return null;
    }
    const tx = new Transaction(this);
    this.current = tx;
    try {
      fn(tx);
      for (const finish of this.finishers) finish(tx);
    } finally {
      this.current = null;
    }
    return this.commit(label, origin, tx.changes(), tx.selectionAfter);
  }

  /**
   * Applies a patch made elsewhere (history, another tab). Each change's `before` must match the
   * current record, so a stale patch is refused rather than silently overwriting newer work.
   */
  apply(patch: Patch, origin: Origin, label: string, selection?: readonly Id[]): Commit | null {
    if (this.refuses(origin)) return null;
    if (this.current !== null) throw new Error("Cannot apply a patch inside a transaction");
    for (const change of patch.changes) {
      const present = this.records.get(change.id) ?? null;
      if (present !== change.before && !sameValue(present, change.before)) {
        throw new Error(`Patch does not apply: ${change.id} has changed since`);
      }
    }
    return this.commit(label, origin, patch.changes, selection ?? null);
  }

  /** Session state: not part of the document, but restored by undo and redo. */
  setSelection(ids: readonly Id[]): void {
    const next = this.liveSelection(ids);
    if (sameValue(next, this.selected)) return;
    this.selected = next;
    for (const listener of [...this.selectionListeners]) listener(next);
  }

  /**
   * Runs `finish` at the end of every transaction, before it is committed: the edits that follow
   * from an edit (a bound line end following its shape) join its commit, and so its undo step.
   * Patches applied from history or another tab already hold them and are not finished again.
   */
  addFinisher(finish: (tx: Transaction) => void): () => void {
    this.finishers.add(finish);
    return () => this.finishers.delete(finish);
  }

  subscribe(listener: Listener<Commit>): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  subscribeSelection(listener: Listener<readonly Id[]>): () => void {
    this.selectionListeners.add(listener);
    return () => this.selectionListeners.delete(listener);
  }

  // ---- Internals ----

  private refuses(origin: Origin): boolean {
    return this.locked && (origin === "user" || origin === "undo" || origin === "redo");
  }

  private commit(
    label: string,
    origin: Origin,
    changes: readonly Change[],
    selection: readonly Id[] | null,
  ): Commit | null {
    const selectionBefore = this.selected;
    if (changes.length === 0 && (selection === null || sameValue(selection, selectionBefore)))
      return null;
    this.write(changes);
    if (this.rules !== null) {
      const problems = checkChanged(this, changes, this.rules);
      if (problems.length > 0) {
        this.write(invertPatch({ changes }).changes);
        throw new InvariantError(problems);
      }
    }
    const selectionAfter = this.liveSelection(selection ?? selectionBefore);
    this.selected = selectionAfter;
    if (changes.length > 0) this.revision += 1;
    const commit: Commit = {
      label,
      origin,
      patch: { changes },
      selectionBefore,
      selectionAfter,
      version: this.revision,
    };
    for (const listener of [...this.commitListeners]) listener(commit);
    if (!sameValue(selectionBefore, selectionAfter)) {
      for (const listener of [...this.selectionListeners]) listener(selectionAfter);
    }
    return commit;
  }

  private write(changes: readonly Change[]): void {
    // A few changes keep each touched parent's sorted children up to date, on one copy per
    // parent: a shape moved on a page of a million must not make the next `childrenOf` sort
    // them all again. Many changes drop those lists, to be sorted once when next asked for.
    const edited = changes.length <= EDITS_KEEPING_ORDER ? new Map<Id, SceneNode[]>() : null;
    // Many new nodes under a parent and nothing else of its changed (an import's slice) are
    // merged into its sorted children instead: re-sorting a page of a hundred thousand after
    // each slice made every slice cost more than the one before.
    const added = edited === null ? new Map<Id, SceneNode[]>() : null;
    // Nodes that keep their parent and place (the connectors a drag step moves, a restyle) take
    // their old records' places in those lists, however many there are: a drag step moving a
    // thousand connectors made the next `childrenOf` sort a page of a hundred thousand again.
    const copies = edited ?? new Map<Id, SceneNode[]>();
    for (const { id, after } of changes) {
      const before = this.records.get(id);
      if (samePlace(before, after)) {
        this.records.set(id, after);
        this.replaceInOrder(copies, after);
        continue;
      }
      if (before !== undefined) {
        this.unlink(before);
        if (isSceneNode(before)) this.reorder(edited, before, "remove", added);
      }
      if (after === null) this.records.delete(id);
      else {
        this.records.set(id, after);
        this.link(after);
        if (isSceneNode(after))
          this.reorder(edited, after, before === undefined ? "add" : "insert", added);
      }
    }
    if (added !== null)
      for (const [parent, nodes] of added) {
        const sorted = this.sortedChildren.get(parent);
        if (sorted !== undefined) this.sortedChildren.set(parent, mergeSorted(sorted, nodes));
      }
  }

  /** Puts `node` into, or takes it out of, its parent's sorted children, or drops that list. */
  private reorder(
    edited: Map<Id, SceneNode[]> | null,
    node: SceneNode,
    edit: "insert" | "add" | "remove",
    added: Map<Id, SceneNode[]> | null = null,
  ): void {
    const parent = node.parent;
    let list = edited?.get(parent);
    if (list === undefined) {
      const cached = this.sortedChildren.get(parent);
      if (cached === undefined) return;
      if (edited === null) {
        // A node new to the document joins the parent's list at the end of the write.
        if (edit === "add" && added !== null) {
          const waiting = added.get(parent);
          if (waiting === undefined) added.set(parent, [node]);
          else waiting.push(node);
          return;
        }
        this.sortedChildren.delete(parent);
        added?.delete(parent);
        return;
      }
      // Lists already handed out stay as they were.
      list = cached.slice();
      edited.set(parent, list);
      this.sortedChildren.set(parent, list);
    }
    const low = siblingPlace(list, node);
    if (edit !== "remove") list.splice(low, 0, node);
    else if (list[low]?.id === node.id) list.splice(low, 1);
    else {
      // Not where its index says (only in a list that arrived broken): sort again when asked.
      this.sortedChildren.delete(parent);
      edited?.delete(parent);
    }
  }

  /** Puts `node` where its older record is in its parent's sorted children (copied first). */
  private replaceInOrder(copies: Map<Id, SceneNode[]>, node: SceneNode): void {
    const parent = node.parent;
    const cached = this.sortedChildren.get(parent);
    if (cached === undefined) return;
    let list = copies.get(parent);
    if (list !== cached) {
      // Lists already handed out stay as they were.
      list = cached.slice();
      copies.set(parent, list);
      this.sortedChildren.set(parent, list);
    }
    const at = siblingPlace(list, node);
    if (list[at]?.id === node.id) list[at] = node;
    else {
      // Not where its index says (only in a list that arrived broken): sort again when asked.
      this.sortedChildren.delete(parent);
      copies.delete(parent);
    }
  }

  /**
   * Indexes the initial records in one pass. A loaded document can hold a million nodes under
   * one page, so children are gathered into lists, with no per-record cache invalidation or set;
   * a list that arrives in sibling order (as files are written) is already `childrenOf`'s answer.
   * Each step's loop is a plain method the generator calls: V8 runs a loop inside a generator
   * several times slower.
   */
  private *load(records: Iterable<DocRecord>): Generator<void, void, void> {
    const all: readonly DocRecord[] = Array.isArray(records) ? records : [...records];
    const lists = new Map<Id, SceneNode[]>();
    const last: LastList = { parent: null, list: [] };
    for (let from = 0; from < all.length; from += RECORDS_PER_STEP) {
      if (from > 0) yield;
      this.loadRange(all, from, Math.min(all.length, from + RECORDS_PER_STEP), lists, last);
    }
    for (const [parent, list] of lists) {
      yield;
      this.loadedChildren.set(parent, list);
      if (inSiblingOrder(list)) this.sortedChildren.set(parent, list);
    }
  }

  private loadRange(
    records: readonly DocRecord[],
    from: number,
    to: number,
    lists: Map<Id, SceneNode[]>,
    last: LastList,
  ): void {
    const byId = this.records;
    for (let i = from; i < to; i++) {
      const record = records[i]!;
      const size = byId.size;
      byId.set(record.id, record);
      if (byId.size === size) throw new InvariantError([`duplicate id ${record.id}`]);
      if (record.type === "document") this.documentId = record.id;
      else if (record.type === "page") this.pageIds.add(record.id);
      if (!isSceneNode(record)) continue;
      if (record.parent !== last.parent) {
        last.parent = record.parent;
        let list = lists.get(record.parent);
        if (list === undefined) {
          list = [];
          lists.set(record.parent, list);
        }
        last.list = list;
      }
      last.list.push(record);
    }
  }

  /** The set of a parent's children, made from the loaded list the first time it changes. */
  private childSet(parent: Id): Set<Id> | undefined {
    const loaded = this.loadedChildren.get(parent);
    if (loaded !== undefined) {
      this.loadedChildren.delete(parent);
      this.children.set(parent, new Set(loaded.map((child) => child.id)));
    }
    return this.children.get(parent);
  }

  private link(record: DocRecord): void {
    if (record.type === "document") this.documentId = record.id;
    else if (record.type === "page") this.pageIds.add(record.id);
    if (!isSceneNode(record)) return;
    let set = this.childSet(record.parent);
    if (set === undefined) {
      set = new Set();
      this.children.set(record.parent, set);
    }
    set.add(record.id);
  }

  private unlink(record: DocRecord): void {
    if (record.type === "document" && this.documentId === record.id) this.documentId = null;
    else if (record.type === "page") this.pageIds.delete(record.id);
    if (!isSceneNode(record)) return;
    const set = this.childSet(record.parent);
    if (set !== undefined) {
      set.delete(record.id);
      if (set.size === 0) this.children.delete(record.parent);
    }
  }

  private liveSelection(ids: readonly Id[]): readonly Id[] {
    const unique = [...new Set(ids)].filter((id) => isSceneNode(this.records.get(id)));
    return unique.length === ids.length && unique.every((id, i) => id === ids[i]) ? ids : unique;
  }
}

/**
 * The changes of one transaction before they are committed. Reads see the transaction's own
 * writes, so a command can build on what it has just done.
 */
export class Transaction {
  private readonly pending = new Map<Id, DocRecord | null>();
  private selection: readonly Id[] | null = null;

  constructor(private readonly store: DocumentStore) {}

  get(id: Id): DocRecord | undefined {
    if (this.pending.has(id)) return this.pending.get(id) ?? undefined;
    return this.store.get(id);
  }

  has(id: Id): boolean {
    return this.get(id) !== undefined;
  }

  /** Adds a record, or replaces the one with its id. */
  put(record: DocRecord): void {
    this.pending.set(record.id, record);
  }

  /** Replaces some fields of an existing record. */
  update<T extends DocRecord>(id: Id, fields: Partial<Omit<T, "id" | "type">>): T {
    const record = this.get(id);
    if (record === undefined) throw new Error(`No record ${id} to update`);
    const next = { ...record, ...fields } as unknown as T;
    this.pending.set(id, next);
    return next;
  }

  remove(id: Id): void {
    this.pending.set(id, null);
  }

  /** The ids this transaction has written so far (a record put back unchanged included). */
  written(): IterableIterator<Id> {
    return this.pending.keys();
  }

  /** The nodes under `parent` as this transaction sees them, back to front. */
  childrenOf(parent: Id): SceneNode[] {
    // Untouched by this transaction, they are the store's sorted list: a slice adding to a page
    // of a hundred thousand must not sort them all again to find the frontmost.
    if (!this.touchesChildrenOf(parent)) return this.store.childrenOf(parent).slice();
    const result = new Map<Id, SceneNode>();
    for (const child of this.store.childrenOf(parent)) result.set(child.id, child);
    for (const [id, record] of this.pending) {
      if (record !== null && isSceneNode(record) && record.parent === parent)
        result.set(id, record);
      else result.delete(id);
    }
    return [...result.values()].sort(bySiblingOrder);
  }

  /** Whether a record written here is, or was, a child of `parent`. */
  private touchesChildrenOf(parent: Id): boolean {
    for (const [id, record] of this.pending) {
      if (record !== null && isSceneNode(record) && record.parent === parent) return true;
      const stored = this.store.get(id);
      if (stored !== undefined && isSceneNode(stored) && stored.parent === parent) return true;
    }
    return false;
  }

  /** Sets the selection this transaction leaves behind (restored by redo; undo restores the one before). */
  select(ids: readonly Id[]): void {
    this.selection = ids;
  }

  get selectionAfter(): readonly Id[] | null {
    return this.selection;
  }

  changes(): Change[] {
    const changes: Change[] = [];
    for (const [id, after] of this.pending) {
      const before = this.store.get(id) ?? null;
      if (before === after || sameValue(before, after)) continue;
      changes.push({ id, before, after });
    }
    return changes;
  }
}
