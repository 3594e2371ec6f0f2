/**
 * Hostile inputs too large to commit, made on demand: each function returns the same bytes or
 * text every time.
 */

/** One 50 kB entity referenced 50,000 times: 2.5 GB if expanded. */
export function quadraticBlowup(): string {
  const big = "a".repeat(50_000);
  return `<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY big "${big}">]>\n<svg xmlns="http://www.w3.org/2000/svg"><text x="0" y="20">${"&big;".repeat(50_000)}</text></svg>\n`;
}

/** `depth` nested groups around one rectangle. */
export function deepNesting(depth: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg">${"<g>".repeat(depth)}<rect width="1" height="1"/>${"</g>".repeat(depth)}</svg>`;
}

/** `count` empty-ish elements in one flat list. */
export function manyElements(count: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(count)}</svg>`;
}

/** `<use>` fan-out: each level shows the previous one ten times, 10^levels shapes in all. */
export function useFanOut(levels: number): string {
  let defs = `<rect id="l0" width="1" height="1"/>`;
  for (let i = 1; i <= levels; i++) {
    const uses = Array.from({ length: 10 }, (_, k) => `<use href="#l${i - 1}" x="${k}"/>`).join("");
    defs += `<g id="l${i}">${uses}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg"><defs>${defs}</defs><use href="#l${levels}"/></svg>`;
}

/** Bytes from a fixed linear congruential sequence: no magic number, not UTF-8. */
export function binaryGarbage(length: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = 12345;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out[i] = state >>> 24;
  }
  out[1] = 0; // a NUL early on, as binary files have
  return out;
}

/** A PNG signature and IHDR chunk whose header claims 4,294,967,295 × 4,294,967,295 pixels. */
export function lyingPng(): Uint8Array {
  const hex = "89504e470d0a1a0a0000000d49484452ffffffffffffffff080600000000000000";
  return Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)));
}

/** A valid 3 × 2 PNG header (the pixel data does not matter to the importer). */
export function smallPng(): Uint8Array {
  const hex = "89504e470d0a1a0a0000000d4948445200000003000000020806000000" + "00".repeat(8);
  return Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)));
}
