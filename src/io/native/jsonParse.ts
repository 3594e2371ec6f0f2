import { abortError } from "../steps";
import { FORMAT_VERSION } from "./format";

/**
 * JSON.parse of a `.linework` text, the one part of reading a stored document that cannot be cut
 * into steps: done in a worker (`jsonWorker.ts`) so that a drawing of a hundred thousand shapes
 * does not hold the page's thread for the whole parse. What comes back is copied into the page
 * by the browser, so the columns of numbers travel as Float64Arrays, moved rather than copied
 * number by number; the validator reads them by index as it reads lists.
 */

/** What the worker answers: the parsed value, or the message JSON.parse threw. */
export type JsonReply =
  { readonly ok: true; readonly root: unknown } | { readonly ok: false; readonly message: string };

/** The node columns that hold only numbers in a file Linework wrote. */
const NUMBER_COLUMNS = ["parents", "x", "y", "fill", "stroke", "width", "height", "pathPoints"];

/**
 * Parses the text the pieces make, and packs each current-format node column that holds only
 * numbers into a Float64Array; returns the reply and the buffers to move with it. Older formats
 * are left as parsed: their migrations read plain lists.
 */
export function parseJsonReply(pieces: readonly string[]): {
  reply: JsonReply;
  transfer: ArrayBuffer[];
} {
  let root: unknown;
  try {
    const text = pieces.join("");
    root = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return { reply: { ok: false, message: messageOf(error) }, transfer: [] };
  }
  const transfer: ArrayBuffer[] = [];
  const nodes = isObject(root) && root.version === FORMAT_VERSION ? root.nodes : undefined;
  if (isObject(nodes)) {
    for (const name of NUMBER_COLUMNS) {
      const column = nodes[name];
      if (!Array.isArray(column) || !column.every((value) => typeof value === "number")) continue;
      const packed = Float64Array.from(column as number[]);
      nodes[name] = packed;
      transfer.push(packed.buffer);
    }
  }
  return { reply: { ok: true, root }, transfer };
}

/** The part of a Worker that `parseJson` uses; tests pass their own. */
export interface JsonWorkerPort {
  onmessage: ((event: { readonly data: JsonReply }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  postMessage(pieces: readonly string[]): void;
  terminate(): void;
}

/**
 * A fresh JSON worker, or null where there is none (Node, a page that forbids workers). Vite
 * bundles `./jsonWorker.ts` from this exact expression.
 */
export function startJsonWorker(): JsonWorkerPort | null {
  if (typeof Worker === "undefined") return null;
  try {
    return new Worker(new URL("./jsonWorker.ts", import.meta.url), {
      type: "module",
      name: "linework-json",
    }) as unknown as JsonWorkerPort;
  } catch {
    return null;
  }
}

/**
 * Parses the text the pieces make, in a worker when there is one (on this thread otherwise).
 * Rejects with an AbortError once `signal` is aborted, stopping the worker.
 */
export function parseJson(
  pieces: readonly string[],
  signal?: AbortSignal,
  start: () => JsonWorkerPort | null = startJsonWorker,
): Promise<JsonReply> {
  if (signal?.aborted === true) return Promise.reject(abortError());
  const worker = start();
  if (worker === null) return Promise.resolve(parseJsonReply(pieces).reply);
  return new Promise((resolve, reject) => {
    const finish = (): void => {
      signal?.removeEventListener("abort", onAbort);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
    };
    const onAbort = (): void => {
      finish();
      reject(abortError());
    };
    signal?.addEventListener("abort", onAbort);
    worker.onmessage = (event) => {
      finish();
      resolve(event.data);
    };
    worker.onerror = () => {
      // A worker that cannot run (a page forbidding it) leaves the parse to this thread.
      finish();
      resolve(parseJsonReply(pieces).reply);
    };
    worker.postMessage(pieces);
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
