import type { Id } from "../../doc/types";

/** Probes one key may take before the table gives way to a Map (see `IdTable`). */
const MAX_PROBES = 64;

/**
 * Record positions by id while a file is read: what a `Map<Id, number>` would hold, made for the
 * one job of reading a file of up to millions of records whose count is known at the start. The
 * slots are one typed array sized once (no growth, no entry objects), so adding a hundred
 * thousand ids costs a fraction of a Map's inserts.
 *
 * Ids come from the file, so their hashes may be chosen to collide: each table hashes with a
 * seed of its own, and a key that needs more than `MAX_PROBES` probes moves every id into a
 * Map, whose hashing a file cannot aim at, so no file makes reading it quadratic.
 */
export class IdTable {
  private readonly slots: Int32Array;
  private readonly keys: (Id | undefined)[];
  private readonly mask: number;
  private readonly seed: number;
  private map: Map<Id, number> | null = null;
  private count = 0;

  /**
   * `capacity`: the most positions there will be; positions run from 0 to capacity - 1.
   * `maxProbes`: how far a key may search before the Map takes over.
   */
  constructor(
    capacity: number,
    private readonly maxProbes = MAX_PROBES,
  ) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.keys = new Array<Id | undefined>(capacity);
    this.mask = size - 1;
    this.seed = (Math.random() * 0x100000000) >>> 0;
  }

  get size(): number {
    return this.map === null ? this.count : this.map.size;
  }

  /** The position of `id`, or undefined. */
  get(id: Id): number | undefined {
    if (this.map !== null) return this.map.get(id);
    const { slots, keys, mask } = this;
    for (let slot = this.hash(id) & mask, probes = 0; probes <= mask; probes++) {
      const position = slots[slot]!;
      if (position < 0) return undefined;
      if (keys[position] === id) return position;
      slot = (slot + 1) & mask;
    }
    return undefined;
  }

  /**
   * Adds `id` at `position` (not used before) and returns -1; when `id` is there already, keeps
   * it where it is and returns its position instead.
   */
  add(id: Id, position: number): number {
    if (this.map !== null) return this.addToMap(id, position);
    const { slots, keys, mask } = this;
    let slot = this.hash(id) & mask;
    for (let probes = 0; ; probes++) {
      const held = slots[slot]!;
      if (held < 0) break;
      if (keys[held] === id) return held;
      if (probes >= this.maxProbes) {
        this.toMap();
        return this.addToMap(id, position);
      }
      slot = (slot + 1) & mask;
    }
    slots[slot] = position;
    keys[position] = id;
    this.count++;
    return -1;
  }

  private addToMap(id: Id, position: number): number {
    const map = this.map!;
    const held = map.get(id);
    if (held !== undefined) return held;
    map.set(id, position);
    return -1;
  }

  private toMap(): void {
    const map = new Map<Id, number>();
    const { slots, keys } = this;
    for (let slot = 0; slot < slots.length; slot++) {
      const position = slots[slot]!;
      if (position >= 0) map.set(keys[position]!, position);
    }
    this.map = map;
  }

  /** FNV-1a over the UTF-16 code units, from the table's seed, with a final mix of the bits. */
  private hash(id: Id): number {
    let h = this.seed ^ 0x811c9dc5;
    for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    return h;
  }
}
