import type { DocumentStore } from "../../doc/store";
import { siblingPlace } from "../../doc/siblingOrder";
import { lastStartingBy } from "../../math/sortedSearch";
import { isContainer, isSceneNode, type Id, type SceneNode } from "../../doc/types";

export interface LayerRow {
  readonly node: SceneNode;
  readonly depth: number;
  readonly hasChildren: boolean;
}

/** A run of one parent's children listed front to back: `list[from]`, `list[from - 1]`, … */
interface Run {
  /** The row of its first entry. */
  readonly start: number;
  readonly list: readonly SceneNode[];
  readonly from: number;
  readonly count: number;
  readonly depth: number;
}

/**
 * The page's node tree as the rows of a layers panel: front to back (the topmost shape first, as
 * drawing programs list them), children under expanded containers. Rows are made only when
 * asked for (the panel asks for those in view): the rows are runs of the store's sorted child
 * lists, one run between expanded containers, so a page of a million shapes is listed at a cost
 * of its expanded containers, not of its shapes, after every edit.
 */
export class LayerRows {
  private readonly runs: Run[] = [];
  readonly length: number;

  constructor(
    private readonly store: DocumentStore,
    pageId: Id,
    expanded: ReadonlySet<Id>,
  ) {
    // Which containers are open under each parent: few, whatever the page's size.
    const openUnder = new Map<Id, SceneNode[]>();
    for (const id of expanded) {
      const node = store.get(id);
      if (!isSceneNode(node) || !isContainer(node) || !hasAny(store.childIds(id))) continue;
      let open = openUnder.get(node.parent);
      if (open === undefined) openUnder.set(node.parent, (open = []));
      open.push(node);
    }
    let rows = 0;
    // Iterative, so deep nesting cannot overflow the stack: each entry lists a parent's
    // children from `cursor` down to its first, opening the containers met on the way.
    const stack: { list: readonly SceneNode[]; cursor: number; open: number[]; depth: number }[] =
      [];
    const enter = (parent: Id, depth: number): void => {
      const list = store.childrenOf(parent);
      const open: number[] = [];
      for (const node of openUnder.get(parent) ?? []) {
        const at = siblingPlace(list, node);
        if (list[at]?.id === node.id) open.push(at);
      }
      // Ascending, so the frontmost open container is popped first.
      open.sort((a, b) => a - b);
      stack.push({ list, cursor: list.length - 1, open, depth });
    };
    enter(pageId, 0);
    while (stack.length > 0) {
      const top = stack.at(-1)!;
      const next = top.open.pop() ?? -1;
      const count = top.cursor - next + (next >= 0 ? 1 : 0);
      if (count > 0) {
        this.runs.push({ start: rows, list: top.list, from: top.cursor, count, depth: top.depth });
        rows += count;
      }
      if (next < 0) {
        stack.pop();
        continue;
      }
      top.cursor = next - 1;
      enter(top.list[next]!.id, top.depth + 1);
    }
    this.length = rows;
  }

  /** Row `i` (0 is the frontmost), or undefined past the end. */
  at(i: number): LayerRow | undefined {
    if (!(i >= 0 && i < this.length)) return undefined;
    const run = this.runs[lastStartingBy(this.runs, i, (r) => r.start)]!;
    const node = run.list[run.from - (i - run.start)]!;
    const hasChildren = isContainer(node) && hasAny(this.store.childIds(node.id));
    return { node, depth: run.depth, hasChildren };
  }

  /** The rows from `start` up to `end`. */
  slice(start: number, end: number): LayerRow[] {
    const rows: LayerRow[] = [];
    for (let i = Math.max(0, start); i < Math.min(end, this.length); i++) rows.push(this.at(i)!);
    return rows;
  }

  /** The row of node `id`, or -1 when it is not listed (inside a closed container). */
  indexOf(id: Id): number {
    const node = this.store.get(id);
    if (!isSceneNode(node)) return -1;
    for (const run of this.runs) {
      if (run.list[0]?.parent !== node.parent) continue;
      const at = siblingPlace(run.list, node);
      if (run.list[at]?.id === id && at <= run.from && at > run.from - run.count)
        return run.start + (run.from - at);
    }
    return -1;
  }
}

export function layerRows(store: DocumentStore, pageId: Id, expanded: ReadonlySet<Id>): LayerRows {
  return new LayerRows(store, pageId, expanded);
}

function hasAny(ids: Iterable<Id>): boolean {
  for (const _ of ids) return true;
  return false;
}

export type DropPosition = "above" | "below" | "inside";

/** Where a drop at `offset` (0–1 down the row) lands: containers take the middle half. */
export function dropPosition(offset: number, container: boolean): DropPosition {
  if (container) return offset < 0.25 ? "above" : offset > 0.75 ? "below" : "inside";
  return offset < 0.5 ? "above" : "below";
}

/** The visible slice of a list of fixed-height rows, with a few rows spare each side. */
export function visibleRange(
  scrollTop: number,
  viewHeight: number,
  rowHeight: number,
  total: number,
  overscan = 6,
): { start: number; end: number } {
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(total, Math.ceil((scrollTop + viewHeight) / rowHeight) + overscan);
  return { start, end: Math.max(start, end) };
}

/**
 * The row under a point `y` pixels below the top of a list of fixed-height rows, and how far
 * down that row it is (0–1). Points above the list fall on the first row's top edge and points
 * below it on the last row's bottom edge, so a drag past either end still has a drop point.
 */
export function rowAt(
  y: number,
  rowHeight: number,
  count: number,
): { index: number; offset: number } | null {
  if (count <= 0 || !(rowHeight > 0) || Number.isNaN(y)) return null;
  if (y < 0) return { index: 0, offset: 0 };
  const index = Math.floor(y / rowHeight);
  if (index >= count) return { index: count - 1, offset: 1 };
  return { index, offset: (y - index * rowHeight) / rowHeight };
}
