import { parseJson } from "../io/native/jsonParse";
import type { LoadResult } from "../io/native/parse";
import { parseDocument, parseDocumentText } from "../io/native/parse";
import { abortError, STOPPED, untilAborted } from "../io/steps";
import { expectedSteps, type LoadOptions } from "./documentFile";
import { CorruptDocumentError } from "./replay";
import { recoverDocument } from "./recovery";
import { runSliced, withProgress } from "./sliced";
import type { DamageReport, RawDocument } from "./stored";

/**
 * A damaged document's stored values, exactly as found, as a file: what the app offers to download
 * when it opens a damaged document. Opening the file again (Open, or dropping it on the page)
 * recovers from it what it can, just as opening the stored document did.
 */
export const STORED_FORMAT = "linework-stored";
export const STORED_VERSION = 1;

/** The text of the file holding a damaged document's stored values. */
export function storedBundleText(name: string, raw: RawDocument): string {
  return JSON.stringify({
    format: STORED_FORMAT,
    version: STORED_VERSION,
    name,
    inode: raw.inode,
    chunks: raw.chunks,
    log: raw.log,
  });
}

/**
 * Reads a `.linework` document or a file of stored values (`storedBundleText`): the latter is
 * recovered as far as it can be, and says what could not be.
 */
export function parseOpenedText(text: string): LoadResult {
  const raw = storedBundle(text);
  if (raw === null) return parseDocument(text);
  try {
    const recovered = recoverDocument(raw, new Set());
    return {
      ok: true,
      records: recovered.records,
      readOnly: false,
      message: null,
      source: null,
      ...(recovered.damage !== null ? { warning: describeDamage(recovered.damage) } : {}),
    };
  } catch (error) {
    const detail = error instanceof CorruptDocumentError ? error.message : String(error);
    return { ok: false, error: `Nothing could be recovered from the saved data: ${detail}.` };
  }
}

/**
 * `parseOpenedText` without a long task for a `.linework` document, as a stored one is loaded:
 * its JSON parsed in a worker, its records read and checked in steps over tasks, with progress;
 * aborting the signal rejects with an AbortError. A file of stored values, which only a damaged
 * document gives, is still read at once.
 */
export async function readOpenedText(text: string, options: LoadOptions = {}): Promise<LoadResult> {
  const { signal, onProgress } = options;
  if (isStoredBundle(text)) return parseOpenedText(text);
  const result = await parseDocumentText(
    text,
    (pieces) => parseJson(pieces, signal),
    async (steps, root) => {
      onProgress?.(PARSED_SHARE);
      const expected = expectedSteps({ ok: true, root }, 0);
      const share = (done: number): void => onProgress?.(PARSED_SHARE + (1 - PARSED_SHARE) * done);
      const read = await runSliced(untilAborted(withProgress(steps, expected, share), signal));
      if (read === STOPPED) throw abortError();
      return read;
    },
  );
  onProgress?.(1);
  return result;
}

/** The share of reading a document done once its JSON is parsed. */
const PARSED_SHARE = 0.3;

function isStoredBundle(text: string): boolean {
  // Only a file that says what it is up front is read as one; anything else is a document.
  return text.slice(0, 64).includes(`"format":"${STORED_FORMAT}"`);
}

function storedBundle(text: string): RawDocument | null {
  if (!isStoredBundle(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { inode, chunks, log } = value as Record<string, unknown>;
  if (typeof inode !== "object" || !Array.isArray(chunks) || !Array.isArray(log)) return null;
  const isKeyed = (item: unknown): boolean =>
    Array.isArray(item) &&
    (item.length === 2 || item.length === 3) &&
    item.slice(0, -1).every((n) => typeof n === "number");
  if (!chunks.every((c) => Array.isArray(c) && c.length === 3 && isKeyed(c))) return null;
  if (!log.every(isKeyed)) return null;
  return { inode: inode as RawDocument["inode"], chunks, log } as RawDocument;
}

/** The person's account of a damaged document: what was damaged and which edits were lost. */
export function describeDamage(damage: DamageReport): string {
  const parts: string[] = [];
  if (damage.fellBackTo !== null) {
    parts.push(
      `the newest save was damaged, so it was rebuilt from the one at ${clock(damage.fellBackTo.modified)} and the edits since`,
    );
  }
  const { count, from, to } = damage.lost;
  if (count > 0) {
    const edits = count === 1 ? "1 edit" : `${count} edits`;
    const start = from === null ? null : clock(from);
    const end = to === null ? start : clock(to);
    const when =
      start === null
        ? ""
        : start === end
          ? ` made around ${start}`
          : ` made between ${start} and ${end}`;
    parts.push(`${edits}${when} could not be recovered`);
  } else {
    parts.push("no edits were lost");
  }
  const found = damage.problems.slice(0, 3).join("; ");
  const more = damage.problems.length > 3 ? ` and ${damage.problems.length - 3} more` : "";
  return `${capitalise(parts.join("; "))} (found: ${found}${more}).`;
}

function clock(time: string | number): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return String(time);
  const sameDay = new Date().toDateString() === date.toDateString();
  const hm = date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  return sameDay ? hm : `${date.toLocaleDateString("en-GB")} ${hm}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
