import type { XmlElement } from "../xml";

/**
 * SVG lengths in user units (96 per inch). `em` is the element's font size (16 unless set), and
 * `ex` half of it, the usual x-height where no font is measured.
 */

/** The viewport percentages are of, and the font size `em` and `ex` are of. */
export interface Viewport {
  readonly width: number;
  readonly height: number;
  /** The element's computed font size in user units; 16 when absent. */
  readonly em?: number;
}

const DEFAULT_FONT_SIZE = 16;

/** The viewport with the font size of a computed style (whose font-size is in user units). */
export function withFontSize(viewport: Viewport, style: ReadonlyMap<string, string>): Viewport {
  const em = Number(style.get("font-size") ?? DEFAULT_FONT_SIZE);
  if (!Number.isFinite(em) || em === (viewport.em ?? DEFAULT_FONT_SIZE)) return viewport;
  return { ...viewport, em };
}

/** Which side of the viewport a percentage is of; "other" is its normalized diagonal. */
export type Axis = "x" | "y" | "other";

/** An attribute as a length; `whenMissing` (or `fallback`) when absent, `fallback` when invalid. */
export function length(
  element: XmlElement,
  name: string,
  fallback: number,
  viewport: Viewport,
  axis: Axis,
  whenMissing?: number,
): number {
  const value = element.attributes.get(name);
  if (value === undefined) return whenMissing ?? fallback;
  return parseLength(value, fallback, viewport, axis);
}

export function parseLength(
  value: string,
  fallback: number,
  viewport: Viewport,
  axis: Axis,
): number {
  const match =
    /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(px|pt|pc|mm|cm|in|em|ex|%)?\s*$/.exec(
      value,
    );
  if (match === null) return fallback;
  const n = Number(match[1]);
  if (!Number.isFinite(n)) return fallback;
  const { width, height } = viewport;
  switch (match[2]) {
    case "pt":
      return (n * 4) / 3;
    case "pc":
      return n * 16;
    case "mm":
      return (n * 96) / 25.4;
    case "cm":
      return (n * 96) / 2.54;
    case "in":
      return n * 96;
    case "em":
      return n * (viewport.em ?? DEFAULT_FONT_SIZE);
    case "ex":
      return (n * (viewport.em ?? DEFAULT_FONT_SIZE)) / 2;
    case "%": {
      const reference =
        axis === "x"
          ? width
          : axis === "y"
            ? height
            : Math.sqrt((width * width + height * height) / 2);
      return (n / 100) * reference;
    }
    default:
      return n;
  }
}

/**
 * A length that may be `auto` (SVG 2 geometry properties such as `rx`): null when absent, auto,
 * or invalid, a negative value being invalid.
 */
export function autoLength(
  element: XmlElement,
  name: string,
  viewport: Viewport,
  axis: Axis,
): number | null {
  const value = element.attributes.get(name);
  if (value === undefined) return null;
  const n = parseLength(value, Number.NaN, viewport, axis);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Font sizes by keyword (CSS Fonts 4, at a medium of 16px). */
const FONT_SIZE_KEYWORDS: Readonly<Record<string, number>> = {
  "xx-small": 9,
  "x-small": 10,
  small: 13,
  medium: 16,
  large: 18,
  "x-large": 24,
  "xx-large": 32,
  "xxx-large": 48,
};

/**
 * A `font-size` value in user units, relative sizes (em, ex, %, larger, smaller) of the parent's;
 * null for an invalid or negative value, which leaves the parent's in place.
 */
export function resolveFontSize(value: string, parent: number): number | null {
  const text = value.trim().toLowerCase();
  const keyword = FONT_SIZE_KEYWORDS[text];
  if (keyword !== undefined) return keyword;
  if (text === "larger") return parent * 1.2;
  if (text === "smaller") return parent / 1.2;
  if (text.endsWith("rem")) {
    const n = Number(text.slice(0, -3));
    return Number.isFinite(n) && n >= 0 ? n * DEFAULT_FONT_SIZE : null;
  }
  // Percentages are of the parent's font size, as em is.
  const n = text.endsWith("%")
    ? (Number(text.slice(0, -1)) / 100) * parent
    : parseLength(text, Number.NaN, { width: 0, height: 0, em: parent }, "y");
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** A length in objectBoundingBox units: a fraction, or a percentage of the box's side. */
export function fraction(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const text = value.trim();
  const percent = text.endsWith("%");
  const body = percent ? text.slice(0, -1) : text;
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(body)) return fallback;
  const n = Number(body);
  return percent ? n / 100 : n;
}

/** A box in an element's user space. */
export interface UserBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The region of a mask or filter (`x`, `y`, `width`, `height`): in user space, or as fractions
 * of the bounding box `box()` gives; either way the box widened by a tenth each side unless the
 * element says otherwise (SVG's −10 % and 120 %). Null when it or the box is empty.
 */
export function effectRegion(
  element: XmlElement,
  inUserSpace: boolean,
  viewport: Viewport,
  box: () => UserBox | null,
): UserBox | null {
  let region: UserBox;
  if (inUserSpace) {
    region = {
      x: length(element, "x", 0, viewport, "x", -0.1 * viewport.width),
      y: length(element, "y", 0, viewport, "y", -0.1 * viewport.height),
      width: length(element, "width", 0, viewport, "x", 1.2 * viewport.width),
      height: length(element, "height", 0, viewport, "y", 1.2 * viewport.height),
    };
  } else {
    const b = box();
    if (b === null || !(b.width > 0) || !(b.height > 0)) return null;
    const at = (name: string, fallback: number): number =>
      fraction(element.attributes.get(name), fallback);
    region = {
      x: b.x + at("x", -0.1) * b.width,
      y: b.y + at("y", -0.1) * b.height,
      width: at("width", 1.2) * b.width,
      height: at("height", 1.2) * b.height,
    };
  }
  return region.width > 0 && region.height > 0 ? region : null;
}
