import { invert, type Matrix } from "../doc/transform";
import type { Box } from "../math/box";

/** Screen pixels kept past the target's edge, for anti-aliasing and filters sampling there. */
export const MASK_VIEW_MARGIN = 2;

/**
 * The part of a mask's drawing worth drawing into its texture, in the drawing's own units: what
 * of `full` (its extent there) lies in `view`, the area of the target being drawn (page pixels),
 * through `toView` (the drawing's units to those pixels). PixiJS sizes a mask's texture by what
 * the mask covers on screen, so at a deep zoom a large mask asked for a texture past the GPU's
 * limit and was not drawn; cut to the view, the texture is never larger than the view's box in
 * the drawing's orientation (the view itself unless the group is turned). Where the mask does
 * not reach the view, a sliver a hundredth of a pixel square at the view's corner: an empty
 * texture would be refused, and this one shows (correctly) nothing.
 */
export function visibleMaskRegion(full: Box | null, toView: Matrix, view: Box): Box {
  const toLocal = invert(toView);
  const corner = {
    minX: view.minX,
    minY: view.minY,
    maxX: view.minX + 0.01,
    maxY: view.minY + 0.01,
  };
  if (toLocal === null) return corner;
  const seen = mapBox(
    {
      minX: view.minX - MASK_VIEW_MARGIN,
      minY: view.minY - MASK_VIEW_MARGIN,
      maxX: view.maxX + MASK_VIEW_MARGIN,
      maxY: view.maxY + MASK_VIEW_MARGIN,
    },
    toLocal,
  );
  const region =
    full === null
      ? null
      : {
          minX: Math.max(seen.minX, full.minX),
          minY: Math.max(seen.minY, full.minY),
          maxX: Math.min(seen.maxX, full.maxX),
          maxY: Math.min(seen.maxY, full.maxY),
        };
  if (region !== null && region.maxX > region.minX && region.maxY > region.minY) return region;
  return mapBox(corner, toLocal);
}

/** The box around a box's corners under `m`. */
function mapBox(box: Box, m: Matrix): Box {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const x of [box.minX, box.maxX])
    for (const y of [box.minY, box.maxY]) {
      xs.push(m.a * x + m.c * y + m.e);
      ys.push(m.b * x + m.d * y + m.f);
    }
  return {
    minX: Math.min(...xs),
    minY: Math.min(...ys),
    maxX: Math.max(...xs),
    maxY: Math.max(...ys),
  };
}
