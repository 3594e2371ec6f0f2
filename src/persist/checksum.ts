import { crc32 } from "../io/crc32";

/** Characters encoded at a time: a fixed buffer, however long the text. */
const SLICE = 1 << 16;
let buffer = new Uint8Array(SLICE * 3);
const encoder = new TextEncoder();

/**
 * CRC-32 of the text's UTF-8 bytes as eight hex digits: what each stored log entry and snapshot
 * chunk carries, so damage to any one of them is found and only that piece is lost. Computed in
 * slices through one buffer, as a chunk can hold a million characters.
 */
export function textChecksum(text: string): string {
  let crc = 0;
  let i = 0;
  while (i < text.length) {
    let end = Math.min(text.length, i + SLICE);
    // A surrogate pair cut in two would encode as two replacement characters.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last < 0xdc00) end += 1;
    if (buffer.length < (end - i) * 3) buffer = new Uint8Array((end - i) * 3);
    const { written } = encoder.encodeInto(text.slice(i, end), buffer);
    crc = crc32(buffer, 0, written, crc);
    i = end;
  }
  return crc.toString(16).padStart(8, "0");
}
