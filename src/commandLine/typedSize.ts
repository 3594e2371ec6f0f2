import { evaluateNumber } from "./numbers";
import { tokenize } from "./syntax";

/** A size typed while a shape is being drawn: "200, 100", "200 100", or "200" for width alone. */
export type TypedSize =
  | { readonly ok: true; readonly width: number; readonly height?: number }
  | { readonly ok: false; readonly error: string; readonly start: number; readonly end: number };

/** Reads a typed size; numbers take arithmetic and units (px, mm, cm, in, pt). Never throws. */
export function parseTypedSize(text: string): TypedSize {
  if (text.length > 256)
    return { ok: false, error: "a size is at most 256 characters", start: 0, end: text.length };
  const tokens = tokenize(text);
  if (tokens.length === 0)
    return { ok: false, error: "type a width, or a width and a height", start: 0, end: 0 };
  if (tokens.length > 2)
    return {
      ok: false,
      error: `expected 1 or 2 numbers, got ${tokens.length}`,
      start: tokens[2]!.start,
      end: text.length,
    };
  const values: number[] = [];
  for (const token of tokens) {
    const result = evaluateNumber(token.text, "length");
    if (!result.ok)
      return { ok: false, error: result.error, start: token.start + result.offset, end: token.end };
    if (result.value < 0)
      return { ok: false, error: "a size cannot be negative", start: token.start, end: token.end };
    values.push(result.value);
  }
  return values.length === 1
    ? { ok: true, width: values[0]! }
    : { ok: true, width: values[0]!, height: values[1]! };
}
