/**
 * Flips the inner edges of a triangulation (x, y pairs in `xy`, vertex indices in threes in
 * `triangles`, changed in place) until each triangle's circumcircle holds no vertex of the
 * triangle across any of its edges: the constrained Delaunay triangulation of the same area.
 * Edges of a single triangle (the outlines) stay. Earcut and the tessellator cut long chords
 * along one side of a shape; Delaunay triangles reach across it instead, which is what lets a fill
 * be shrunk by moving its vertices: across a band thinner than a pixel, whose vertices meet along
 * its middle, its triangles then close up instead of keeping the chords' slivers. Gives up after
 * a bounded number of flips (the triangulation stays valid at every step).
 */
export function delaunayFlip(xy: ArrayLike<number>, triangles: number[]): void {
  const count = triangles.length / 3;
  if (count < 2) return;
  const slots = count * 3;
  // Per triangle corner slot (3t + e, the edge from corner e to corner e + 1): the slot of the
  // same edge in the triangle across it, or −1 on an outline. Found through the slots leaving and
  // arriving at each vertex (counting sorts): the twin of a→b leaves b and arrives at a, looked
  // for among whichever of the two is fewer (a fan's hub has thousands).
  let vertices = 0;
  for (let k = 0; k < slots; k += 1) vertices = Math.max(vertices, triangles[k]! + 1);
  const leaving = bySlot(triangles, slots, vertices, 0, 0);
  const arriving = bySlot(triangles, slots, vertices, 1, 2);
  const twin = scratch(6, slots);
  twin.fill(-1, 0, slots);
  for (let k = 0; k < slots; k += 1) {
    if (twin[k]! >= 0) continue;
    const a = triangles[k]!;
    const b = triangles[next(k)]!;
    const fromB = leaving.first[b + 1]! - leaving.first[b]!;
    const intoA = arriving.first[a + 1]! - arriving.first[a]!;
    const list = fromB <= intoA ? leaving : arriving;
    const at = fromB <= intoA ? b : a;
    for (let m = list.first[at]!; m < list.first[at + 1]!; m += 1) {
      const other = list.slots[m]!;
      if (other === k || twin[other]! >= 0) continue;
      if (triangles[other] === b && triangles[next(other)] === a) {
        twin[k] = other;
        twin[other] = k;
        break;
      }
    }
  }
  const pending: number[] = [];
  for (let k = 0; k < slots; k += 1) if (twin[k]! > k) pending.push(k);
  let budget = 16 * count + 64;
  while (pending.length > 0 && budget > 0) {
    const s1 = pending.pop()!;
    const s2 = twin[s1]!;
    if (s2 < 0) continue;
    // Triangle 1 is a, b, c from s1; triangle 2 is b, a, d from s2.
    const a = triangles[s1]!;
    const b = triangles[next(s1)]!;
    const c = triangles[next(next(s1))]!;
    const d = triangles[next(next(s2))]!;
    if (triangles[s2] !== b || triangles[next(s2)] !== a || c === d) continue;
    // The quad a, d, b, c must be strictly convex: c and d either side of a–b, a and b either
    // side of c–d.
    const abc = orient(xy, a, b, c);
    if (!(abc * orient(xy, a, b, d) < 0)) continue;
    if (!(orient(xy, c, d, a) * orient(xy, c, d, b) < 0)) continue;
    if (!(inCircle(xy, a, b, c, d) * Math.sign(abc) > 0)) continue;
    budget -= 1;
    // a–b becomes d–c: triangle 1 = (c, a, d), triangle 2 = (d, b, c), keeping their turn.
    const t1 = s1 - (s1 % 3);
    const t2 = s2 - (s2 % 3);
    // The outer edges' twins before the flip: b–c and c–a of triangle 1, a–d and d–b of 2.
    const bc = twin[next(s1)]!;
    const ca = twin[next(next(s1))]!;
    const ad = twin[next(s2)]!;
    const db = twin[next(next(s2))]!;
    triangles[t1] = c;
    triangles[t1 + 1] = a;
    triangles[t1 + 2] = d;
    triangles[t2] = d;
    triangles[t2 + 1] = b;
    triangles[t2 + 2] = c;
    // Slots: t1: c–a, a–d, d–c; t2: d–b, b–c, c–d.
    link(twin, t1, ca);
    link(twin, t1 + 1, ad);
    link(twin, t1 + 2, t2 + 2);
    link(twin, t2, db);
    link(twin, t2 + 1, bc);
    pending.push(t1, t1 + 1, t2, t2 + 1);
  }
}

function link(twin: Int32Array, slot: number, other: number): void {
  twin[slot] = other;
  if (other >= 0) twin[other] = slot;
}

/** Twice the signed area of a, b, c. */
function orient(xy: ArrayLike<number>, a: number, b: number, c: number): number {
  const ax = xy[a * 2]!;
  const ay = xy[a * 2 + 1]!;
  return (xy[b * 2]! - ax) * (xy[c * 2 + 1]! - ay) - (xy[b * 2 + 1]! - ay) * (xy[c * 2]! - ax);
}

/**
 * The slots grouped by a vertex of theirs, the one where they start (`which` 0) or end (1):
 * `slots[first[v]]` up to `slots[first[v + 1]]` are vertex v's. Uses working arrays `buffer` and
 * `buffer` + 1 (and a third for counting).
 */
function bySlot(
  triangles: readonly number[],
  slots: number,
  vertices: number,
  which: 0 | 1,
  buffer: number,
): { first: Int32Array; slots: Int32Array } {
  const first = scratch(buffer, vertices + 1);
  first.fill(0, 0, vertices + 1);
  for (let k = 0; k < slots; k += 1) first[triangles[which === 0 ? k : next(k)]! + 1]! += 1;
  for (let v = 0; v < vertices; v += 1) first[v + 1]! += first[v]!;
  const filled = scratch(5, vertices);
  filled.set(first.subarray(0, vertices));
  const grouped = scratch(buffer + 1, slots);
  for (let k = 0; k < slots; k += 1) grouped[filled[triangles[which === 0 ? k : next(k)]!]!++] = k;
  return { first, slots: grouped };
}

/** Working arrays kept between calls (a fill is triangulated every time its chunk is built). */
const buffers: Int32Array[] = [];

/** Working array `which`, at least `size` long (its contents are left over). */
function scratch(which: number, size: number): Int32Array {
  let buffer = buffers[which];
  if (buffer === undefined || buffer.length < size) {
    buffer = new Int32Array(Math.max(size, 2 * (buffer?.length ?? 64)));
    buffers[which] = buffer;
  }
  return buffer;
}

/** The next corner slot of the same triangle. */
function next(slot: number): number {
  return slot % 3 === 2 ? slot - 2 : slot + 1;
}

/**
 * Whether d lies inside the circle through a, b and c, as a number positive inside when a, b, c
 * turn counter-clockwise (in x-right, y-up terms), with a margin for rounding: points on the
 * circle, as the corners of a band's regular quads are, read as outside.
 */
function inCircle(xy: ArrayLike<number>, a: number, b: number, c: number, d: number): number {
  const dx = xy[d * 2]!;
  const dy = xy[d * 2 + 1]!;
  const ax = xy[a * 2]! - dx;
  const ay = xy[a * 2 + 1]! - dy;
  const bx = xy[b * 2]! - dx;
  const by = xy[b * 2 + 1]! - dy;
  const cx = xy[c * 2]! - dx;
  const cy = xy[c * 2 + 1]! - dy;
  const a2 = ax * ax + ay * ay;
  const b2 = bx * bx + by * by;
  const c2 = cx * cx + cy * cy;
  const det = ax * (by * c2 - b2 * cy) - ay * (bx * c2 - b2 * cx) + a2 * (bx * cy - by * cx);
  // The terms' size, for a margin relative to it.
  const size =
    Math.abs(ax * by * c2) +
    Math.abs(ax * b2 * cy) +
    Math.abs(ay * bx * c2) +
    Math.abs(ay * b2 * cx) +
    Math.abs(a2 * bx * cy) +
    Math.abs(a2 * by * cx);
  return Math.abs(det) <= size * 1e-9 ? 0 : det;
}
