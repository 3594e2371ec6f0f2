import type { XmlElement } from "../xml";

/**
 * SVG lengths in user units (96 per inch). `em` and `ex` are of the default 16px font, not the
 * element's own font size.
 */

/** The viewport percentages are of. */
export interface Viewport {
  readonly width: number;
  readonly height: number;
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
      return n * 16;
    case "ex":
      return n * 8;
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
