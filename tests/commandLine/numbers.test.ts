import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateNumber, formatNumber, NUMBER_LIMITS } from "../../src/commandLine/numbers";
import { parseTypedSize } from "../../src/commandLine/typedSize";

const value = (text: string, quantity?: Parameters<typeof evaluateNumber>[1]) => {
  const result = evaluateNumber(text, quantity);
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

describe("typed numbers", () => {
  it("do simple arithmetic with the usual precedence", () => {
    expect(value("100*2")).toBe(200);
    expect(value("+10")).toBe(10);
    expect(value("-10")).toBe(-10);
    expect(value("1+2*3")).toBe(7);
    expect(value("(1+2)*3")).toBe(9);
    expect(value("10/4")).toBe(2.5);
    expect(value("--5")).toBe(5);
    expect(value("1.5e2")).toBe(150);
    expect(value(".5")).toBe(0.5);
  });

  it("convert length units at 96 dots per inch", () => {
    expect(value("1in")).toBe(96);
    expect(value("72pt")).toBe(96);
    expect(value("25.4mm")).toBeCloseTo(96, 12);
    expect(value("2.54cm")).toBeCloseTo(96, 12);
    expect(value("10px")).toBe(10);
    expect(value("1in+4px")).toBe(100);
    expect(value("10MM")).toBeCloseTo(37.795, 3);
  });

  it("take the units of what they measure", () => {
    expect(value("90deg", "angle")).toBe(90);
    expect(value("50%", "factor")).toBe(0.5);
    expect(value("200%", "percent")).toBe(200);
    expect(evaluateNumber("10mm", "angle")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/unknown unit “mm”/),
    });
  });

  it("say what is wrong and where", () => {
    expect(evaluateNumber("10+")).toEqual({ ok: false, error: "expected a number", offset: 3 });
    expect(evaluateNumber("10*x")).toEqual({ ok: false, error: "unexpected “x”", offset: 3 });
    expect(evaluateNumber("(1+2")).toEqual({ ok: false, error: "expected )", offset: 4 });
    expect(evaluateNumber("5/0")).toEqual({ ok: false, error: "division by zero", offset: 2 });
    expect(evaluateNumber("10kg")).toMatchObject({
      ok: false,
      offset: 2,
      error: expect.stringMatching(/unknown unit “kg”/),
    });
    expect(evaluateNumber("1e10")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/within/),
    });
    expect(evaluateNumber("(".repeat(40) + "1" + ")".repeat(40))).toMatchObject({
      ok: false,
      error: "too many parentheses",
    });
    expect(evaluateNumber("1".repeat(NUMBER_LIMITS.maxChars + 1))).toMatchObject({ ok: false });
  });

  it("read back exactly what formatNumber writes", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (n) => {
        expect(Object.is(value(formatNumber(n)), n)).toBe(true);
      }),
    );
  });
});

describe("typed sizes while drawing", () => {
  it("read a width, or a width and a height, with units", () => {
    expect(parseTypedSize("200, 100")).toEqual({ ok: true, width: 200, height: 100 });
    expect(parseTypedSize("200 100")).toEqual({ ok: true, width: 200, height: 100 });
    expect(parseTypedSize("200")).toEqual({ ok: true, width: 200 });
    expect(parseTypedSize("1in,50*2")).toEqual({ ok: true, width: 96, height: 100 });
  });

  it("point at what is wrong", () => {
    expect(parseTypedSize("")).toMatchObject({ ok: false });
    expect(parseTypedSize("1, 2, 3")).toMatchObject({
      ok: false,
      error: "expected 1 or 2 numbers, got 3",
      start: 6,
    });
    expect(parseTypedSize("100, -5")).toMatchObject({
      ok: false,
      error: "a size cannot be negative",
      start: 5,
    });
    expect(parseTypedSize("100, 5q")).toMatchObject({ ok: false, start: 6 });
  });
});
