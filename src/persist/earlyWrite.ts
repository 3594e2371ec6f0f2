import type { Library } from "./library";

/** A file's write begun by `Library.beginFromText`: its path, and when it is stored. */
export interface BegunWrite {
  readonly path: string;
  readonly written: Promise<string>;
}

/**
 * A `.linework` text written to the library while it is still being read: the browser stores it
 * while the page's worker parses it and the page checks it, so opening a big file does not wait
 * for the write at its end. The write is a guess that the text opens as it is; `take` keeps it
 * when it did, and `discard` takes it back when the file turned out unreadable, was cancelled,
 * or opens as another text (an older format upgraded). The file is not made the last opened
 * document here: until it has been checked, it must not be what the next start opens.
 */
export class EarlyWrite {
  private begun: Promise<BegunWrite | null>;
  private taken = false;

  /** `after`: what the write waits for first (the open document's pending save). */
  constructor(
    readonly library: Library,
    private readonly name: string,
    private readonly text: string,
    after: Promise<unknown> = Promise.resolve(),
  ) {
    // A write that fails to begin leaves the reading to go on; `take` begins one again.
    this.begun = after
      .then(() => library.beginFromText(name, text, { last: false }))
      .catch(() => null);
  }

  /**
   * The write of `text` under `name`: this one when it began with exactly those, else a new one
   * (this one removed). Either way the caller owns the write from here on, and once `written`
   * settles the file is stored and is the last opened document, as `beginFromText` leaves it.
   */
  async take(name: string, text: string): Promise<BegunWrite> {
    this.taken = true;
    const begun = await this.begun;
    if (begun !== null && name === this.name && text === this.text) {
      const written = begun.written.then(async (path) => {
        await this.library.setLastOpened(path);
        return path;
      });
      return { path: begun.path, written };
    }
    if (begun !== null) removeQuietly(this.library, begun);
    return this.library.beginFromText(name, text);
  }

  /** Removes the file this wrote, once stored, unless `take` handed it on; never rejects. */
  discard(): void {
    if (this.taken) return;
    this.taken = true;
    void this.begun.then((begun) => {
      if (begun !== null) removeQuietly(this.library, begun);
    });
  }
}

function removeQuietly(library: Library, { written }: BegunWrite): void {
  void written.then((path) => library.remove(path)).catch(() => undefined);
}
