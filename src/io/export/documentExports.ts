import { canvasMeasure } from "./canvasMeasure";
import { pngClipboardPayload, svgClipboardPayload, type ClipboardPayload } from "./clipboard";
import { exportPdf, type PdfExportOptions } from "./pdf";
import { exportPng, type PngExportOptions } from "./png";
import type { ExportSource } from "./source";
import { exportSvg, type SvgExport, type SvgExportOptions } from "./svg";
import type { TextMeasure } from "./textLayout";

/** Export of the open document, with text measured by the browser as the renderer measures it. */
export interface DocumentExports {
  svg(options: SvgExportOptions): SvgExport;
  png(options: PngExportOptions): Promise<Blob>;
  pdf(options: PdfExportOptions): Promise<Uint8Array>;
  svgClipboard(options: SvgExportOptions): ClipboardPayload;
  pngClipboard(options: PngExportOptions): Promise<ClipboardPayload>;
}

/** `source` is asked each time, so the exports follow whichever document is open. */
export function documentExports(source: () => ExportSource): DocumentExports {
  let measure: TextMeasure | null = null;
  const withMeasure = (options: SvgExportOptions): SvgExportOptions => ({
    ...options,
    measure: options.measure ?? (measure ??= canvasMeasure()),
  });
  return {
    svg: (options) => exportSvg(source(), withMeasure(options)),
    png: (options) => exportPng(source(), options),
    pdf: (options) => exportPdf(source(), options),
    svgClipboard: (options) => svgClipboardPayload(source(), withMeasure(options)),
    pngClipboard: (options) => pngClipboardPayload(source(), options),
  };
}
