import type { Patch } from "../doc/patch";
import { isSceneNode, type DocRecord } from "../doc/types";
import { HEAP_OBJECT_BYTES } from "../shapes/common";
import { kindOf } from "../shapes/registry";

/** Bytes a record's fields take in a JS heap, roughly: what a history entry keeps alive. */
const RECORD_OVERHEAD = 240;
const OBJECT_BYTES = HEAP_OBJECT_BYTES;

/**
 * An estimate, not a measurement: cheap enough to run on every commit, and within a small factor
 * of the heap it stands for, which is all a memory budget needs. A node's own data (points,
 * segments, text) is counted by its kind.
 */
export function estimateRecordBytes(record: DocRecord | null): number {
  if (record === null) return 0;
  if (isSceneNode(record)) return RECORD_OVERHEAD + kindOf(record).heapBytes(record);
  if (record.type === "blob") return RECORD_OVERHEAD + record.data.length * 2;
  return RECORD_OVERHEAD;
}

export function estimatePatchBytes(patch: Patch): number {
  let bytes = 0;
  for (const change of patch.changes) {
    // Unchanged records are shared with the live document; a change keeps both sides alive.
    bytes += OBJECT_BYTES + estimateRecordBytes(change.before) + estimateRecordBytes(change.after);
  }
  return bytes;
}
