import { SVG_CLIPBOARD_TYPES, type ClipboardPayload } from "../io/export/clipboard";
import type { DocumentExports } from "../io/export/documentExports";
import {
  EXPORT_FORMATS,
  exportFile,
  exportFormat,
  type ExportFormatInfo,
} from "../io/export/formats";
import type { ExportProgress } from "../io/export/inTasks";
import type { ExportScope } from "../io/export/svg";
import type { ToolSettings } from "../editing/settings";
import type { SnapSettings } from "../editing/settings";
import type { Command } from "../editing/commands";
import type { Editor } from "./editor";

/** "Copy as PNG" draws at the scale of File → Export as PNG: crisp on high-density screens. */
export const PNG_EXPORT_SCALE = exportFormat("png").direct.scale ?? 2;

export interface ExportCommandHost {
  current(): Editor;
  readonly exports: DocumentExports;
  readonly settings: ToolSettings;
  /** Hands a finished file to the person (a download in browsers). */
  save(blob: Blob, fileName: string): void;
  notify(message: string): void;
  /**
   * Puts one item of these types on the system clipboard, called within the key press or click
   * that asked for it; each type's Blob may come later, and should one fail or be cancelled the
   * clipboard is left as it was.
   */
  copy(item: Readonly<Record<string, Promise<Blob>>>): Promise<void>;
  /** File → Export…: the dialog with format, scope, scale and background. */
  openExportDialog(): void;
}

/** The selection when there is one, otherwise the page on screen. */
function scopeOf(doc: Editor): ExportScope {
  const selection = doc.store.selection;
  return selection.length > 0 ? { nodes: selection } : { page: doc.pageId() };
}

/** The document's name made safe as a file name. */
export function exportBaseName(doc: Editor): string {
  return doc.store.document.name.replace(/[\\/:*?"<>|]+/g, "-") || "Untitled";
}

/** Saves a blob through a temporary link: the one way every browser downloads a made-up file. */
export function downloadBlob(doc: Document, blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The export dialog, direct export to SVG, PNG and PDF, "Copy as SVG" and "Copy as PNG", and the
 * snapping toggles. The direct ones take the selection when there is one, otherwise the page.
 */
export function exportCommands(host: ExportCommandHost): Command[] {
  const failed = (what: string) => (error: unknown) =>
    host.notify(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  const snapToggle = (key: keyof Omit<SnapSettings, "tolerancePx">, label: string): Command => ({
    id: `view.snap.${key}`,
    label,
    category: "view",
    run: () => {
      const snap = host.settings.get().snap;
      host.settings.update({ snap: { ...snap, [key]: !snap[key] } });
    },
  });
  // File → Export as …, one per format, straight to a file with the format's own defaults.
  const direct = (format: ExportFormatInfo): Command => ({
    id: `file.export${format.id.charAt(0).toUpperCase()}${format.id.slice(1)}`,
    label: `Export as ${format.label}${format.direct.scale === undefined ? "" : ` (${format.direct.scale}×)`}`,
    category: "file",
    run: () => {
      const doc = host.current();
      const what = failed(`${format.label} export`);
      const baseName = exportBaseName(doc);
      // A large drawing takes a while: its bar and Cancel show with the imports' (JobProgress).
      const job = doc.jobs.start("export", `${baseName}.${format.extension}`);
      exportFile(
        host.exports,
        {
          format: format.id,
          // A format for whole pages only gets the page, whatever is selected.
          scope: format.selection ? scopeOf(doc) : { page: doc.pageId() },
          scale: format.direct.scale ?? 1,
          background: format.direct.background,
          baseName,
        },
        {
          signal: job.signal,
          onProgress: (done, total) => job.progress(total > 0 ? done / total : 1),
        },
      )
        .then(
          ({ blob, fileName }) => {
            if (!job.signal.aborted) host.save(blob, fileName);
          },
          (error: unknown) => {
            if (!job.signal.aborted) what(error);
          },
        )
        .finally(job.finish);
    },
  });
  // Copy as …: the payload is made over many tasks with a bar and Cancel, as a file export is.
  const copyAs = (
    id: string,
    label: string,
    extension: string,
    types: readonly string[],
    payload: (doc: Editor, progress: ExportProgress) => Promise<ClipboardPayload>,
  ): Command => ({
    id,
    label: `Copy as ${label}`,
    category: "edit",
    run: () => {
      const doc = host.current();
      const job = doc.jobs.start("copy", `${exportBaseName(doc)}.${extension}`);
      const made = payload(doc, {
        signal: job.signal,
        onProgress: (done, total) => job.progress(total > 0 ? done / total : 1),
      });
      // Promises in the item keep the key press's user activation for the write that ends later.
      const item = Object.fromEntries(
        types.map((type) => {
          const blob = made.then((ready) => ready[type]!);
          // The clipboard write reports a failure once; the other types' rejections are its.
          blob.catch(() => undefined);
          return [type, blob];
        }),
      );
      // A browser without the asynchronous clipboard throws at once: reported as a failed write,
      // so the job still ends with its payload instead of escaping the command.
      let writing: Promise<void>;
      try {
        writing = host.copy(item);
      } catch (error) {
        writing = Promise.reject(error);
      }
      const written = writing.catch((error: unknown) => {
        if (!job.signal.aborted) failed(`Copy as ${label}`)(error);
      });
      void Promise.allSettled([made, written]).then(job.finish);
    },
  });
  return [
    {
      id: "file.export",
      label: "Export…",
      category: "file",
      shortcuts: [{ code: "KeyE", mod: true, shift: true }],
      run: () => host.openExportDialog(),
    },
    ...EXPORT_FORMATS.map(direct),
    copyAs("edit.copyAsSvg", "SVG", "svg", SVG_CLIPBOARD_TYPES, (doc, progress) =>
      host.exports.svgClipboard({ scope: scopeOf(doc) }, progress),
    ),
    copyAs("edit.copyAsPng", "PNG", "png", ["image/png"], (doc, progress) =>
      host.exports.pngClipboard({ scope: scopeOf(doc), scale: PNG_EXPORT_SCALE, ...progress }),
    ),
    snapToggle("grid", "Snap to grid"),
    snapToggle("objects", "Snap to objects"),
    snapToggle("spacing", "Snap to equal spacing"),
  ];
}
