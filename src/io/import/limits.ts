import { NATIVE_LIMITS } from "../native/limits";
/**
 * Every limit on untrusted input, in one place. Each is far above what a real drawing needs, so
 * only a hostile or broken file meets one, and the message names the limit it met.
 */
export const IMPORT_LIMITS = {
  /** Size of any imported file but a Linework document. */
  maxInputBytes: 100 * 1024 * 1024,
  /**
   * Size of an imported `.linework` document: the file format's own limit, as a drawing Linework
   * can save (a million shapes is about 110 MB) must import too.
   */
  maxLineworkBytes: NATIVE_LIMITS.maxFileBytes,
  /** XML elements in an SVG, and shapes produced from one after `<use>` is expanded. */
  maxElements: 1_000_000,
  /** Element nesting in XML, JSON nesting in .excalidraw. */
  maxNestingDepth: 1024,
  /** Characters produced by expanding DOCTYPE entities, over the whole file. */
  maxEntityExpansion: 1_000_000,
  /** Entities referring to entities referring to … */
  maxEntityDepth: 16,
  /** Entity declarations in one DOCTYPE. */
  maxEntityDeclarations: 10_000,
  /** Attributes on one element. */
  maxAttributes: 10_000,
  /** Numbers in one path's data or one points list. */
  maxPathNumbers: 4_000_000,
  /** Elements shown through `<use>` references, over the whole file. */
  maxUseInstances: 250_000,
  /** `<use>` references followed inside one another. */
  maxUseDepth: 64,
  /**
   * Pixels on either side of a raster image, checked in its header before anything is decoded:
   * the largest canvas side every current browser draws.
   */
  maxImageSide: 16_384,
  /**
   * Pixels in one raster image (width × height), also checked before decoding: 64 million pixels
   * decode to 256 MB, about what one tab can hold twice (the decoded image and its texture).
   */
  maxImagePixels: 64_000_000,
  /** Largest magnitude of any coordinate or size that reaches the document. */
  maxMagnitude: 1e9,
  /** Group levels kept in the document; deeper levels are flattened into their ancestors. */
  maxGroupDepth: 200,
  /** Characters in one `data-linework` attribute of an SVG (a node's own fields as JSON). */
  maxLineworkDataChars: 1024 * 1024,
  /** Characters in the root's `data-linework-shared` (the fills and strokes the nodes name). */
  maxLineworkSharedChars: 16 * 1024 * 1024,
  /** Elements in a .excalidraw file. */
  maxExcalidrawElements: 1_000_000,
} as const;

export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** Thrown inside the parsers and turned into `{ ok: false, error }` at the boundary. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportError";
  }
}

/** The size limit for an imported file of this name. */
export function maxInputBytesFor(name: string): number {
  return /\.linework$/i.test(name) ? IMPORT_LIMITS.maxLineworkBytes : IMPORT_LIMITS.maxInputBytes;
}
