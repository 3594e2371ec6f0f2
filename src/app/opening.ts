/**
 * The document being opened in place of the open one, for the chrome's progress bar and its
 * Cancel: a small store shaped for useSyncExternalStore. One at a time: a switch started while
 * another loads takes its place.
 */

export interface Opening {
  /** The drawing's name. */
  readonly name: string;
  /** 0–1. */
  readonly fraction: number;
  /**
   * Stops the switch; the open document stays. Null once the new document is being put in
   * place, when the open one can no longer be kept.
   */
  readonly cancel: (() => void) | null;
}

/** What the switch itself holds: where progress goes, and its end. */
export interface RunningOpening {
  progress(fraction: number): void;
  /** The switch is past stopping: its Cancel goes (a click now would be ignored). */
  committing(): void;
  finish(): void;
}

export class OpeningProgress {
  private shown: Opening | null = null;
  private readonly listeners = new Set<() => void>();

  get = (): Opening | null => this.shown;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** `fraction`: where the bar starts, for a switch that goes on from another's end. */
  start(name: string, cancel: () => void, fraction = 0): RunningOpening {
    const mine: Opening = { name, fraction, cancel };
    this.set(mine);
    let current = mine;
    return {
      progress: (fraction) => {
        // Whole percents only: the chrome re-renders on each change.
        if (
          this.shown !== current ||
          Math.floor(fraction * 100) === Math.floor(current.fraction * 100)
        )
          return;
        current = { ...current, fraction };
        this.set(current);
      },
      committing: () => {
        if (this.shown !== current || current.cancel === null) return;
        current = { ...current, cancel: null };
        this.set(current);
      },
      finish: () => {
        if (this.shown === current) this.set(null);
      },
    };
  }

  private set(next: Opening | null): void {
    this.shown = next;
    for (const listener of [...this.listeners]) listener();
  }
}
