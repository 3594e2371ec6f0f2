/** A distance as a guide shows it: at most two decimals, no trailing zeros. */
export function formatDistance(distance: number): string {
  const rounded = Math.round(distance * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}
