import type { ChromeState } from "../chromeState";

/** A document switch that may lose changes not written yet. */
export type DocumentSwitch = (discardUnsaved: boolean) => Promise<void>;

/**
 * Holds back New and Open while the open document has changes not saved yet, and asks first:
 * the unsaved-changes dialog then waits, discards or cancels the held switch.
 */
export class UnsavedGuard {
  private pending: DocumentSwitch | null = null;

  constructor(
    private readonly chrome: ChromeState,
    private readonly isSaved: () => boolean,
    /** Closes the asking dialog and gives the canvas its focus back. */
    private readonly close: () => void,
  ) {}

  /**
   * Runs the switch now when everything is saved (rejecting when it fails, with the asking
   * dialog left open); otherwise asks, and resolves at once.
   */
  async request(change: DocumentSwitch): Promise<void> {
    if (this.isSaved()) {
      await change(false);
      this.close();
      return;
    }
    this.pending = change;
    this.chrome.openDialog("unsaved");
  }

  get waiting(): boolean {
    return this.pending !== null;
  }

  /** Continues the held switch; with `discard` it does not wait for pending writes. */
  async proceed(discard: boolean): Promise<void> {
    const change = this.pending;
    this.pending = null;
    if (change === null) return;
    await change(discard);
  }

  cancel(): void {
    this.pending = null;
  }
}
