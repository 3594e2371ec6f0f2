/** Export of pages, frames and selections to SVG, PNG and PDF, and clipboard payloads. */
export { ExportError } from "./errors";
export type { ExportSource } from "./source";
export { exportSvg, type ExportScope, type SvgExport, type SvgExportOptions } from "./svg";
export { exportPng, pngSize, type PngExportOptions } from "./png";
export { exportPdf, type PdfExportOptions, type PdfPageScope } from "./pdf";
export { pngClipboardPayload, svgClipboardSteps, type ClipboardPayload } from "./clipboard";
export { canvasMeasure } from "./canvasMeasure";
export { ESTIMATED_MEASURE, type TextMeasure } from "./textLayout";
export { documentExports, type DocumentExports } from "./documentExports";
