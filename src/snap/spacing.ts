import type { Guide } from "../render/overlays/overlays";
import { overlaps, pointOn, type Axis, type Span } from "./axis";
import { formatDistance } from "./label";

/** A box seen along one axis: `main` moves, `cross` says where guides go. */
export interface AxisBox {
  readonly main: Span;
  readonly cross: Span;
}

/** Two neighbours in a row and the empty space between them. */
interface Gap {
  readonly before: AxisBox;
  readonly after: AxisBox;
  readonly size: number;
}

/** At most this many reference gaps get a guide: a long even row would otherwise fill the view. */
const MAX_GAP_GUIDES = 8;

/**
 * Gaps between each neighbour and the first one that starts after it ends. Gaps the moving box
 * sits in are left out: once it moves there they no longer exist.
 */
function gapsOf(row: readonly AxisBox[], moving: Span): Gap[] {
  const sorted = [...row].sort((a, b) => a.main.lo - b.main.lo);
  const gaps: Gap[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const before = sorted[i]!;
    let low = i + 1;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (sorted[mid]!.main.lo < before.main.hi) low = mid + 1;
      else high = mid;
    }
    const after = sorted[low];
    if (after === undefined) continue;
    const size = after.main.lo - before.main.hi;
    if (size > 0 && !overlaps({ lo: before.main.hi, hi: after.main.lo }, moving))
      gaps.push({ before, after, size });
  }
  return gaps;
}

/** The nearest neighbours that end before / start after the moving span, give or take `slack`. */
function sides(
  row: readonly AxisBox[],
  moving: Span,
  slack: number,
): { left: AxisBox | null; right: AxisBox | null } {
  let left: AxisBox | null = null;
  let right: AxisBox | null = null;
  for (const box of row) {
    if (box.main.hi <= moving.lo + slack && box.main.lo < moving.lo) {
      if (left === null || box.main.hi > left.main.hi) left = box;
    }
    if (box.main.lo >= moving.hi - slack && box.main.hi > moving.hi) {
      if (right === null || box.main.lo < right.main.lo) right = box;
    }
  }
  return { left, right };
}

/**
 * The smallest offset within `tolerance` that makes the moving span's gap to its nearest
 * neighbour equal a gap already in the row, or centres it between its two neighbours. `row`
 * holds the neighbours sharing the moving box's row (their cross spans overlap it).
 */
export function nearestSpacing(
  moving: Span,
  row: readonly AxisBox[],
  tolerance: number,
): number | null {
  const { left, right } = sides(row, moving, tolerance);
  if (left === null && right === null) return null;
  const offsets: number[] = [];
  for (const gap of gapsOf(row, moving)) {
    if (left !== null) offsets.push(left.main.hi + gap.size - moving.lo);
    if (right !== null) offsets.push(right.main.lo - gap.size - moving.hi);
  }
  if (left !== null && right !== null && right.main.lo - left.main.hi > moving.hi - moving.lo)
    offsets.push((left.main.hi + right.main.lo - moving.lo - moving.hi) / 2);
  let best: number | null = null;
  for (const offset of offsets) {
    if (Math.abs(offset) <= tolerance && (best === null || Math.abs(offset) < Math.abs(best)))
      best = offset;
  }
  return best;
}

function gapGuide(axis: Axis, before: AxisBox, after: AxisBox): Guide {
  // Drawn across the middle of what the two boxes share across the axis.
  const cross =
    (Math.max(before.cross.lo, after.cross.lo) + Math.min(before.cross.hi, after.cross.hi)) / 2;
  return {
    from: pointOn(axis, before.main.hi, cross),
    to: pointOn(axis, after.main.lo, cross),
    label: formatDistance(after.main.lo - before.main.hi),
  };
}

/**
 * Guides for every equal gap the moving box now takes part in: its gaps to its neighbours, each
 * labelled with its size, and the row's other gaps of the same size. `epsilon` is how equal is
 * equal.
 */
export function spacingGuides(
  axis: Axis,
  moving: AxisBox,
  row: readonly AxisBox[],
  epsilon: number,
): Guide[] {
  const { left, right } = sides(row, moving.main, epsilon);
  const own: Gap[] = [];
  if (left !== null && moving.main.lo - left.main.hi > epsilon)
    own.push({ before: left, after: moving, size: moving.main.lo - left.main.hi });
  if (right !== null && right.main.lo - moving.main.hi > epsilon)
    own.push({ before: moving, after: right, size: right.main.lo - moving.main.hi });
  if (own.length === 0) return [];
  const others = gapsOf(row, moving.main);
  const shown = new Set<Gap>();
  const references: Gap[] = [];
  for (const gap of own) {
    const equal = others.filter((other) => Math.abs(other.size - gap.size) <= epsilon);
    const twin = own.find((o) => o !== gap && Math.abs(o.size - gap.size) <= epsilon);
    if (equal.length === 0 && twin === undefined) continue;
    shown.add(gap);
    for (const other of equal) {
      if (references.length < MAX_GAP_GUIDES && !references.includes(other)) references.push(other);
    }
  }
  return [...shown, ...references].map((gap) => gapGuide(axis, gap.before, gap.after));
}
