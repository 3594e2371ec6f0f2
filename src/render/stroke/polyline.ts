/**
 * A polyline's points without repeats: consecutive points closer than `epsilon` are one point
 * (a zero-length segment has no direction to build along), and a closed polyline does not
 * repeat its first point at the end.
 */
export function distinctPoints(
  points: readonly number[],
  closed: boolean,
  epsilon: number,
): number[] {
  const out: number[] = [];
  // Squared distances, not Math.hypot: this runs for every point of every stroke built, and a
  // curved connector has a hundred of them.
  const epsilon2 = epsilon * epsilon;
  for (let i = 0; i + 1 < points.length; i += 2) {
    const x = points[i]!;
    const y = points[i + 1]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const n = out.length;
    if (n >= 2) {
      const dx = x - out[n - 2]!;
      const dy = y - out[n - 1]!;
      // With no tolerance only a repeat is dropped: squares of the tiniest steps would be 0.
      if (epsilon2 === 0 ? dx === 0 && dy === 0 : dx * dx + dy * dy <= epsilon2) continue;
    }
    out.push(x, y);
  }
  if (closed) {
    while (out.length >= 4 && Math.hypot(out[0]! - out.at(-2)!, out[1]! - out.at(-1)!) <= epsilon)
      out.length -= 2;
  }
  return out;
}

/** Twice the signed area (shoelace); positive when the points turn counter-clockwise in x-right, y-up terms. */
export function doubleSignedArea(points: readonly number[]): number {
  const n = points.length >> 1;
  let sum = 0;
  for (let i = 0; i < n; i += 1) {
    const j = (i + 1) % n;
    sum += points[i * 2]! * points[j * 2 + 1]! - points[j * 2]! * points[i * 2 + 1]!;
  }
  return sum;
}

/** Unit direction (dx, dy) and length of each of the first `count` segments, wrapping round. */
export function segmentDirections(
  points: readonly number[],
  count: number,
): { dx: number[]; dy: number[]; len: number[] } {
  const n = points.length >> 1;
  const dx: number[] = [];
  const dy: number[] = [];
  const len: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const j = (i + 1) % n;
    const x = points[j * 2]! - points[i * 2]!;
    const y = points[j * 2 + 1]! - points[i * 2 + 1]!;
    const l = Math.sqrt(x * x + y * y);
    dx.push(x / l);
    dy.push(y / l);
    len.push(l);
  }
  return { dx, dy, len };
}
