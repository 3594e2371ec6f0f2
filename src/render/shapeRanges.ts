import type { Id } from "../doc/types";

/**
 * Where each shape's triangles sit in a batch's index list, in drawing order, so a cull can draw
 * only the shapes near the view: the software rasteriser pays for every vertex it is given, on
 * screen or not, and a chunk of consecutive siblings can stretch far past the view.
 */
export class ShapeRanges {
  private readonly ids: Id[] = [];
  private readonly ends: number[] = [];

  /** Notes that the indices up to `end` (exclusive, since the previous shape's end) are `id`'s. */
  add(id: Id, end: number): void {
    this.ids.push(id);
    this.ends.push(end);
  }

  get size(): number {
    return this.ids.length;
  }

  /** Calls `visit` with each shape and where its indices start and end, in drawing order. */
  forEach(visit: (id: Id, start: number, end: number) => void): void {
    let start = 0;
    for (let i = 0; i < this.ids.length; i += 1) {
      const end = this.ends[i]!;
      visit(this.ids[i]!, start, end);
      start = end;
    }
  }

  /**
   * Copies the indices of the shapes `keep` accepts from `full` into the front of `out`, in
   * drawing order, and returns how many it copied. `out` must be at least as long as `full` and
   * must not be `full`.
   */
  compact(full: Uint32Array, out: Uint32Array, keep: (id: Id) => boolean): number {
    let written = 0;
    let start = 0;
    // Runs of kept shapes are copied at once: most of a chunk is either kept or dropped together.
    let runStart = -1;
    for (let i = 0; i < this.ids.length; i += 1) {
      const end = this.ends[i]!;
      if (keep(this.ids[i]!)) {
        if (runStart < 0) runStart = start;
      } else if (runStart >= 0) {
        out.set(full.subarray(runStart, start), written);
        written += start - runStart;
        runStart = -1;
      }
      start = end;
    }
    if (runStart >= 0) {
      out.set(full.subarray(runStart, start), written);
      written += start - runStart;
    }
    return written;
  }
}
