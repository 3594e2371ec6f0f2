import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hsvToRgb, parseHex, rgbToHsv, toHex } from "../../src/ui/properties/color";

describe("colour conversions", () => {
  it("round-trips RGB through HSV", () => {
    const channel = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(channel, channel, channel, (r, g, b) => {
        const back = hsvToRgb(rgbToHsv({ r, g, b, a: 1 }));
        expect(back.r).toBeCloseTo(r, 9);
        expect(back.g).toBeCloseTo(g, 9);
        expect(back.b).toBeCloseTo(b, 9);
      }),
    );
  });

  it("knows the primaries", () => {
    expect(rgbToHsv({ r: 0, g: 0, b: 1, a: 1 })).toEqual({ h: 240, s: 1, v: 1 });
    expect(toHex(hsvToRgb({ h: 120, s: 1, v: 1 }))).toBe("#00ff00");
  });

  it("reads and writes hex", () => {
    expect(parseHex("#2563eb")).toEqual({ r: 0x25 / 255, g: 0x63 / 255, b: 0xeb / 255, a: 1 });
    expect(parseHex("fff", 0.5)).toEqual({ r: 1, g: 1, b: 1, a: 0.5 });
    expect(parseHex("#00000080")?.a).toBeCloseTo(128 / 255, 9);
    expect(parseHex("#12")).toBeNull();
    expect(parseHex("red")).toBeNull();
    expect(toHex({ r: 2, g: -1, b: 0.5, a: 1 })).toBe("#ff0080");
  });
});
