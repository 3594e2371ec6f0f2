import { canvasMeasure } from "./canvasMeasure";
import { ExportError } from "./errors";
import { pictureElements, picturePlan } from "./pdfPictures";
import { runExport, type ExportProgress } from "./inTasks";
import { pngOfView } from "./png";
import { parentMatrix, type ExportSource } from "./source";
import { exportSvg, exportSvgLayersSteps } from "./svg";
import type { TextMeasure } from "./textLayout";
import { IdAllocator } from "./xml";
import { isSceneNode, type Id } from "../../doc/types";
import type { Box } from "../../math/box";

/** One PDF page: a document page or a frame. */
export type PdfPageScope = { readonly page: Id } | { readonly frame: Id };

export interface PdfExportOptions extends ExportProgress {
  /** The PDF's pages, in order. */
  readonly pages: readonly PdfPageScope[];
  /** Fill each PDF page with its page's background colour. */
  readonly background?: boolean;
  /** Document title in the PDF's information dictionary. */
  readonly title?: string;
}

/** Most pages one PDF holds. */
export const MAX_PDF_PAGES = 1000;

/**
 * Nodes svg2pdf.js converts in one task: a page is drawn as layers of whole nodes one over the
 * other, each in a task of its own, as the PNG export draws its layers. Measured at 20,000
 * rectangles on two cores under a load average of 10, a layer of 50 took 10–20 ms.
 */
export const PDF_NODES_PER_LAYER = 100;

/**
 * A vector PDF, one page per scope, drawn from the exported SVG by svg2pdf.js, so text stays
 * real, selectable PDF text. A node whose SVG applies a mask or a filter, which svg2pdf.js cannot
 * draw, is drawn as a picture of itself (pdfPictures.ts). Browser only (svg2pdf reads an SVG
 * DOM). The PDF libraries are loaded on first use so the app's main bundle does not carry them.
 * Each page is written in steps and converted as layers of at most PDF_NODES_PER_LAYER nodes
 * with a macrotask between, so the page goes on drawing and hearing input; progress counts
 * pages, a layer a share of its page; aborting the signal stops it with an AbortError. `source`
 * must not change meanwhile: the open document's export reads a snapshot of it.
 */
export async function exportPdf(
  source: ExportSource,
  options: PdfExportOptions,
): Promise<Uint8Array> {
  if (options.pages.length === 0) throw new ExportError("A PDF needs at least one page");
  if (options.pages.length > MAX_PDF_PAGES)
    throw new ExportError(`A PDF export holds at most ${MAX_PDF_PAGES} pages`);
  const { signal, onProgress } = options;
  const [{ jsPDF }, { svg2pdf }] = await Promise.all([import("jspdf"), import("svg2pdf.js")]);
  signal?.throwIfAborted();
  const measure = canvasMeasure();
  const ids = new IdAllocator();
  const host = document.createElement("div");
  // svg2pdf reads styles the way the browser computes them, so the SVG sits in the document,
  // out of sight, while it is converted.
  host.style.cssText = "position:fixed;left:-100000px;top:0;visibility:hidden;";
  document.body.appendChild(host);
  try {
    let pdf: InstanceType<typeof jsPDF> | null = null;
    onProgress?.(0, options.pages.length);
    for (const [index, scope] of options.pages.entries()) {
      const { bounds, layers } = await runExport(
        exportSvgLayersSteps(
          source,
          {
            scope,
            background: options.background ?? false,
            measure,
            // Only the picture matters here: the node data would only make svg2pdf read more.
            linework: false,
            nodeIds: true,
            ids,
          },
          PDF_NODES_PER_LAYER,
        ),
        signal,
      );
      const width = bounds.maxX - bounds.minX;
      const height = bounds.maxY - bounds.minY;
      const orientation = width > height ? "landscape" : "portrait";
      // One CSS pixel (page unit) is one PDF point, so a page prints at its drawn size × 0.75.
      if (pdf === null) pdf = new jsPDF({ unit: "pt", format: [width, height], orientation });
      else pdf.addPage([width, height], orientation);
      for (const [drawn, layer] of layers.entries()) {
        signal?.throwIfAborted();
        const parsed = new DOMParser().parseFromString(layer.svg, "image/svg+xml");
        const svg = parsed.documentElement;
        if (svg.nodeName !== "svg") throw new ExportError("The exported SVG did not parse");
        await drawAsPictures(source, svg, bounds, measure);
        host.replaceChildren(document.importNode(svg, true));
        await svg2pdf(host.firstElementChild as Element, pdf, { x: 0, y: 0, width, height });
        onProgress?.(index + (drawn + 1) / layers.length, options.pages.length);
        // A macrotask between layers lets the page breathe: input, timers, the progress bar, Cancel.
        await new Promise((resume) => setTimeout(resume, 0));
      }
    }
    if (pdf === null) throw new ExportError("A PDF needs at least one page");
    signal?.throwIfAborted();
    if (options.title !== undefined) pdf.setProperties({ title: options.title });
    return new Uint8Array(pdf.output("arraybuffer"));
  } finally {
    host.remove();
  }
}

/**
 * Replaces each node element of `svg` that applies a mask or a filter by an `<image>` of the
 * node as the PNG export draws it, the part of it on the page (`page`, page units).
 */
async function drawAsPictures(
  source: ExportSource,
  svg: Element,
  page: Box,
  measure: TextMeasure,
): Promise<void> {
  for (const { element, id } of pictureElements(svg)) {
    const node = source.get(id);
    if (!isSceneNode(node)) continue;
    let exported: ReturnType<typeof exportSvg> | null;
    try {
      exported = exportSvg(source, { scope: { nodes: [id] }, measure, linework: false });
    } catch (error) {
      // A node that draws nothing has no picture.
      if (!(error instanceof ExportError)) throw error;
      exported = null;
    }
    const plan =
      exported === null ? null : picturePlan(exported.bounds, page, parentMatrix(source, node));
    if (exported === null || plan === null) {
      element.remove();
      continue;
    }
    const png = await pngOfView([exported], plan.view, plan.scale);
    const image = element.ownerDocument.createElementNS(SVG_NS, "image");
    const { x, y, width, height, transform } = plan.image;
    image.setAttribute("x", String(x));
    image.setAttribute("y", String(y));
    image.setAttribute("width", String(width));
    image.setAttribute("height", String(height));
    image.setAttribute("preserveAspectRatio", "none");
    if (transform !== undefined) image.setAttribute("transform", transform);
    image.setAttribute("href", await dataUrl(png));
    element.replaceWith(image);
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new ExportError("The picture could not be read"));
    reader.readAsDataURL(blob);
  });
}
