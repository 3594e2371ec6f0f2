// Plain brute-force reference implementations, used only by tests.

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export class ReferenceIndex {
  readonly boxes = new Map<number, Box>();

  get size(): number {
    return this.boxes.size;
  }

  insert(id: number, minX: number, minY: number, maxX: number, maxY: number): void {
    if (this.boxes.has(id)) throw new Error(`id ${id} is already present`);
    this.boxes.set(id, { minX, minY, maxX, maxY });
  }

  update(id: number, minX: number, minY: number, maxX: number, maxY: number): void {
    if (!this.boxes.has(id)) throw new Error(`id ${id} is not present`);
    this.boxes.set(id, { minX, minY, maxX, maxY });
  }

  remove(id: number): boolean {
    return this.boxes.delete(id);
  }

  has(id: number): boolean {
    return this.boxes.has(id);
  }

  clear(): void {
    this.boxes.clear();
  }

  queryPoint(x: number, y: number): number[] {
    return this.queryRect(x, y, x, y);
  }

  queryRect(minX: number, minY: number, maxX: number, maxY: number): number[] {
    const out: number[] = [];
    for (const [id, b] of this.boxes) {
      if (b.minX <= maxX && b.maxX >= minX && b.minY <= maxY && b.maxY >= minY) out.push(id);
    }
    return out.sort((a, b) => a - b);
  }

  distance(id: number, x: number, y: number): number {
    const b = this.boxes.get(id);
    if (!b) throw new Error(`id ${id} is not present`);
    return boxDistance(b, x, y);
  }

  nearest(x: number, y: number, k: number, maxDistance = Infinity): number[] {
    const all: { id: number; d: number }[] = [];
    for (const [id, b] of this.boxes) {
      const d = boxDistance(b, x, y);
      if (d <= maxDistance) all.push({ id, d });
    }
    all.sort((a, b) => a.d - b.d || a.id - b.id);
    return all.slice(0, Math.max(0, k)).map((e) => e.id);
  }
}

export function boxDistance(b: Box, x: number, y: number): number {
  const dx = Math.max(Math.max(b.minX - x, 0), x - b.maxX);
  const dy = Math.max(Math.max(b.minY - y, 0), y - b.maxY);
  return Math.sqrt(dx * dx + dy * dy);
}

/** Distance from a point to a parametric curve by dense sampling and local refinement. */
export function sampledCurveDistance(
  px: number,
  py: number,
  at: (t: number) => [number, number],
  samples = 4000,
): number {
  const dist = (t: number): number => {
    const [x, y] = at(t);
    return Math.hypot(x - px, y - py);
  };
  const values: number[] = [];
  for (let i = 0; i <= samples; i++) values.push(dist(i / samples));
  let best = Math.min(...values);
  for (let i = 0; i <= samples; i++) {
    const v = values[i]!;
    const left = values[i - 1] ?? Infinity;
    const right = values[i + 1] ?? Infinity;
    if (v > left || v > right) continue;
    // Ternary search on the neighbourhood of each sampled local minimum.
    let lo = Math.max(0, (i - 1) / samples);
    let hi = Math.min(1, (i + 1) / samples);
    for (let it = 0; it < 200 && hi - lo > 1e-17; it++) {
      const m1 = lo + (hi - lo) / 3;
      const m2 = hi - (hi - lo) / 3;
      if (dist(m1) <= dist(m2)) hi = m2;
      else lo = m1;
    }
    best = Math.min(best, dist((lo + hi) / 2), dist(lo), dist(hi));
  }
  return best;
}

export function quadraticAt(
  x0: number,
  y0: number,
  cx: number,
  cy: number,
  x1: number,
  y1: number,
): (t: number) => [number, number] {
  return (t) => {
    const u = 1 - t;
    return [u * u * x0 + 2 * u * t * cx + t * t * x1, u * u * y0 + 2 * u * t * cy + t * t * y1];
  };
}

export function cubicAt(
  x0: number,
  y0: number,
  c1x: number,
  c1y: number,
  c2x: number,
  c2y: number,
  x1: number,
  y1: number,
): (t: number) => [number, number] {
  return (t) => {
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    return [a * x0 + b * c1x + c * c2x + d * x1, a * y0 + b * c1y + c * c2y + d * y1];
  };
}

/**
 * Winding number of a closed polygon around a point by summing signed angles. Only valid for
 * points not on the boundary; `onBoundary` checks that case exactly for integer inputs.
 */
export function windingByAngles(px: number, py: number, pts: readonly number[]): number {
  const n = pts.length / 2;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ax = pts[2 * i]! - px;
    const ay = pts[2 * i + 1]! - py;
    const bx = pts[2 * j]! - px;
    const by = pts[2 * j + 1]! - py;
    total += Math.atan2(ax * by - ay * bx, ax * bx + ay * by);
  }
  return Math.round(total / (2 * Math.PI));
}

export function onBoundary(px: number, py: number, pts: readonly number[]): boolean {
  const n = pts.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const x0 = pts[2 * i]!;
    const y0 = pts[2 * i + 1]!;
    const x1 = pts[2 * j]!;
    const y1 = pts[2 * j + 1]!;
    const cross = (x1 - x0) * (py - y0) - (px - x0) * (y1 - y0);
    if (
      cross === 0 &&
      px >= Math.min(x0, x1) &&
      px <= Math.max(x0, x1) &&
      py >= Math.min(y0, y1) &&
      py <= Math.max(y0, y1)
    ) {
      return true;
    }
  }
  return false;
}

/** Reference point-in-polygon: boundary counts as inside; else winding / parity of winding. */
export function referenceInside(
  px: number,
  py: number,
  pts: readonly number[],
  rule: "nonzero" | "evenodd",
): boolean {
  if (onBoundary(px, py, pts)) return true;
  const w = windingByAngles(px, py, pts);
  return rule === "nonzero" ? w !== 0 : (w & 1) !== 0;
}
