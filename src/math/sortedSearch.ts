/**
 * The position of the last of `items` whose start is at or before `at`, the items sorted by
 * start (0 when none is): which run of rows, or chunk of members, holds position `at`.
 */
export function lastStartingBy<T>(
  items: readonly T[],
  at: number,
  start: (item: T) => number,
): number {
  let low = 0;
  let high = items.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (start(items[mid]!) <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}
