import { AlphaMaskPipe, type Container, type Renderer, Rectangle } from "pixi.js";
import type { Box } from "../math/box";
import { visibleMaskRegion } from "./maskRegion";

/**
 * Mask drawings cut to what is seen. PixiJS draws a container given as an alpha mask into a
 * texture the size of the mask's whole bounds on screen, so a deep zoom into a large mask asked
 * for a texture past the GPU's limit, and nothing was drawn. While PixiJS draws a mask, the
 * drawing reports as its bounds only the part of it inside the target being drawn into (the
 * canvas, a layer's texture, an outer mask's), and the mask's texture is no larger than that;
 * the rest could not show anyway. A luminance mask's filter is cut the same way.
 */

/** Where a mask's drawing keeps the area (page pixels) of the target it is being drawn for. */
const VIEW = Symbol.for("linework.maskView");

type Viewed = Container & { [VIEW]?: Box | undefined };

/** What is read of PixiJS's renderer while a mask is pushed, which its types keep private. */
interface RendererInternals {
  readonly renderTarget: {
    readonly renderTarget: {
      readonly colorTexture: {
        readonly source: { readonly width: number; readonly height: number };
      };
    };
  };
  readonly globalUniforms: {
    readonly globalUniformData?: { readonly offset?: { readonly x: number; readonly y: number } };
  };
}

interface MaskInstruction {
  readonly action: string;
  readonly mask: { readonly renderMaskToTexture?: boolean; readonly mask: Viewed };
}

const PATCHED = Symbol.for("linework.maskClip");

/** The current target's area in page pixels: its offset there and its size. */
function targetArea(renderer: RendererInternals): Box {
  const { width, height } = renderer.renderTarget.renderTarget.colorTexture.source;
  const offset = renderer.globalUniforms.globalUniformData?.offset;
  const x = offset?.x ?? 0;
  const y = offset?.y ?? 0;
  return { minX: x, minY: y, maxX: x + width, maxY: y + height };
}

/** Follows PixiJS's mask passes once per page (the prototype carries the mark). */
function followMaskPasses(): void {
  const proto = AlphaMaskPipe.prototype as unknown as {
    execute(this: { _renderer: Renderer }, instruction: MaskInstruction): void;
  } & Record<symbol, boolean>;
  if (proto[PATCHED] === true) return;
  proto[PATCHED] = true;
  const original = proto.execute;
  proto.execute = function (instruction) {
    const toTexture = instruction.mask.renderMaskToTexture === true;
    // Before PixiJS measures the mask and makes its texture in the target drawn into now.
    if (toTexture && instruction.action === "pushMaskBegin")
      instruction.mask.mask[VIEW] = targetArea(this._renderer as unknown as RendererInternals);
    try {
      original.call(this, instruction);
    } finally {
      // The mask is drawn (its filters included): it is measured whole again.
      if (toTexture && instruction.action === "pushMaskEnd")
        instruction.mask.mask[VIEW] = undefined;
    }
  };
}

/**
 * Cuts a mask's drawing (`drawing`, and `filtered`, a container inside it at the same place
 * whose filter turns luminance into alpha) to what is seen each time PixiJS draws it. Call with
 * the drawing complete and not yet a mask: its extent is measured now.
 */
export function clipMaskToView(drawing: Viewed, filtered: Container | null): void {
  followMaskPasses();
  const local = drawing.getLocalBounds();
  const full: Box | null =
    local.width > 0 && local.height > 0
      ? { minX: local.minX, minY: local.minY, maxX: local.maxX, maxY: local.maxY }
      : null;
  const region = (container: Container): Rectangle | undefined => {
    const view = drawing[VIEW];
    if (view === undefined) return undefined;
    const m = container.worldTransform;
    const box = visibleMaskRegion(full, { a: m.a, b: m.b, c: m.c, d: m.d, e: m.tx, f: m.ty }, view);
    return new Rectangle(box.minX, box.minY, box.maxX - box.minX, box.maxY - box.minY);
  };
  // Read by PixiJS's measure of the mask when it sizes the mask's texture.
  Object.defineProperty(drawing, "boundsArea", {
    get: () => region(drawing),
    set: () => undefined,
    configurable: true,
  });
  // Read by the filter system when it sizes the filter's texture.
  const effect = (filtered as unknown as { _filterEffect?: object } | null)?._filterEffect;
  if (filtered !== null && effect !== undefined)
    Object.defineProperty(effect, "filterArea", {
      get: () => region(filtered),
      set: () => undefined,
      configurable: true,
    });
}
