import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blurSpacing, blurTaps } from "../../src/render/blurTaps";

describe("a blur's taps", () => {
  it("reach 3 σ and half a texel, no further, and at most 64 each side", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 500, noNaN: true }), (sigma) => {
        const spacing = blurSpacing(sigma);
        const taps = blurTaps(sigma);
        const reach = 3 * sigma + 0.5;
        expect(taps).toBeLessThanOrEqual(64);
        expect(taps * spacing).toBeLessThanOrEqual(reach + 1e-9);
        if (taps < 64) expect((taps + 1) * spacing).toBeGreaterThan(reach - 1e-9);
      }),
    );
  });

  it("a narrow blur takes few taps: the loop is as long as the blur, not as the widest", () => {
    expect(blurTaps(1)).toBe(3);
    expect(blurTaps(6)).toBe(18);
    expect(blurTaps(100)).toBe(64);
  });
});
