import type { DocumentExports } from "../io/export/documentExports";
import type { ExportScope } from "../io/export/svg";
import type { ToolSettings } from "../editing/settings";
import type { SnapSettings } from "../editing/settings";
import type { Command } from "../editing/commands";
import type { OpenDocument } from "./openDocument";

/** PNG export and "Copy as PNG" draw at twice the page's size: crisp on high-density screens. */
export const PNG_EXPORT_SCALE = 2;

export interface ExportCommandHost {
  current(): OpenDocument;
  readonly exports: DocumentExports;
  readonly settings: ToolSettings;
  /** Hands a finished file to the person (a download in browsers). */
  save(blob: Blob, fileName: string): void;
  notify(message: string): void;
  /** File → Export…: the dialog with format, scope, scale and background. */
  openExportDialog(): void;
}

/** The selection when there is one, otherwise the page on screen. */
function scopeOf(doc: OpenDocument): ExportScope {
  const selection = doc.editor.store.selection;
  return selection.length > 0 ? { nodes: selection } : { page: doc.pageId() };
}

/** The document's name made safe as a file name. */
export function exportBaseName(doc: OpenDocument): string {
  return doc.editor.store.document.name.replace(/[\\/:*?"<>|]+/g, "-") || "Untitled";
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
  return [
    {
      id: "file.export",
      label: "Export…",
      category: "file",
      shortcuts: [{ code: "KeyE", mod: true, shift: true }],
      run: () => host.openExportDialog(),
    },
    {
      id: "file.exportSvg",
      label: "Export as SVG",
      category: "file",
      run: () => {
        const doc = host.current();
        try {
          const { svg } = host.exports.svg({ scope: scopeOf(doc), background: false });
          host.save(new Blob([svg], { type: "image/svg+xml" }), `${exportBaseName(doc)}.svg`);
        } catch (error) {
          failed("SVG export")(error);
        }
      },
    },
    {
      id: "file.exportPng",
      label: "Export as PNG (2×)",
      category: "file",
      run: () => {
        const doc = host.current();
        host.exports
          .png({ scope: scopeOf(doc), scale: PNG_EXPORT_SCALE, background: true })
          .then((blob) => host.save(blob, `${exportBaseName(doc)}.png`))
          .catch(failed("PNG export"));
      },
    },
    {
      id: "file.exportPdf",
      label: "Export as PDF",
      category: "file",
      run: () => {
        const doc = host.current();
        host.exports
          .pdf({ pages: [{ page: doc.pageId() }], background: true, title: exportBaseName(doc) })
          .then((bytes) =>
            host.save(
              new Blob([bytes.slice().buffer], { type: "application/pdf" }),
              `${exportBaseName(doc)}.pdf`,
            ),
          )
          .catch(failed("PDF export"));
      },
    },
    {
      id: "edit.copyAsSvg",
      label: "Copy as SVG",
      category: "edit",
      run: () => {
        const doc = host.current();
        try {
          const payload = host.exports.svgClipboard({ scope: scopeOf(doc) });
          navigator.clipboard.write([new ClipboardItem(payload)]).catch(failed("Copy as SVG"));
        } catch (error) {
          failed("Copy as SVG")(error);
        }
      },
    },
    {
      id: "edit.copyAsPng",
      label: "Copy as PNG",
      category: "edit",
      run: () => {
        const doc = host.current();
        // The item takes a promise, so the copy keeps the key press's user activation.
        const png = host.exports
          .pngClipboard({ scope: scopeOf(doc), scale: PNG_EXPORT_SCALE })
          .then((payload) => payload["image/png"]!);
        navigator.clipboard
          .write([new ClipboardItem({ "image/png": png })])
          .catch(failed("Copy as PNG"));
      },
    },
    snapToggle("grid", "Snap to grid"),
    snapToggle("objects", "Snap to objects"),
    snapToggle("spacing", "Snap to equal spacing"),
  ];
}
