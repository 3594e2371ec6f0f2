import { NO_FILL, NO_STROKE } from "../../../doc/factory";
import { makeNode } from "../../../shapes/makeNode";
import {
  IDENTITY_MATRIX,
  IDENTITY_TRANSFORM,
  multiply,
  toMatrix,
  type Matrix,
} from "../../../doc/transform";
import type { FrameNode, GroupNode, SceneNode } from "../../../doc/types";
import {
  LINEWORK_BACKGROUND_ATTRIBUTE,
  LINEWORK_DATA_ATTRIBUTE,
  LINEWORK_LABEL_ATTRIBUTE,
} from "../../export/lineworkData";
import { IMPORT_LIMITS, ImportError } from "../limits";
import { drawingBounds } from "../drawingBounds";
import { flattenDrafts, type Draft } from "../tree";
import { localName, type XmlElement } from "../xml";
import { clipped, clipRect } from "./clipping";
import { clippedOrMasked, clipStyle, referenced } from "./masking";
import { keptFilter } from "./filters";
import { conditionsPass } from "./conditions";
import {
  absoluteMatrix,
  originWithin,
  type Context,
  type Conversion,
  type Walk,
} from "./conversion";
import { emitInPaintOrder } from "./emit";
import { entersElement } from "./entered";
import { repeatedAtLeast } from "./useCount";
import { image } from "./image";
import { length, withFontSize, type Viewport } from "./lengths";
import { lineworkNode } from "./lineworkNodes";
import { emitWithMarkers } from "./markerInstances";
import { blendOf, clampUnit, isolationOf, opacityOf } from "./nodeStyle";
import { aroundOrigin, expressible } from "./placement";
import { ellipse, line, path, poly, rect } from "./shapes";
import { text } from "./text";
import { parseCssTransform, parseTransformList } from "./transformList";
import { ELEMENTS } from "./support";
import { viewportOf, type ViewportBox } from "./viewport";
import { fitsWithin } from "./viewportClip";

/**
 * The walk over the element tree: which elements draw, their style and transform, containers
 * (groups, nested `<svg>`, `<switch>`) and what `<use>` repeats, under the limits on nesting
 * and expansion.
 */

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
  if (!entersElement(conv, element, parent)) return;
  const tag = localName(element.name);
  if (parent.useDepth > 0) conv.useInstance();
  if (parent.path.length >= IMPORT_LIMITS.maxNestingDepth) {
    throw new ImportError(
      `Elements are nested more than ${IMPORT_LIMITS.maxNestingDepth} deep (the limit), counting what <use> elements repeat.`,
    );
  }
  if (
    element.attributes.has(LINEWORK_DATA_ATTRIBUTE) &&
    lineworkNode(conv, walk, element, parent, out)
  )
    return;
  // The page background Linework drew behind the drawing: the page has its own.
  if (conv.fromLinework && element.attributes.has(LINEWORK_BACKGROUND_ATTRIBUTE)) return;
  // A shape's label, drawn beside the shape whose data holds it.
  if (conv.fromLinework && element.attributes.has(LINEWORK_LABEL_ATTRIBUTE)) return;
  const declared = conv.styleOf(element, parent);
  const style = parent.clipContent === true ? clipStyle(declared) : declared;
  if (style.get("display") === "none") return;
  // A transform from CSS is over the attribute's, in CSS syntax.
  const css = style.get("transform");
  const own = css ?? element.attributes.get("transform");
  let matrix = parent.matrix;
  if (own !== undefined) {
    const parsed = css !== undefined ? parseCssTransform(css) : parseTransformList(own);
    if (parsed === null) conv.count("unreadable transform");
    else
      matrix = multiply(
        matrix,
        aroundOrigin(parsed, style.get("transform-origin"), parent.viewport),
      );
  }
  const ctx: Context = {
    ...parent,
    matrix,
    style,
    viewport: withFontSize(parent.viewport, style),
    path: [...parent.path, element],
  };
  const clipValue = style.get("clip-path");
  const maskValue = style.get("mask");
  const rect = clipRect(conv, clipValue);
  const mask = known(conv, referenced(conv, maskValue, "mask"), "mask");
  if (rect !== null && mask === null && style.get("filter") === undefined) {
    clipped(conv, walk, element, tag, ctx, out, rect);
    return;
  }
  const clip = known(conv, referenced(conv, clipValue, "clipPath"), "clip path");
  // Other filters are reported by the audit, and the element drawn unfiltered.
  const filter = keptFilter(style.get("filter"), (id) => conv.byId.get(id));
  if (clip === null && mask === null && filter === null) draw(conv, element, tag, ctx, out);
  else clippedOrMasked(conv, walk, element, tag, ctx, out, clip, mask, filter);
}

/** A clip path or mask referred to, or null; a reference to nothing is reported and drawn without. */
function known(
  conv: Conversion,
  target: XmlElement | null | "missing",
  what: string,
): XmlElement | null {
  if (target !== "missing") return target;
  conv.count(`${what} that refers to nothing`);
  return null;
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
      emitInPaintOrder(conv, text(conv, element, ctx), ctx, out, () => {});
      return;
    case "image":
      image(conv, walk, element, ctx, out);
      return;
  }
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
    origin: originWithin(ctx, ctx.matrix),
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
    isolated: isolationOf(ctx.style),
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
  if (firstOnly) {
    const chosen = switchChoice(conv, element);
    if (chosen !== null) convertElement(conv, chosen, ctx, out);
    return;
  }
  for (const child of element.children) {
    if (typeof child === "string") continue;
    convertElement(conv, child, ctx, out);
  }
}

/**
 * The child a `<switch>` draws: the first whose conditions pass among those that can be drawn
 * (unknown elements and definitions are passed over). Its `display` does not matter: a first
 * child with `display: none` makes the switch draw nothing.
 */
function switchChoice(conv: Conversion, element: XmlElement): XmlElement | null {
  for (const child of element.children) {
    if (typeof child === "string" || conv.foreign.has(child)) continue;
    const tag = localName(child.name);
    const candidate = ELEMENTS.get(tag)?.role === "drawn" || tag === "foreignObject";
    if (candidate && conditionsPass(child)) return child;
  }
  return null;
}

function nestedSvg(conv: Conversion, element: XmlElement, ctx: Context, out: Draft[]): void {
  viewportContent(conv, element, ctx, viewportOf(element, ctx.viewport, false), out);
}

/**
 * What a nested `<svg>`, or a `<symbol>` a `<use>` shows, draws: a group, clipped to the
 * viewport where its overflow is hidden (the default) by a clipping frame over the viewport.
 * The frame is left out where nothing reaches out of the viewport. A viewport of no area draws
 * nothing.
 */
function viewportContent(
  conv: Conversion,
  element: XmlElement,
  ctx: Context,
  placed: { matrix: Matrix; viewport: Viewport; box: ViewportBox },
  out: Draft[],
): void {
  const { matrix, viewport, box } = placed;
  if (!(box.width > 0 && box.height > 0)) return;
  const overflow = (ctx.style.get("overflow") ?? "hidden").trim().toLowerCase();
  const at = multiply(ctx.matrix, { ...IDENTITY_MATRIX, e: box.x, f: box.y });
  const frameTransform = overflow === "hidden" || overflow === "scroll" ? expressible(at) : null;
  if (frameTransform === null || ctx.groupDepth + 1 >= IMPORT_LIMITS.maxGroupDepth) {
    if (overflow === "hidden" || overflow === "scroll") conv.count("viewport clip");
    group(conv, element, { ...ctx, matrix: multiply(ctx.matrix, matrix), viewport }, out, false);
    return;
  }
  // Drawn in the frame's space: the viewport's offset is the frame's.
  const local = multiply({ ...IDENTITY_MATRIX, e: -box.x, f: -box.y }, matrix);
  const inFrame: Draft[] = [];
  group(
    conv,
    element,
    {
      ...ctx,
      matrix: local,
      origin: originWithin(ctx, at),
      viewport,
      groupDepth: ctx.groupDepth + 1,
    },
    inFrame,
    false,
  );
  if (inFrame.length === 0) return;
  const only = inFrame.length === 1 ? inFrame[0]! : null;
  if (only !== null && fitsWithin(inFrame, box.width, box.height)) {
    const transform = expressible(multiply(at, toMatrix(only.node.transform)));
    if (transform !== null) {
      out.push({ node: { ...only.node, transform }, children: only.children });
      return;
    }
  }
  const frame = makeNode<FrameNode>("frame", "", "", "", {
    name: `${element.attributes.get("id") ?? "Viewport"} clip`,
    transform: frameTransform,
    width: box.width,
    height: box.height,
    clip: true,
    fill: NO_FILL,
    stroke: NO_STROKE,
  });
  conv.produce();
  out.push({ node: frame, children: inFrame });
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
  // The outermost <use> of a repeat counts what it shows before showing it (the ones inside are
  // in that count): a file that repeats past the limit is refused before the repeats are built.
  if (ctx.useDepth === 0)
    conv.expectUseInstances(repeatedAtLeast(conv, target, ctx, IMPORT_LIMITS.maxUseInstances));
  const x = length(element, "x", 0, ctx.viewport, "x");
  const y = length(element, "y", 0, ctx.viewport, "y");
  // The use element is itself a group: its opacity and blend mode apply to what it shows as a
  // whole, so it becomes one where they are set (folded into what it shows where too deep).
  const opacity = opacityOf(ctx.style);
  const blendMode = blendOf(ctx.style);
  const wrap =
    (opacity !== 1 || blendMode !== "normal") && ctx.groupDepth < IMPORT_LIMITS.maxGroupDepth;
  const moved: Context = {
    ...ctx,
    matrix: multiply(ctx.matrix, { ...IDENTITY_MATRIX, e: x, f: y }),
    useDepth: ctx.useDepth + 1,
    carriedOpacity: wrap ? 1 : ctx.carriedOpacity * opacity,
    groupDepth: wrap ? ctx.groupDepth + 1 : ctx.groupDepth,
    // What the use shows takes its context paints from the use element, laid out in its user
    // space and box.
    contextPaint: {
      fill: ctx.style.get("fill") ?? "black",
      stroke: ctx.style.get("stroke") ?? "none",
      space: { matrix: absoluteMatrix(ctx), box: () => box() },
    },
  };
  // The use element's box in its own user space: what it shows, measured once when a paint
  // needs it (converted quietly, without paints, to be measured).
  let measured: { x: number; y: number; width: number; height: number } | null | undefined;
  const box = (): { x: number; y: number; width: number; height: number } | null => {
    if (measured !== undefined) return measured;
    measured = null;
    const quiet: Context = {
      ...moved,
      matrix: { ...IDENTITY_MATRIX, e: x, f: y },
      contextPaint: { fill: "black", stroke: "none" },
    };
    const drafts: Draft[] = [];
    conv.muted += 1;
    try {
      const tag = localName(target.name);
      if (tag === "symbol" || tag === "svg") return measured;
      convertElement(conv, target, quiet, drafts);
    } finally {
      conv.muted -= 1;
    }
    // A box is the geometry's, strokes left out.
    const bounds = drawingBounds(
      flattenDrafts(drafts).map((node) =>
        "stroke" in node
          ? ({ ...node, stroke: { ...node.stroke, paint: null } } as SceneNode)
          : node,
      ),
    );
    if (bounds !== null)
      measured = {
        x: bounds.minX,
        y: bounds.minY,
        width: bounds.maxX - bounds.minX,
        height: bounds.maxY - bounds.minY,
      };
    return measured;
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
    const placed = viewportOf(
      target,
      symbolCtx.viewport,
      false,
      size ??
        (tag === "symbol" ? { width: ctx.viewport.width, height: ctx.viewport.height } : undefined),
    );
    viewportContent(conv, target, symbolCtx, placed, holder);
  } else {
    convertElement(conv, target, moved, holder);
  }
  if (!wrap) {
    for (const draft of holder) out.push(draft);
    return;
  }
  if (holder.length === 0) return;
  const node = makeNode<GroupNode>("group", "", "", "", {
    name: element.attributes.get("id") ?? "Group",
    transform: IDENTITY_TRANSFORM,
    opacity: clampUnit(opacity * ctx.carriedOpacity),
    blendMode,
    hidden: false,
  });
  conv.produce();
  out.push({ node, children: holder });
}
