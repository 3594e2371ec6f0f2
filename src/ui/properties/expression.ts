/**
 * Numeric fields accept arithmetic and units: "100*2", "(10+5)/3", "25mm", "1in + 4px". A leading
 * operator applies to the current value: "+10" adds, "*2" doubles, "-=5" subtracts (a plain "-5"
 * is the number −5). Results are in pixels (96 per inch, as CSS has it).
 */

export const UNIT_PX: Readonly<Record<string, number>> = {
  px: 1,
  pt: 96 / 72,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
};

/** Degrees are the only angle unit fields show; "rad" converts. */
export const UNIT_DEG: Readonly<Record<string, number>> = { deg: 1, "°": 1, rad: 180 / Math.PI };

export const MAX_EXPRESSION_LENGTH = 120;
export const MAX_MAGNITUDE = 1e7;

export type EvalResult = { ok: true; value: number } | { ok: false; error: string };

type Token =
  | { kind: "num"; value: number }
  | { kind: "op"; op: "+" | "-" | "*" | "/" }
  | { kind: "paren"; open: boolean };

function tokenize(text: string, units: Readonly<Record<string, number>>): Token[] | string {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === " ") {
      i++;
      continue;
    }
    if ("+-*/".includes(char)) {
      tokens.push({ kind: "op", op: char as "+" | "-" | "*" | "/" });
      i++;
      continue;
    }
    if (char === "(" || char === ")") {
      tokens.push({ kind: "paren", open: char === "(" });
      i++;
      continue;
    }
    const number = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/i.exec(text.slice(i));
    if (!number) return `Unexpected “${char}”`;
    i += number[0].length;
    let value = Number(number[0]);
    const unit = /^\s*([a-z°%]+)/i.exec(text.slice(i));
    if (unit) {
      const factor = units[unit[1]!.toLowerCase()];
      if (factor === undefined) return `Unknown unit “${unit[1]}”`;
      value *= factor;
      i += unit[0].length;
    }
    tokens.push({ kind: "num", value });
  }
  return tokens;
}

/** Recursive descent over + − (lowest), × ÷, unary minus, parentheses. */
function parse(tokens: readonly Token[]): number | string {
  let at = 0;
  const peek = (): Token | undefined => tokens[at];
  const expr = (depth: number): number | string => {
    if (depth > 32) return "Too deeply nested";
    let left = term(depth);
    if (typeof left === "string") return left;
    for (let t = peek(); t?.kind === "op" && (t.op === "+" || t.op === "-"); t = peek()) {
      at++;
      const right = term(depth);
      if (typeof right === "string") return right;
      left = t.op === "+" ? left + right : left - right;
    }
    return left;
  };
  const term = (depth: number): number | string => {
    let left = factor(depth);
    if (typeof left === "string") return left;
    for (let t = peek(); t?.kind === "op" && (t.op === "*" || t.op === "/"); t = peek()) {
      at++;
      const right = factor(depth);
      if (typeof right === "string") return right;
      if (t.op === "/" && right === 0) return "Division by zero";
      left = t.op === "*" ? left * right : left / right;
    }
    return left;
  };
  const factor = (depth: number): number | string => {
    const t = peek();
    if (t === undefined) return "Missing a number";
    if (t.kind === "op" && (t.op === "-" || t.op === "+")) {
      at++;
      const inner = factor(depth + 1);
      return typeof inner === "string" ? inner : t.op === "-" ? -inner : inner;
    }
    if (t.kind === "num") {
      at++;
      return t.value;
    }
    if (t.kind === "paren" && t.open) {
      at++;
      const inner = expr(depth + 1);
      if (typeof inner === "string") return inner;
      const close = peek();
      if (close?.kind !== "paren" || close.open) return "Missing “)”";
      at++;
      return inner;
    }
    return "Missing a number";
  };
  const value = expr(0);
  if (typeof value === "string") return value;
  if (at < tokens.length) return "Unexpected text after the number";
  return value;
}

/**
 * Evaluates what a person typed into a numeric field. `current` is the field's value (null when
 * the selection's values differ, which makes relative input meaningless).
 */
export function evaluateField(
  input: string,
  current: number | null,
  units: Readonly<Record<string, number>> = UNIT_PX,
): EvalResult {
  const text = input.trim();
  if (text === "") return { ok: false, error: "Enter a number" };
  if (text.length > MAX_EXPRESSION_LENGTH)
    return { ok: false, error: `At most ${MAX_EXPRESSION_LENGTH} characters` };
  let relative: "+" | "-" | "*" | "/" | null = null;
  let body = text;
  const compound = /^([+\-*/])=/.exec(text);
  if (compound) {
    relative = compound[1] as "+" | "-" | "*" | "/";
    body = text.slice(2);
  } else if (text[0] === "+" || text[0] === "*" || text[0] === "/") {
    relative = text[0] as "+" | "*" | "/";
    body = text.slice(1);
  }
  const tokens = tokenize(body, units);
  if (typeof tokens === "string") return { ok: false, error: tokens };
  const parsed = parse(tokens);
  if (typeof parsed === "string") return { ok: false, error: parsed };
  let value = parsed;
  if (relative !== null) {
    if (current === null)
      return { ok: false, error: "Values differ: enter a number, not a change" };
    if (relative === "/" && parsed === 0) return { ok: false, error: "Division by zero" };
    value =
      relative === "+"
        ? current + parsed
        : relative === "-"
          ? current - parsed
          : relative === "*"
            ? current * parsed
            : current / parsed;
  }
  if (!Number.isFinite(value) || Math.abs(value) > MAX_MAGNITUDE)
    return { ok: false, error: `Keep within ±${MAX_MAGNITUDE.toExponential(0)}` };
  return { ok: true, value };
}
