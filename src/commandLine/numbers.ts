/**
 * Numbers as people type them on the command line: simple arithmetic (`100*2`, `(10+5)/3`,
 * `+10`) and units on lengths at 96 dots per inch, as CSS measures them.
 */

/** World units (CSS pixels at 100 %) per unit. */
export const LENGTH_UNITS: Readonly<Record<string, number>> = {
  px: 1,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
  pt: 96 / 72,
};

/** What a number stands for decides which units it may carry. */
export type Quantity = "length" | "angle" | "factor" | "percent";

const UNITS_BY_QUANTITY: Readonly<Record<Quantity, Readonly<Record<string, number>>>> = {
  length: LENGTH_UNITS,
  angle: { deg: 1, "°": 1, rad: 180 / Math.PI },
  factor: { "%": 0.01, x: 1 },
  percent: { "%": 1 },
};

/** Typed values stay far inside what the document's arithmetic handles. */
export const NUMBER_LIMITS = {
  maxChars: 256,
  maxMagnitude: 1e9,
  maxParentheses: 16,
} as const;

export type NumberResult =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly error: string; readonly offset: number };

class NumberError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const LITERAL = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const UNIT = /^(?:[a-zA-Z]+|%|°)/;

/** Reads one expression; `offset` in an error counts from the start of `text`. */
export function evaluateNumber(text: string, quantity: Quantity = "length"): NumberResult {
  if (text.length > NUMBER_LIMITS.maxChars)
    return {
      ok: false,
      error: `a number is longer than ${NUMBER_LIMITS.maxChars} characters`,
      offset: 0,
    };
  const units = UNITS_BY_QUANTITY[quantity];
  let at = 0;
  let depth = 0;

  const peek = (): string => text[at] ?? "";
  const expression = (): number => {
    let value = term();
    while (peek() === "+" || peek() === "-") {
      const op = text[at++];
      const right = term();
      value = op === "+" ? value + right : value - right;
    }
    return value;
  };
  const term = (): number => {
    let value = unary();
    while (peek() === "*" || peek() === "/") {
      const op = text[at++];
      const position = at;
      const right = unary();
      if (op === "/" && right === 0) throw new NumberError("division by zero", position);
      value = op === "*" ? value * right : value / right;
    }
    return value;
  };
  const unary = (): number => {
    if (peek() === "+") {
      at++;
      return unary();
    }
    if (peek() === "-") {
      at++;
      return -unary();
    }
    return primary();
  };
  const primary = (): number => {
    if (peek() === "(") {
      if (++depth > NUMBER_LIMITS.maxParentheses) throw new NumberError("too many parentheses", at);
      at++;
      const value = expression();
      if (peek() !== ")") throw new NumberError("expected )", at);
      at++;
      depth--;
      return value;
    }
    const literal = LITERAL.exec(text.slice(at));
    if (literal === null)
      throw new NumberError(at >= text.length ? "expected a number" : `unexpected “${peek()}”`, at);
    at += literal[0].length;
    const value = Number(literal[0]);
    const unit = UNIT.exec(text.slice(at));
    if (unit === null) return value;
    const factor = units[unit[0].toLowerCase()];
    if (factor === undefined) {
      const known = Object.keys(units);
      throw new NumberError(
        known.length === 0
          ? `unexpected unit “${unit[0]}”`
          : `unknown unit “${unit[0]}” (use ${known.join(", ")})`,
        at,
      );
    }
    at += unit[0].length;
    return value * factor;
  };

  try {
    const value = expression();
    if (at < text.length) throw new NumberError(`unexpected “${peek()}”`, at);
    if (!Number.isFinite(value) || Math.abs(value) > NUMBER_LIMITS.maxMagnitude)
      return {
        ok: false,
        error: `numbers must be within ±${NUMBER_LIMITS.maxMagnitude}`,
        offset: 0,
      };
    return { ok: true, value };
  } catch (error) {
    if (error instanceof NumberError)
      return { ok: false, error: error.message, offset: error.offset };
    throw error;
  }
}

/** The shortest text that reads back as exactly `value`. */
export function formatNumber(value: number): string {
  return Object.is(value, -0) ? "-0" : String(value);
}
