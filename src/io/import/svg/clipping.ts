import { NO_FILL, NO_STROKE } from "../../../doc/factory";
import { makeNode } from "../../../shapes/makeNode";
import { IDENTITY_MATRIX, multiply } from "../../../doc/transform";
import type { FrameNode } from "../../../doc/types";
import { IMPORT_LIMITS } from "../limits";
import type { Draft } from "../tree";
import { localName, type XmlElement } from "../xml";
import { originWithin, type Context, type Conversion, type Walk } from "./conversion";
import { length } from "./lengths";
import type { UserBox } from "./paint";
import { expressible } from "./placement";
import { parseTransformList } from "./transformList";

/**
 * Clip paths that are rectangles, as clipping frames; every other clip path is counted and the
 * element drawn unclipped.
 */

/** For a clip rectangle's lengths, which never consult it: their percentages are refused. */
const UNUSED_VIEWPORT = { width: 100, height: 100 };

/**
 * The rectangle a `clip-path` reference clips to, when it maps onto a clipping frame: a
 * `<clipPath>` in user space, without a transform, holding one square-cornered `<rect>` placed
 * by at most a translation. Null for none and for every other clip path.
 */
export function clipRect(conv: Conversion, value: string | undefined): UserBox | null {
  const id = /^url\(\s*['"]?#([^)'"]+)['"]?\s*\)$/.exec(value?.trim() ?? "")?.[1]?.trim();
  const clip = id === undefined ? undefined : conv.byId.get(id);
  if (clip === undefined || localName(clip.name) !== "clipPath") return null;
  const units = clip.attributes.get("clipPathUnits");
  if ((units !== undefined && units !== "userSpaceOnUse") || clip.attributes.has("transform"))
    return null;
  const shapes = clip.children.filter((c): c is XmlElement => typeof c !== "string");
  const rect = shapes[0];
  if (shapes.length !== 1 || rect === undefined || localName(rect.name) !== "rect") return null;
  if (rect.attributes.has("rx") || rect.attributes.has("ry")) return null;
  if (rect.attributes.has("clip-path") || rect.attributes.has("style")) return null;
  const moved = parseTransformList(rect.attributes.get("transform") ?? "");
  if (moved === null || moved.a !== 1 || moved.b !== 0 || moved.c !== 0 || moved.d !== 1)
    return null;
  // Percentages would need the referencing element's viewport; such clips stay unsupported.
  for (const name of ["x", "y", "width", "height"])
    if (rect.attributes.get(name)?.trim().endsWith("%")) return null;
  const width = length(rect, "width", 0, UNUSED_VIEWPORT, "x");
  const height = length(rect, "height", 0, UNUSED_VIEWPORT, "y");
  if (!(width > 0 && height > 0)) return null;
  return {
    x: length(rect, "x", 0, UNUSED_VIEWPORT, "x") + moved.e,
    y: length(rect, "y", 0, UNUSED_VIEWPORT, "y") + moved.f,
    width,
    height,
  };
}

/**
 * An element clipped by a rectangle: a clipping frame over that rectangle (in the element's
 * user space, so after its own transform), holding what the element draws.
 */
export function clipped(
  conv: Conversion,
  walk: Walk,
  element: XmlElement,
  tag: string,
  ctx: Context,
  out: Draft[],
  clip: UserBox,
): void {
  const transform = expressible(multiply(ctx.matrix, { ...IDENTITY_MATRIX, e: clip.x, f: clip.y }));
  if (transform === null || ctx.groupDepth >= IMPORT_LIMITS.maxGroupDepth) {
    conv.count("clip path");
    walk.draw(conv, element, tag, ctx, out);
    return;
  }
  const children: Draft[] = [];
  walk.draw(
    conv,
    element,
    tag,
    {
      ...ctx,
      matrix: { ...IDENTITY_MATRIX, e: -clip.x, f: -clip.y },
      origin: originWithin(ctx, multiply(ctx.matrix, { ...IDENTITY_MATRIX, e: clip.x, f: clip.y })),
      groupDepth: ctx.groupDepth + 1,
    },
    children,
  );
  if (children.length === 0) return;
  const frame = makeNode<FrameNode>("frame", "", "", "", {
    name: `${element.attributes.get("id") ?? "Clip"} clip`,
    transform,
    width: clip.width,
    height: clip.height,
    clip: true,
    fill: NO_FILL,
    stroke: NO_STROKE,
  });
  conv.produce();
  out.push({ node: frame, children });
}
