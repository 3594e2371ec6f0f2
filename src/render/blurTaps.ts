// How many taps the canvas's Gaussian blur pass (render/filterGraph.ts) takes, worked out once
// per pass on the CPU: the shader's loop then runs only as far as the blur reaches.

/** The distance between a blur's taps, in texels: 1, or wider so that 64 taps reach 3 σ. */
export function blurSpacing(sigma: number): number {
  return Math.max(1, (3 * sigma) / 64);
}

/** Taps on each side of a blur's centre: as far as 3 σ (and half a texel), at most 64. */
export function blurTaps(sigma: number): number {
  return Math.min(64, Math.floor((3 * sigma + 0.5) / blurSpacing(sigma)));
}
