import { IDENTITY_MATRIX, multiply, type Matrix } from "../../../doc/transform";

/**
 * The `transform` attribute: matrix, translate, scale, rotate (with an optional centre), skewX
 * and skewY, composed left to right. Returns null for a list that does not parse, which SVG
 * treats as no transform at all.
 */
export function parseTransformList(text: string): Matrix | null {
  let result = IDENTITY_MATRIX;
  const pattern = /\s*,?\s*([a-zA-Z]+)\s*\(([^)]*)\)/y;
  let at = 0;
  const source = text.trim();
  while (at < source.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(source);
    if (match === null) return null;
    at = pattern.lastIndex;
    const args = parseNumberList(match[2]!);
    if (args === null) return null;
    const next = transformFunction(match[1]!, args);
    if (next === null) return null;
    result = multiply(result, next);
  }
  return result;
}

function transformFunction(name: string, a: readonly number[]): Matrix | null {
  const n = a.length;
  switch (name) {
    case "matrix":
      return n === 6 ? { a: a[0]!, b: a[1]!, c: a[2]!, d: a[3]!, e: a[4]!, f: a[5]! } : null;
    case "translate":
      return n === 1 || n === 2 ? { ...IDENTITY_MATRIX, e: a[0]!, f: a[1] ?? 0 } : null;
    case "scale":
      return n === 1 || n === 2 ? { ...IDENTITY_MATRIX, a: a[0]!, d: a[1] ?? a[0]! } : null;
    case "rotate": {
      if (n !== 1 && n !== 3) return null;
      const r = (a[0]! * Math.PI) / 180;
      const rotation = {
        a: Math.cos(r),
        b: Math.sin(r),
        c: -Math.sin(r),
        d: Math.cos(r),
        e: 0,
        f: 0,
      };
      if (n === 1) return rotation;
      const cx = a[1]!;
      const cy = a[2]!;
      return multiply(multiply({ ...IDENTITY_MATRIX, e: cx, f: cy }, rotation), {
        ...IDENTITY_MATRIX,
        e: -cx,
        f: -cy,
      });
    }
    case "skewX":
      return n === 1 ? { ...IDENTITY_MATRIX, c: Math.tan((a[0]! * Math.PI) / 180) } : null;
    case "skewY":
      return n === 1 ? { ...IDENTITY_MATRIX, b: Math.tan((a[0]! * Math.PI) / 180) } : null;
    default:
      return null;
  }
}

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

/** Numbers separated by spaces and/or commas; null when anything else is there. */
export function parseNumberList(text: string, maxCount = 1_000_000): number[] | null {
  const out: number[] = [];
  let at = 0;
  const skip = (): void => {
    while (at < text.length && /[\s,]/.test(text[at]!)) at++;
  };
  skip();
  while (at < text.length) {
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    if (match === null) return null;
    const value = Number(match[0]);
    if (!Number.isFinite(value)) return null;
    out.push(value);
    if (out.length > maxCount) return null;
    at = NUMBER.lastIndex;
    skip();
  }
  return out;
}
