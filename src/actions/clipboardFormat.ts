import { DocumentStore } from "../doc/store";
import type { BlobRecord, DocRecord, SceneNode } from "../doc/types";
import { parseDocument } from "../io/native";
import { serializeDocumentSteps } from "../io/native/format";
import { parseDocumentText, type LoadResult } from "../io/native/parse";
import { parseJson } from "../io/native/jsonParse";
import {
  abortError,
  isAbortError,
  runInTasks,
  runSteps,
  STOPPED,
  untilAborted,
  type Steps,
  type TaskOptions,
} from "../io/steps";
import { isPlainObject } from "../io/native/checks";
import { KIND_RULES } from "../shapes/registry";
import { subtree } from "./copyTree";

/**
 * The in-app clipboard's payload is text, so it can pass through the system clipboard: a small
 * `.linework` document whose one page holds the copied subtrees, back to front, each root with
 * its world transform, plus the image data they use. Reading it goes through the same hardened
 * parser as opening a file, so hostile text meets every limit a file does.
 */
export const CLIPBOARD_FORMAT = "linework-clipboard";
export const CLIPBOARD_VERSION = 1;

/** Characters of payload text (image data included): far above any real copy, below harm. */
export const MAX_CLIPBOARD_CHARS = 64 * 1024 * 1024;

const DOCUMENT_ID = "clipboard-document";
const PAGE_ID = "clipboard-page";

/** What a payload holds once read. */
export interface ClipboardContent {
  /** Back to front, with world transforms. */
  readonly roots: readonly SceneNode[];
  /** Everything below the roots, parents before children. */
  readonly descendants: readonly SceneNode[];
  readonly blobs: readonly BlobRecord[];
}

export type PayloadResult =
  | { readonly ok: true; readonly content: ClipboardContent }
  | { readonly ok: false; readonly error: string };

const NOT_OURS = "The clipboard does not hold Linework shapes";

/** Writes the payload: `roots` already carry world transforms and sibling indexes in order. */
export function writePayload(
  roots: readonly SceneNode[],
  descendants: readonly SceneNode[],
  blobs: readonly BlobRecord[],
): string {
  return runSteps(writePayloadSteps(roots, descendants, blobs));
}

/** `writePayload` in steps (the records serialised as `serializeDocumentSteps` does), the same text. */
export function* writePayloadSteps(
  roots: readonly SceneNode[],
  descendants: readonly SceneNode[],
  blobs: readonly BlobRecord[],
): Steps<string> {
  const records: DocRecord[] = [
    {
      id: DOCUMENT_ID,
      type: "document",
      name: "Clipboard",
      author: "",
      created: new Date(0).toISOString(),
    },
    {
      id: PAGE_ID,
      type: "page",
      name: "Clipboard",
      index: "a0",
      background: { r: 1, g: 1, b: 1, a: 1 },
    },
    ...roots.map((root) => ({ ...root, parent: PAGE_ID })),
    ...descendants,
    ...blobs,
  ];
  const document = yield* serializeDocumentSteps(records);
  return JSON.stringify({ format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, document });
}

function failure(error: string): PayloadResult {
  return { ok: false, error };
}

/** The checks every payload's text meets before it is parsed: why it is refused, or null. */
function refusedText(text: unknown): PayloadResult | null {
  if (typeof text !== "string") return failure(`${NOT_OURS}.`);
  if (text.length > MAX_CLIPBOARD_CHARS)
    return failure(`The clipboard holds more than ${MAX_CLIPBOARD_CHARS} characters.`);
  return null;
}

/** The `.linework` text a parsed payload wraps, or why it is refused. */
function documentIn(wrapper: unknown): string | PayloadResult {
  if (!isPlainObject(wrapper) || wrapper.format !== CLIPBOARD_FORMAT)
    return failure(`${NOT_OURS}.`);
  if (wrapper.version !== CLIPBOARD_VERSION) {
    return failure(
      typeof wrapper.version === "number" && wrapper.version > CLIPBOARD_VERSION
        ? "The shapes on the clipboard come from a newer version of Linework."
        : `${NOT_OURS}: its version is not ${CLIPBOARD_VERSION}.`,
    );
  }
  if (typeof wrapper.document !== "string") return failure(`${NOT_OURS}: it holds no document.`);
  return wrapper.document;
}

/** A loaded payload document's copied subtrees and image data, or why it is refused. */
function contentOf(loaded: LoadResult, build: (records: DocRecord[]) => DocumentStore) {
  if (!loaded.ok) return failure(`The shapes on the clipboard could not be read. ${loaded.error}`);
  let store: DocumentStore;
  try {
    store = build(loaded.records);
  } catch (error) {
    return failure(
      `The shapes on the clipboard could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const page = store.pages()[0];
  if (page === undefined) return failure(`${NOT_OURS}: it holds no page.`);
  const roots = store.childrenOf(page.id);
  if (roots.length === 0) return failure("The clipboard holds no shapes.");
  const descendants: SceneNode[] = [];
  for (const root of roots) descendants.push(...subtree(store, root).slice(1));
  const blobs = store.snapshot().filter((r): r is BlobRecord => r.type === "blob");
  return { ok: true, content: { roots, descendants, blobs } } as const;
}

/**
 * Reads payload text that may come from anywhere: another program, another tab, a hostile
 * page. Never throws; refuses with a sentence a person can act on.
 */
export function readPayload(text: unknown): PayloadResult {
  const refused = refusedText(text);
  if (refused !== null) return refused;
  let wrapper: unknown;
  try {
    wrapper = JSON.parse(text as string);
  } catch {
    return failure(`${NOT_OURS} (it is not JSON).`);
  }
  const document = documentIn(wrapper);
  if (typeof document !== "string") return document;
  return contentOf(
    parseDocument(document),
    (records) => new DocumentStore(records, { invariants: KIND_RULES }),
  );
}

/**
 * `readPayload` without a long task, for a large payload: both JSON parses off the page's
 * thread (`parseJson`), the records read and checked, and the store of them built, in steps
 * spread over tasks by `tasks`. The same refusals; an AbortError once `signal` is aborted.
 */
export async function readPayloadInTasks(
  text: unknown,
  tasks: TaskOptions,
  signal?: AbortSignal,
  parse: typeof parseJson = parseJson,
): Promise<PayloadResult> {
  const refused = refusedText(text);
  if (refused !== null) return refused;
  const run = async <T>(steps: Steps<T>): Promise<T> => {
    const result = await runInTasks(untilAborted(steps, signal), tasks);
    if (result === STOPPED) throw abortError();
    return result;
  };
  const wrapper = await parse([text as string], signal);
  if (!wrapper.ok) return failure(`${NOT_OURS} (it is not JSON).`);
  const document = documentIn(wrapper.root);
  if (typeof document !== "string") return document;
  const loaded = await parseDocumentText(document, (pieces) => parse(pieces, signal), run);
  let built: DocumentStore | null = null;
  if (loaded.ok) {
    try {
      built = await run(DocumentStore.build(loaded.records, { invariants: KIND_RULES }));
    } catch (error) {
      if (isAbortError(error)) throw error;
      return contentOf(loaded, () => {
        throw error;
      });
    }
  }
  return contentOf(loaded, () => built!);
}
