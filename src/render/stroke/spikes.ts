/**
 * How close to straight back a turn must be to count as a fold: the sine of the angle between
 * the two segments. The tessellator's crossing points are rounded, so an antenna it leaves
 * (an edge walked out and back, where overlapping edges did not cancel exactly) turns back by
 * about 1e-16, while a real point of a star 1e-9 radians sharp is narrower than a pixel for
 * any outline under a million pixels long.
 */
const FOLD_SINE = 1e-9;

/** Whether the polyline turns straight back at b (or a segment at b has no length). */
function foldsAt(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  const ux = bx - ax;
  const uy = by - ay;
  const vx = cx - bx;
  const vy = cy - by;
  const lengths = Math.hypot(ux, uy) * Math.hypot(vx, vy);
  if (lengths === 0) return true;
  return Math.abs(ux * vy - uy * vx) <= FOLD_SINE * lengths && ux * vx + uy * vy < 0;
}

/**
 * A closed outline without its zero-width spikes and repeated points: vertices where it walks
 * out along an edge and straight back. They enclose no area, but the anti-aliased rim would draw
 * them as hairlines. Returns an empty list when nothing with area is left.
 */
export function withoutSpikes(points: readonly number[]): number[] {
  const out: number[] = [];
  const folds = (i: number, j: number, k: number): boolean =>
    foldsAt(
      out[i * 2]!,
      out[i * 2 + 1]!,
      out[j * 2]!,
      out[j * 2 + 1]!,
      out[k * 2]!,
      out[k * 2 + 1]!,
    );
  const n = points.length >> 1;
  for (let i = 0; i < n; i += 1) {
    out.push(points[i * 2]!, points[i * 2 + 1]!);
    // Removing a spike's tip can make its base a tip in turn: keep folding back.
    for (let k = out.length >> 1; k >= 3 && folds(k - 3, k - 2, k - 1); k = out.length >> 1)
      out.splice(out.length - 4, 2);
  }
  // The outline closes: the same at the seam between its last points and its first.
  for (let k = out.length >> 1; k >= 3; k = out.length >> 1) {
    if (folds(k - 2, k - 1, 0)) out.splice(out.length - 2, 2);
    else if (folds(k - 1, 0, 1)) out.splice(0, 2);
    else break;
  }
  return out.length >= 6 ? out : [];
}
