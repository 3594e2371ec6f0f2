import { makeNode } from "../../../doc/factory";
import { IDENTITY_MATRIX, multiply } from "../../../doc/transform";
import type { GroupNode } from "../../../doc/types";
import { LINEWORK_BACKGROUND_ATTRIBUTE, LINEWORK_DATA_ATTRIBUTE } from "../../export/lineworkData";
import { IMPORT_LIMITS, ImportError } from "../limits";
import type { Draft } from "../tree";
import { localName, type XmlElement } from "../xml";
import { clipped, clipRect } from "./clipping";
import type { Context, Conversion, Walk } from "./conversion";
import { emit } from "./emit";
import { image } from "./image";
import { length } from "./lengths";
import { lineworkNode } from "./lineworkNodes";
import { emitWithMarkers } from "./markerInstances";
import { blendOf, clampUnit, opacityOf } from "./nodeStyle";
import { aroundOrigin, expressible } from "./placement";
import { ellipse, line, path, poly, rect } from "./shapes";
import type { ComputedStyle } from "./style";
import { text } from "./text";
import { parseTransformList } from "./transformList";
import { viewportOf } from "./viewport";

/**
 * The walk over the element tree: which elements draw, their style and transform, containers
 * (groups, nested `<svg>`, `<switch>`) and what `<use>` repeats, under the limits on nesting
 * and expansion.
 */

/** Elements that draw nothing themselves and are silently skipped where they stand. */
const SILENT = new Set([
  "title",
  "desc",
  "metadata",
  "defs",
  "style",
  "linearGradient",
  "radialGradient",
  "stop",
  "symbol",
  "clipPath",
  "mask",
  "filter",
  "marker",
  "pattern",
  "font",
  "font-face",
  "cursor",
  "view",
]);

const ANIMATION = new Set(["animate", "animateTransform", "animateMotion", "set", "animateColor"]);

const SVG_NS = "http://www.w3.org/2000/svg";

export const walk: Walk = {
  element: convertElement,
  draw,
  children: convertChildren,
  group,
};

function convertChildren(conv: Conversion, element: XmlElement, ctx: Context): Draft[] {
  const out: Draft[] = [];
  for (const child of element.children) {
    if (typeof child === "string") continue;
    convertElement(conv, child, ctx, out);
  }
  return out;
}

function convertElement(
  conv: Conversion,
  element: XmlElement,
  parent: Context,
  out: Draft[],
): void {
  conv.visit();
  const ns = element.attributes.get("xmlns");
  if (element.name.includes(":") || (ns !== undefined && ns !== SVG_NS)) {
    conv.count("element from another namespace");
    return;
  }
  const tag = localName(element.name);
  if (SILENT.has(tag) || tag === "script" || tag === "foreignObject") return;
  if (ANIMATION.has(tag)) {
    conv.count("animation");
    return;
  }
  if (parent.useDepth > 0) conv.useInstance();
  if (parent.path.length >= IMPORT_LIMITS.maxNestingDepth) {
    throw new ImportError(
      `Elements are nested more than ${IMPORT_LIMITS.maxNestingDepth} deep (the limit), counting what <use> elements repeat.`,
    );
  }
  const data = element.attributes.get(LINEWORK_DATA_ATTRIBUTE);
  if (data !== undefined && lineworkNode(conv, walk, element, data, parent, out)) return;
  // The page background Linework drew behind the drawing: the page has its own.
  if (conv.fromLinework && element.attributes.has(LINEWORK_BACKGROUND_ATTRIBUTE)) return;
  const style = conv.styleOf(element, parent);
  if (style.get("display") === "none") return;
  countUnsupportedStyle(conv, style);
  const own = element.attributes.get("transform");
  let matrix = parent.matrix;
  if (own !== undefined) {
    const parsed = parseTransformList(own);
    if (parsed === null) conv.count("unreadable transform");
    else
      matrix = multiply(
        matrix,
        aroundOrigin(parsed, style.get("transform-origin"), parent.viewport),
      );
  }
  const ctx: Context = { ...parent, matrix, style, path: [...parent.path, element] };
  const clip = clipRect(conv, style.get("clip-path"));
  if (clip === null) draw(conv, element, tag, ctx, out);
  else clipped(conv, walk, element, tag, ctx, out, clip);
}

/** What an element draws, once its style and transform are known. */
function draw(
  conv: Conversion,
  element: XmlElement,
  tag: string,
  ctx: Context,
  out: Draft[],
): void {
  switch (tag) {
    case "g":
    case "a":
    case "switch":
      if (tag === "a") conv.count("link");
      group(conv, element, ctx, out, tag === "switch");
      return;
    case "svg":
      nestedSvg(conv, element, ctx, out);
      return;
    case "use":
      expandUse(conv, element, ctx, out);
      return;
    case "rect":
      emitWithMarkers(conv, walk, rect(conv, element, ctx), element, ctx, out);
      return;
    case "circle":
    case "ellipse":
      emitWithMarkers(conv, walk, ellipse(conv, element, ctx, tag === "circle"), element, ctx, out);
      return;
    case "line":
      emitWithMarkers(conv, walk, line(conv, element, ctx), element, ctx, out);
      return;
    case "polyline":
    case "polygon":
      emitWithMarkers(conv, walk, poly(conv, element, ctx, tag === "polygon"), element, ctx, out);
      return;
    case "path":
      emitWithMarkers(conv, walk, path(conv, element, ctx), element, ctx, out);
      return;
    case "text":
      emit(conv, text(conv, element, ctx), ctx, out);
      return;
    case "image":
      emit(conv, image(conv, element, ctx), ctx, out);
      return;
    case "textPath":
      conv.count("textPath element");
      return;
    default:
      conv.count(`<${tag}> element`);
  }
}

function countUnsupportedStyle(conv: Conversion, style: ComputedStyle): void {
  const used = (key: string): boolean => {
    const value = style.get(key);
    return value !== undefined && value !== "none";
  };
  if (used("filter")) conv.count("filter");
  if (used("mask")) conv.count("mask");
  if (used("clip-path") && clipRect(conv, style.get("clip-path")) === null) conv.count("clip path");
}

function group(
  conv: Conversion,
  element: XmlElement,
  ctx: Context,
  out: Draft[],
  firstOnly: boolean,
): void {
  const opacity = opacityOf(ctx.style);
  const transform = expressible(ctx.matrix);
  if (transform === null || ctx.groupDepth >= IMPORT_LIMITS.maxGroupDepth) {
    // Too deep for the document, or a transform a group cannot hold: the children go into
    // the enclosing group with the transform and opacity folded into them.
    const inner: Context = { ...ctx, carriedOpacity: ctx.carriedOpacity * opacity };
    containerChildren(conv, element, inner, out, firstOnly);
    return;
  }
  const inner: Context = {
    ...ctx,
    matrix: IDENTITY_MATRIX,
    carriedOpacity: 1,
    groupDepth: ctx.groupDepth + 1,
  };
  const children: Draft[] = [];
  containerChildren(conv, element, inner, children, firstOnly);
  if (children.length === 0) return;
  const node = makeNode<GroupNode>("group", "", "", "", {
    name: element.attributes.get("id") ?? "Group",
    transform,
    opacity: clampUnit(opacity * ctx.carriedOpacity),
    blendMode: blendOf(ctx.style),
    hidden: false,
  });
  conv.produce();
  out.push({ node, children });
}

function containerChildren(
  conv: Conversion,
  element: XmlElement,
  ctx: Context,
  out: Draft[],
  firstOnly: boolean,
): void {
  // Children are visited here rather than through convertChildren(): one stack frame fewer per
  // level keeps the deepest nesting the limits allow within the browser's stack.
  for (const child of element.children) {
    if (typeof child === "string") continue;
    const before = out.length;
    convertElement(conv, child, ctx, out);
    // <switch>: the first child that renders; conditions on features and languages are met.
    if (firstOnly && out.length > before) return;
  }
}

function nestedSvg(conv: Conversion, element: XmlElement, ctx: Context, out: Draft[]): void {
  const { matrix, viewport } = viewportOf(element, ctx.viewport, false);
  const inner: Context = { ...ctx, matrix: multiply(ctx.matrix, matrix), viewport };
  group(conv, element, inner, out, false);
}

function expandUse(conv: Conversion, element: XmlElement, ctx: Context, out: Draft[]): void {
  const href = element.attributes.get("href") ?? element.attributes.get("xlink:href");
  if (href === undefined) return;
  if (!href.trim().startsWith("#")) {
    if (!/^javascript:/i.test(href.trim())) conv.count("external reference");
    return;
  }
  const target = conv.byId.get(href.trim().slice(1));
  if (target === undefined) {
    conv.count("reference to a missing element");
    return;
  }
  if (ctx.path.includes(target) || ctx.useDepth >= IMPORT_LIMITS.maxUseDepth) {
    conv.count("recursive <use> reference");
    return;
  }
  const x = length(element, "x", 0, ctx.viewport, "x");
  const y = length(element, "y", 0, ctx.viewport, "y");
  const moved: Context = {
    ...ctx,
    matrix: multiply(ctx.matrix, { ...IDENTITY_MATRIX, e: x, f: y }),
    useDepth: ctx.useDepth + 1,
  };
  const tag = localName(target.name);
  const holder: Draft[] = [];
  if (tag === "symbol" || tag === "svg") {
    const hasW = element.attributes.has("width");
    const hasH = element.attributes.has("height");
    const size =
      hasW || hasH
        ? {
            width: length(element, "width", ctx.viewport.width, ctx.viewport, "x"),
            height: length(element, "height", ctx.viewport.height, ctx.viewport, "y"),
          }
        : undefined;
    const style = conv.styleOf(target, moved);
    const symbolCtx: Context = { ...moved, style, path: [...moved.path, target] };
    const { matrix, viewport } = viewportOf(
      target,
      symbolCtx.viewport,
      false,
      size ??
        (tag === "symbol" ? { width: ctx.viewport.width, height: ctx.viewport.height } : undefined),
    );
    const inner: Context = { ...symbolCtx, matrix: multiply(symbolCtx.matrix, matrix), viewport };
    group(conv, target, inner, holder, false);
  } else {
    convertElement(conv, target, moved, holder);
  }
  // The use element is itself a group: its opacity applies to what it shows.
  for (const draft of holder) out.push(draft);
}
