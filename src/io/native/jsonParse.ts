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

/**
 * One message of the worker's answer. The page takes each message in a task of its own, copying
 * what it holds, so a text of large images would be one long task: the records come after the
 * rest, a batch of about `PART_CHARS` characters a message.
 */
export type JsonPart =
  | { readonly kind: "root"; readonly reply: JsonReply; readonly records: number }
  | { readonly kind: "records"; readonly records: readonly unknown[] };

/** Characters of records one message holds, about: a few ms of copying into the page. */
export const PART_CHARS = 1 << 20;

/**
 * `parseJsonReply` as the worker sends it: the reply with its records taken out, then the
 * records in batches (see `JsonPart`); each message with the buffers to move with it.
 */
export function jsonParts(
  pieces: readonly string[],
): Array<{ readonly part: JsonPart; readonly transfer: ArrayBuffer[] }> {
  const { reply, transfer } = parseJsonReply(pieces);
  const root = reply.ok ? reply.root : null;
  const records = isObject(root) && Array.isArray(root.records) ? root.records : null;
  if (records === null || !isObject(root))
    return [{ part: { kind: "root", reply, records: 0 }, transfer }];
  const head: JsonPart = {
    kind: "root",
    reply: { ok: true, root: { ...root, records: [] } },
    records: records.length,
  };
  const parts: Array<{ readonly part: JsonPart; readonly transfer: ArrayBuffer[] }> = [
    { part: head, transfer },
  ];
  let from = 0;
  let chars = 0;
  for (let i = 0; i < records.length; i++) {
    chars += recordChars(records[i]);
    if (chars >= PART_CHARS || i === records.length - 1) {
      parts.push({ part: { kind: "records", records: records.slice(from, i + 1) }, transfer: [] });
      from = i + 1;
      chars = 0;
    }
  }
  return parts;
}

/** About how many characters a record copies: its image data, or a short record's worth. */
function recordChars(record: unknown): number {
  return isObject(record) && typeof record.data === "string" ? record.data.length : 64;
}

/** Puts the worker's messages back together; the reply once the last has come, else null. */
export class JsonAnswer {
  private head: { readonly reply: JsonReply; readonly records: number } | null = null;
  private readonly records: unknown[] = [];

  take(part: JsonPart): JsonReply | null {
    if (part.kind === "root") this.head = part;
    else for (const record of part.records) this.records.push(record);
    const head = this.head;
    if (head === null || this.records.length < head.records) return null;
    if (!head.reply.ok || head.records === 0) return head.reply;
    return { ok: true, root: { ...(head.reply.root as object), records: this.records } };
  }
}

/** The part of a Worker that `parseJson` uses; tests pass their own. */
export interface JsonWorkerPort {
  onmessage: ((event: { readonly data: JsonPart }) => void) | null;
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
    const answer = new JsonAnswer();
    worker.onmessage = (event) => {
      const reply = answer.take(event.data);
      if (reply === null) return;
      finish();
      resolve(reply);
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
