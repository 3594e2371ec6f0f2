/**
 * The export formats, each declared once: its name, file extension and type, what the export
 * dialog offers for it, what File → Export as… uses, and how the file is made. The dialog and
 * the direct commands both go through `exportFile`, so there is one dispatch on the format.
 */
import type { Id } from "../../doc/types";
import type { DocumentExports } from "./documentExports";
import type { ExportProgress } from "./inTasks";
import type { ExportScope } from "./svg";

export type ExportFormat = "svg" | "png" | "pdf";

/** What one export makes. */
export interface ExportRequest {
  readonly format: ExportFormat;
  readonly scope: ExportScope;
  /** Pixels per page unit (formats with `scale` only). */
  readonly scale: number;
  /** The page's background colour behind the drawing (a format whose `background` is "always" has it anyway). */
  readonly background: boolean;
  /** Text as paths of its glyph outlines (formats with `outlineText` only). */
  readonly outlineText?: boolean;
  /** The file's name without its extension. */
  readonly baseName: string;
}

export type { ExportProgress } from "./inTasks";

export interface ExportedFile {
  readonly blob: Blob;
  readonly fileName: string;
}

type Contents = string | Blob | Uint8Array;

export interface ExportFormatInfo {
  readonly id: ExportFormat;
  /** Its name in the dialog and in "Export as …". */
  readonly label: string;
  /** Without the dot. */
  readonly extension: string;
  readonly mime: string;
  /** A pixel scale is asked for. */
  readonly scale: boolean;
  /** "choice": a checkbox; "always": the file always has the page's background. */
  readonly background: "choice" | "always";
  /** Text can be written as outlines. */
  readonly outlineText: boolean;
  /** Any selection can be exported; false: only whole pages and frames. */
  readonly selection: boolean;
  /** File → Export as …: the background, and the scale of formats with one. */
  readonly direct: { readonly background: boolean; readonly scale?: number };
  /**
   * The file's contents, made over many short tasks where it can be large, so the page goes on
   * drawing and answering, with progress; aborting the signal rejects with an AbortError.
   */
  make(
    exports: DocumentExports,
    request: ExportRequest,
    progress: ExportProgress,
  ): Promise<Contents>;
}

/** A PDF page is a document page or a frame. */
function pdfPage(scope: ExportScope): { page: Id } | { frame: Id } {
  if ("nodes" in scope)
    throw new Error("A PDF holds whole pages or frames: choose the page or a frame");
  return scope;
}

/** In the export dialog's order. */
export const EXPORT_FORMATS: readonly ExportFormatInfo[] = [
  {
    id: "svg",
    label: "SVG",
    extension: "svg",
    mime: "image/svg+xml",
    scale: false,
    background: "choice",
    outlineText: true,
    selection: true,
    // Without a background an SVG drops onto other pages as the drawing alone.
    direct: { background: false },
    make: async (exports, { scope, background, outlineText }, progress) => {
      const fonts = outlineText === true ? await exports.glyphFonts() : undefined;
      progress.signal?.throwIfAborted();
      return exports.svgFile({ scope, background, outlineText: fonts }, progress);
    },
  },
  {
    id: "png",
    label: "PNG",
    extension: "png",
    mime: "image/png",
    scale: true,
    background: "choice",
    outlineText: false,
    selection: true,
    // Twice the page's size: crisp on high-density screens.
    direct: { background: true, scale: 2 },
    make: (exports, { scope, background, scale }, { signal, onProgress }) =>
      exports.png({ scope, background, scale, signal, onProgress }),
  },
  {
    id: "pdf",
    label: "PDF",
    extension: "pdf",
    mime: "application/pdf",
    scale: false,
    background: "always",
    outlineText: false,
    selection: false,
    direct: { background: true },
    make: (exports, { scope, baseName }, progress) =>
      exports.pdf({ pages: [pdfPage(scope)], background: true, title: baseName, ...progress }),
  },
];

export function exportFormat(id: ExportFormat): ExportFormatInfo {
  return EXPORT_FORMATS.find((format) => format.id === id)!;
}

function fileOf(format: ExportFormatInfo, baseName: string, contents: Contents): ExportedFile {
  // A copy of the bytes: a Blob of a view into a larger buffer would take the whole buffer.
  const part = contents instanceof Uint8Array ? contents.slice().buffer : contents;
  return {
    blob: contents instanceof Blob ? contents : new Blob([part], { type: format.mime }),
    fileName: `${baseName}.${format.extension}`,
  };
}

/** Makes the file a request describes. */
export async function exportFile(
  exports: DocumentExports,
  request: ExportRequest,
  progress: ExportProgress = {},
): Promise<ExportedFile> {
  const format = exportFormat(request.format);
  return fileOf(format, request.baseName, await format.make(exports, request, progress));
}
