import { IDENTITY_MATRIX, multiply, type Matrix } from "../../../doc/transform";
import type { XmlElement } from "../xml";
import { length, type Viewport } from "./lengths";
import { parseNumberList } from "./transformList";

/** The viewports `<svg>`, `<symbol>` and `<marker>` establish, and how a viewBox fits them. */

/** The element's `viewBox` as x, y, width and height; null when absent, invalid or empty. */
export function viewBoxOf(element: XmlElement): readonly number[] | null {
  const viewBox = parseNumberList(element.attributes.get("viewBox") ?? "", 4);
  return viewBox !== null && viewBox.length === 4 && viewBox[2]! > 0 && viewBox[3]! > 0
    ? viewBox
    : null;
}

/** The map from a viewBox into a width × height viewport, aligned by `preserveAspectRatio`. */
export function viewBoxMatrix(
  box: readonly number[],
  width: number,
  height: number,
  aspect: string | undefined,
): Matrix {
  const [vx, vy, vw, vh] = box as [number, number, number, number];
  let sx = width / vw;
  let sy = height / vh;
  const parts = (aspect ?? "xMidYMid meet").trim().split(/\s+/);
  const align = parts[0] === "defer" ? (parts[1] ?? "xMidYMid") : parts[0]!;
  const slice = parts.includes("slice");
  if (align === "none") return { a: sx, b: 0, c: 0, d: sy, e: -vx * sx, f: -vy * sy };
  const s = slice ? Math.max(sx, sy) : Math.min(sx, sy);
  sx = sy = s;
  let tx = -vx * s;
  let ty = -vy * s;
  const extraX = width - vw * s;
  const extraY = height - vh * s;
  if (align.includes("xMid")) tx += extraX / 2;
  else if (align.includes("xMax")) tx += extraX;
  if (align.includes("YMid")) ty += extraY / 2;
  else if (align.includes("YMax")) ty += extraY;
  return { a: s, b: 0, c: 0, d: s, e: tx, f: ty };
}

/** Where a viewport lies in its parent's user space, and its size: what it clips to. */
export interface ViewportBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The viewport an `<svg>` or `<symbol>` establishes, its box, and the map into it from the user
 * space of its parent (whose viewport is `parent`). The outermost `<svg>` sits at the origin and takes its
 * size from its viewBox when it gives none; `size` is the size a `<use>` gives.
 */
export function viewportOf(
  element: XmlElement,
  parent: Viewport,
  outermost: boolean,
  size?: { width: number; height: number },
): { matrix: Matrix; viewport: Viewport; box: ViewportBox } {
  const box = viewBoxOf(element);
  const x = outermost ? 0 : length(element, "x", 0, parent, "x");
  const y = outermost ? 0 : length(element, "y", 0, parent, "y");
  const fallbackW = outermost && box !== null ? box[2]! : outermost ? 100 : parent.width;
  const fallbackH = outermost && box !== null ? box[3]! : outermost ? 100 : parent.height;
  const width =
    size?.width ??
    length(
      element,
      "width",
      fallbackW,
      parent,
      "x",
      outermost && box !== null ? box[2]! : undefined,
    );
  const height =
    size?.height ??
    length(
      element,
      "height",
      fallbackH,
      parent,
      "y",
      outermost && box !== null ? box[3]! : undefined,
    );
  const translate: Matrix = { ...IDENTITY_MATRIX, e: x, f: y };
  // The font size lengths are relative to stays that of the element establishing the viewport.
  const em = parent.em;
  const area = { x, y, width, height };
  if (box === null) return { matrix: translate, viewport: { width, height, em }, box: area };
  const fit = viewBoxMatrix(box, width, height, element.attributes.get("preserveAspectRatio"));
  return {
    matrix: multiply(translate, fit),
    viewport: { width: box[2]!, height: box[3]!, em },
    box: area,
  };
}
