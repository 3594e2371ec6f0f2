/** Raw exports of the compute core module (engine/core/assembly). */
export interface CoreExports {
  readonly memory: WebAssembly.Memory;

  /** Returns 0, or -1 when the id is present already. */
  idxInsert(id: number, minX: number, minY: number, maxX: number, maxY: number): number;
  /** Byte address of room for `count` bulk entries: count × 4 f64 bounds, then count i32 ids. */
  idxBulkBuffer(count: number): number;
  /** Inserts `count` bulk entries; returns count, or the position of the first refused id. */
  idxInsertMany(count: number): number;
  /** Returns 0, or -1 when the id is absent. */
  idxUpdate(id: number, minX: number, minY: number, maxX: number, maxY: number): number;
  /** Returns 1 when the id was present, else 0. */
  idxRemove(id: number): number;
  idxHas(id: number): number;
  idxSize(): number;
  /** Byte address of the i32 result buffer filled by the queries; moves when the index grows. */
  idxResultPtr(): number;
  idxReserve(capacity: number): void;
  idxClear(): void;
  /** Each query returns the number of ids written to the result buffer. */
  idxQueryRect(minX: number, minY: number, maxX: number, maxY: number): number;
  idxQueryPoint(x: number, y: number): number;
  idxNearest(x: number, y: number, k: number, maxDistance: number): number;

  /** Byte address of a buffer holding at least `values` f64 values. */
  geoScratch(values: number): number;
  geoDistanceToSegment(
    px: number,
    py: number,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
  ): number;
  geoDistanceToQuadratic(
    px: number,
    py: number,
    x0: number,
    y0: number,
    cx: number,
    cy: number,
    x1: number,
    y1: number,
  ): number;
  geoDistanceToCubic(
    px: number,
    py: number,
    x0: number,
    y0: number,
    c1x: number,
    c1y: number,
    c2x: number,
    c2y: number,
    x1: number,
    y1: number,
  ): number;
  /** Reads `count` points from the scratch buffer; rule 0 nonzero, 1 even-odd. Returns 0 or 1. */
  geoPointInPolygon(px: number, py: number, count: number, rule: number): number;

  /** Diagnostic: recursion that uses the runtime's shadow stack. */
  probeStack(depth: number): number;
}

const FUNCTION_NAMES = [
  "idxInsert",
  "idxBulkBuffer",
  "idxInsertMany",
  "idxUpdate",
  "idxRemove",
  "idxHas",
  "idxSize",
  "idxResultPtr",
  "idxReserve",
  "idxClear",
  "idxQueryRect",
  "idxQueryPoint",
  "idxNearest",
  "geoScratch",
  "geoDistanceToSegment",
  "geoDistanceToQuadratic",
  "geoDistanceToCubic",
  "geoPointInPolygon",
  "probeStack",
] as const satisfies readonly (keyof CoreExports)[];

/** Checks that an instance provides every export, so a stale binary fails early and clearly. */
export function asCoreExports(exports: WebAssembly.Exports): CoreExports {
  if (!(exports["memory"] instanceof WebAssembly.Memory)) {
    throw new Error("wasm core: missing export 'memory'");
  }
  for (const name of FUNCTION_NAMES) {
    if (typeof exports[name] !== "function") {
      throw new Error(`wasm core: missing export '${name}' (rebuild the core)`);
    }
  }
  return exports as unknown as CoreExports;
}
