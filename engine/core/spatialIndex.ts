import type { CoreExports } from "./exports.ts";

const MAX_ID = 0x7fffffff;
/** Entries per bulk call: keeps the core's bulk buffer small (36 bytes an entry). */
const BULK_ENTRIES = 1 << 16;

function checkId(id: number): void {
  if (!Number.isInteger(id) || id < 0 || id > MAX_ID) {
    throw new RangeError(`spatial index: id must be an integer in [0, ${MAX_ID}], got ${id}`);
  }
}

function checkBox(minX: number, minY: number, maxX: number, maxY: number): void {
  // Written so that NaN fails too.
  if (!(minX <= maxX && minY <= maxY)) {
    throw new RangeError(`spatial index: invalid box [${minX}, ${minY}, ${maxX}, ${maxY}]`);
  }
}

/**
 * Spatial index over axis-aligned boxes, keyed by caller-chosen non-negative 32-bit integer ids.
 * Boxes are closed: touching counts as intersecting. Query results are unordered except for
 * `nearest`. The id table is sized by the largest id in use (4 bytes per id), so ids should be
 * reasonably dense.
 */
export class SpatialIndex {
  private readonly core: CoreExports;
  private buffer: ArrayBuffer | null = null;
  private ids: Int32Array = new Int32Array(0);

  constructor(core: CoreExports) {
    this.core = core;
  }

  get size(): number {
    return this.core.idxSize();
  }

  /** Adds a box; throws if the id is already present. */
  insert(id: number, minX: number, minY: number, maxX: number, maxY: number): void {
    checkId(id);
    checkBox(minX, minY, maxX, maxY);
    if (this.core.idxInsert(id, minX, minY, maxX, maxY) !== 0) {
      throw new Error(`spatial index: id ${id} is already present`);
    }
  }

  /**
   * Adds many boxes at once, as `insert` would one by one: `boxes` holds minX, minY, maxX, maxY
   * for each id of `ids`, in order. Every id and box is checked before any is added; an id that
   * is present already (or repeated) throws, leaving those before it added.
   */
  insertMany(ids: Int32Array, boxes: Float64Array): void {
    const n = ids.length;
    if (boxes.length !== n * 4) {
      throw new RangeError(`spatial index: ${n} ids need ${n * 4} bounds, got ${boxes.length}`);
    }
    for (let i = 0; i < n; i++) {
      checkId(ids[i]!);
      checkBox(boxes[i * 4]!, boxes[i * 4 + 1]!, boxes[i * 4 + 2]!, boxes[i * 4 + 3]!);
    }
    // One reservation for everything, rather than growth at every power of two on the way.
    if (n > 0) this.core.idxReserve(Math.min(MAX_ID, this.size + n));
    for (let start = 0; start < n; start += BULK_ENTRIES) {
      const count = Math.min(BULK_ENTRIES, n - start);
      const ptr = this.core.idxBulkBuffer(count);
      // Read the buffer only after the call: it may have grown memory.
      const memory = this.core.memory.buffer;
      new Float64Array(memory, ptr, count * 4).set(boxes.subarray(start * 4, (start + count) * 4));
      new Int32Array(memory, ptr + count * 32, count).set(ids.subarray(start, start + count));
      const done = this.core.idxInsertMany(count);
      if (done !== count) {
        throw new Error(`spatial index: id ${ids[start + done]} is already present`);
      }
    }
  }

  /** Replaces the box of an id; throws if the id is absent. */
  update(id: number, minX: number, minY: number, maxX: number, maxY: number): void {
    checkId(id);
    checkBox(minX, minY, maxX, maxY);
    if (this.core.idxUpdate(id, minX, minY, maxX, maxY) !== 0) {
      throw new Error(`spatial index: id ${id} is not present`);
    }
  }

  /** Returns whether the id was present. */
  remove(id: number): boolean {
    if (!Number.isInteger(id) || id < 0 || id > MAX_ID) return false;
    return this.core.idxRemove(id) === 1;
  }

  has(id: number): boolean {
    if (!Number.isInteger(id) || id < 0 || id > MAX_ID) return false;
    return this.core.idxHas(id) === 1;
  }

  /** Ids whose box contains the point (hit-test candidates). */
  queryPoint(x: number, y: number, out: number[] = []): number[] {
    return this.collect(this.core.idxQueryPoint(x, y), out);
  }

  /** Ids whose box intersects the rectangle. */
  queryRect(minX: number, minY: number, maxX: number, maxY: number, out: number[] = []): number[] {
    return this.collect(this.core.idxQueryRect(minX, minY, maxX, maxY), out);
  }

  /**
   * The k ids nearest to the point by point-to-box distance (0 inside a box), ascending by
   * distance, ties by id, limited to distances <= maxDistance.
   */
  nearest(x: number, y: number, k: number, maxDistance = Infinity, out: number[] = []): number[] {
    const count = Math.min(Math.max(Math.floor(k), 0), MAX_ID);
    if (Number.isNaN(count)) return this.collect(0, out);
    return this.collect(this.core.idxNearest(x, y, count, maxDistance), out);
  }

  /** Preallocates room for `capacity` boxes (and ids below `capacity`). */
  reserve(capacity: number): void {
    if (!Number.isInteger(capacity) || capacity < 0 || capacity > MAX_ID) {
      throw new RangeError(`spatial index: invalid capacity ${capacity}`);
    }
    this.core.idxReserve(capacity);
  }

  /** Removes everything, keeping the allocated memory. */
  clear(): void {
    this.core.idxClear();
  }

  private collect(count: number, out: number[]): number[] {
    out.length = count;
    if (count === 0) return out;
    const buffer = this.core.memory.buffer;
    const ptr = this.core.idxResultPtr();
    // Views die when memory grows, and the buffer moves when the index grows.
    if (buffer !== this.buffer || this.ids.byteOffset !== ptr || this.ids.length < count) {
      this.buffer = buffer;
      this.ids = new Int32Array(buffer, ptr, (buffer.byteLength - ptr) >>> 2);
    }
    const ids = this.ids;
    for (let i = 0; i < count; i++) out[i] = ids[i] ?? 0;
    return out;
  }
}
