import { importExcalidraw, parseJson } from "./excalidraw";
import { failureOf } from "./failure";
import { importImage } from "./image";
import { gunzip, isGzip } from "./gzip";
import { IMPORT_LIMITS, maxInputBytesFor, megabytes } from "./limits";
import { importLinework } from "./native";
import { sniffRaster } from "./raster";
import type { ImportProgress, ImportResult } from "./result";
import { importSvg } from "./svg";
import { decodeText } from "./text";
import type { TextMeasure } from "../export/textLayout";

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
  measure?: TextMeasure,
): ImportResult {
  let result: ImportResult;
  try {
    result = dispatch(name, data, mime, progress, measure);
  } catch (error) {
    result = failureOf(error, "imported");
  }
  return result.ok ? result : namingTheFile(result, name);
}

/**
 * A refusal that speaks of "The file" names it instead, when it has a name: a reader deep in a
 * format (the XML parser, the SVG converter) does not know it, and a person importing several
 * files must be told which one was refused.
 */
function namingTheFile(failure: { ok: false; error: string }, name: string): ImportResult {
  const shown = fileName(name);
  return shown === "The file" || !failure.error.startsWith("The file ")
    ? failure
    : { ok: false, error: `${shown}${failure.error.slice("The file".length)}` };
}

function dispatch(
  name: string,
  data: Uint8Array | string,
  mime: string | undefined,
  progress: ImportProgress | undefined,
  measure: TextMeasure | undefined,
  inflated = false,
): ImportResult {
  const size = typeof data === "string" ? data.length : data.byteLength;
  const limit = maxInputBytesFor(name);
  if (size > limit) {
    return {
      ok: false,
      error: `${fileName(name)} is too large to import: ${megabytes(size)}, over the limit of ${megabytes(limit)}.`,
    };
  }
  const title = baseName(name);
  const shown = fileName(name);
  // A compressed file (.svgz): its content, once, within the input limit, decides the format.
  if (typeof data !== "string" && isGzip(data) && !inflated) {
    const content = gunzip(data, IMPORT_LIMITS.maxInputBytes, shown);
    return dispatch(name, content, mime, progress, measure, true);
  }
  if (typeof data !== "string" && sniffRaster(data) !== null)
    return importImage(data, title, shown);
  const text = typeof data === "string" ? data : decodeText(data);
  if (text === null)
    return {
      ok: false,
      error: `${describe(name, mime)} is not text or an image. ${UNKNOWN_FORMAT}.`,
    };
  const body = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).trimStart();
  if (body.length === 0) {
    return {
      ok: false,
      error: LINEWORK_NAME.test(name)
        ? `${shown} is not a valid Linework file: it is empty.`
        : `${describe(name, mime)} is empty.`,
    };
  }
  if (body.startsWith("<")) return importSvg(body, title, progress, measure);
  if (body.startsWith("{")) {
    return jsonKind(body, name) === "excalidraw"
      ? importExcalidraw(body, title, measure)
      : importLinework(body, shown);
  }
  return {
    ok: false,
    error: `${describe(name, mime)} is in a format Linework does not know. ${UNKNOWN_FORMAT}.`,
  };
}

const LINEWORK_NAME = /\.linework$/i;
const EXCALIDRAW_NAME = /\.excalidraw$/i;

/** How far into a JSON file its identifying field is looked for before the whole is parsed. */
const JSON_SNIFF_CHARS = 4096;

/**
 * Which JSON format a text is. Both writers put their identifying field first (`"format":
 * "linework"`, `"type": "excalidraw"`), so it is found in the first characters, also in a file
 * cut short, whose message must then name the format it is. Otherwise the text is parsed: a
 * scene with `"type": "excalidraw"` is Excalidraw; text that is not JSON is what its name says,
 * and any other JSON, or unnamed broken JSON, is read as Linework's (the native format).
 */
function jsonKind(body: string, name: string): "excalidraw" | "linework" {
  const head = body.slice(0, JSON_SNIFF_CHARS);
  if (/"format"\s*:\s*"linework"/.test(head)) return "linework";
  // A scene, or what Excalidraw copies to the clipboard.
  if (/"type"\s*:\s*"excalidraw(?:\/clipboard)?"/.test(head)) return "excalidraw";
  let json: unknown;
  try {
    json = parseJson(body);
  } catch {
    return EXCALIDRAW_NAME.test(name) ? "excalidraw" : "linework";
  }
  return typeof json === "object" &&
    json !== null &&
    ((json as { type?: unknown }).type === "excalidraw" ||
      (json as { type?: unknown }).type === "excalidraw/clipboard")
    ? "excalidraw"
    : "linework";
}

function describe(name: string, mime: string | undefined): string {
  const shown = name.length > 0 ? `"${name.slice(0, 120)}"` : "The file";
  return mime !== undefined && mime.length > 0 ? `${shown} (${mime.slice(0, 60)})` : shown;
}

function baseName(name: string): string {
  const file = name.split(/[\\/]/).pop() ?? "";
  return file.replace(/\.[^.]*$/, "").slice(0, 200);
}

/** The file's name as messages show it: its last path part, or "The file" when it has none. */
export function fileName(name: string): string {
  const file = (name.split(/[\\/]/).pop() ?? "").trim().slice(0, 120);
  return file.length > 0 ? file : "The file";
}
