import {
  AlphaFilter,
  AlphaMask,
  BlurFilter,
  type Bounds,
  Container,
  type Filter,
  Rectangle,
} from "pixi.js";
import { FilterGraph } from "./filterGraph";
import { isFrame } from "../shapes/frame";
import { isGroup } from "../shapes/group";
import type { BlendMode, SceneNode } from "../doc/types";
import { blendFilterFor } from "./hslBlends";

/**
 * Groups and frames drawn as one layer: their content is drawn into a texture of its own, then
 * put on the page with the container's opacity and blend mode, as SVG and CSS composite a group.
 * Without it PixiJS passes a container's alpha and blend mode down to each child: overlapping
 * children of a translucent group showed through one another, a group's blend mode blended each
 * child on its own, and a blend mode inside a group reached past it to the page. A layer costs a
 * pass per frame, so only containers whose drawing needs one get it.
 */

/** The blend modes the GPU's own blending draws exactly (a filter's output is drawn with them). */
const NATIVE: ReadonlySet<BlendMode> = new Set(["normal", "screen"]);

/**
 * Whether a node is drawn as a layer: a group or frame that is translucent, blended other than
 * normally, or isolated (its children's blend modes stop at it).
 */
export function drawnAsLayer(node: SceneNode): boolean {
  if (!isGroup(node) && !isFrame(node)) return false;
  return (
    node.opacity < 1 ||
    node.blendMode !== "normal" ||
    (isGroup(node) && (node.isolated || node.blur !== undefined || node.filter !== undefined))
  );
}

/** A group's blur: its standard deviation in its own units, or null. */
export function blurOf(node: SceneNode): number | null {
  return isGroup(node) && node.blur !== undefined ? node.blur : null;
}

/**
 * PixiJS's blur, in passes of a 15-tap kernel: its standard deviation is this many times its
 * strength (the kernel's own, in steps; the passes add up to the strength in quadrature).
 */
const BLUR_SIGMA_PER_STRENGTH = 2.018;

/** The widest blur drawn, in screen pixels: wider costs texture and shows no more. */
const MAX_BLUR_PIXELS = 256;

/**
 * Sets a blurred layer's blur for `pixelsPerUnit` screen pixels per unit of the group (the
 * zoom times the scale its ancestors and own transform put on it).
 */
export function scaleLayerBlur(object: LayerHost, node: SceneNode, pixelsPerUnit: number): void {
  const sigma = blurOf(node);
  const blur = object.layer?.blur;
  if (sigma === null || blur === undefined || blur === null) return;
  const pixels = Math.min(MAX_BLUR_PIXELS, sigma * pixelsPerUnit);
  const strength = Number.isFinite(pixels) ? pixels / BLUR_SIGMA_PER_STRENGTH : 0;
  if (blur.strength !== strength) blur.strength = strength;
}

/**
 * A group's or frame's display object, which remembers the layer it is drawn in and the drawing
 * of its mask (see groupMasks.ts): a child of its own that PixiJS leaves out of the normal pass,
 * kept last by the renderer's ordering of the children.
 */
export class LayerHost extends Container {
  layer: Layer | null = null;
  /** The mask's drawing, in the group's units; null when unmasked. */
  maskDrawing: Container | null = null;
}

/**
 * Masks a group's drawing by `drawing` (in the group's units), through its alpha channel, or
 * takes its mask away (null); the drawing before is destroyed. PixiJS draws a container given as
 * an alpha mask into a texture of its own each frame, at the zoom it is seen at, so the mask
 * stays sharp and anti-aliased (a container given as a plain mask would be a stencil: aliased,
 * its translucency lost).
 */
export function setGroupMask(object: LayerHost, drawing: Container | null): void {
  if (object.maskDrawing !== null) {
    object.mask = null;
    object.maskDrawing.destroy({ children: true });
    object.maskDrawing = null;
  }
  if (drawing === null) return;
  object.addChild(drawing);
  object.maskDrawing = drawing;
  // An effect is taken as it is: PixiJS makes an AlphaMask itself only for sprites.
  const effect = new AlphaMask({ mask: drawing });
  object.setMask({ mask: effect as unknown as Container, channel: "alpha" });
}

/** The filters a layer is drawn through, and what they were made for. */
export interface Layer {
  readonly key: string;
  readonly filters: readonly Filter[];
  /** The blur among them, sized for the zoom by `scaleLayerBlur`. */
  readonly blur: BlurFilter | null;
}

/**
 * Puts `object` (a container's display object) in a layer for `node`, or takes it out: the
 * filters draw its content into a texture with the node's opacity, then blend that with what is
 * beneath by the node's blend mode. `previous` is what the last call returned; its filters are
 * reused while nothing they depend on changed. The object itself is then left opaque and
 * normally blended, so nothing is applied twice.
 */
export function applyLayer(object: LayerHost, node: SceneNode): void {
  object.layer = layerFor(object, node, object.layer);
}

function layerFor(object: Container, node: SceneNode, previous: Layer | null): Layer | null {
  if (!drawnAsLayer(node)) {
    if (previous !== null) {
      object.filters = null;
      object.filterArea = undefined as unknown as Rectangle;
      measureRegion(object, null);
      for (const filter of previous.filters) filter.destroy();
    }
    return null;
  }
  object.alpha = 1;
  object.blendMode = "normal";
  const sigma = blurOf(node);
  const graph = isGroup(node) ? (node.filter ?? null) : null;
  const key = `${node.opacity} ${node.blendMode} ${sigma} ${graph === null ? "" : JSON.stringify(graph)}`;
  if (previous?.key === key) return previous;
  for (const filter of previous?.filters ?? []) filter.destroy();
  const alpha = new AlphaFilter({
    alpha: node.opacity,
    resolution: "inherit",
    antialias: "inherit",
  });
  const blur =
    sigma === null
      ? null
      : new BlurFilter({ strength: 0, quality: 4, kernelSize: 15, resolution: "inherit" });
  const filters: Filter[] = blur === null ? [alpha] : [blur, alpha];
  // A filter draws within its region (a flood fills it), which the layer's texture covers.
  const region =
    graph === null
      ? null
      : new Rectangle(graph.region.x, graph.region.y, graph.region.width, graph.region.height);
  if (graph !== null) filters.unshift(new FilterGraph(object, graph));
  object.filterArea = (region ?? undefined) as Rectangle;
  if (NATIVE.has(node.blendMode)) alpha.blendMode = node.blendMode as Filter["blendMode"];
  else {
    const blend = blendFilterFor(node.blendMode);
    if (blend !== null) {
      blend.resolution = "inherit";
      filters.push(blend);
    }
  }
  object.filters = filters;
  measureRegion(object, region);
  return { key, filters, blur };
}

/**
 * PixiJS measures a container without its filters, so a mask or layer around a filtered group
 * (sized by what it measures) cut its shadow off at the group's drawing. Its filter effect
 * reports the filter region (`region`, in the container's units) as what it adds, as PixiJS
 * asks of an effect (`addBounds`, with bounds in page coordinates); null takes that away.
 * (`boundsArea` would do it, but PixiJS's fast bounds apply it in the wrong space inside a
 * render group.)
 */
function measureRegion(object: Container, region: Rectangle | null): void {
  const effect = (object as unknown as { _filterEffect?: { addBounds?: (bounds: Bounds) => void } })
    ._filterEffect;
  if (effect === undefined) return;
  if (region === null) delete effect.addBounds;
  else effect.addBounds = (bounds) => bounds.addRect(region, object.worldTransform);
}
