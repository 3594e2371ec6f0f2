import type { Id } from "./types";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

function randomPrefix(length: number): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let text = "";
  for (const byte of bytes) text += ALPHABET[byte % ALPHABET.length];
  return text;
}

/**
 * Ids are a random per-session prefix plus a counter: unique across tabs and sessions in
 * practice, and short, which matters at a million shapes.
 */
export function createIdGenerator(prefix: string = randomPrefix(8)): () => Id {
  let counter = 0;
  return () => `${prefix}${(counter++).toString(36)}`;
}

export const newId: () => Id = createIdGenerator();
