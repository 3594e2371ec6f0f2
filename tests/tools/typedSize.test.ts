import { describe, expect, it } from "vitest";
import { parseTypedSize } from "../../src/tools/typedSize";

describe("sizes typed while drawing", () => {
  it("reads one or two numbers with any separator", () => {
    expect(parseTypedSize("200, 100")).toEqual({ width: 200, height: 100 });
    expect(parseTypedSize("200x100")).toEqual({ width: 200, height: 100 });
    expect(parseTypedSize("200 100")).toEqual({ width: 200, height: 100 });
    expect(parseTypedSize("75")).toEqual({ width: 75, height: null });
  });

  it("converts units at 96 dpi", () => {
    expect(parseTypedSize("1in, 72pt")).toEqual({ width: 96, height: 96 });
    expect(parseTypedSize("25.4mm")!.width).toBeCloseTo(96);
  });

  it("refuses what is not a size", () => {
    for (const text of ["", "abc", "1, 2, 3", "10 furlongs", "1e400"]) {
      expect(parseTypedSize(text)).toBeNull();
    }
  });
});
