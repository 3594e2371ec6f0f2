import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  evaluateField,
  MAX_EXPRESSION_LENGTH,
  UNIT_DEG,
  UNIT_PX,
} from "../../src/ui/properties/expression";

const value = (input: string, current: number | null = 10): number => {
  const result = evaluateField(input, current);
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

describe("numeric field expressions", () => {
  it("does arithmetic with precedence and parentheses", () => {
    expect(value("100*2")).toBe(200);
    expect(value("1+2*3")).toBe(7);
    expect(value("(1+2)*3")).toBe(9);
    expect(value("-5")).toBe(-5);
    expect(value("2*-3")).toBe(-6);
    expect(value("10/4")).toBe(2.5);
  });

  it("treats a leading operator as a change of the current value", () => {
    expect(value("+10", 5)).toBe(15);
    expect(value("*2", 7)).toBe(14);
    expect(value("/4", 8)).toBe(2);
    expect(value("-=3", 8)).toBe(5);
    expect(evaluateField("+10", null).ok).toBe(false);
  });

  it("converts units to pixels at 96 per inch", () => {
    expect(value("1in")).toBe(96);
    expect(value("25.4mm")).toBeCloseTo(96, 10);
    expect(value("72pt")).toBeCloseTo(96, 10);
    expect(value("1in + 4px")).toBe(100);
    expect(value("2 cm")).toBeCloseTo(75.59, 2);
    const degrees = evaluateField("3.14159265358979rad", 0, UNIT_DEG);
    expect(degrees.ok && degrees.value).toBeCloseTo(180, 6);
  });

  it("refuses bad input with a reason", () => {
    for (const bad of ["", "abc", "1furlong", "2*", "(1+2", "1/0", "1 2", "1e400"]) {
      const result = evaluateField(bad, 1, UNIT_PX);
      expect(result.ok, bad).toBe(false);
      if (!result.ok) expect(result.error.length).toBeGreaterThan(0);
    }
    expect(evaluateField("1+".repeat(MAX_EXPRESSION_LENGTH), 1).ok).toBe(false);
    expect(evaluateField("(".repeat(50) + "1" + ")".repeat(50), 1).ok).toBe(false);
  });

  it("reads back any finite number it is given", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (n) => {
        const text = Math.abs(n) < 1e-6 ? "0" : String(n);
        const result = evaluateField(text, null);
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.value).toBeCloseTo(Number(text), 6);
      }),
    );
  });

  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const result = evaluateField(text, 3);
        if (result.ok) expect(Number.isFinite(result.value)).toBe(true);
      }),
    );
  });
});
