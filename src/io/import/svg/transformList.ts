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
/**
 * The numbers of a list up to its first error (all of them when there is none), and whether
 * there was one: what SVG draws of a `points` list with bad data in it.
 */
export function parseNumberPrefix(
  text: string,
  maxCount = 1_000_000,
): { numbers: number[]; error: boolean } {
  const numbers: number[] = [];
  let at = 0;
  const skip = (): void => {
    while (at < text.length && /[\s,]/.test(text[at]!)) at++;
  };
  skip();
  while (at < text.length && numbers.length < maxCount) {
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(text);
    const value = match === null ? Number.NaN : Number(match[0]);
    if (match === null || !Number.isFinite(value)) return { numbers, error: true };
    numbers.push(value);
    at = NUMBER.lastIndex;
    skip();
  }
  return { numbers, error: at < text.length };
}

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

/**
 * The CSS `transform` property (SVG 2, in a style sheet or `style` attribute) in the attribute's
 * syntax: lengths in px and angles in deg, rad, grad or turn become numbers, and translateX/Y,
 * scaleX/Y and skew become the functions the attribute has. Null when it does not parse; `none`
 * is no transform.
 */
export function parseCssTransform(text: string): Matrix | null {
  const source = text.trim();
  if (/^none$/i.test(source)) return IDENTITY_MATRIX;
  const angle = (value: string): string | null => {
    const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(deg|rad|grad|turn)?$/i.exec(value.trim());
    if (m === null) return null;
    const n = Number(m[1]);
    const unit = (m[2] ?? "deg").toLowerCase();
    const degrees =
      unit === "rad"
        ? (n * 180) / Math.PI
        : unit === "grad"
          ? n * 0.9
          : unit === "turn"
            ? n * 360
            : n;
    return String(degrees);
  };
  const len = (value: string): string | null => {
    const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(px)?$/i.exec(value.trim());
    return m === null ? null : m[1]!;
  };
  let out = "";
  const pattern = /\s*([a-zA-Z]+)\s*\(([^)]*)\)/y;
  let at = 0;
  while (at < source.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(source);
    if (match === null) return null;
    at = pattern.lastIndex;
    const name = match[1]!;
    const args = match[2]!.split(",").map((a) => a.trim());
    const lengths = args.map(len);
    const angles = args.map(angle);
    const all = (list: (string | null)[]): string[] | null =>
      list.every((v) => v !== null) ? (list as string[]) : null;
    let svg: string | null = null;
    switch (name) {
      case "translate":
        svg = all(lengths) && `translate(${all(lengths)!.join(" ")})`;
        break;
      case "translateX":
        svg = lengths[0] ? `translate(${lengths[0]} 0)` : null;
        break;
      case "translateY":
        svg = lengths[0] ? `translate(0 ${lengths[0]})` : null;
        break;
      case "scale":
      case "matrix":
        svg = `${name}(${args.join(" ")})`;
        break;
      case "scaleX":
        svg = `scale(${args[0]} 1)`;
        break;
      case "scaleY":
        svg = `scale(1 ${args[0]})`;
        break;
      case "rotate":
      case "skewX":
      case "skewY":
        svg = angles[0] ? `${name}(${angles[0]})` : null;
        break;
      case "skew":
        svg = angles[0] ? `skewX(${angles[0]}) skewY(${angles[1] ?? "0"})` : null;
        break;
    }
    if (svg === null || svg === undefined) return null;
    out += ` ${svg}`;
  }
  return parseTransformList(out);
}
