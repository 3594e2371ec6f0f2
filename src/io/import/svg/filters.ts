import { MAX_BLUR } from "../../../doc/types";
import { localName, type XmlElement } from "../xml";

/**
 * Filters the import keeps: one Gaussian blur of what a filter applies to becomes a group's blur
 * (see masking.ts); every other filter is reported and its element drawn unfiltered.
 */

/**
 * The standard deviation of a `<filter>` that is one Gaussian blur of what it applies to (one
 * `feGaussianBlur` of the source graphic, alike both ways), which a group's blur holds; null
 * for any other filter (reported by the audit).
 */
export function blurOfFilter(filter: XmlElement | undefined): number | null {
  if (filter === undefined || localName(filter.name) !== "filter") return null;
  if (filter.attributes.has("href") || filter.attributes.has("xlink:href")) return null;
  if (filter.attributes.get("primitiveUnits")?.trim() === "objectBoundingBox") return null;
  const primitives = filter.children.filter((c): c is XmlElement => typeof c !== "string");
  const blur = primitives[0];
  if (primitives.length !== 1 || blur === undefined || localName(blur.name) !== "feGaussianBlur")
    return null;
  const source = blur.attributes.get("in")?.trim();
  if (source !== undefined && source !== "SourceGraphic") return null;
  const parts = (blur.attributes.get("stdDeviation") ?? "0")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const [x, y = x] = parts;
  if (parts.length > 2 || x === undefined || y === undefined || x !== y) return null;
  if (!(x > 0) || !Number.isFinite(x)) return null;
  return Math.min(x, MAX_BLUR);
}

/** The blur of a `filter` property's value, when it refers to a filter a group's blur holds. */
export function referencedBlur(
  value: string | undefined,
  byId: (id: string) => XmlElement | undefined,
): number | null {
  const text = value?.trim() ?? "";
  const id = /^url\(\s*['"]?#([^)'"]+)['"]?\s*\)$/.exec(text)?.[1]?.trim();
  return id === undefined ? null : blurOfFilter(byId(id));
}
