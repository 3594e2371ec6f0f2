import { BLEND_MODES } from "../../../doc/types";
import { localName, type XmlElement } from "../xml";
import { focalRadiusKept, radialSpreadKept } from "./paint";
import { keptFilter } from "./filters";

/**
 * What the SVG import keeps, as allow-lists: the elements it converts or reads, and for each the
 * attributes and style properties it honours. Whatever is outside them is reported in the import
 * summary (see `audit`), so that a construct nobody thought of is reported too. Entries with no
 * rendering effect (descriptions, editor metadata, accessibility, ids and classes, properties at
 * their initial value) are allowed without being kept.
 */

export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * How the import treats an element:
 * - `drawn`: converted where it stands (shapes, text, images, containers, `<use>`);
 * - `resource`: read where something refers to it (gradients, patterns, markers, clip paths,
 *   symbols);
 * - `text content`: the characters of a `<text>` (its styles and positions are not kept);
 * - `inert`: no rendering effect (descriptions, views);
 * - `referenced`: not imported, and reported where an element refers to it (masks, filters),
 *   since a definition that nothing uses draws nothing.
 * An element with no role is not imported and is reported itself, its content with it.
 */
export type ElementRole = "drawn" | "resource" | "text content" | "inert" | "referenced";

/** Resolves `url(#id)` references for the checks that depend on what is referred to. */
export type ElementLookup = (id: string) => XmlElement | undefined;

/**
 * A check of one value of an attribute or property: null when the import keeps it (or it has no
 * rendering effect), otherwise a short note of what is not kept: "" for the whole declaration, or
 * a keyword naming the value.
 */
export type Check = (value: string, element: XmlElement, byId: ElementLookup) => string | null;

const KEPT: Check = () => null;
const NOT_KEPT: Check = () => "";
/** Allowed, with no rendering effect. */
const INERT: Check = () => null;

/** A value as a note: the keyword itself when it is one, else no note. */
function noteOf(value: string): string {
  const text = value.trim();
  return /^[\w-]{1,40}$/.test(text) ? text : "";
}

/** CSS-wide keywords: their effect is that of a parent or an initial value, reported there. */
const WIDE_KEYWORDS = new Set(["inherit", "initial", "unset", "revert", "revert-layer"]);

/** Kept only for these keywords (compared without case); other values are not kept. */
function keywords(...kept: string[]): Check {
  const set = new Set(kept.map((k) => k.toLowerCase()));
  return (value) => {
    const text = value.trim().toLowerCase().replace(/\s+/g, " ");
    return set.has(text) || WIDE_KEYWORDS.has(text) ? null : noteOf(value);
  };
}

/** Not kept, except at these values, which have no effect (a property's initial value). */
const unlessAt = keywords;

/**
 * `fill` and `stroke`: colours, gradients, patterns and context paints (the paint of the `<use>`
 * or marked shape, or none without one) are kept.
 */
const paintCheck: Check = () => null;

/** The blend modes a node can hold. */
const blendCheck: Check = (value) => {
  const text = value.trim().toLowerCase();
  return (BLEND_MODES as readonly string[]).includes(text) || WIDE_KEYWORDS.has(text)
    ? null
    : noteOf(value);
};

/** `filter`: kept where it refers to a filter the model draws (filters.ts), else reported. */
const filterCheck: Check = (value, _element, byId) =>
  value.trim() === "none" || keptFilter(value, byId) !== null ? null : noteOf(value);

/** `transform-origin` moves an element's own transform, a gradient's and a pattern's. */
const originCheck: Check = () => null;

/**
 * Style properties, by CSS name. `presentation`: whether it may also be given as an attribute
 * (SVG 2 and SVG 1.1 presentation attributes); the others only count in `style` and style sheets.
 */
export const PROPERTIES: ReadonlyMap<string, { presentation: boolean; check: Check }> = new Map(
  (
    [
      // Kept.
      ["fill", true, paintCheck],
      ["stroke", true, paintCheck],
      ["fill-opacity", true, KEPT],
      ["fill-rule", true, KEPT],
      ["stroke-opacity", true, KEPT],
      ["stroke-width", true, KEPT],
      ["stroke-dasharray", true, KEPT],
      ["stroke-dashoffset", true, KEPT],
      ["stroke-linecap", true, KEPT],
      ["stroke-linejoin", true, keywords("miter", "round", "bevel")],
      ["stroke-miterlimit", true, KEPT],
      ["color", true, KEPT],
      ["font-family", true, KEPT],
      ["font-size", true, KEPT],
      ["font-weight", true, KEPT],
      ["font-style", true, KEPT],
      ["text-anchor", true, KEPT],
      ["visibility", true, KEPT],
      ["display", true, KEPT],
      ["opacity", true, KEPT],
      ["marker-start", true, KEPT],
      ["marker-mid", true, KEPT],
      ["marker-end", true, KEPT],
      ["marker", false, KEPT],
      ["clip-path", true, KEPT],
      ["overflow", true, KEPT],
      ["stop-color", true, KEPT],
      ["stop-opacity", true, KEPT],
      ["transform-origin", true, originCheck],
      ["mix-blend-mode", false, blendCheck],
      // SVG 2: CSS may set an element's transform, over its attribute.
      ["transform", false, KEPT],
      // A clip path's shapes' fill rule (see masking.ts).
      ["clip-rule", true, KEPT],
      // Not kept, but without effect at these values.
      // A filter of the primitives the model draws is kept as a group's blur or filter.
      ["filter", true, filterCheck],
      ["mask", true, KEPT],
      // Kept on groups (and the outermost <svg>); a shape alone has nothing to isolate.
      ["isolation", false, KEPT],
      // Kept: a stroke beneath its fill comes in as a node of its own beneath the fill's.
      ["paint-order", true, KEPT],
      ["vector-effect", true, unlessAt("none")],
      ["shape-rendering", true, unlessAt("auto", "geometricPrecision")],
      ["image-rendering", true, unlessAt("auto", "optimizeQuality", "smooth", "high-quality")],
      ["color-interpolation", true, unlessAt("auto", "sRGB")],
      ["clip", true, unlessAt("auto")],
      ["letter-spacing", true, unlessAt("normal", "0", "0px")],
      ["word-spacing", true, unlessAt("normal", "0", "0px")],
      ["text-decoration", true, unlessAt("none")],
      ["text-decoration-line", false, unlessAt("none")],
      ["font-variant", true, unlessAt("normal")],
      ["font-variant-ligatures", false, unlessAt("normal")],
      ["font-variant-caps", false, unlessAt("normal")],
      ["font-variant-numeric", false, unlessAt("normal")],
      ["font-variant-east-asian", false, unlessAt("normal")],
      ["font-variant-position", false, unlessAt("normal")],
      ["font-feature-settings", false, unlessAt("normal")],
      ["font-variation-settings", false, unlessAt("normal")],
      ["font-stretch", true, unlessAt("normal", "100%")],
      ["font-size-adjust", true, unlessAt("none")],
      ["font-kerning", false, unlessAt("auto", "normal")],
      ["kerning", true, unlessAt("auto", "0")],
      ["font", false, NOT_KEPT],
      ["dominant-baseline", true, unlessAt("auto")],
      ["alignment-baseline", true, unlessAt("auto", "baseline")],
      ["baseline-shift", true, unlessAt("baseline", "0", "0px")],
      ["writing-mode", true, unlessAt("horizontal-tb", "lr", "lr-tb")],
      ["direction", true, unlessAt("ltr")],
      ["unicode-bidi", true, unlessAt("normal")],
      ["glyph-orientation-vertical", true, unlessAt("auto")],
      ["glyph-orientation-horizontal", true, unlessAt("0", "0deg")],
      ["white-space", true, unlessAt("normal")],
      ["text-overflow", true, unlessAt("clip")],
      ["text-transform", false, unlessAt("none")],
      ["inline-size", false, unlessAt("0", "auto")],
      ["shape-inside", false, unlessAt("none", "auto")],
      ["shape-subtract", false, unlessAt("none")],
      ["transform-box", false, unlessAt("view-box")],
      // No rendering effect, or only through what is reported already (filters, masks).
      ["text-rendering", true, INERT],
      ["color-rendering", true, INERT],
      ["color-interpolation-filters", true, INERT],
      ["color-profile", true, INERT],
      ["rendering-intent", false, INERT],
      ["flood-color", true, INERT],
      ["flood-opacity", true, INERT],
      ["lighting-color", true, INERT],
      ["mask-type", true, KEPT],
      ["pointer-events", true, INERT],
      ["cursor", true, INERT],
      ["enable-background", true, INERT],
      // Only the outermost <svg> draws a background (a rectangle behind the drawing); SVG
      // elements inside are not CSS boxes, and draw none.
      ["background-color", false, INERT],
      ["solid-color", false, INERT],
      ["solid-opacity", false, INERT],
      ["line-height", false, INERT],
      ["text-align", false, INERT],
      ["text-indent", false, INERT],
      ["text-decoration-style", false, INERT],
      ["text-decoration-color", false, INERT],
      ["text-decoration-thickness", false, INERT],
      ["shape-padding", false, INERT],
      ["shape-margin", false, INERT],
      ["user-select", false, INERT],
    ] as const
  ).map(([name, presentation, check]) => [name, { presentation, check }]),
);

/** Properties children take from their parent when they do not set them. */
export const INHERITED_PROPERTIES: ReadonlySet<string> = new Set([
  "fill",
  "fill-opacity",
  "fill-rule",
  "clip-rule",
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
  "paint-order",
]);

/** The properties the converter reads into an element's computed style. */
export const READ_PROPERTIES: ReadonlySet<string> = new Set([
  ...INHERITED_PROPERTIES,
  "display",
  "opacity",
  "marker",
  "clip-path",
  "mask",
  "filter",
  "mask-type",
  "overflow",
  "stop-color",
  "stop-opacity",
  "transform-origin",
  "mix-blend-mode",
  "isolation",
  "transform",
]);

/** Whether a property is one that can be given as an attribute. */
export function isPresentationAttribute(name: string): boolean {
  return PROPERTIES.get(name)?.presentation === true;
}

/** A text's x or y: the first position is kept, a list of per-character positions is not. */
const singlePosition: Check = (value) =>
  value
    .trim()
    .split(/[\s,]+/)
    .filter((part) => part.length > 0).length > 1
    ? ""
    : null;

/**
 * `spreadMethod`: reflect and repeat are kept as repeated stops over a longer gradient, except on
 * a radial gradient whose focal point is off its centre (others are invalid, so pad).
 */
const spreadCheck: Check = (value, element, byId) => {
  const text = value.trim();
  if (text !== "reflect" && text !== "repeat") return null;
  return localName(element.name) !== "radialGradient" || radialSpreadKept(element, byId)
    ? null
    : text;
};

/** `fr`: kept as where the stops begin, for a focal radius inside a concentric gradient. */
const focalRadiusCheck: Check = (_value, element, byId) =>
  focalRadiusKept(element, byId) ? null : "";

/** A `<style>`'s media: only sheets for every medium, or the screen, are kept as such. */
const mediaCheck: Check = (value) => {
  const text = value.trim().toLowerCase();
  return text === "" || text === "all" || text === "screen" ? null : "";
};

const SHAPE = { transform: KEPT, pathLength: NOT_KEPT } as const;
const GRADIENT = {
  href: KEPT,
  gradientUnits: KEPT,
  gradientTransform: KEPT,
  spreadMethod: spreadCheck,
} as const;
const TEXT_POSITION = {
  dx: NOT_KEPT,
  dy: NOT_KEPT,
  rotate: NOT_KEPT,
  textLength: NOT_KEPT,
  lengthAdjust: NOT_KEPT,
} as const;

/** The elements the import reads, each with its own attributes (beyond the global ones). */
export const ELEMENTS: ReadonlyMap<
  string,
  { readonly role: ElementRole; readonly attributes: Readonly<Record<string, Check>> }
> = new Map<string, { role: ElementRole; attributes: Record<string, Check> }>([
  [
    "svg",
    {
      role: "drawn",
      attributes: {
        x: KEPT,
        y: KEPT,
        width: KEPT,
        height: KEPT,
        viewBox: KEPT,
        preserveAspectRatio: KEPT,
        transform: KEPT,
        zoomAndPan: INERT,
        version: INERT,
        baseProfile: INERT,
        contentScriptType: INERT,
        contentStyleType: INERT,
        playbackorder: INERT,
        timelinebegin: INERT,
      },
    },
  ],
  ["g", { role: "drawn", attributes: { transform: KEPT } }],
  ["switch", { role: "drawn", attributes: { transform: KEPT } }],
  [
    "a",
    {
      role: "drawn",
      attributes: {
        transform: KEPT,
        // The link itself is not kept; what it holds is drawn.
        href: NOT_KEPT,
        target: INERT,
        download: INERT,
        ping: INERT,
        rel: INERT,
        hreflang: INERT,
        type: INERT,
        referrerpolicy: INERT,
      },
    },
  ],
  [
    "use",
    {
      role: "drawn",
      attributes: { transform: KEPT, href: KEPT, x: KEPT, y: KEPT, width: KEPT, height: KEPT },
    },
  ],
  [
    "rect",
    {
      role: "drawn",
      attributes: { ...SHAPE, x: KEPT, y: KEPT, width: KEPT, height: KEPT, rx: KEPT, ry: KEPT },
    },
  ],
  ["circle", { role: "drawn", attributes: { ...SHAPE, cx: KEPT, cy: KEPT, r: KEPT } }],
  ["ellipse", { role: "drawn", attributes: { ...SHAPE, cx: KEPT, cy: KEPT, rx: KEPT, ry: KEPT } }],
  ["line", { role: "drawn", attributes: { ...SHAPE, x1: KEPT, y1: KEPT, x2: KEPT, y2: KEPT } }],
  ["polyline", { role: "drawn", attributes: { ...SHAPE, points: KEPT } }],
  ["polygon", { role: "drawn", attributes: { ...SHAPE, points: KEPT } }],
  ["path", { role: "drawn", attributes: { ...SHAPE, d: KEPT } }],
  [
    "text",
    {
      role: "drawn",
      attributes: { transform: KEPT, x: singlePosition, y: singlePosition, ...TEXT_POSITION },
    },
  ],
  ["tspan", { role: "text content", attributes: { x: NOT_KEPT, y: NOT_KEPT, ...TEXT_POSITION } }],
  [
    "image",
    {
      role: "drawn",
      attributes: {
        transform: KEPT,
        href: KEPT,
        x: KEPT,
        y: KEPT,
        width: KEPT,
        height: KEPT,
        // Slicing crops the picture in a clipping frame (reported where it cannot be placed).
        preserveAspectRatio: KEPT,
        crossorigin: INERT,
        decoding: INERT,
      },
    },
  ],
  ["defs", { role: "resource", attributes: {} }],
  [
    "symbol",
    {
      role: "resource",
      attributes: {
        viewBox: KEPT,
        preserveAspectRatio: KEPT,
        x: KEPT,
        y: KEPT,
        // SVG 2's own size of a symbol; the import sizes it from the <use>.
        width: NOT_KEPT,
        height: NOT_KEPT,
        refX: NOT_KEPT,
        refY: NOT_KEPT,
      },
    },
  ],
  [
    "linearGradient",
    { role: "resource", attributes: { ...GRADIENT, x1: KEPT, y1: KEPT, x2: KEPT, y2: KEPT } },
  ],
  [
    "radialGradient",
    {
      role: "resource",
      attributes: {
        ...GRADIENT,
        cx: KEPT,
        cy: KEPT,
        r: KEPT,
        fx: KEPT,
        fy: KEPT,
        fr: focalRadiusCheck,
      },
    },
  ],
  ["stop", { role: "resource", attributes: { offset: KEPT } }],
  // Clip paths and masks become masked groups (see masking.ts).
  ["clipPath", { role: "resource", attributes: { clipPathUnits: KEPT, transform: KEPT } }],
  [
    "mask",
    {
      role: "resource",
      attributes: {
        x: KEPT,
        y: KEPT,
        width: KEPT,
        height: KEPT,
        maskUnits: KEPT,
        maskContentUnits: KEPT,
      },
    },
  ],
  [
    "marker",
    {
      role: "resource",
      attributes: {
        viewBox: KEPT,
        preserveAspectRatio: KEPT,
        refX: KEPT,
        refY: KEPT,
        markerUnits: KEPT,
        markerWidth: KEPT,
        markerHeight: KEPT,
        orient: KEPT,
      },
    },
  ],
  // A sheet of another type is skipped, as browsers skip it, and reported (see conversion.ts).
  ["style", { role: "resource", attributes: { type: KEPT, media: mediaCheck, title: INERT } }],
  ["title", { role: "inert", attributes: {} }],
  ["desc", { role: "inert", attributes: {} }],
  ["metadata", { role: "inert", attributes: {} }],
  ["view", { role: "inert", attributes: {} }],
  ["cursor", { role: "inert", attributes: {} }],
  ["color-profile", { role: "inert", attributes: {} }],
  [
    "pattern",
    {
      role: "resource",
      attributes: {
        href: KEPT,
        x: KEPT,
        y: KEPT,
        width: KEPT,
        height: KEPT,
        patternUnits: KEPT,
        patternContentUnits: KEPT,
        patternTransform: KEPT,
        viewBox: KEPT,
        preserveAspectRatio: KEPT,
      },
    },
  ],
  ["filter", { role: "referenced", attributes: {} }],
]);

/** Inside a `<text>`, where only characters are read. */
export function textChildRole(tag: string): ElementRole | undefined {
  if (tag === "tspan" || tag === "a") return "text content";
  // Descriptions, and shapes and containers, which text cannot hold: browsers draw none of them.
  // The rest (textPath, tref, animations, unknown elements) is not imported.
  const role = ELEMENTS.get(tag)?.role;
  return role === undefined ? undefined : "inert";
}

/** Attributes of any element that have no rendering effect, or are read apart (`style`). */
const GLOBAL_INERT = new Set([
  "id",
  "class",
  "style",
  "lang",
  "tabindex",
  "role",
  "title",
  "nonce",
  "autofocus",
  "slot",
  "part",
  "exportparts",
  "focusable",
  "externalResourcesRequired",
  "xmlns",
]);

/** Conditional processing attributes: honoured where an element is drawn (see conditions.ts). */
const CONDITIONS = new Set(["requiredExtensions", "requiredFeatures", "systemLanguage"]);

/** Every attribute some element above reads: elsewhere, SVG gives it no meaning. */
const ELEMENT_ATTRIBUTES: ReadonlySet<string> = new Set(
  [...ELEMENTS.values()].flatMap((e) => Object.keys(e.attributes)),
);

/** What is not kept of an attribute or style declaration: the label it is reported under. */
export interface NotKept {
  /** "filter", "mix-blend-mode: plus-lighter", "fr attribute", "transform in CSS". */
  readonly label: string;
  /** The element's name when it is not kept because of the element it is on. */
  readonly tag: string | null;
}

/**
 * A style declaration (from a `style` attribute or a style sheet) on an element: null when kept
 * or without effect.
 */
export function declarationVerdict(
  tag: string,
  role: ElementRole,
  name: string,
  value: string,
  element: XmlElement,
  byId: ElementLookup,
): NotKept | null {
  // Vendor and custom properties, and names that are not property names, have no effect.
  if (name.startsWith("-") || !/^[a-z][a-z0-9-]*$/.test(name)) return null;
  const property = PROPERTIES.get(name);
  if (property === undefined) return { label: `${name} in CSS`, tag: null };
  return propertyVerdict(tag, role, name, value, element, byId, property.check);
}

/** An attribute on an element: null when kept or without effect. */
export function attributeVerdict(
  tag: string,
  role: ElementRole,
  rawName: string,
  value: string,
  element: XmlElement,
  byId: ElementLookup,
): NotKept | null {
  // Namespaced attributes (xml:, xmlns:, editors' own) have no rendering effect; xlink:href is
  // read as href.
  const name = rawName === "xlink:href" ? "href" : rawName;
  if (name.includes(":") || GLOBAL_INERT.has(name) || CONDITIONS.has(name)) return null;
  if (/^(data|aria)-/.test(name)) return null;
  const own = ELEMENTS.get(tag)?.attributes[name];
  if (own !== undefined) {
    const note = own(value, element, byId);
    if (note === null) return null;
    return { label: note === "" ? `${name} attribute` : `${name}: ${note}`, tag };
  }
  const property = PROPERTIES.get(name);
  if (property?.presentation === true)
    return propertyVerdict(tag, role, name, value, element, byId, property.check);
  if (ELEMENT_ATTRIBUTES.has(name)) return null;
  return { label: `${name} attribute`, tag };
}

function propertyVerdict(
  tag: string,
  role: ElementRole,
  name: string,
  value: string,
  element: XmlElement,
  byId: ElementLookup,
  check: Check,
): NotKept | null {
  const note = check(value, element, byId);
  // Text content is read for its characters only: the properties it declares are not kept,
  // but for display, which decides whether its characters are.
  if (note === null && role === "text content" && READ_PROPERTIES.has(name) && name !== "display")
    return WIDE_KEYWORDS.has(value.trim().toLowerCase()) ? null : { label: name, tag };
  if (note === null) return null;
  const label = note === "" ? name : `${name}: ${note}`;
  return { label, tag: check === originCheck ? tag : null };
}

/** One kind as the summary words it, e.g. "fr attribute on 2 <radialGradient> elements". */
export function describeNotKept(kind: NotKept, count: number): string {
  const where = kind.tag === null ? "" : `<${kind.tag}> `;
  return `${kind.label} on ${count} ${where}element${count === 1 ? "" : "s"}`;
}

/** The summary's key of a kind: kinds of equal label and element are counted together. */
export function notKeptKey(kind: NotKept): string {
  return kind.tag === null ? kind.label : `${kind.label}\u0000${kind.tag}`;
}

/**
 * Whether a `<style>` holds CSS: no type, or text/css. Browsers skip sheets of other types, and
 * so does the import (reporting it).
 */
export function isCssStyle(element: XmlElement): boolean {
  const type = element.attributes.get("type")?.trim().toLowerCase();
  return type === undefined || type === "" || type === "text/css";
}
