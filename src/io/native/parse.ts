import type { DocRecord } from "../../doc/types";
import { FORMAT_NAME, FORMAT_VERSION } from "./format";
import { migrate } from "./migrations";
import type { JsonReply } from "./jsonParse";
import { runSteps, type Steps } from "../steps";
import { NATIVE_LIMITS, validateRecordsSteps } from "./validate";

export type LoadResult =
  | {
      readonly ok: true;
      readonly records: DocRecord[];
      /** Opened from a newer format: saving would lose what this version does not know. */
      readonly readOnly: boolean;
      /** Something to tell the person opening the file, or null. */
      readonly message: string | null;
      /**
       * The text itself when it is a current-format document: storage can keep it as the
       * document's snapshot as it is, with nothing serialised again. Null otherwise.
       */
      readonly source: string | null;
      /** Something to warn the person of once the document is open (what could not be read). */
      readonly warning?: string;
    }
  | { readonly ok: false; readonly error: string };

/** How every message about text that is not a Linework document starts. */
export const NOT_LINEWORK = "The file is not a Linework document";
/** Errors listed in one message; the rest are counted. */
const SHOWN_ERRORS = 5;

function failure(error: string): LoadResult {
  return { ok: false, error };
}

/**
 * UTF-8 length of the first `chars` characters: people and editors count bytes. Counted rather
 * than encoded, as the text can be hundreds of megabytes.
 */
function byteOffset(text: string, chars: number): number {
  let bytes = 0;
  for (let i = 0; i < chars; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < chars) {
      // A surrogate pair is one four-byte character.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function explainSyntaxError(text: string, error: unknown): string {
  const detail = error instanceof Error ? error.message : "";
  if (/end of (JSON )?input|Unterminated/i.test(detail)) {
    return `${NOT_LINEWORK}: it ends unexpectedly at byte ${byteOffset(text, text.length)}; it may have been cut short.`;
  }
  const position = /position (\d+)/.exec(detail);
  const at = position === null ? "" : ` at byte ${byteOffset(text, Number(position[1]))}`;
  if (position !== null && Number(position[1]) >= text.length) {
    return `${NOT_LINEWORK}: it ends unexpectedly${at}; it may have been cut short.`;
  }
  return `${NOT_LINEWORK}: it is not valid JSON (unexpected content${at}).`;
}

function describeErrors(prefix: string, errors: readonly string[]): string {
  const shown = errors.slice(0, SHOWN_ERRORS).join("; ");
  const more = errors.length > SHOWN_ERRORS ? ` (and ${errors.length - SHOWN_ERRORS} more)` : "";
  return `${prefix}: ${shown}${more}.`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads `.linework` text into validated records. Never throws: every way a file can be wrong
 * ends in `{ ok: false, error }` with a sentence a person can act on.
 */
export function parseDocument(text: string): LoadResult {
  return runSteps(guarded(parseTextSteps(text)));
}

/**
 * `parseDocument` for text already through JSON.parse (off the page's thread: `root`, with lists
 * of numbers as Float64Arrays), in steps of NODES_PER_STEP records. `source` is the text, when at
 * hand, for `LoadResult.source`.
 */
export function parseDocumentSteps(root: unknown, source: string | null): Steps<LoadResult> {
  return guarded(readRoot(root, source));
}

function* guarded(steps: Steps<LoadResult>): Steps<LoadResult> {
  try {
    return yield* steps;
  } catch (error) {
    // Only running out of memory or stack should get here; still, a load must not crash the app.
    const detail = error instanceof Error ? error.message : String(error);
    return failure(`The document could not be opened: ${detail}`);
  }
}

function* parseTextSteps(text: string): Steps<LoadResult> {
  const body = bodyOf(text);
  if (typeof body !== "string") return body;
  let root: unknown;
  try {
    root = JSON.parse(body);
  } catch (error) {
    return failure(explainSyntaxError(body, error));
  }
  return yield* readRoot(root, body);
}

/** The text without its byte-order mark, or why it cannot be a document whatever it holds. */
function bodyOf(text: string): string | LoadResult {
  if (text.length > NATIVE_LIMITS.maxFileBytes) {
    return failure(
      `The file is too large to open: it is over ${NATIVE_LIMITS.maxFileBytes} bytes (limit maxFileBytes).`,
    );
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === "") return failure(`${NOT_LINEWORK}: it is empty.`);
  return body;
}

/**
 * `parseDocument` without a long task: the JSON.parse by `parseJson` (off the page's thread:
 * `jsonParse.ts`), then the records read and checked in steps that `run` spreads over tasks.
 * Rejects only when one of them does (an AbortError once stopped).
 */
export async function parseDocumentText(
  text: string,
  parseJson: (pieces: readonly string[]) => Promise<JsonReply>,
  run: (steps: Steps<LoadResult>, root: unknown) => Promise<LoadResult>,
): Promise<LoadResult> {
  const body = bodyOf(text);
  if (typeof body !== "string") return body;
  const reply = await parseJson([body]);
  if (!reply.ok) return failure(explainSyntaxError(body, new SyntaxError(reply.message)));
  return run(parseDocumentSteps(reply.root, body), reply.root);
}

function* readRoot(root: unknown, body: string | null): Steps<LoadResult> {
  if (!isObject(root)) return failure(`${NOT_LINEWORK}: it does not hold a document object.`);
  if (root.format !== FORMAT_NAME) {
    return failure(
      root.format === undefined
        ? `${NOT_LINEWORK}: it has no "format" field.`
        : `${NOT_LINEWORK}: its format is ${JSON.stringify(root.format).slice(0, 60)}, not "${FORMAT_NAME}".`,
    );
  }
  const version = root.version;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 0) {
    return failure(`${NOT_LINEWORK}: its "version" must be a whole number.`);
  }

  if (version > FORMAT_VERSION) {
    // A newer file may still fit this schema (additions this version would drop); open it
    // read-only so saving cannot silently discard them.
    const result = yield* validateRecordsSteps(root.records, root.shared ?? [], root.nodes);
    if (!result.ok) {
      return failure(
        `This document was saved by a newer version of Linework (format ${version}); update Linework to open it.`,
      );
    }
    return {
      ok: true,
      records: result.records,
      readOnly: true,
      message: `This document was saved by a newer version of Linework (format ${version}); it is open read-only.`,
      source: null,
    };
  }

  let current: unknown = root;
  if (version < FORMAT_VERSION) {
    try {
      current = migrate(root);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return failure(`The document (format ${version}) could not be upgraded: ${detail}.`);
    }
  }
  const records = isObject(current) ? current.records : undefined;
  const shared = isObject(current) ? (current.shared ?? []) : [];
  const nodes = isObject(current) ? current.nodes : undefined;
  const result = yield* validateRecordsSteps(records, shared, nodes);
  if (!result.ok) return failure(describeErrors("The document is damaged", result.errors));
  return {
    ok: true,
    records: result.records,
    readOnly: false,
    message:
      version < FORMAT_VERSION
        ? `This document was saved in an older format (${version}) and has been upgraded; saving writes format ${FORMAT_VERSION}.`
        : null,
    source: version === FORMAT_VERSION ? body : null,
  };
}
