import type { XmlElement } from "../xml";
import { localName } from "../xml";
import { hasExternalUrl, parseDeclarations, selectorMatches, type StyleSheet } from "./css";

/** Properties children take from their parent when they do not set them. */
const INHERITED = new Set([
  "fill",
  "fill-opacity",
  "fill-rule",
  "stroke",
  "stroke-opacity",
  "stroke-width",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "color",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "visibility",
  "marker-start",
  "marker-mid",
  "marker-end",
]);

/** Properties read from elements; anything else in a style is ignored. */
const KNOWN = new Set([
  ...INHERITED,
  "opacity",
  "display",
  "filter",
  "mask",
  "clip-path",
  "marker",
  "overflow",
  "stop-color",
  "stop-opacity",
  "mix-blend-mode",
  "transform-origin",
  "font",
]);

export type ComputedStyle = ReadonlyMap<string, string>;

export const INITIAL_STYLE: ComputedStyle = new Map([
  ["fill", "black"],
  ["stroke", "none"],
  ["stroke-width", "1"],
  ["font-size", "16"],
  ["font-family", "sans-serif"],
  ["color", "black"],
]);

/**
 * The declared properties of one element: presentation attributes, then matching rules by
 * specificity and order, then its `style` attribute.
 */
export function declaredStyle(
  element: XmlElement,
  sheet: StyleSheet,
  counts: { externalUrls: number },
): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of element.attributes) {
    // `marker` is a shorthand of CSS only, not a presentation attribute.
    if (!KNOWN.has(name) || name === "marker") continue;
    const trimmed = value.trim();
    if (trimmed.length === 0) continue;
    if (hasExternalUrl(trimmed)) counts.externalUrls += 1;
    else out.set(name, trimmed);
  }
  if (sheet.rules.length > 0) {
    const tag = localName(element.name);
    const id = element.attributes.get("id");
    const classes = (element.attributes.get("class") ?? "").split(/\s+/).filter(Boolean);
    const matching = sheet.rules
      .filter((rule) => selectorMatches(rule.selector, tag, id, classes))
      .sort((a, b) => a.selector.specificity - b.selector.specificity || a.order - b.order);
    for (const rule of matching) for (const [k, v] of rule.declarations) declare(out, k, v);
  }
  const inline = element.attributes.get("style");
  if (inline !== undefined) {
    for (const [k, v] of parseDeclarations(inline, counts)) declare(out, k, v);
  }
  return out;
}

/** One CSS declaration into a declared style; the `marker` shorthand sets its three longhands. */
function declare(out: Map<string, string>, name: string, value: string): void {
  if (!KNOWN.has(name)) return;
  if (name !== "marker") out.set(name, value);
  else for (const longhand of MARKER_LONGHANDS) out.set(longhand, value);
}

const MARKER_LONGHANDS = ["marker-start", "marker-mid", "marker-end"] as const;

/** The element's computed style from its declared style and its parent's computed style. */
export function computeStyle(
  declared: ReadonlyMap<string, string>,
  parent: ComputedStyle,
): ComputedStyle {
  const out = new Map<string, string>();
  for (const [k, v] of parent) if (INHERITED.has(k)) out.set(k, v);
  for (const [k, v] of declared) {
    if (v === "inherit") {
      const inherited = parent.get(k);
      if (inherited !== undefined) out.set(k, inherited);
      else out.delete(k);
    } else out.set(k, v);
  }
  return out;
}
