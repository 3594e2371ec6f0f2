import { readUntrusted } from "./boundary";
import type { ImportResult } from "./result";
import type { SceneNode } from "../../doc/types";
import { drawingBounds, isBox } from "./drawingBounds";
import { decodeNodes, encodeNodes, type NodePart } from "./nodeParts";

/**
 * The messages between the page and the import worker. One worker serves one import: the page
 * posts one request, the worker answers with progress messages, the result's nodes in parts,
 * then the rest of the result; cancelling ends the worker, so it never needs to hear about it.
 */

export interface ImportRequest {
  readonly type: "import";
  readonly name: string;
  readonly data: Uint8Array | string;
  readonly mime?: string;
}

/**
 * The result travels as text and typed arrays, not as a deep object graph: the page reads JSON
 * faster than structured cloning rebuilds one, and that time is on its main thread. The nodes
 * come first, `NODES_PER_PART` to a message, each part laid out by `encodeNodes` (shared values
 * once, path geometry in transferred buffers), so each is read in its own short task and the
 * page keeps drawing between them. Nothing is lost: every number in a result is finite (the
 * boundary checks magnitudes).
 */
export type ImportReply =
  | { readonly type: "progress"; readonly fraction: number }
  | ({ readonly type: "nodes" } & NodePart)
  | { readonly type: "result"; readonly json: string };

/** A reply as the page uses it, once read. The result's nodes follow those of the parts. */
export type ReadReply =
  | { readonly type: "progress"; readonly fraction: number }
  | { readonly type: "nodes"; readonly nodes: SceneNode[] }
  | { readonly type: "result"; readonly result: ImportResult };

export const NODES_PER_PART = 4096;

/** Progress changes smaller than this are not posted: each message costs the page a task. */
const PROGRESS_STEP = 0.01;

/**
 * The worker's whole job, free of any Worker API so it runs and is tested in Node: the request
 * goes through the same untrusted-input boundary as a synchronous import, and every reply is
 * handed to `post`. Never throws.
 */
export function runImportRequest(
  message: unknown,
  post: (reply: ImportReply, transfer?: ArrayBuffer[]) => void,
): void {
  if (!isImportRequest(message)) {
    const result = {
      ok: false,
      error: "Internal error while importing: the request was malformed.",
    };
    post({ type: "result", json: JSON.stringify(result) });
    return;
  }
  let posted = 0;
  const result = readUntrusted(message.name, message.data, message.mime, (fraction) => {
    if (fraction - posted < PROGRESS_STEP) return;
    posted = fraction;
    post({ type: "progress", fraction });
  });
  if (!result.ok) {
    post({ type: "result", json: JSON.stringify(result) });
    return;
  }
  for (let start = 0; start < result.nodes.length; start += NODES_PER_PART) {
    const part = encodeNodes(result.nodes.slice(start, start + NODES_PER_PART));
    post({ type: "nodes", ...part }, [part.ops.buffer, part.coords.buffer]);
  }
  // Measured here, so the page does not walk every node again to centre the drawing.
  const bounds = drawingBounds(result.nodes);
  post({ type: "result", json: JSON.stringify({ ...result, nodes: [], bounds }) });
}

export function isImportRequest(message: unknown): message is ImportRequest {
  if (typeof message !== "object" || message === null) return false;
  const m = message as Partial<Record<keyof ImportRequest, unknown>>;
  return (
    m.type === "import" &&
    typeof m.name === "string" &&
    (typeof m.data === "string" || m.data instanceof Uint8Array) &&
    (m.mime === undefined || typeof m.mime === "string")
  );
}

/** A message from the worker as a reply, or null when it does not have the shape of one. */
export function readReply(message: unknown): ReadReply | null {
  if (typeof message !== "object" || message === null) return null;
  const m = message as { type?: unknown; fraction?: unknown; json?: unknown };
  if (m.type === "progress")
    return typeof m.fraction === "number" && Number.isFinite(m.fraction)
      ? { type: "progress", fraction: m.fraction }
      : null;
  if (m.type === "nodes") {
    const nodes = decodeNodes(message as Partial<Record<keyof NodePart, unknown>>);
    return nodes === null ? null : { type: "nodes", nodes };
  }
  if (m.type !== "result" || typeof m.json !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(m.json);
  } catch {
    return null;
  }
  return isImportResult(value) ? { type: "result", result: value } : null;
}

/** The shape of a result; its nodes are the boundary's own, checked there. */
function isImportResult(value: unknown): value is ImportResult {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Partial<
    Record<"ok" | "error" | "nodes" | "blobs" | "warnings" | "bounds", unknown>
  >;
  return r.ok === true
    ? Array.isArray(r.nodes) &&
        Array.isArray(r.blobs) &&
        Array.isArray(r.warnings) &&
        (r.bounds === undefined || r.bounds === null || isBox(r.bounds))
    : r.ok === false && typeof r.error === "string";
}
