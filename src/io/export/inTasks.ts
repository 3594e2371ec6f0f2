import {
  abortError,
  runInTasks,
  STOPPED,
  untilAborted,
  type Steps,
  type TaskOptions,
} from "../steps";
import type { SvgExport } from "./svg";

/** How an export under way is followed and stopped. */
export interface ExportProgress {
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Aimed-for length of one task of an export on the page's thread: with the frame drawn after
 * it, well under a 100 ms freeze, and long enough that the turns given back cost little.
 */
export const EXPORT_SLICE_MS = 40;

/** How an export in steps is spread over tasks in the browser: a macrotask between slices. */
export const EXPORT_TASKS: TaskOptions = {
  clock: () => performance.now(),
  sliceMs: EXPORT_SLICE_MS,
  pause: () => new Promise((resume) => setTimeout(resume, 0)),
};

/**
 * Runs an export's steps over tasks; aborting `signal` stops them before their next step and
 * rejects with its reason (an AbortError), as the rest of the export's stages do.
 */
export async function runExport<T>(
  steps: Steps<T>,
  signal?: AbortSignal,
  tasks: TaskOptions = EXPORT_TASKS,
): Promise<T> {
  const result = await runInTasks(untilAborted(steps, signal), tasks);
  if (result === STOPPED) throw signal?.reason ?? abortError();
  return result;
}

/** Pieces of the file's text that go into one Blob in a step: about 1 MiB. */
const PIECES_PER_STEP = 16;

/**
 * An exported SVG's pieces as Blobs in steps: encoding tens of megabytes of text as UTF-8 at
 * once would be one long task, so the pieces go into small Blobs, which a file only refers to.
 */
export function* blobsOfPieces(pieces: readonly string[]): Steps<Blob[]> {
  const parts: Blob[] = [];
  for (let start = 0; start < pieces.length; start += PIECES_PER_STEP) {
    parts.push(new Blob(pieces.slice(start, start + PIECES_PER_STEP)));
    yield;
  }
  return parts;
}

/** An exported SVG as a file, made in steps (`blobsOfPieces`). */
export function* svgFileSteps(exported: Pick<SvgExport, "pieces">): Steps<Blob> {
  return new Blob(yield* blobsOfPieces(exported.pieces), { type: "image/svg+xml" });
}
