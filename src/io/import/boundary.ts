import { importExcalidraw, parseJson } from "./excalidraw";
import { failureOf } from "./failure";
import { importImage } from "./image";
import { IMPORT_LIMITS, megabytes } from "./limits";
import { importLinework } from "./native";
import { sniffRaster } from "./raster";
import type { ImportProgress, ImportResult } from "./result";
import { importSvg } from "./svg";

/**
 * The one way untrusted files enter Linework. The content decides the format (magic bytes, the
 * first characters, a JSON field), not the name or the MIME type, which only shape messages.
 * Never throws: every outcome is a result.
 */

const UNKNOWN_FORMAT =
  "Linework imports SVG, PNG, JPEG, GIF, WebP, .excalidraw and .linework files";

export function readUntrusted(
  name: string,
  data: Uint8Array | string,
  mime?: string,
  progress?: ImportProgress,
): ImportResult {
  try {
    return dispatch(name, data, mime, progress);
  } catch (error) {
    return failureOf(error, "imported");
  }
}

function dispatch(
  name: string,
  data: Uint8Array | string,
  mime: string | undefined,
  progress: ImportProgress | undefined,
): ImportResult {
  const size = typeof data === "string" ? data.length : data.byteLength;
  if (size > IMPORT_LIMITS.maxInputBytes) {
    return {
      ok: false,
      error: `The file is too large to import: ${megabytes(size)}, over the limit of ${megabytes(IMPORT_LIMITS.maxInputBytes)}.`,
    };
  }
  const title = baseName(name);
  if (typeof data !== "string" && sniffRaster(data) !== null) return importImage(data, title);
  const text = typeof data === "string" ? data : decodeText(data);
  if (text === null)
    return {
      ok: false,
      error: `${describe(name, mime)} is not text or an image. ${UNKNOWN_FORMAT}.`,
    };
  const body = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).trimStart();
  if (body.length === 0) return { ok: false, error: `${describe(name, mime)} is empty.` };
  if (body.startsWith("<")) return importSvg(body, title, progress);
  if (body.startsWith("{")) {
    const json = parseJson(body);
    if (
      typeof json === "object" &&
      json !== null &&
      (json as { type?: unknown }).type === "excalidraw"
    ) {
      return importExcalidraw(body, title);
    }
    return importLinework(body);
  }
  return {
    ok: false,
    error: `${describe(name, mime)} is in a format Linework does not know. ${UNKNOWN_FORMAT}.`,
  };
}

/** UTF-8 text, or null for bytes that are not text (NUL bytes or invalid UTF-8). */
function decodeText(bytes: Uint8Array): string | null {
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // An XML file may name another encoding in its declaration (windows-1251, ISO-8859-1…).
    const declared = /^\s*<\?xml[^>]*encoding=["']([\w.:-]{1,40})["']/.exec(
      String.fromCharCode(...head.subarray(0, 200)),
    )?.[1];
    if (declared === undefined) return null;
    try {
      return new TextDecoder(declared, { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
}

function describe(name: string, mime: string | undefined): string {
  const shown = name.length > 0 ? `"${name.slice(0, 120)}"` : "The file";
  return mime !== undefined && mime.length > 0 ? `${shown} (${mime.slice(0, 60)})` : shown;
}

function baseName(name: string): string {
  const file = name.split(/[\\/]/).pop() ?? "";
  return file.replace(/\.[^.]*$/, "").slice(0, 200);
}
