import { exportPng, type PngExportOptions } from "./png";
import type { ExportSource } from "./source";
import { exportSvg, type SvgExportOptions } from "./svg";

/** Clipboard payloads by MIME type, ready for `new ClipboardItem(...)`. */
export type ClipboardPayload = Readonly<Record<string, Blob>>;

/**
 * "Copy as SVG": the file as image/svg+xml, the same markup inline in text/html (what editors
 * and office programs paste), and as text/plain for code editors.
 */
export function svgClipboardPayload(
  source: ExportSource,
  options: SvgExportOptions,
): ClipboardPayload {
  const exported = exportSvg(source, options);
  const inline = exported.svg.replace(/^<\?xml[^>]*\?>\s*/, "").trimEnd();
  return {
    "image/svg+xml": new Blob([exported.svg], { type: "image/svg+xml" }),
    "text/html": new Blob([`<meta charset="utf-8">${inline}`], { type: "text/html" }),
    "text/plain": new Blob([exported.svg], { type: "text/plain" }),
  };
}

/** "Copy as PNG": the rendered image as image/png. Browser only. */
export async function pngClipboardPayload(
  source: ExportSource,
  options: PngExportOptions,
): Promise<ClipboardPayload> {
  return { "image/png": await exportPng(source, options) };
}
