import type { DocumentStore } from "../doc/store";
import type { Id } from "../doc/types";

export interface DocumentView {
  readonly version: number;
  readonly selection: readonly Id[];
}

/**
 * The document as the panels show it: the store's version and selection, held back while a
 * pointer is down on the canvas. A drag commits every frame; the panels catch up once when it
 * ends instead of re-rendering per frame. Edits from the panels themselves (no pointer held on
 * the canvas) show at once.
 */
export class DocumentPulse {
  private view: DocumentView;
  private held = false;
  private pending = false;
  private readonly listeners = new Set<() => void>();
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly store: DocumentStore,
    canvas: HTMLElement,
  ) {
    this.view = { version: store.version, selection: store.selection };
    this.stops.push(store.subscribe(() => this.changed()));
    this.stops.push(store.subscribeSelection(() => this.changed()));
    // Capture on the window runs before the engine's own listeners on the canvas.
    const down = (event: Event): void => {
      if (event.target === canvas) this.held = true;
    };
    const up = (): void => {
      if (!this.held) return;
      this.held = false;
      if (this.pending) this.publish();
    };
    const win = canvas.ownerDocument.defaultView;
    win?.addEventListener("pointerdown", down, true);
    win?.addEventListener("pointerup", up);
    win?.addEventListener("pointercancel", up);
    this.stops.push(() => {
      win?.removeEventListener("pointerdown", down, true);
      win?.removeEventListener("pointerup", up);
      win?.removeEventListener("pointercancel", up);
    });
  }

  getSnapshot = (): DocumentView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  private changed(): void {
    if (this.held) {
      this.pending = true;
      return;
    }
    this.publish();
  }

  private publish(): void {
    this.pending = false;
    const next = { version: this.store.version, selection: this.store.selection };
    if (next.version === this.view.version && next.selection === this.view.selection) return;
    this.view = next;
    for (const listener of [...this.listeners]) listener();
  }
}
