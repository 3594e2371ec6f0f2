import type { BlobRecord, SceneNode } from "../../doc/types";
import type { Box } from "../../math/box";

/**
 * What every importer returns. `nodes` is a tree in flat form: top-level nodes have the parent
 * `IMPORT_ROOT`, the others name a group among `nodes`; ids are local to the result and replaced
 * when it enters a document.
 */
export type ImportResult =
  | {
      readonly ok: true;
      readonly nodes: SceneNode[];
      readonly blobs: BlobRecord[];
      readonly warnings: string[];
      /** The box around the drawing (see drawingBounds), when the reader measured it already. */
      readonly bounds?: Box | null;
    }
  | { readonly ok: false; readonly error: string };

export type ImportSuccess = ImportResult & { readonly ok: true };

export const IMPORT_ROOT = "import:root";

/** Called now and then during a long import with a fraction 0–1. */
export type ImportProgress = (fraction: number) => void;
