import { FilterSystem, type Bounds, type Filter, type RenderSurface, type Texture } from "pixi.js";

/**
 * Filters drawn inside an alpha mask, put back where they belong. PixiJS draws a container
 * given as an alpha mask into a texture placed at the mask's bounds (the mask pass's offset in
 * its global uniforms), but a filter there writes its result at the filter's page position, not
 * its position in that texture: a luminance mask's filter, or a masked group inside a mask (a
 * nested clip path), landed off by the mask's corner. Each filter's result is placed relative to
 * the offset of the target it is drawn into, which is what PixiJS does already wherever no mask
 * pass lies between a filter and the filter around it.
 */

/** What is read of PixiJS's filter system, which its types keep private. */
interface FilterSystemInternals {
  readonly _activeFilterData?: { readonly bounds: Bounds } | null;
  _findClosestFilterData(): { readonly bounds: Bounds } | null;
}

type ApplyFilter = (
  this: FilterSystem,
  filter: Filter,
  input: Texture,
  output: RenderSurface,
  clear: boolean,
) => void;

const PATCHED = Symbol.for("linework.filterOffsets");

/** Patches PixiJS's filter system once per page (the prototype carries the mark). */
export function placeFiltersInMasks(): void {
  const proto = FilterSystem.prototype as unknown as { applyFilter: ApplyFilter } & Record<
    symbol,
    boolean
  >;
  if (proto[PATCHED] === true) return;
  proto[PATCHED] = true;
  const original = proto.applyFilter;
  proto.applyFilter = function (filter, input, output, clear) {
    const system = this as unknown as FilterSystemInternals;
    const data = system._activeFilterData;
    const offset = this.renderer.globalUniforms.globalUniformData?.offset;
    const closest = system._findClosestFilterData();
    const dx = (offset?.x ?? 0) - (closest?.bounds.minX ?? 0);
    const dy = (offset?.y ?? 0) - (closest?.bounds.minY ?? 0);
    if (data === undefined || data === null || (dx === 0 && dy === 0)) {
      original.call(this, filter, input, output, clear);
      return;
    }
    const bounds = data.bounds;
    bounds.minX -= dx;
    bounds.maxX -= dx;
    bounds.minY -= dy;
    bounds.maxY -= dy;
    try {
      original.call(this, filter, input, output, clear);
    } finally {
      bounds.minX += dx;
      bounds.maxX += dx;
      bounds.minY += dy;
      bounds.maxY += dy;
    }
  };
}
