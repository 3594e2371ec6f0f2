/**
 * Opening and saving `.linework` files in the browser. Uses the File System Access API where the
 * browser has it, so a document opened or saved once can be saved in place again (Ctrl+S);
 * elsewhere falls back to a file input for opening and a download for saving.
 */
import type { DocRecord } from "../doc/types";
import { serializeDocument } from "./native/format";
import { decodeText } from "./import/text";
import { isAbortError } from "./steps";
import { NOT_LINEWORK, parseDocument, type LoadResult } from "./native/parse";
import { NATIVE_LIMITS } from "./native/validate";

export const FILE_EXTENSION = ".linework";
/** A .linework file is JSON; a JSON type keeps pickers and servers from treating it as binary. */
export const FILE_MIME = "application/json";

// The parts of the File System Access API used here; not yet in TypeScript's DOM library.

export interface WritableFile {
  write(data: Blob | string): Promise<void>;
  close(): Promise<void>;
}

/** Where a document lives on disk; keep it to save in place. */
export interface DocumentFileHandle {
  readonly kind: "file";
  readonly name: string;
  getFile(): Promise<File>;
  createWritable(): Promise<WritableFile>;
  queryPermission?(options: { mode: "readwrite" }): Promise<PermissionState>;
  requestPermission?(options: { mode: "readwrite" }): Promise<PermissionState>;
}

interface PickerType {
  readonly description: string;
  readonly accept: Readonly<Record<string, readonly string[]>>;
}

interface PickerOptions {
  readonly types: readonly PickerType[];
  readonly excludeAcceptAllOption?: boolean;
  readonly id?: string;
}

/** What this module needs of the browser, so tests can stand in for it. */
export interface FileEnvironment {
  showOpenFilePicker?(
    options: PickerOptions & { readonly multiple?: false },
  ): Promise<DocumentFileHandle[]>;
  showSaveFilePicker?(
    options: PickerOptions & { readonly suggestedName?: string },
  ): Promise<DocumentFileHandle>;
  readonly document: Pick<Document, "createElement" | "body">;
  readonly URL: Pick<typeof URL, "createObjectURL" | "revokeObjectURL">;
}

export interface OpenedDocument {
  /** The parsed file: records, or why they could not be read. */
  readonly result: LoadResult;
  readonly fileName: string;
  /** For saving in place; null when the browser gave only the file's contents. */
  readonly handle: DocumentFileHandle | null;
}

export type SaveOutcome =
  | {
      readonly status: "saved";
      readonly fileName: string;
      readonly handle: DocumentFileHandle | null;
    }
  | { readonly status: "cancelled" }
  | { readonly status: "failed"; readonly error: string };

const PICKER: PickerOptions = {
  id: "linework-documents",
  types: [{ description: "Linework document", accept: { [FILE_MIME]: [FILE_EXTENSION] } }],
};

function browser(): FileEnvironment {
  return globalThis as unknown as FileEnvironment;
}

export function hasFileSystemAccess(env: FileEnvironment = browser()): boolean {
  return (
    typeof env.showOpenFilePicker === "function" && typeof env.showSaveFilePicker === "function"
  );
}

/** A file name for a document's name: no characters file systems refuse, one extension. */
export function documentFileName(name: string): string {
  const base = name
    .replace(/\.linework$/i, "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f<>:"/\\|?*]+/g, "-")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 120);
  return `${base === "" ? "Untitled" : base}${FILE_EXTENSION}`;
}

/** Reads a file's text, given its name, into a document: `parseDocument`, or more. */
export type DocumentParser = (text: string, fileName: string) => LoadResult | Promise<LoadResult>;

/** Reads and parses a chosen file; refuses oversized files before reading them into memory. */
export async function readDocumentFile(
  file: Blob,
  parse: DocumentParser = parseDocument,
  fileName = "",
): Promise<LoadResult> {
  if (file.size > NATIVE_LIMITS.maxFileBytes) {
    const mib = Math.round(NATIVE_LIMITS.maxFileBytes / 1024 / 1024);
    return {
      ok: false,
      error: `The file is too large to open: it is over ${mib} MiB (limit maxFileBytes).`,
    };
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    return { ok: false, error: `The file could not be read: ${describe(error)}` };
  }
  // UTF-8 or UTF-16 with its byte-order mark, as the import reads text.
  const text = decodeText(bytes);
  if (text === null) {
    return {
      ok: false,
      error: `${NOT_LINEWORK}: it is not text (it may be an image or another binary file).`,
    };
  }
  return parse(text, fileName);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Asks for a `.linework` file and reads it. Resolves null when the person cancels; never
 * rejects for a bad file (the result says what is wrong with it).
 */
export async function openDocumentFile(
  env: FileEnvironment = browser(),
  parse: DocumentParser = parseDocument,
): Promise<OpenedDocument | null> {
  if (hasFileSystemAccess(env)) {
    let handle: DocumentFileHandle | undefined;
    try {
      [handle] = await env.showOpenFilePicker!({ ...PICKER, multiple: false });
    } catch (error) {
      if (isAbortError(error)) return null;
      throw error;
    }
    if (handle === undefined) return null;
    const file = await handle.getFile();
    const result = await readDocumentFile(file, parse, handle.name);
    return { result, fileName: handle.name, handle };
  }
  const file = await chooseFileWithInput(env);
  if (file === null) return null;
  return {
    result: await readDocumentFile(file, parse, file.name),
    fileName: file.name,
    handle: null,
  };
}

function chooseFileWithInput(env: FileEnvironment): Promise<File | null> {
  return new Promise((resolve) => {
    const input = env.document.createElement("input");
    input.type = "file";
    input.accept = `${FILE_EXTENSION},${FILE_MIME}`;
    input.addEventListener("change", () => resolve(input.files?.[0] ?? null), { once: true });
    input.addEventListener("cancel", () => resolve(null), { once: true });
    input.click();
  });
}

/**
 * Saves a document. With a handle (from opening or an earlier save) it writes in place without
 * asking; without one it asks where to save, or downloads the file where the browser cannot
 * write to disk. Never rejects: failures come back as `{ status: "failed" }`.
 */
export async function saveDocumentFile(
  records: readonly DocRecord[],
  handle?: DocumentFileHandle | null,
  options: { readonly suggestedName?: string; readonly env?: FileEnvironment } = {},
): Promise<SaveOutcome> {
  const env = options.env ?? browser();
  const fileName = documentFileName(options.suggestedName ?? documentName(records));
  let text: string;
  try {
    text = serializeDocument(records);
  } catch (error) {
    return { status: "failed", error: `The document could not be saved: ${describe(error)}` };
  }

  let target = handle ?? null;
  if (target === null && hasFileSystemAccess(env)) {
    try {
      target = await env.showSaveFilePicker!({ ...PICKER, suggestedName: fileName });
    } catch (error) {
      if (isAbortError(error)) return { status: "cancelled" };
      return { status: "failed", error: `The document could not be saved: ${describe(error)}` };
    }
  }
  if (target === null) {
    downloadText(env, text, fileName);
    return { status: "saved", fileName, handle: null };
  }

  try {
    if (!(await mayWrite(target))) {
      return { status: "failed", error: `Linework was not allowed to write to ${target.name}.` };
    }
    const writable = await target.createWritable();
    await writable.write(new Blob([text], { type: FILE_MIME }));
    await writable.close();
    return { status: "saved", fileName: target.name, handle: target };
  } catch (error) {
    if (isAbortError(error)) return { status: "cancelled" };
    return { status: "failed", error: `The document could not be saved: ${describe(error)}` };
  }
}

async function mayWrite(handle: DocumentFileHandle): Promise<boolean> {
  // A handle kept from opening a file is read-only until the browser grants writing.
  if (handle.queryPermission === undefined || handle.requestPermission === undefined) return true;
  if ((await handle.queryPermission({ mode: "readwrite" })) === "granted") return true;
  return (await handle.requestPermission({ mode: "readwrite" })) === "granted";
}

function documentName(records: readonly DocRecord[]): string {
  for (const record of records) if (record.type === "document") return record.name;
  return "Untitled";
}

/** Offers `text` as a download through a temporary link. */
export function downloadText(env: FileEnvironment, text: string, fileName: string): void {
  const url = env.URL.createObjectURL(new Blob([text], { type: FILE_MIME }));
  const link = env.document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  env.document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty to start it.
  setTimeout(() => env.URL.revokeObjectURL(url), 60_000);
}
