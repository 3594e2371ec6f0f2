import type { DocumentStore } from "../../doc/store";
import { isContainer, type Id, type SceneNode } from "../../doc/types";

export interface LayerRow {
  readonly node: SceneNode;
  readonly depth: number;
  readonly hasChildren: boolean;
}

/**
 * The page's node tree as the rows of a layers panel: front to back (the topmost shape first, as
 * drawing programs list them), children under expanded containers. Iterative, so deep nesting
 * cannot overflow the stack.
 */
export function layerRows(store: DocumentStore, pageId: Id, expanded: ReadonlySet<Id>): LayerRow[] {
  const rows: LayerRow[] = [];
  const stack: { node: SceneNode; depth: number }[] = [];
  const pushChildren = (parent: Id, depth: number): void => {
    // Back-to-front order pushed as is: the stack pops the frontmost first.
    for (const node of store.childrenOf(parent)) stack.push({ node, depth });
  };
  pushChildren(pageId, 0);
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    // Leaves are most of a big page: only containers are asked about children.
    const hasChildren = isContainer(node) && hasAny(store.childIds(node.id));
    rows.push({ node, depth, hasChildren });
    if (hasChildren && expanded.has(node.id)) pushChildren(node.id, depth + 1);
  }
  return rows;
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
