/**
 * Past this many segments the outlines are not swept and are taken as crossing. That is twice
 * the tessellator's limit, so such outlines end up filled as if simple; the cap only keeps the
 * sort's memory and time bounded for outlines far beyond anything drawn by hand.
 */
export const MAX_SWEEP_SEGMENTS = 20_000;

/**
 * Segments that overlap along the sweep many at a time (dozens of concentric rings, dense
 * hatching at an angle) make the sweep quadratic. Past this many comparisons per segment on
 * average it stops and answers "crossing", which is always safe: the tessellator then decides.
 * Twenty concentric circles of 64 segments stay under it (see the crossing tests).
 */
export const MAX_SWEEP_TESTS_PER_SEGMENT = 128;

/** Up to this many segments every pair is compared: cheaper than sorting them for a sweep. */
const ALL_PAIRS_SEGMENTS = 32;

/**
 * Whether closed outlines (local x, y pairs) cross or touch themselves or each other: any two
 * segments that meet other than at the vertex two neighbours share, or neighbours that fold back
 * along each other. Sweeps the segments in order of their low end along the axis they spread
 * less along (horizontal stripes are swept top to bottom), so it stays about O(n log n) for
 * outlines that do not pile up along it. Errs towards "crossing" when in doubt.
 */
export function outlinesCross(outlines: readonly (readonly number[])[]): boolean {
  let count = 0;
  for (const points of outlines) count += points.length >> 1;
  if (count > MAX_SWEEP_SEGMENTS) return true;
  if (count <= ALL_PAIRS_SEGMENTS) {
    const segments = collectSegments(outlines, count, false);
    for (let a = 1; a < count; a += 1)
      for (let b = 0; b < a; b += 1) if (segmentsMeet(segments, a, b)) return true;
    return false;
  }
  const segments = collectSegments(outlines, count, sweepsAlongY(outlines));
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i += 1) order[i] = i;
  order.sort((a, b) => segments.minX[a]! - segments.minX[b]!);
  const active: number[] = [];
  let budget = count * MAX_SWEEP_TESTS_PER_SEGMENT;
  for (const s of order) {
    const left = segments.minX[s]!;
    let kept = 0;
    for (const t of active) if (segments.maxX[t]! >= left) active[kept++] = t;
    active.length = kept;
    budget -= kept;
    if (budget < 0) return true;
    for (const t of active) if (segmentsMeet(segments, s, t)) return true;
    active.push(s);
  }
  return false;
}

/**
 * Whether segments overlap less along y than along x: their total extent along each axis,
 * relative to the box of all points along that axis, is how many a sweep holds at a time.
 */
function sweepsAlongY(outlines: readonly (readonly number[])[]): boolean {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  let spanX = 0;
  let spanY = 0;
  for (const points of outlines) {
    const n = points.length >> 1;
    for (let i = 0; i < n; i += 1) {
      const j = (i + 1) % n;
      const x = points[i * 2]!;
      const y = points[i * 2 + 1]!;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      spanX += Math.abs(points[j * 2]! - x);
      spanY += Math.abs(points[j * 2 + 1]! - y);
    }
  }
  return spanY * (maxX - minX) < spanX * (maxY - minY);
}

/** Every segment of every outline, closing segment included, in flat arrays. */
class Segments {
  ax = new Float64Array(0);
  ay = new Float64Array(0);
  bx = new Float64Array(0);
  by = new Float64Array(0);
  minX = new Float64Array(0);
  maxX = new Float64Array(0);
  /** Which outline a segment belongs to, its index along it, and that outline's length. */
  outline = new Uint32Array(0);
  index = new Uint32Array(0);
  size = new Uint32Array(0);

  /** Makes room for `count` segments; what the arrays hold is then left over from before. */
  reserve(count: number): void {
    if (this.ax.length >= count) return;
    const capacity = Math.max(count, this.ax.length * 2);
    this.ax = new Float64Array(capacity);
    this.ay = new Float64Array(capacity);
    this.bx = new Float64Array(capacity);
    this.by = new Float64Array(capacity);
    this.minX = new Float64Array(capacity);
    this.maxX = new Float64Array(capacity);
    this.outline = new Uint32Array(capacity);
    this.index = new Uint32Array(capacity);
    this.size = new Uint32Array(capacity);
  }
}

/**
 * One table for every call: the test runs for every filled path on every rebuild, and most
 * paths are a dozen points, for which allocating the arrays costs more than the test.
 */
const scratch = new Segments();

/**
 * The outlines' segments, in the shared table; with `swap`, x and y trade places so the sweep
 * can always run along x.
 */
function collectSegments(
  outlines: readonly (readonly number[])[],
  count: number,
  swap: boolean,
): Segments {
  const s = scratch;
  s.reserve(count);
  const [xAt, yAt] = swap ? [1, 0] : [0, 1];
  let k = 0;
  outlines.forEach((points, o) => {
    const n = points.length >> 1;
    for (let i = 0; i < n; i += 1, k += 1) {
      const j = (i + 1) % n;
      s.ax[k] = points[i * 2 + xAt]!;
      s.ay[k] = points[i * 2 + yAt]!;
      s.bx[k] = points[j * 2 + xAt]!;
      s.by[k] = points[j * 2 + yAt]!;
      s.minX[k] = Math.min(s.ax[k]!, s.bx[k]!);
      s.maxX[k] = Math.max(s.ax[k]!, s.bx[k]!);
      s.outline[k] = o;
      s.index[k] = i;
      s.size[k] = n;
    }
  });
  return s;
}

function segmentsMeet(s: Segments, a: number, b: number): boolean {
  if (
    Math.max(s.ay[a]!, s.by[a]!) < Math.min(s.ay[b]!, s.by[b]!) ||
    Math.max(s.ay[b]!, s.by[b]!) < Math.min(s.ay[a]!, s.by[a]!)
  )
    return false;
  if (s.outline[a] === s.outline[b]) {
    const n = s.size[a]!;
    // Neighbours share a vertex by construction; they only count when they double back.
    if ((s.index[a]! + 1) % n === s.index[b]) return foldsBack(s, a, b);
    if ((s.index[b]! + 1) % n === s.index[a]) return foldsBack(s, b, a);
  }
  return segmentsIntersect(
    s.ax[a]!,
    s.ay[a]!,
    s.bx[a]!,
    s.by[a]!,
    s.ax[b]!,
    s.ay[b]!,
    s.bx[b]!,
    s.by[b]!,
  );
}

/** Whether segment `next`, which starts where `first` ends, runs back along it. */
function foldsBack(s: Segments, first: number, next: number): boolean {
  const ux = s.bx[first]! - s.ax[first]!;
  const uy = s.by[first]! - s.ay[first]!;
  const vx = s.bx[next]! - s.ax[next]!;
  const vy = s.by[next]! - s.ay[next]!;
  return ux * vy - uy * vx === 0 && ux * vx + uy * vy < 0;
}

/** Which side of the line a→b the point p is on: positive left, negative right, 0 on it. */
function orient(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

/** Whether p, known to be on the line a→b, lies within the segment's box. */
function withinBox(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  px: number,
  py: number,
): boolean {
  return (
    px >= Math.min(ax, bx) &&
    px <= Math.max(ax, bx) &&
    py >= Math.min(ay, by) &&
    py <= Math.max(ay, by)
  );
}

/** Whether two closed segments share any point: crossing, touching or overlapping. */
export function segmentsIntersect(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const c = orient(ax, ay, bx, by, cx, cy);
  const d = orient(ax, ay, bx, by, dx, dy);
  const a = orient(cx, cy, dx, dy, ax, ay);
  const b = orient(cx, cy, dx, dy, bx, by);
  if (((c > 0 && d < 0) || (c < 0 && d > 0)) && ((a > 0 && b < 0) || (a < 0 && b > 0))) return true;
  return (
    (c === 0 && withinBox(ax, ay, bx, by, cx, cy)) ||
    (d === 0 && withinBox(ax, ay, bx, by, dx, dy)) ||
    (a === 0 && withinBox(cx, cy, dx, dy, ax, ay)) ||
    (b === 0 && withinBox(cx, cy, dx, dy, bx, by))
  );
}
