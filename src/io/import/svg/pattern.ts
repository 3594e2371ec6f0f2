import { fitsInPattern, MAX_PATTERN_DEPTH, MAX_PATTERN_NODES } from "../../../doc/pattern";
import { IDENTITY_MATRIX, invert, multiply, type Matrix } from "../../../doc/transform";
import { PATTERN_TILE, type PatternPaint, type SceneNode } from "../../../doc/types";
import { IMPORT_ROOT } from "../result";
import { flattenDrafts } from "../tree";
import { localName, type XmlElement } from "../xml";
import type { Context, Conversion } from "./conversion";
import { fraction, parseLength } from "./lengths";
import { NO_BOUNDING_BOX, type UserBox } from "./paint";
import { aroundOrigin, expressible } from "./placement";
import { parseTransformList } from "./transformList";
import { viewBoxMatrix, viewBoxOf } from "./viewport";

/**
 * `<pattern>` as a pattern paint. Units are resolved here, into the referencing element's user
 * space, then into the node's local space (`userToLocal`), so the paint holds a tile in the
 * node's own units as the model does for every paint:
 *
 * - the tile (`x`, `y`, `width`, `height`) in `patternUnits` (objectBoundingBox by default:
 *   fractions or percentages of the element's box; userSpaceOnUse: lengths, percentages of the
 *   viewport), moved by `patternTransform` (about `transform-origin`);
 * - the content in `patternContentUnits` (userSpaceOnUse by default; objectBoundingBox scales it
 *   by the box's size) with its origin at the tile's corner, or fitted into the tile by `viewBox`
 *   and `preserveAspectRatio` (which then overrides the content units);
 * - each attribute, and the content, taken from the first pattern along the `href` chain that
 *   has it, as SVG inherits them;
 * - the content converted by the same walk as the drawing, styled by the pattern's own
 *   ancestors, into a small scene of nodes; a pattern among them is a pattern inside a pattern.
 *   A pattern that refers to itself through its content paints nothing where it recurs, as
 *   browsers draw it; images in a pattern are not kept (reported).
 */

const HREF_LIMIT = 64;

/** The pattern and those it inherits from through `href`, nearest first; no cycles. */
function patternChain(start: XmlElement, byId: ReadonlyMap<string, XmlElement>): XmlElement[] {
  const chain: XmlElement[] = [];
  const seen = new Set<XmlElement>();
  let current: XmlElement | undefined = start;
  while (current !== undefined && !seen.has(current) && chain.length < HREF_LIMIT) {
    seen.add(current);
    chain.push(current);
    const href: string | undefined =
      current.attributes.get("href") ?? current.attributes.get("xlink:href");
    const next: XmlElement | undefined = href?.trim().startsWith("#")
      ? byId.get(href.trim().slice(1))
      : undefined;
    current = next !== undefined && localName(next.name) === "pattern" ? next : undefined;
  }
  return chain;
}

function attribute(chain: readonly XmlElement[], name: string): string | undefined {
  for (const element of chain) {
    const value = element.attributes.get(name);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Whether an element holds elements (text between them is not content). */
function hasElementChildren(element: XmlElement): boolean {
  return element.children.some((child) => typeof child !== "string");
}

/** The tile in the element's user space, before patternTransform. */
function tileOf(
  chain: readonly XmlElement[],
  boundingBox: boolean,
  box: UserBox,
  ctx: Context,
): UserBox {
  if (boundingBox) {
    return {
      x: box.x + fraction(attribute(chain, "x"), 0) * box.width,
      y: box.y + fraction(attribute(chain, "y"), 0) * box.height,
      width: fraction(attribute(chain, "width"), 0) * box.width,
      height: fraction(attribute(chain, "height"), 0) * box.height,
    };
  }
  const len = (name: string, axis: "x" | "y"): number =>
    parseLength(attribute(chain, name) ?? "0", 0, ctx.viewport, axis);
  return {
    x: len("x", "x"),
    y: len("y", "y"),
    width: len("width", "x"),
    height: len("height", "y"),
  };
}

/**
 * A `<pattern>` as the paint of an element whose user space `userToLocal` maps to its node's
 * local space and whose box is `box`: a pattern paint, null where it paints nothing (a tile of no
 * area, no content, a recursion), or `NO_BOUNDING_BOX` when its units need a box the element does
 * not have. `opacity` is the fill's or stroke's.
 */
export function patternPaint(
  conv: Conversion,
  element: XmlElement,
  ctx: Context,
  userToLocal: Matrix,
  box: UserBox,
  opacity: number,
): PatternPaint | null | typeof NO_BOUNDING_BOX {
  const chain = patternChain(element, conv.byId);
  const boundingBox = attribute(chain, "patternUnits")?.trim() !== "userSpaceOnUse";
  const contentBox = attribute(chain, "patternContentUnits")?.trim() === "objectBoundingBox";
  const viewBox = viewBoxOfChain(chain);
  const needsBox = boundingBox || (contentBox && viewBox === null);
  if (needsBox && (box.width <= 0 || box.height <= 0)) return NO_BOUNDING_BOX;
  const tile = tileOf(chain, boundingBox, box, ctx);
  // SVG: a tile of no area disables the paint; so does content that is not there.
  if (!(tile.width > 0 && tile.height > 0) || !Number.isFinite(tile.width + tile.height))
    return null;
  const source = chain.find(hasElementChildren);
  if (source === undefined) return null;
  if (conv.patternsOpen.includes(source)) return null;
  if (conv.patternsOpen.length >= MAX_PATTERN_DEPTH) {
    conv.count("pattern nested too deep");
    return null;
  }
  // A patternTransform that cannot be inverted is ignored, as resvg and browsers ignore it.
  const parsed = parseTransformList(attribute(chain, "patternTransform") ?? "");
  if (parsed === null) conv.count("unreadable patternTransform");
  const own = parsed !== null && invert(parsed) !== null ? parsed : IDENTITY_MATRIX;
  const moved = aroundOrigin(own, attribute(chain, "transform-origin"), ctx.viewport);
  const placed = multiply(
    userToLocal,
    multiply(moved, { ...IDENTITY_MATRIX, e: tile.x, f: tile.y }),
  );
  const transform = expressible(placed);
  if (transform === null) {
    conv.count("pattern with a transform a paint cannot hold");
    return null;
  }
  const contentMatrix =
    viewBox !== null
      ? viewBoxMatrix(viewBox, tile.width, tile.height, attribute(chain, "preserveAspectRatio"))
      : contentBox
        ? { ...IDENTITY_MATRIX, a: box.width, d: box.height }
        : IDENTITY_MATRIX;
  const content = patternContent(conv, source, ctx, contentMatrix);
  if (content === null || content.length === 0) return null;
  return {
    type: "pattern",
    width: tile.width,
    height: tile.height,
    transform,
    opacity: Math.min(1, Math.max(0, opacity)),
    content,
  };
}

function viewBoxOfChain(chain: readonly XmlElement[]): readonly number[] | null {
  for (const element of chain) if (element.attributes.has("viewBox")) return viewBoxOf(element);
  return null;
}

/**
 * The nodes a pattern's content converts to, in tile space (`matrix` from the content's user
 * space), read once per pattern and matrix however many elements it paints: null when there are
 * more than a pattern holds.
 */
function patternContent(
  conv: Conversion,
  source: XmlElement,
  ctx: Context,
  matrix: Matrix,
): SceneNode[] | null {
  // Content read inside another pattern may have met a recursion it would not meet alone.
  const cacheable = conv.patternsOpen.length === 0;
  const key = [matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f].join(" ");
  let known = conv.patternContents.get(source);
  if (known === undefined) {
    known = new Map();
    conv.patternContents.set(source, known);
  }
  const cached = cacheable ? known.get(key) : undefined;
  if (cached !== undefined) return cached;
  conv.patternsOpen.push(source);
  let nodes: SceneNode[] | null;
  try {
    const style = conv.cascadedStyle(source);
    const drafts = conv.walk.children(conv, source, {
      matrix,
      style,
      viewport: ctx.viewport,
      carriedOpacity: 1,
      groupDepth: 0,
      path: [source],
      useDepth: ctx.useDepth,
    });
    const flat = flattenDrafts(drafts);
    const images = flat.filter((node) => !fitsInPattern(node)).length;
    if (images > 0) conv.count("image in a pattern", images);
    const kept = flat
      .filter(fitsInPattern)
      .map((node) =>
        node.parent === IMPORT_ROOT ? ({ ...node, parent: PATTERN_TILE } as SceneNode) : node,
      );
    if (kept.length > MAX_PATTERN_NODES) {
      conv.count("pattern with too many shapes");
      nodes = null;
    } else nodes = kept;
  } finally {
    conv.patternsOpen.pop();
  }
  if (cacheable) known.set(key, nodes);
  return nodes;
}
