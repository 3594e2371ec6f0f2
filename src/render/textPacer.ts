import type { Container } from "pixi.js";

/**
 * At most this many texts whose words or style were just set are drawn for the first time in
 * one frame. PixiJS sets a text's glyphs on a canvas and uploads them the first time it draws
 * it; a diagram of 400 labelled boxes opened at once spent 0.6–1.3 s in one frame doing that for
 * every label (measuring, wrapping, filling, uploading), under load on a software rasteriser.
 */
export const TEXTS_PER_FRAME = 32;

/**
 * Spreads the first drawing of many texts over frames: a text set when the frame has room is
 * drawn as usual; past that it is left out of drawing (`renderable`) and let in by later frames,
 * in the order set, each asking for the next while any wait. Wired to the renderer's frames by
 * `beforeRender` and `afterRender`.
 */
export class TextPacer {
  private used = 0;
  private waiting: Container[] = [];
  private head = 0;
  /**
   * The key PixiJS caches each text's glyphs by (words, style, resolution) when it was last
   * admitted. A text set again as it was (a drag step redraws every moved shape) costs nothing
   * to draw, so it keeps its place: held back, it would vanish for as long as the drag lasts.
   */
  private readonly keys = new WeakMap<Container, string>();

  constructor(
    private readonly requestFrame: () => void,
    private readonly perFrame = TEXTS_PER_FRAME,
  ) {}

  /** Texts held back, still to be drawn. */
  get waitingCount(): number {
    return this.waiting.length - this.head;
  }

  /** A text whose words or style were just set: drawn in this frame if it has room, else later. */
  admit(text: Container): void {
    const key = (text as { readonly styleKey?: string }).styleKey;
    if (key !== undefined) {
      const before = this.keys.get(text);
      if (before === key) return;
      this.keys.set(text, key);
      // Drawn before, with other words or at another zoom: held back, it would vanish until its
      // turn (every text on screen, each time a zoom settles), so it is drawn in this frame.
      if (before !== undefined && text.renderable) {
        this.used += 1;
        return;
      }
    }
    if (this.used < this.perFrame) {
      this.used += 1;
      text.renderable = true;
      return;
    }
    text.renderable = false;
    this.waiting.push(text);
  }

  /** Before a frame is drawn: lets held-back texts in while it has room. */
  beforeRender(): void {
    while (this.used < this.perFrame && this.head < this.waiting.length) {
      const text = this.waiting[this.head]!;
      this.head += 1;
      if (text.destroyed || text.renderable) continue;
      // Out of the scene (its shape deleted or its page left): it takes no room, and is let in
      // in case it comes back.
      if (text.parent === null) {
        text.renderable = true;
        continue;
      }
      text.renderable = true;
      this.used += 1;
    }
    if (this.head === this.waiting.length) {
      this.waiting = [];
      this.head = 0;
    }
  }

  /** After a frame is drawn: the next has room again, and is asked for while texts wait. */
  afterRender(): void {
    this.used = 0;
    if (this.waitingCount > 0) this.requestFrame();
  }

  /** Lets every held-back text in (the renderer goes away, or nothing will draw frames). */
  releaseAll(): void {
    for (let i = this.head; i < this.waiting.length; i += 1) {
      const text = this.waiting[i]!;
      if (!text.destroyed) text.renderable = true;
    }
    this.waiting = [];
    this.head = 0;
  }
}
