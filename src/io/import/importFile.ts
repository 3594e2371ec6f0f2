import type { DocumentStore } from "../../doc/store";
import type { Id } from "../../doc/types";
import { fileName, readUntrusted } from "./boundary";
import { browserImageDecode, decodeProblem, type ImageDecode } from "./decode";
import {
  FIRST_SLICE_NODES,
  importIntoDocument,
  importIntoDocumentInSlices,
  type ImportGesture,
} from "./intoDocument";
import type { ImportProgress } from "./result";
import {
  IMPORT_CANCELLED,
  readUntrustedInWorker,
  startImportWorker,
  type ImportWorkerPort,
  type WorkerImportResult,
} from "./workerClient";
import type { Point } from "../../math/point";
import { isImage } from "../../shapes/image";
import { canvasMeasure } from "../export/canvasMeasure";
import type { TextMeasure } from "../export/textLayout";

export type ImportFileResult =
  | { readonly ok: true; readonly ids: string[]; readonly warnings: string[] }
  | { readonly ok: false; readonly error: string; readonly cancelled?: true };

export interface ImportFileOptions {
  /** Hears the share done, 0–1, now and then. */
  readonly progress?: ImportProgress;
  /** Aborting it stops the import; the document is then left as it was. */
  readonly signal?: AbortSignal;
  /** Where a large file is read; null imports on the main thread. Defaults to a module Worker. */
  readonly startWorker?: () => ImportWorkerPort | null;
  /**
   * Decodes an imported raster for real, the last check before it enters the document. Defaults
   * to the browser's `createImageBitmap`; null (or a platform without one) skips the step.
   */
  readonly decodeImage?: ImageDecode | null;
  /**
   * How an SVG's text is measured to be set where the file places it. Defaults to the browser's
   * canvas on the main thread (the shipped faces loaded, as the renderer measures them); in the
   * worker, and where there is no canvas, an estimate.
   */
  readonly measure?: TextMeasure;
  /**
   * The editor's history: with it, an import of thousands of shapes goes in slices, each on a
   * task of its own, folded into one undo step (see `importIntoDocumentInSlices`).
   */
  readonly gesture?: ImportGesture;
}

/** The canvas's text measure where this thread has one with the page's fonts, else none. */
function pageMeasure(): TextMeasure | undefined {
  if (typeof document === "undefined") return undefined;
  try {
    return canvasMeasure();
  } catch {
    return undefined;
  }
}

/**
 * Inputs from this size on are read in a worker. Below it (about 2,000 simple paths) the whole
 * import takes well under 100 ms on the main thread, less than starting a worker and loading
 * its code, so a small drop or paste lands at once.
 */
export const OFF_THREAD_BYTES = 256 * 1024;

/** The share of a large import's progress bar that reading the file fills; adding, the rest. */
const READING_SHARE = 0.7;

/**
 * A file from outside into the open page: read at the untrusted-input boundary (in a worker
 * when it is large), a raster then decoded by the browser, then added as one undo step. Resolves with an error, and leaves the
 * document untouched, when either fails or the import is cancelled.
 */
export async function importFileInto(
  store: DocumentStore,
  pageId: Id,
  name: string,
  data: Uint8Array | string,
  at?: Point,
  options: ImportFileOptions = {},
): Promise<ImportFileResult> {
  const { progress, signal } = options;
  const size = typeof data === "string" ? data.length : data.byteLength;
  const worker = size >= OFF_THREAD_BYTES ? (options.startWorker ?? startImportWorker)() : null;
  let result: WorkerImportResult;
  // With a gesture, adding thousands of shapes shows as the last part of the bar.
  const reading = options.gesture === undefined ? 1 : READING_SHARE;
  if (worker !== null) {
    const readProgress = progress && ((fraction: number) => progress(fraction * reading));
    result = await readUntrustedInWorker(
      worker,
      { name, data },
      { progress: readProgress, signal },
    );
    if (result.ok) {
      // Adding to the document starts with a task on this thread: let the chrome show that the
      // reading is done before it.
      progress?.(reading);
      await afterNextPaint();
    }
  } else {
    // Lets the caller's frame finish (a spinner, a banner) before the work starts.
    await Promise.resolve();
    result = signal?.aborted
      ? cancelled()
      : readUntrusted(name, data, undefined, progress, options.measure ?? pageMeasure());
  }
  if (!result.ok) return result;
  if (signal?.aborted) return cancelled();
  const decode = options.decodeImage === undefined ? browserImageDecode() : options.decodeImage;
  const image = result.nodes.length === 1 ? result.nodes[0] : undefined;
  if (decode !== null && isImage(image)) {
    const expected = { width: image.naturalWidth, height: image.naturalHeight };
    const problem = await decodeProblem(fileName(name), data, expected, decode);
    if (problem !== null) return { ok: false, error: problem };
    if (signal?.aborted) return cancelled();
  }
  const placement = at === undefined ? { parent: pageId } : { parent: pageId, at };
  const placed =
    options.gesture !== undefined && result.nodes.length >= 2 * FIRST_SLICE_NODES
      ? await importIntoDocumentInSlices(store, options.gesture, result, placement, {
          signal,
          progress: progress && ((fraction) => progress(reading + (1 - reading) * fraction)),
        })
      : importIntoDocument(store, result, placement);
  if (!placed.ok) return placed;
  return { ok: true, ids: placed.ids, warnings: result.warnings };
}

/** After the browser has drawn a frame; a hidden tab draws none, so a timeout also ends the wait. */
function afterNextPaint(): Promise<void> {
  return new Promise((done) => {
    setTimeout(done, 100);
    if (typeof requestAnimationFrame === "function")
      requestAnimationFrame(() => setTimeout(done, 0));
  });
}

function cancelled(): { ok: false; error: string; cancelled: true } {
  return { ok: false, error: IMPORT_CANCELLED, cancelled: true };
}
