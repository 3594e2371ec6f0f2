import type { SceneNode } from "../../doc/types";
import type { ImportProgress, ImportResult } from "./result";
import { readReply, type ImportRequest } from "./workerProtocol";

/** What the page needs of a Worker; tests hand in one that runs the job in the same thread. */
export interface ImportWorkerPort {
  postMessage(message: ImportRequest): void;
  terminate(): void;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type WorkerImportResult =
  ImportResult | { readonly ok: false; readonly error: string; readonly cancelled: true };

export const IMPORT_CANCELLED = "The import was cancelled.";

/**
 * Reads a file at the untrusted-input boundary in a worker: the page stays responsive, hears
 * progress, and can cancel (the worker is ended; nothing it did reaches the document). Resolves,
 * never rejects; a worker that dies answers with an error result.
 */
export function readUntrustedInWorker(
  worker: ImportWorkerPort,
  request: Omit<ImportRequest, "type">,
  options: { readonly progress?: ImportProgress; readonly signal?: AbortSignal } = {},
): Promise<WorkerImportResult> {
  const { progress, signal } = options;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: WorkerImportResult): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      resolve(result);
    };
    const onAbort = (): void => settle({ ok: false, error: IMPORT_CANCELLED, cancelled: true });
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort);
    const nodes: SceneNode[] = [];
    worker.onmessage = (event) => {
      const reply = readReply(event.data);
      if (reply === null) {
        settle({
          ok: false,
          error: "Internal error while importing: the worker's reply was malformed.",
        });
      } else if (reply.type === "progress") {
        progress?.(Math.min(1, Math.max(0, reply.fraction)));
      } else if (reply.type === "nodes") {
        for (const node of reply.nodes) nodes.push(node);
      } else if (!reply.result.ok) settle(reply.result);
      else {
        for (const node of reply.result.nodes) nodes.push(node);
        settle({ ...reply.result, nodes });
      }
    };
    worker.onerror = (event) => {
      const detail =
        typeof event === "object" && event !== null && "message" in event
          ? String((event as { message: unknown }).message)
          : "the worker stopped";
      settle({ ok: false, error: `Internal error while importing the file: ${detail}` });
    };
    worker.postMessage({ type: "import", ...request });
  });
}

/**
 * A fresh import worker, or null where there is none to have (Node, a page that forbids
 * workers); the caller then imports on the main thread. Vite bundles `./worker.ts` from this
 * exact expression.
 */
export function startImportWorker(): ImportWorkerPort | null {
  if (typeof Worker === "undefined") return null;
  try {
    return new Worker(new URL("./worker.ts", import.meta.url), {
      type: "module",
      name: "linework-import",
    }) as unknown as ImportWorkerPort;
  } catch {
    return null;
  }
}
