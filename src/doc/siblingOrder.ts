/** Something placed among its siblings: by its sibling key, then its id. */
interface Sibling {
  readonly index: string;
  readonly id: string;
}

/** Sibling order, back to front: by sibling key, then id. */
export function bySiblingOrder(a: Sibling, b: Sibling): number {
  // Ids break ties so an order is always total, even in a document that arrived broken.
  if (a.index !== b.index) return a.index < b.index ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Where `node` is, or would go, in `siblings` (in sibling order). */
export function siblingPlace(siblings: readonly Sibling[], node: Sibling): number {
  let low = 0;
  let high = siblings.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (bySiblingOrder(siblings[mid]!, node) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}
