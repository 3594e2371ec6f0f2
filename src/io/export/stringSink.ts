/** Chunk length at which the text gathered so far is flattened and set aside. */
const CHUNK = 1 << 16;
/** Any regular expression run makes the engine flatten its subject into one plain string. */
const FLATTEN = /[^]$/;

/**
 * Collects a large text from many small pieces. Engines keep concatenations as trees of their
 * parts; a file of 100k shapes would keep millions of tiny strings alive and every garbage
 * collection would walk them. Flattening each 64 KiB chunk keeps the live strings few.
 */
export class StringSink {
  private readonly chunks: string[] = [];
  private current = "";
  private size = 0;

  /** Characters pushed so far. */
  get length(): number {
    return this.size;
  }

  push(text: string): void {
    this.size += text.length;
    this.current += text;
    if (this.current.length >= CHUNK) {
      FLATTEN.test(this.current);
      this.chunks.push(this.current);
      this.current = "";
    }
  }

  toString(): string {
    return this.chunks.join("") + this.current;
  }

  /** The text in pieces of about a chunk each, whose concatenation is `toString()`. */
  pieces(): string[] {
    return this.current === "" ? [...this.chunks] : [...this.chunks, this.current];
  }
}
