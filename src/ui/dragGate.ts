/**
 * Whether a pointer is down on the canvas (a drag under way), and a way to hold a store's changes
 * back until it is let go. Drags commit every frame; chrome that follows the document through a
 * gated store updates once when the drag ends.
 */
export class DragGate {
  private down = false;
  private readonly releaseListeners = new Set<() => void>();
  private readonly stop: () => void;

  constructor(canvas: HTMLElement) {
    // Capture on the window runs before the engine's own listeners on the canvas.
    const press = (event: Event): void => {
      if (event.target === canvas) this.down = true;
    };
    const release = (): void => {
      if (!this.down) return;
      this.down = false;
      for (const listener of [...this.releaseListeners]) listener();
    };
    const win = canvas.ownerDocument.defaultView;
    win?.addEventListener("pointerdown", press, true);
    win?.addEventListener("pointerup", release);
    win?.addEventListener("pointercancel", release);
    this.stop = () => {
      win?.removeEventListener("pointerdown", press, true);
      win?.removeEventListener("pointerup", release);
      win?.removeEventListener("pointercancel", release);
    };
  }

  get held(): boolean {
    return this.down;
  }

  onRelease(listener: () => void): () => void {
    this.releaseListeners.add(listener);
    return () => this.releaseListeners.delete(listener);
  }

  dispose(): void {
    this.stop();
    this.releaseListeners.clear();
  }
}

export interface Readable<T> {
  readonly subscribe: (listener: () => void) => () => void;
  readonly get: () => T;
}

/** A store that shows `source` as it was when the last drag ended (or now, when none is on). */
export function gated<T>(source: Readable<T>, gate: DragGate): Readable<T> {
  let shown = source.get();
  return {
    get: () => (gate.held ? shown : (shown = source.get())),
    subscribe(listener) {
      const changed = (): void => {
        if (gate.held) return;
        shown = source.get();
        listener();
      };
      const stopSource = source.subscribe(changed);
      const stopRelease = gate.onRelease(changed);
      return () => {
        stopSource();
        stopRelease();
      };
    },
  };
}
