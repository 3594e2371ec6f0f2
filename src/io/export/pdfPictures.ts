import { IDENTITY_MATRIX, invert, type Matrix } from "../../doc/transform";
import type { Id } from "../../doc/types";
import type { Box } from "../../math/box";
import { fittedScale, pixelArea } from "./png";
import { NODE_ID_ATTRIBUTE } from "./svg";

// svg2pdf.js draws neither soft masks nor filters: a PDF would show a masked group unmasked and a
// blurred one sharp. Such groups go into the PDF as pictures of themselves instead, made by the
// PNG export's renderer (the browser's drawing of the same SVG), and everything else stays vector.

/** Pixels a page unit of such a picture: twice the PDF's 72 points an inch. */
export const PICTURE_SCALE = 2;
/** Most pixels one picture takes; a larger group is drawn at the scale that fits. */
export const PICTURE_MAX_PIXELS = 4 * 1024 * 1024;

/** The DOM a picture search reads: what the browser's elements and @xmldom's both have. */
export interface MarkupElement {
  readonly tagName: string;
  readonly parentNode: unknown;
  readonly childNodes: ArrayLike<unknown>;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
}

// Their content is drawn only where something refers to it, never in place.
const NOT_DRAWN_HERE = new Set([
  "defs",
  "mask",
  "clipPath",
  "pattern",
  "filter",
  "symbol",
  "marker",
  "linearGradient",
  "radialGradient",
]);

function localName(element: MarkupElement): string {
  const colon = element.tagName.indexOf(":");
  return colon < 0 ? element.tagName : element.tagName.slice(colon + 1);
}

function isElement(node: unknown): node is MarkupElement {
  return (node as { nodeType?: number } | null)?.nodeType === 1;
}

/** Whether the element itself applies a mask or a filter, as an attribute or in its style. */
function masksOrFilters(element: MarkupElement): boolean {
  if (element.hasAttribute("mask") || element.hasAttribute("filter")) return true;
  return /(^|;)\s*(mask|filter)\s*:/i.test(element.getAttribute("style") ?? "");
}

/**
 * The nodes' elements (marked with their ids by the export's `nodeIds`) that must be drawn as
 * pictures: each is the innermost node around an element that applies a mask or a filter, and
 * none is inside another (the outer one's picture holds it). Masks and filters inside `<defs>`,
 * masks and patterns are drawn with whatever refers to them. In document order.
 */
export function pictureElements<E extends MarkupElement>(
  root: E,
): { readonly element: E; readonly id: Id }[] {
  const found: { element: E; id: Id }[] = [];
  // Returns the owner whose picture it found, while the walk is still inside it: all of that
  // owner's drawing is in the picture, so nothing more in it is looked at.
  const walk = (element: E, owner: E | null): E | null => {
    if (NOT_DRAWN_HERE.has(localName(element))) return null;
    const mine = element.hasAttribute(NODE_ID_ATTRIBUTE) ? element : owner;
    if (mine !== null && masksOrFilters(element)) {
      found.push({ element: mine, id: mine.getAttribute(NODE_ID_ATTRIBUTE)! });
      return mine === element ? null : mine;
    }
    const children = element.childNodes;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (!isElement(child)) continue;
      const pictured = walk(child as E, mine);
      if (pictured !== null) return pictured === element ? null : pictured;
    }
    return null;
  };
  walk(root, null);
  return found;
}

/** Where a node's picture goes and how sharp it is; null when nothing of it is on the page. */
export interface PicturePlan {
  /** The part of the page drawn, in page units. */
  readonly view: Box;
  /** Pixels a page unit. */
  readonly scale: number;
  /** The `<image>`'s attributes, in the coordinates of the element it replaces. */
  readonly image: {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
    readonly transform: string | undefined;
  };
}

/**
 * The picture of a node whose drawing covers `drawn` (page units) on a PDF page showing `page`,
 * for an element whose parent's coordinates `parent` maps to the page's: only the part on the
 * page, at PICTURE_SCALE or the scale that keeps it to PICTURE_MAX_PIXELS, placed on the page in
 * page units whatever the parent's rotation or scale (the picture is undone from it).
 */
export function picturePlan(drawn: Box, page: Box, parent: Matrix): PicturePlan | null {
  const view = {
    minX: Math.max(drawn.minX, page.minX),
    minY: Math.max(drawn.minY, page.minY),
    maxX: Math.min(drawn.maxX, page.maxX),
    maxY: Math.min(drawn.maxY, page.maxY),
  };
  if (!(view.maxX > view.minX && view.maxY > view.minY)) return null;
  const toParent = invert(parent);
  if (toParent === null) return null;
  const scale = fittedScale(view, PICTURE_SCALE, PICTURE_MAX_PIXELS);
  if (!(scale > 0)) return null;
  const area = pixelArea(view, scale);
  return {
    view,
    scale,
    image: {
      x: area.minX,
      y: area.minY,
      width: area.maxX - area.minX,
      height: area.maxY - area.minY,
      transform: isIdentity(toParent)
        ? undefined
        : // Unrounded: the picture must land on the page where the drawing was.
          `matrix(${[toParent.a, toParent.b, toParent.c, toParent.d, toParent.e, toParent.f].map(String).join(" ")})`,
    },
  };
}

function isIdentity(m: Matrix): boolean {
  return (
    m.a === IDENTITY_MATRIX.a &&
    m.b === IDENTITY_MATRIX.b &&
    m.c === IDENTITY_MATRIX.c &&
    m.d === IDENTITY_MATRIX.d &&
    m.e === IDENTITY_MATRIX.e &&
    m.f === IDENTITY_MATRIX.f
  );
}
