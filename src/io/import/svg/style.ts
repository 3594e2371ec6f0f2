import type { XmlElement } from "../xml";
import { parseColor } from "./color";
import { cascadedDeclarations, hasExternalUrl, type SelectorTarget, type StyleSheet } from "./css";
import { resolveFontSize } from "./lengths";
import { INHERITED_PROPERTIES, isPresentationAttribute, READ_PROPERTIES } from "./support";

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
 * specificity and order, then its `style` attribute, and `!important` declarations over all.
 * Declarations that are invalid for the properties read are ignored, as CSS ignores them.
 */
export function declaredStyle(
  element: XmlElement,
  sheet: StyleSheet,
  counts: { externalUrls: number },
  target: SelectorTarget,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of element.attributes) {
    // Only presentation attributes set properties: not `marker` or `mix-blend-mode`, which CSS
    // alone sets.
    if (!READ_PROPERTIES.has(name) || !isPresentationAttribute(name)) continue;
    const trimmed = value.trim();
    if (trimmed.length === 0) continue;
    if (hasExternalUrl(trimmed)) counts.externalUrls += 1;
    else if (isValid(name, trimmed)) out.set(name, trimmed);
  }
  const inline = element.attributes.get("style");
  for (const [k, v] of cascadedDeclarations(sheet, target, inline, counts)) declare(out, k, v);
  return out;
}

/** One CSS declaration into a declared style; the `marker` shorthand sets its three longhands. */
function declare(out: Map<string, string>, name: string, value: string): void {
  if (!READ_PROPERTIES.has(name) || !isValid(name, value)) return;
  if (name !== "marker") out.set(name, value);
  else for (const longhand of MARKER_LONGHANDS) out.set(longhand, value);
}

const NUMBER_OR_PERCENTAGE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?%?$/i;

/**
 * Whether a declaration is valid, for the properties whose invalid values would otherwise draw
 * differently: CSS ignores an invalid declaration (a fill of "#12" leaves the inherited fill),
 * where reading it would draw no fill at all.
 */
function isValid(name: string, value: string): boolean {
  const text = value.trim();
  switch (name) {
    case "fill":
    case "stroke":
      return isPaint(text);
    case "color":
    case "stop-color":
      return isWideKeyword(text) || parseColor(text) !== null;
    case "opacity":
    case "fill-opacity":
    case "stroke-opacity":
    case "stop-opacity":
      return isWideKeyword(text) || NUMBER_OR_PERCENTAGE.test(text);
    default:
      return true;
  }
}

function isWideKeyword(text: string): boolean {
  return /^(inherit|initial|unset)$/i.test(text);
}

/** A paint: none, a colour, a context paint, or a reference with an optional fallback paint. */
function isPaint(text: string): boolean {
  if (isWideKeyword(text) || /^(none|context-fill|context-stroke)$/i.test(text)) return true;
  const url = /^url\([^)]*\)\s*(.*)$/i.exec(text);
  if (url !== null)
    return url[1]!.length === 0 || /^none$/i.test(url[1]!) || parseColor(url[1]!) !== null;
  return parseColor(text) !== null;
}

const MARKER_LONGHANDS = ["marker-start", "marker-mid", "marker-end"] as const;

/** The element's computed style from its declared style and its parent's computed style. */
export function computeStyle(
  declared: ReadonlyMap<string, string>,
  parent: ComputedStyle,
): ComputedStyle {
  const out = new Map<string, string>();
  for (const [k, v] of parent) if (INHERITED_PROPERTIES.has(k)) out.set(k, v);
  for (const [k, v] of declared) {
    if (v === "inherit" || (k === "color" && /^currentcolor$/i.test(v))) {
      // `color: currentColor` is the inherited colour.
      const inherited = parent.get(k);
      if (inherited !== undefined) out.set(k, inherited);
      else out.delete(k);
    } else if (k === "font-size") {
      // Kept in user units, so that em, ex and percentages are of the parent's size only once.
      const size = resolveFontSize(v, Number(parent.get("font-size") ?? 16));
      if (size !== null) out.set(k, String(size));
    } else if (v === "initial" || v === "unset") {
      const initial = INITIAL_STYLE.get(k);
      if (v === "unset" && INHERITED_PROPERTIES.has(k)) continue;
      if (initial !== undefined) out.set(k, initial);
      else out.delete(k);
    } else out.set(k, v);
  }
  return out;
}
