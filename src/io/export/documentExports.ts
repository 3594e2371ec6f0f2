import { canvasMeasure } from "./canvasMeasure";
import { pngClipboardPayload, svgClipboardSteps, type ClipboardPayload } from "./clipboard";
import { exportPdf, type PdfExportOptions } from "./pdf";
import { exportPng, type PngExportOptions } from "./png";
import { runExport, svgFileSteps, type ExportProgress } from "./inTasks";
import { exportSnapshot, scopeSnapshotSteps } from "./snapshot";
import type { ExportSource, VersionedSource } from "./source";
import {
  exportSvg,
  exportSvgSteps,
  type ExportScope,
  type SvgExport,
  type SvgExportOptions,
} from "./svg";
import type { TextMeasure } from "./textLayout";
import type { Id } from "../../doc/types";
import type { GlyphFonts } from "../../fonts/glyphFonts";

/** Export of the open document, with text measured by the browser as the renderer measures it. */
export interface DocumentExports {
  /** The SVG at once, in one task: for callers that need it now (a copy within a key press). */
  svg(options: SvgExportOptions): SvgExport;
  /**
   * The SVG file, written over many short tasks with progress, of the scope as it was when
   * called (edits meanwhile do not reach it); aborting `signal` stops it with an AbortError.
   */
  svgFile(options: SvgExportOptions, progress?: ExportProgress): Promise<Blob>;
  png(options: PngExportOptions): Promise<Blob>;
  pdf(options: PdfExportOptions): Promise<Uint8Array>;
  /** "Copy as SVG"'s payload, made as `svgFile` makes the file. */
  svgClipboard(options: SvgExportOptions, progress?: ExportProgress): Promise<ClipboardPayload>;
  /** "Copy as PNG"'s payload, made as `png` makes the image. */
  pngClipboard(options: PngExportOptions): Promise<ClipboardPayload>;
  /**
   * `nodes` as a PNG for the clipboard beside a copy or cut: what it draws is read now, so the
   * picture is of what was copied even when a cut deletes it before the fonts are in. `copied`
   * is that reading where the caller has already taken it (`exportSnapshot`).
   */
  snapshotPng(
    nodes: readonly Id[],
    options: Omit<PngExportOptions, "scope">,
    copied?: ExportSource,
  ): Promise<Blob>;
  /** Outlines of the fonts text can be exported in as paths. */
  glyphFonts(): Promise<GlyphFonts>;
}

/**
 * `source` is asked each time, so the exports follow whichever document is open; `glyphFonts`
 * loads the outlines of the fonts the app ships; `textMeasure` makes what SVG text is laid out
 * with (the browser's canvas; Node has none).
 */
export function documentExports(
  source: () => VersionedSource,
  glyphFonts: () => Promise<GlyphFonts>,
  textMeasure: () => TextMeasure = canvasMeasure,
): DocumentExports {
  let measure: TextMeasure | null = null;
  const withMeasure = (options: SvgExportOptions): SvgExportOptions => ({
    ...options,
    measure: options.measure ?? (measure ??= textMeasure()),
  });
  // An SVG drawn as an image cannot see the page's fonts, so PNGs would set text in the
  // machine's own: text goes in as the shipped faces' outlines instead, as the canvas draws it.
  const withOutlines = async (options: PngExportOptions): Promise<PngExportOptions> => {
    if (options.outlineText !== undefined) return options;
    const fonts = await glyphFonts().catch(() => null);
    return fonts === null ? options : { ...options, outlineText: fonts };
  };
  // An export in steps reads the scope as it was when it was asked for, whatever is edited
  // between its steps.
  const snapshotOf = (scope: ExportScope, signal?: AbortSignal): Promise<ExportSource> =>
    runExport(scopeSnapshotSteps(source(), scope), signal);
  const svgInSteps = async (
    options: SvgExportOptions,
    { signal, onProgress }: ExportProgress,
  ): Promise<SvgExport> => {
    const snapshot = await snapshotOf(options.scope, signal);
    return runExport(exportSvgSteps(snapshot, withMeasure(options), onProgress), signal);
  };
  return {
    svg: (options) => exportSvg(source(), withMeasure(options)),
    svgFile: async (options, progress = {}) =>
      runExport(svgFileSteps(await svgInSteps(options, progress)), progress.signal),
    png: async (options) => {
      const snapshot = await snapshotOf(options.scope, options.signal);
      return exportPng(snapshot, await withOutlines(options));
    },
    pdf: async (options) => {
      const snapshot = await runExport(scopeSnapshotSteps(source(), options.pages), options.signal);
      return exportPdf(snapshot, options);
    },
    svgClipboard: async (options, progress = {}) =>
      runExport(svgClipboardSteps(await svgInSteps(options, progress)), progress.signal),
    pngClipboard: async (options) => {
      const snapshot = await snapshotOf(options.scope, options.signal);
      return pngClipboardPayload(snapshot, await withOutlines(options));
    },
    snapshotPng: async (nodes, options, copied = exportSnapshot(source(), nodes)) => {
      return exportPng(copied, await withOutlines({ ...options, scope: { nodes } }));
    },
    glyphFonts,
  };
}
