/** How long a tab asked to hand over its document gets to save and let go before it is forced. */
export const HANDOVER_TIMEOUT_MS = 3000;

type Message = { readonly type: "takeover" } | { readonly type: "saved" };

/**
 * One writer per document across tabs, by Web Locks. A tab that wants the document asks the
 * holder over a BroadcastChannel to save and let go, and steals the lock only if it does not.
 */
export class WriterLock {
  private release: (() => void) | null = null;
  private readonly channel: BroadcastChannel | null;
  private readonly lostListeners = new Set<(forced: boolean) => void>();
  private readonly savedListeners = new Set<() => void>();
  /** Set while this tab hands the lock over, so the release is not mistaken for a theft. */
  private handingOver = false;

  constructor(readonly name: string) {
    this.channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(name);
    this.channel?.addEventListener("message", (event: MessageEvent<Message>) => {
      if (event.data.type === "takeover" && this.held) this.emitLost(false);
      if (event.data.type === "saved") for (const listener of this.savedListeners) listener();
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

  close(): void {
    this.drop();
    this.channel?.close();
    this.lostListeners.clear();
    this.savedListeners.clear();
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

  private emitLost(forced: boolean): void {
    for (const listener of [...this.lostListeners]) listener(forced);
  }
}

function webLocks(): LockManager | null {
  return typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null;
}
