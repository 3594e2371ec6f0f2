import { exportPng, type PngExportOptions } from "./png";
import { blobsOfPieces } from "./inTasks";
import type { ExportSource } from "./source";
import type { SvgExport } from "./svg";
import type { Steps } from "../steps";

/** Clipboard payloads by MIME type, ready for `new ClipboardItem(...)`. */
export type ClipboardPayload = Readonly<Record<string, Blob>>;

/** The types of "Copy as SVG", in the order `svgClipboardSteps` gives them. */
export const SVG_CLIPBOARD_TYPES = ["image/svg+xml", "text/html", "text/plain"] as const;

/**
 * "Copy as SVG" of an exported SVG: the file as image/svg+xml, the same markup inline in
 * text/html (what editors and office programs paste), and as text/plain for code editors. Made
 * in steps, as the file of File → Export is (`svgFileSteps`): the three share the same small
 * Blobs of the text instead of each encoding tens of megabytes at once.
 */
export function* svgClipboardSteps(exported: Pick<SvgExport, "pieces">): Steps<ClipboardPayload> {
  // pieces: the declaration and the root's start tag, the body, then the end tag.
  const [head = "", ...middle] = exported.pieces;
  const end = middle.pop() ?? "";
  const body = yield* blobsOfPieces(middle);
  const file = [head, ...body, end];
  const inline = [head.replace(/^<\?xml[^>]*\?>\s*/, ""), ...body, end.trimEnd()];
  return {
    "image/svg+xml": new Blob(file, { type: "image/svg+xml" }),
    "text/html": new Blob([`<meta charset="utf-8">`, ...inline], { type: "text/html" }),
    "text/plain": new Blob(file, { type: "text/plain" }),
  };
}

/** "Copy as PNG": the rendered image as image/png. Browser only. */
export async function pngClipboardPayload(
  source: ExportSource,
  options: PngExportOptions,
): Promise<ClipboardPayload> {
  return { "image/png": await exportPng(source, options) };
}
