// Apart from `validate.ts`, which re-exports it, so that the checks can read the limits without
// importing the module that imports them.

/**
 * Hard limits on what a file may contain. They keep a hostile or corrupt file from exhausting
 * memory or time; each is far above what a person draws, so a real document never meets one.
 */
export const NATIVE_LIMITS = {
  /** Size of the file. 512 MiB is also about the longest string a browser can hold. */
  maxFileBytes: 512 * 1024 * 1024,
  maxRecords: 5_000_000,
  /** Characters in a name, a text's content, a font family, a date. */
  maxStringLength: 1_000_000,
  /** Characters in an id, a parent reference or a sibling index. */
  maxIdLength: 256,
  /** Segments in one path node, over all its subpaths. */
  maxPathSegments: 1_000_000,
  /** x, y, pressure triples in one freehand stroke. */
  maxFreehandPoints: 1_000_000,
  /** Decoded bytes of one image. */
  maxBlobBytes: 256 * 1024 * 1024,
  /** Levels of frames and groups between a page and its deepest node. */
  maxNestingDepth: 256,
  maxGradientStops: 1024,
  maxDashEntries: 256,
  /** Sides of a polygon, points of a star. */
  maxCorners: 10_000,
  /**
   * Largest magnitude of any coordinate, size or angle. Keeps later arithmetic (matrix products,
   * bounds, squared distances) finite.
   */
  maxMagnitude: 1e12,
} as const;
