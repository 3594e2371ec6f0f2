import { ImportError } from "./limits";

/** A caught error as a result: the parsers' own messages as they are, anything else labelled. */
export function failureOf(error: unknown, format: string): { ok: false; error: string } {
  if (error instanceof ImportError) return { ok: false, error: error.message };
  if (error instanceof RangeError) {
    // Out of memory or stack: the input is larger or deeper than this browser can take.
    return {
      ok: false,
      error: `The ${format} file could not be imported: it is too large or too deeply nested for this browser.`,
    };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return { ok: false, error: `Internal error while importing the ${format} file: ${detail}` };
}
