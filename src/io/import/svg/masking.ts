import { NO_FILL, NO_STROKE } from "../../../doc/factory";
import { makeNode } from "../../../shapes/makeNode";
import {
  IDENTITY_MATRIX,
  IDENTITY_TRANSFORM,
  invert,
  multiply,
  type Matrix,
} from "../../../doc/transform";
import type { FrameNode, GroupNode, MaskKind, SceneNode } from "../../../doc/types";
import { IMPORT_LIMITS } from "../limits";
import { drawingBounds } from "../drawingBounds";
import { flattenDrafts, type Draft } from "../tree";
import { localName, type XmlElement } from "../xml";
import { originWithin, type Context, type Conversion, type Walk } from "./conversion";
import { effectRegion } from "./lengths";
import type { UserBox } from "./paint";
import { expressible } from "./placement";
import type { ComputedStyle } from "./style";
import { parseTransformList } from "./transformList";
import { resolveFilter, type KeptFilter } from "./filters";

/**
 * Clip paths and masks as masked groups: an element clipped by `clip-path` or masked by `mask`
 * comes in as a group (placed by the element's transform) whose first child is the clip path's
 * shapes (an outline mask) or the mask's content (a luminance or alpha mask, in a clipping frame
 * over the mask's region), then what the element draws. The clip path's or mask's units
 * (`clipPathUnits`, `maskUnits`, `maskContentUnits`), its transform, a clip path's own
 * `clip-path` and the clip paths of the shapes in it are resolved here, once; the model draws
 * and exports the result without knowing SVG's units.
 */

/** The element a `url(#id)` value refers to when it is a `tag`; null for none, "missing" else. */
export function referenced(
  conv: Conversion,
  value: string | undefined,
  tag: "clipPath" | "mask",
): XmlElement | null | "missing" {
  const text = value?.trim() ?? "";
  if (text === "" || text === "none") return null;
  const id = /^url\(\s*['"]?#([^)'"]+)['"]?\s*\)$/.exec(text)?.[1]?.trim();
  const target = id === undefined ? undefined : conv.byId.get(id);
  if (target === undefined || localName(target.name) !== tag) return "missing";
  return target;
}

/** The elements a clip path draws with: shapes, text and `<use>` of them (SVG's content model). */
const CLIP_CONTENT = new Set([
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "path",
  "text",
  "use",
]);

/** Whether an element draws inside a clip path. */
export function drawsInClip(tag: string): boolean {
  return CLIP_CONTENT.has(tag);
}

/**
 * An element's style inside a clip path: only its geometry counts, filled by its clip-rule,
 * never stroked, marked, blended or made translucent.
 */
export function clipStyle(style: ComputedStyle): ComputedStyle {
  const out = new Map(style);
  out.set("fill", "black");
  out.set("fill-opacity", "1");
  out.set("fill-rule", style.get("clip-rule") ?? "nonzero");
  out.set("stroke", "none");
  out.set("opacity", "1");
  for (const name of ["marker-start", "marker-mid", "marker-end", "mix-blend-mode", "mask"])
    out.delete(name);
  out.set("paint-order", "normal");
  return out;
}

/** The geometry's box (strokes left out) of drafts placed in a container's units. */
function geometryBox(drafts: readonly Draft[]): UserBox | null {
  const bounds = drawingBounds(
    flattenDrafts(drafts).map((node) =>
      "stroke" in node ? ({ ...node, stroke: { ...node.stroke, paint: null } } as SceneNode) : node,
    ),
  );
  if (bounds === null) return null;
  return {
    x: bounds.minX,
    y: bounds.minY,
    width: bounds.maxX - bounds.minX,
    height: bounds.maxY - bounds.minY,
  };
}

/** From a box's fractions to user space. */
function boxMatrix(box: UserBox): Matrix {
  return { a: box.width, b: 0, c: 0, d: box.height, e: box.x, f: box.y };
}

function masked(name: string, kind: MaskKind, transform = IDENTITY_TRANSFORM): GroupNode {
  return makeNode<GroupNode>("group", "", "", "", { name, transform, mask: kind, hidden: false });
}

/** Where an element's clip or mask sits: the element's user space in the group's units. */
interface Place {
  /** The element's user space to the masked group's units. */
  readonly matrix: Matrix;
  /** The masked group's units to the import's own. */
  readonly origin: Matrix;
  /** The element's box in its user space, measured when a unit needs it. */
  box(): UserBox | null;
}

/**
 * An element clipped by `clip` and masked by `mask` (either may be null): a masked group for
 * each, the mask outermost, holding what the element draws. A clip path or mask that shows
 * nothing (no content, a box of no area for bounding-box units, a reference to itself) leaves
 * the element undrawn, as browsers draw it.
 */
export function clippedOrMasked(
  conv: Conversion,
  walk: Walk,
  element: XmlElement,
  tag: string,
  ctx: Context,
  out: Draft[],
  clip: XmlElement | null,
  mask: XmlElement | null,
  filter: KeptFilter | null = null,
): void {
  const levels = (clip === null ? 0 : 1) + (mask === null ? 0 : 1) + (filter === null ? 0 : 1);
  if (ctx.groupDepth + levels >= IMPORT_LIMITS.maxGroupDepth) {
    if (clip !== null) conv.count("clip path");
    if (mask !== null) conv.count("mask");
    if (filter !== null) conv.count("filter");
    walk.draw(conv, element, tag, ctx, out);
    return;
  }
  const transform = expressible(ctx.matrix);
  // A transform no group can hold stays in what the element draws.
  const inner = transform === null ? ctx.matrix : IDENTITY_MATRIX;
  const origin = originWithin(ctx, transform === null ? IDENTITY_MATRIX : ctx.matrix);
  const content: Draft[] = [];
  walk.draw(
    conv,
    element,
    tag,
    { ...ctx, matrix: inner, origin, groupDepth: ctx.groupDepth + levels },
    content,
  );
  if (content.length === 0) return;
  let measured: UserBox | null | undefined;
  const place: Place = {
    matrix: inner,
    origin,
    box: () => {
      if (measured !== undefined) return measured;
      const box = geometryBox(content);
      const back = invert(inner);
      // In the element's user space: exact when the group holds its transform, as it mostly does.
      measured =
        box === null || back === null
          ? null
          : back.b === 0 && back.c === 0
            ? {
                x: back.a * box.x + back.e,
                y: back.d * box.y + back.f,
                width: back.a * box.width,
                height: back.d * box.height,
              }
            : box;
      return measured;
    },
  };
  const id = element.attributes.get("id");
  // A filter applies before the clip path and the mask (SVG's order): the filtered group is
  // innermost.
  let drafts = content;
  const effect = filter === null ? null : filterFields(conv, filter, place, ctx);
  if (effect !== null) {
    const name = `${id ?? (effect.blur !== undefined ? "Blurred" : "Filtered")}`;
    drafts = [
      {
        node: makeNode<GroupNode>("group", "", "", "", { name, ...effect, hidden: false }),
        children: content,
      },
    ];
    conv.produce();
  }
  if (clip !== null) {
    const shapes = clipDraft(conv, walk, clip, place, ctx, 0);
    if (shapes === null) return;
    drafts = [{ node: masked(`${id ?? "Clipped"}`, "outline"), children: [shapes, ...drafts] }];
    conv.produce();
  }
  if (mask !== null) {
    const content = maskDraft(conv, walk, mask, place, ctx);
    if (content === null) return;
    drafts = [
      { node: masked(`${id ?? "Masked"}`, maskKindOf(conv, mask)), children: [content, ...drafts] },
    ];
    conv.produce();
  }
  const outer = drafts[0]!;
  out.push({
    node: { ...outer.node, transform: transform ?? IDENTITY_TRANSFORM },
    children: outer.children,
  });
}

/**
 * A filtered group's own fields for `filter` on an element placed at `place`; null, reported,
 * when the element's transform stays in what it draws (the filter's lengths would be in another
 * space than the group's) or bounding-box units meet a box of no area.
 */
function filterFields(
  conv: Conversion,
  filter: KeptFilter,
  place: Place,
  ctx: Context,
): Pick<GroupNode, "blur" | "filter"> | null {
  if (filter.kind === "blur") return { blur: filter.sigma };
  const m = place.matrix;
  const resolved =
    m.a === 1 && m.b === 0 && m.c === 0 && m.d === 1 && m.e === 0 && m.f === 0
      ? resolveFilter(filter.parsed, ctx.viewport, place.box)
      : null;
  if (resolved === null) {
    conv.count("filter");
    return null;
  }
  return { filter: resolved };
}

/** Clip paths followed inside one another (a clip path's own, its shapes'), at most. */
const MAX_CLIP_NESTING = 16;

/**
 * A clip path's shapes in a group, in the masked group's units; a group masked by the clip
 * path's own `clip-path` when it has one. Null when it clips everything away.
 */
function clipDraft(
  conv: Conversion,
  walk: Walk,
  clip: XmlElement,
  place: Place,
  ctx: Context,
  nesting: number,
): Draft | null {
  if (ctx.path.includes(clip) || nesting > MAX_CLIP_NESTING) {
    conv.count("clip path that clips itself");
    return null;
  }
  let matrix = place.matrix;
  if (clip.attributes.get("clipPathUnits")?.trim() === "objectBoundingBox") {
    const box = place.box();
    if (box === null || !(box.width > 0) || !(box.height > 0)) return null;
    matrix = multiply(matrix, boxMatrix(box));
  }
  const own = clip.attributes.get("transform");
  if (own !== undefined) {
    const parsed = parseTransformList(own);
    if (parsed === null) conv.count("unreadable transform");
    else matrix = multiply(matrix, parsed);
  }
  const inside: Context = {
    ...ctx,
    matrix,
    origin: place.origin,
    style: conv.cascadedStyle(clip),
    carriedOpacity: 1,
    clipContent: true,
    groupDepth: ctx.groupDepth + 1,
    path: [...ctx.path, clip],
  };
  const shapes: Draft[] = [];
  for (const child of clip.children)
    if (typeof child !== "string") walk.element(conv, child, inside, shapes);
  if (shapes.length === 0) return null;
  const name = `${clip.attributes.get("id") ?? "Clip"} clip`;
  const group: Draft = {
    node: makeNode<GroupNode>("group", "", "", "", { name, hidden: false }),
    children: shapes,
  };
  conv.produce();
  // The clip path's own clip path, in the same user space: what both leave.
  const further = referenced(conv, conv.declaredStyle(clip).get("clip-path"), "clipPath");
  if (further === null) return group;
  if (further === "missing") {
    conv.count("clip path");
    return group;
  }
  const outer = clipDraft(conv, walk, further, place, inside, nesting + 1);
  if (outer === null) return null;
  conv.produce();
  return { node: masked(name, "outline"), children: [outer, group] };
}

function maskKindOf(conv: Conversion, mask: XmlElement): MaskKind {
  return conv.declaredStyle(mask).get("mask-type")?.trim() === "alpha" ? "alpha" : "luminance";
}

/**
 * A mask's content in a clipping frame over its region, in the masked group's units. Null when
 * it shows nothing.
 */
function maskDraft(
  conv: Conversion,
  walk: Walk,
  mask: XmlElement,
  place: Place,
  ctx: Context,
): Draft | null {
  if (ctx.path.includes(mask)) {
    conv.count("mask that masks itself");
    return null;
  }
  const userUnits = mask.attributes.get("maskUnits")?.trim() === "userSpaceOnUse";
  const contentBox = mask.attributes.get("maskContentUnits")?.trim() === "objectBoundingBox";
  const region = effectRegion(mask, userUnits, ctx.viewport, () => place.box());
  if (region === null) return null;
  // The frame over the region, in the group's units; the content in the frame's.
  const at = multiply(place.matrix, { ...IDENTITY_MATRIX, e: region.x, f: region.y });
  const transform = expressible(at);
  if (transform === null) {
    conv.count("mask");
    return null;
  }
  const back = invert(at);
  if (back === null) return null;
  let content = multiply(back, place.matrix);
  if (contentBox) {
    const box = place.box();
    if (box === null || !(box.width > 0) || !(box.height > 0)) return null;
    content = multiply(content, boxMatrix(box));
  }
  const inside: Context = {
    ...ctx,
    matrix: content,
    origin: multiply(place.origin, at),
    style: conv.cascadedStyle(mask),
    carriedOpacity: 1,
    groupDepth: ctx.groupDepth + 1,
    path: [...ctx.path, mask],
  };
  const children: Draft[] = [];
  for (const child of mask.children)
    if (typeof child !== "string") walk.element(conv, child, inside, children);
  if (children.length === 0) return null;
  const frame = makeNode<FrameNode>("frame", "", "", "", {
    name: `${mask.attributes.get("id") ?? "Mask"} mask`,
    transform,
    width: region.width,
    height: region.height,
    clip: true,
    fill: NO_FILL,
    stroke: NO_STROKE,
  });
  conv.produce();
  return { node: frame, children };
}
