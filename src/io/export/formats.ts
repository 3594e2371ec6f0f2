/**
 * The export formats, each declared once: its name, file extension and type, what the export
 * dialog offers for it, what File → Export as… uses, and how the file is made. The dialog and
 * the direct commands both go through `exportFile`, so there is one dispatch on the format.
 */
import type { Id } from "../../doc/types";
import type { GlyphFonts } from "../../fonts/glyphFonts";
import type { DocumentExports } from "./documentExports";
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

export interface ExportProgress {
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
}

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
   * The file's contents. Returned at once where the format allows it, so an export started by
   * a key press can hand the file over within that press's user activation.
   */
  make(
    exports: DocumentExports,
    request: ExportRequest,
    progress: ExportProgress,
  ): Contents | Promise<Contents>;
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
    make(exports, { scope, background, outlineText }, { signal }) {
      const write = (fonts?: GlyphFonts): string => {
        signal?.throwIfAborted();
        return exports.svg({ scope, background, outlineText: fonts }).svg;
      };
      return outlineText === true ? exports.glyphFonts().then(write) : write();
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
    make: async (exports, { scope, baseName }, { signal }) => {
      const bytes = await exports.pdf({
        pages: [pdfPage(scope)],
        background: true,
        title: baseName,
      });
      signal?.throwIfAborted();
      return bytes;
    },
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

/**
 * The file a request describes, at once when its format makes it synchronously (so File →
 * Export as SVG saves within the key press), else a promise. Throws or rejects on failure.
 */
export function exportFileNow(
  exports: DocumentExports,
  request: ExportRequest,
  progress: ExportProgress = {},
): ExportedFile | Promise<ExportedFile> {
  const format = exportFormat(request.format);
  const contents = format.make(exports, request, progress);
  return contents instanceof Promise
    ? contents.then((made) => fileOf(format, request.baseName, made))
    : fileOf(format, request.baseName, contents);
}

/** Makes the file a request describes. */
export async function exportFile(
  exports: DocumentExports,
  request: ExportRequest,
  progress: ExportProgress = {},
): Promise<ExportedFile> {
  return exportFileNow(exports, request, progress);
}
