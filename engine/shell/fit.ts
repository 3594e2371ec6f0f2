/** Pure layout math for the canvas fit, kept apart from the DOM so it can be tested directly. */

export interface AspectRatio {
  readonly width: number;
  readonly height: number;
}

export interface FitBox {
  /** CSS pixels, relative to the box the canvas is fitted into. */
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export function isKnownRatio(ratio: AspectRatio | null): ratio is AspectRatio {
  return (
    ratio !== null &&
    Number.isFinite(ratio.width) &&
    Number.isFinite(ratio.height) &&
    ratio.width > 0 &&
    ratio.height > 0
  );
}

/** The largest box of the given ratio that fits `available`, centred in it, in whole CSS pixels. */
export function fitAspect(
  ratio: AspectRatio,
  availableWidth: number,
  availableHeight: number,
): FitBox {
  const aw = Math.max(0, availableWidth);
  const ah = Math.max(0, availableHeight);
  const r = ratio.width / ratio.height;
  let width = aw;
  let height = aw / r;
  if (height > ah) {
    height = ah;
    width = ah * r;
  }
  // Whole pixels keep the backing store an exact multiple of the CSS size; rounding can never make
  // the box larger than the space it fits in.
  width = Math.min(aw, Math.round(width));
  height = Math.min(ah, Math.round(height));
  return {
    left: Math.floor((aw - width) / 2),
    top: Math.floor((ah - height) / 2),
    width,
    height,
  };
}

/** Backing-store size for a CSS size at a device pixel ratio, at least one pixel each way. */
export function backingStoreSize(
  cssWidth: number,
  cssHeight: number,
  devicePixelRatio: number,
): { width: number; height: number } {
  const dpr = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  return {
    width: Math.max(1, Math.round(cssWidth * dpr)),
    height: Math.max(1, Math.round(cssHeight * dpr)),
  };
}
