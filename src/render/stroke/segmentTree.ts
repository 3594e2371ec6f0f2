/** Segments per leaf of the tree. */
const LEAF_SIZE = 16;

/** Up to this many segments the tree is one leaf: testing them all costs less than the boxes. */
const FLAT_SIZE = 64;

/** The boxes of the latest tree built (trees are built often, for one fill's rims each). */
let boxBuffer = new Float64Array(256);

/**
 * A tree of bounding boxes over line segments, for casting short rays at them: how far a ray goes
 * before it meets a segment. The segments are grouped as they come, runs of `LEAF_SIZE` under
 * each leaf and pairs of neighbouring boxes under each parent, which for the segments of outlines
 * (each one starting where the last ended) keeps boxes tight without sorting: built in linear
 * time, each ray then visits the few boxes along it. Only the latest tree built may be cast at:
 * trees share their working memory.
 */
export class SegmentTree {
  private readonly segments: Float64Array;
  /** Per node: min x, min y, max x, max y. Leaves first, then each level up; the root last. */
  private readonly boxes: Float64Array;
  /** Where each level's nodes start in `boxes` (node index), leaves (level 0) first. */
  private readonly levels: number[] = [];
  private readonly leaves: number;
  private readonly leafSize: number;

  private readonly count: number;

  /** `segments`: x0, y0, x1, y1 per segment, `count` of them (all there are, by default). */
  constructor(segments: Float64Array, count = segments.length >> 2) {
    this.segments = segments;
    this.count = count;
    this.leafSize = count <= FLAT_SIZE ? Math.max(1, count) : LEAF_SIZE;
    this.leaves = Math.ceil(count / this.leafSize);
    let nodes = 0;
    for (let width = this.leaves; width > 0; width = width > 1 ? Math.ceil(width / 2) : 0) {
      this.levels.push(nodes);
      nodes += width;
    }
    if (boxBuffer.length < nodes * 4)
      boxBuffer = new Float64Array(Math.max(nodes * 4, 2 * boxBuffer.length));
    // Shared between trees: one is cast at while it is the latest built.
    const boxes = boxBuffer;
    this.boxes = boxes;
    for (let leaf = 0; leaf < this.leaves; leaf += 1) {
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      const end = Math.min(count, (leaf + 1) * this.leafSize);
      for (let i = leaf * this.leafSize; i < end; i += 1) {
        const o = i * 4;
        minX = Math.min(minX, segments[o]!, segments[o + 2]!);
        minY = Math.min(minY, segments[o + 1]!, segments[o + 3]!);
        maxX = Math.max(maxX, segments[o]!, segments[o + 2]!);
        maxY = Math.max(maxY, segments[o + 1]!, segments[o + 3]!);
      }
      boxes[leaf * 4] = minX;
      boxes[leaf * 4 + 1] = minY;
      boxes[leaf * 4 + 2] = maxX;
      boxes[leaf * 4 + 3] = maxY;
    }
    for (let level = 1; level < this.levels.length; level += 1) {
      const below = this.levels[level - 1]!;
      const width = this.levels[level]! - below;
      const start = this.levels[level]!;
      const next = level + 1 < this.levels.length ? this.levels[level + 1]! : nodes;
      for (let node = start; node < next; node += 1) {
        const left = below + (node - start) * 2;
        const right = Math.min(left + 1, below + width - 1);
        boxes[node * 4] = Math.min(boxes[left * 4]!, boxes[right * 4]!);
        boxes[node * 4 + 1] = Math.min(boxes[left * 4 + 1]!, boxes[right * 4 + 1]!);
        boxes[node * 4 + 2] = Math.max(boxes[left * 4 + 2]!, boxes[right * 4 + 2]!);
        boxes[node * 4 + 3] = Math.max(boxes[left * 4 + 3]!, boxes[right * 4 + 3]!);
      }
    }
  }

  /**
   * The distance along the ray from (x, y) in the unit direction (ux, uy) to the first segment it
   * crosses further than a hair from its start, or `reach` if none does within it. Segments
   * `skipA` and `skipB` are passed over (those the ray starts from).
   */
  nearestHit(
    x: number,
    y: number,
    ux: number,
    uy: number,
    reach: number,
    skipA: number,
    skipB: number,
  ): number {
    const levels = this.levels.length;
    if (levels === 0) return reach;
    this.x = x;
    this.y = y;
    this.ux = ux;
    this.uy = uy;
    this.hair = reach * 1e-9;
    this.best = reach;
    this.skipA = skipA;
    this.skipB = skipB;
    this.visit(levels - 1, 0);
    return this.best;
  }

  // The ray being cast, kept on the tree while it is.
  private x = 0;
  private y = 0;
  private ux = 0;
  private uy = 0;
  private hair = 0;
  private best = 0;
  private skipA = -1;
  private skipB = -1;

  /** Visits node `offset` of level `level` and what is under it. */
  private visit(level: number, offset: number): void {
    const node = this.levels[level]! + offset;
    if (!this.rayMeetsBox(node)) return;
    if (level > 0) {
      const below = this.levels[level - 1]!;
      const width = this.levels[level]! - below;
      const left = offset * 2;
      this.visit(level - 1, left);
      if (left + 1 < width) this.visit(level - 1, left + 1);
      return;
    }
    const s = this.segments;
    const { x, y, ux, uy } = this;
    const end = Math.min(this.count, (offset + 1) * this.leafSize);
    for (let i = offset * this.leafSize; i < end; i += 1) {
      if (i === this.skipA || i === this.skipB) continue;
      const x0 = s[i * 4]!;
      const y0 = s[i * 4 + 1]!;
      const ex = s[i * 4 + 2]! - x0;
      const ey = s[i * 4 + 3]! - y0;
      const denominator = ux * ey - uy * ex;
      if (denominator === 0) continue;
      const qx = x0 - x;
      const qy = y0 - y;
      const along = (qx * ey - qy * ex) / denominator;
      if (!(along > this.hair) || !(along < this.best)) continue;
      const where = (qx * uy - qy * ux) / denominator;
      if (where >= -1e-9 && where <= 1 + 1e-9) this.best = along;
    }
  }

  /** Whether the ray, up to the nearest hit so far, passes through the node's box (slabs). */
  private rayMeetsBox(node: number): boolean {
    const b = node * 4;
    const box = this.boxes;
    const { x, y, ux, uy } = this;
    let near = 0;
    let far = this.best;
    if (ux === 0) {
      if (x < box[b]! || x > box[b + 2]!) return false;
    } else {
      const t0 = (box[b]! - x) / ux;
      const t1 = (box[b + 2]! - x) / ux;
      near = Math.max(near, Math.min(t0, t1));
      far = Math.min(far, Math.max(t0, t1));
      if (near > far) return false;
    }
    if (uy === 0) return y >= box[b + 1]! && y <= box[b + 3]!;
    const t0 = (box[b + 1]! - y) / uy;
    const t1 = (box[b + 3]! - y) / uy;
    return Math.max(near, Math.min(t0, t1)) <= Math.min(far, Math.max(t0, t1));
  }
}
