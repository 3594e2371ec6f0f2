import { asCoreExports, type CoreExports } from "./exports.ts";
import { Geometry } from "./geometry.ts";
import { SpatialIndex } from "./spatialIndex.ts";

export type { CoreExports } from "./exports.ts";
export { asCoreExports } from "./exports.ts";
export { coreImports, type CoreImportHandlers } from "./imports.ts";
export { SpatialIndex } from "./spatialIndex.ts";
export { Geometry, type FillRule } from "./geometry.ts";

export interface Core {
  readonly index: SpatialIndex;
  readonly geometry: Geometry;
  readonly exports: CoreExports;
  /**
   * Recurses `depth` frames in the core. Throws an Error whose message contains "stack overflow"
   * when the depth is too much for the shadow stack (or, failing that, the engine's stack).
   */
  probeStack(depth: number): number;
}

/**
 * Wraps an instance built with `coreImports(...).imports`. After any abort the instance is in an
 * undefined state (an operation was cut short) and should be discarded; growth failures are the
 * exception: they are reported before anything is modified.
 */
export function createCore(
  instance: WebAssembly.Instance,
  bind: (memory: WebAssembly.Memory) => void,
): Core {
  const exports = asCoreExports(instance.exports);
  bind(exports.memory);
  return {
    index: new SpatialIndex(exports),
    geometry: new Geometry(exports),
    exports,
    probeStack(depth: number): number {
      try {
        return exports.probeStack(depth);
      } catch (err) {
        if (err instanceof RangeError && /call stack/i.test(err.message)) {
          throw new Error(`stack overflow: ${err.message}`, { cause: err });
        }
        throw err;
      }
    },
  };
}
