import type { Patch } from "../doc/patch";
import type { DocRecord } from "../doc/types";

/** Bytes a record's fields take in a JS heap, roughly: what a history entry keeps alive. */
const RECORD_OVERHEAD = 240;
const NUMBER_BYTES = 8;
const OBJECT_BYTES = 48;

/**
 * An estimate, not a measurement: cheap enough to run on every commit, and within a small factor
 * of the heap it stands for, which is all a memory budget needs.
 */
export function estimateRecordBytes(record: DocRecord | null): number {
  if (record === null) return 0;
  switch (record.type) {
    case "freehand":
      return RECORD_OVERHEAD + record.points.length * NUMBER_BYTES;
    case "path": {
      let segments = 0;
      for (const subpath of record.subpaths) segments += subpath.segments.length;
      return RECORD_OVERHEAD + (record.subpaths.length + segments * 2) * OBJECT_BYTES;
    }
    case "text":
      return RECORD_OVERHEAD + record.content.length * 2;
    case "blob":
      return RECORD_OVERHEAD + record.data.length * 2;
    default:
      return RECORD_OVERHEAD;
  }
}

export function estimatePatchBytes(patch: Patch): number {
  let bytes = 0;
  for (const change of patch.changes) {
    // Unchanged records are shared with the live document; a change keeps both sides alive.
    bytes += OBJECT_BYTES + estimateRecordBytes(change.before) + estimateRecordBytes(change.after);
  }
  return bytes;
}
