import type { DocumentExports } from "../../io/export/documentExports";
import { MAX_SCALE } from "../../io/export/png";
import type { ExportScope } from "../../io/export/svg";
import type { Id } from "../../doc/types";

export type ExportFormat = "svg" | "png" | "pdf";

/** What one export from the dialog makes. */
export interface ExportRequest {
  readonly format: ExportFormat;
  readonly scope: ExportScope;
  /** Pixels per page unit (PNG only). */
  readonly scale: number;
  /** The page's background colour behind the drawing (SVG and PNG; a PDF always has it). */
  readonly background: boolean;
  /** Text as paths of its glyph outlines (SVG only). */
  readonly outlineText?: boolean;
  /** The file's name without its extension. */
  readonly baseName: string;
}

export interface ExportProgress {
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
}

/** A custom PNG scale typed by a person: a number above 0 and at most MAX_SCALE, else null. */
export function parseScale(text: string): number | null {
  const value = Number(text.trim().replace(",", "."));
  return text.trim() !== "" && Number.isFinite(value) && value > 0 && value <= MAX_SCALE
    ? value
    : null;
}

/** A PDF page is a document page or a frame. */
function pdfPage(scope: ExportScope): { page: Id } | { frame: Id } {
  if ("nodes" in scope)
    throw new Error("A PDF holds whole pages or frames: choose the page or a frame");
  return scope;
}

/** Makes the file a request describes. */
export async function exportFile(
  exports: DocumentExports,
  request: ExportRequest,
  progress: ExportProgress = {},
): Promise<{ blob: Blob; fileName: string }> {
  const { format, scope, background, baseName } = request;
  switch (format) {
    case "svg": {
      const outlineText = request.outlineText === true ? await exports.glyphFonts() : undefined;
      progress.signal?.throwIfAborted();
      const { svg } = exports.svg({ scope, background, outlineText });
      return {
        blob: new Blob([svg], { type: "image/svg+xml" }),
        fileName: `${baseName}.svg`,
      };
    }
    case "png": {
      const blob = await exports.png({
        scope,
        background,
        scale: request.scale,
        signal: progress.signal,
        onProgress: progress.onProgress,
      });
      return { blob, fileName: `${baseName}.png` };
    }
    case "pdf": {
      const bytes = await exports.pdf({
        pages: [pdfPage(scope)],
        background: true,
        title: baseName,
      });
      progress.signal?.throwIfAborted();
      return {
        blob: new Blob([bytes.slice().buffer], { type: "application/pdf" }),
        fileName: `${baseName}.pdf`,
      };
    }
  }
}
