/**
 * gzip data (an `.svgz` file, or an SVG picture stored compressed) decompressed within a limit,
 * so a small file that inflates to gigabytes is refused while it inflates, not after.
 * fflate's streaming inflate works synchronously, as the conversions that need it do; the
 * compressed bytes go in small pieces, so no step inflates much past the limit.
 */
import { Gunzip } from "fflate";
import { ImportError } from "./limits";

/** Whether the bytes start as gzip data does. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Compressed bytes handed to the inflater at a time: at most about 16 MB come out of one. */
const PIECE = 16 * 1024;

class TooLarge extends Error {}

/**
 * The decompressed bytes; an ImportError naming `what` when they would pass `limit` bytes or
 * the data is damaged or cut short.
 */
export function gunzip(bytes: Uint8Array, limit: number, what: string): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const stream = new Gunzip((chunk) => {
    total += chunk.length;
    if (total > limit) throw new TooLarge();
    parts.push(chunk);
  });
  try {
    for (let start = 0; start < bytes.length; start += PIECE) {
      const end = Math.min(bytes.length, start + PIECE);
      stream.push(bytes.subarray(start, end), end === bytes.length);
    }
  } catch (error) {
    if (error instanceof TooLarge) {
      throw new ImportError(
        `${what} decompresses to more than ${Math.round(limit / (1024 * 1024))} MB (the limit).`,
      );
    }
    throw new ImportError(`${what} is not readable gzip data (it is damaged or cut short).`);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
