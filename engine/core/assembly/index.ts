// Compute core of Linework: spatial index and exact hit-test predicates, operating on linear
// memory without garbage-collected objects on any hot path. See spatial.ts for the design of
// the index (hierarchical loose grid with hashed cells) and alloc.ts for memory management.

export {
  idxInsert,
  idxBulkBuffer,
  idxInsertMany,
  idxUpdate,
  idxRemove,
  idxHas,
  idxSize,
  idxResultPtr,
  idxReserve,
  idxClear,
  idxQueryRect,
  idxQueryPoint,
  idxNearest,
} from "./spatial";
export {
  geoScratch,
  geoDistanceToSegment,
  geoDistanceToQuadratic,
  geoDistanceToCubic,
  geoPointInPolygon,
} from "./geometry";
export { probeStack } from "./diagnosticsExports";
