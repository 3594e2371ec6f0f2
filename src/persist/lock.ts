/** How long a tab asked to hand over its document gets to save and let go before it is forced. */
export const HANDOVER_TIMEOUT_MS = 3000;

type Message =
  | { readonly type: "takeover" }
  | { readonly type: "saved" }
  /** The writer's page is going away: readers may offer the document at once. */
  | { readonly type: "closing" }
  /** A tab has become the writer, so readers that were offered the document are not any more. */
  | { readonly type: "claimed" };

/**
 * One writer per document across tabs, by Web Locks. A tab that wants the document asks the
 * holder over a BroadcastChannel to save and let go, and steals the lock only if it does not.
 */
export class WriterLock {
  private release: (() => void) | null = null;
  private readonly channel: BroadcastChannel | null;
  private readonly lostListeners = new Set<(forced: boolean) => void>();
  private readonly savedListeners = new Set<() => void>();
  private readonly leftListeners = new Set<(how: "closing" | "lock-free") => void>();
  private readonly claimedListeners = new Set<() => void>();
  /** A reader's queued request that is granted when the writer lets go; aborted to cancel it. */
  private watch: AbortController | null = null;
  /** When another tab last asked for the document and has not yet said it got it. */
  private claimHeardAt: number | null = null;
  private rewatch: ReturnType<typeof setTimeout> | null = null;
  /** Set while this tab hands the lock over, so the release is not mistaken for a theft. */
  private handingOver = false;

  constructor(readonly name: string) {
    this.channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(name);
    this.channel?.addEventListener("message", (event: MessageEvent<Message>) => {
      if (event.data.type === "takeover") {
        this.claimHeardAt = Date.now();
        if (this.held) this.emitLost(false);
      }
      if (event.data.type === "saved") for (const listener of this.savedListeners) listener();
      if (event.data.type === "closing" && !this.held) this.emitLeft("closing");
      if (event.data.type === "claimed" && !this.held) {
        this.claimHeardAt = null;
        if (this.rewatch !== null) {
          clearTimeout(this.rewatch);
          this.rewatch = null;
          this.watchRelease();
        }
        for (const listener of [...this.claimedListeners]) listener();
      }
    });
  }

  get held(): boolean {
    return this.release !== null;
  }

  /** Takes the lock if no other tab holds it. */
  acquire(): Promise<boolean> {
    const locks = webLocks();
    if (locks === null) {
      // Without Web Locks (an insecure context) there is no one to coordinate with.
      this.release = () => undefined;
      return Promise.resolve(true);
    }
    return this.request(locks, { ifAvailable: true });
  }

  /** Asks the holder to let go, waits, and steals the lock if it does not in time. */
  async takeOver(timeoutMs = HANDOVER_TIMEOUT_MS): Promise<void> {
    const locks = webLocks();
    if (locks === null || this.held) return;
    // Our own queued watch would be granted before the request below and hold it up.
    this.unwatch();
    this.channel?.postMessage({ type: "takeover" } satisfies Message);
    const granted = await this.request(locks, { signal: AbortSignal.timeout(timeoutMs) }).catch(
      () => false,
    );
    if (!granted) await this.request(locks, { steal: true });
  }

  /** Lets go, for a tab handing its document to another. */
  handOver(): void {
    this.handingOver = true;
    this.drop();
  }

  /** Told when another tab takes the document: `forced` when it had to steal the lock. */
  onLost(listener: (forced: boolean) => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** Readers hear when the writer has saved, to refresh what they show. */
  onSaved(listener: () => void): () => void {
    this.savedListeners.add(listener);
    return () => this.savedListeners.delete(listener);
  }

  announceSaved(): void {
    this.channel?.postMessage({ type: "saved" } satisfies Message);
  }

  /** Tells readers this tab, the writer, is going away; the lock goes with the page. */
  announceClosing(): void {
    if (this.held) this.channel?.postMessage({ type: "closing" } satisfies Message);
  }

  /** Tells readers this tab now writes. */
  announceClaimed(): void {
    if (this.held) this.channel?.postMessage({ type: "claimed" } satisfies Message);
  }

  /** Readers hear when the writer has gone: it said so, or the browser freed its lock. */
  onWriterLeft(listener: (how: "closing" | "lock-free") => void): () => void {
    this.leftListeners.add(listener);
    return () => this.leftListeners.delete(listener);
  }

  /** Readers hear when a tab becomes the writer. */
  onClaimed(listener: () => void): () => void {
    this.claimedListeners.add(listener);
    return () => this.claimedListeners.delete(listener);
  }

  /**
   * Queues a shared request for the lock, granted the moment the writer lets go, even when its
   * tab crashed and said nothing. Shared, so that every reader learns it and none holds up the
   * tab that takes over; released at once. If another tab is already waiting for the lock (a
   * hand-over under way), the writer has not gone, only changed: the watch is queued again.
   */
  watchRelease(): void {
    const locks = webLocks();
    if (locks === null || this.held || this.watch !== null || this.rewatch !== null) return;
    const controller = new AbortController();
    this.watch = controller;
    const granted = async (): Promise<boolean> => {
      const state = await locks.query();
      return (state.pending ?? []).some(
        (request) => request.name === this.name && request.mode === "exclusive",
      );
    };
    const waited: Promise<boolean> = locks
      .request(this.name, { mode: "shared", signal: controller.signal }, granted)
      .then((handingOver) => handingOver);
    waited.then(
      (handingOver) => {
        if (this.watch !== controller) return;
        this.watch = null;
        if (handingOver) this.watchRelease();
        else if (this.claimPending()) {
          // The claimer's request can reach the lock manager after our watch does: the lock is
          // free for a moment although a writer is on its way. Wait for its word, or its time.
          this.rewatch = setTimeout(() => {
            this.rewatch = null;
            this.claimHeardAt = null;
            this.watchRelease();
          }, HANDOVER_TIMEOUT_MS);
        } else this.emitLeft("lock-free");
      },
      () => {
        // Aborted by unwatch(), or the page is going away.
        if (this.watch === controller) this.watch = null;
      },
    );
  }

  unwatch(): void {
    if (this.rewatch !== null) clearTimeout(this.rewatch);
    this.rewatch = null;
    const watch = this.watch;
    this.watch = null;
    watch?.abort();
  }

  close(): void {
    this.announceClosing();
    this.unwatch();
    this.drop();
    this.channel?.close();
    this.lostListeners.clear();
    this.savedListeners.clear();
    this.leftListeners.clear();
    this.claimedListeners.clear();
  }

  private request(locks: LockManager, options: LockOptions): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      locks
        .request(this.name, options, (lock) => {
          if (lock === null) {
            resolve(false);
            return undefined;
          }
          this.handingOver = false;
          return new Promise<void>((release) => {
            this.release = release;
            resolve(true);
          });
        })
        .catch((error: unknown) => {
          const wasHeld = this.release !== null;
          this.release = null;
          // A held lock's promise rejects when another tab steals it.
          if (wasHeld && !this.handingOver) this.emitLost(true);
          else reject(error);
        });
    });
  }

  private drop(): void {
    const release = this.release;
    this.release = null;
    release?.();
  }

  private claimPending(): boolean {
    return this.claimHeardAt !== null && Date.now() - this.claimHeardAt < HANDOVER_TIMEOUT_MS;
  }

  private emitLeft(how: "closing" | "lock-free"): void {
    for (const listener of [...this.leftListeners]) listener(how);
  }

  private emitLost(forced: boolean): void {
    for (const listener of [...this.lostListeners]) listener(forced);
  }
}

function webLocks(): LockManager | null {
  return typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null;
}
