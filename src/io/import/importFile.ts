import type { DocumentStore } from "../../doc/store";
import type { Id, Vec2 } from "../../doc/types";
import { readUntrusted } from "./boundary";
import { importIntoDocument } from "./intoDocument";
import type { ImportProgress } from "./result";

export type ImportFileResult =
  | { readonly ok: true; readonly ids: string[]; readonly warnings: string[] }
  | { readonly ok: false; readonly error: string };

/**
 * A file from outside into the open page: read at the untrusted-input boundary, then added as
 * one undo step. Resolves with an error, and leaves the document untouched, when either fails.
 */
export async function importFileInto(
  store: DocumentStore,
  pageId: Id,
  name: string,
  data: Uint8Array | string,
  at?: Vec2,
  progress?: ImportProgress,
): Promise<ImportFileResult> {
  // Lets the caller's frame finish (a spinner, a banner) before the work starts.
  await Promise.resolve();
  const result = readUntrusted(name, data, undefined, progress);
  if (!result.ok) return result;
  const placed = importIntoDocument(
    store,
    result,
    at === undefined ? { parent: pageId } : { parent: pageId, at },
  );
  if (!placed.ok) return placed;
  return { ok: true, ids: placed.ids, warnings: result.warnings };
}
