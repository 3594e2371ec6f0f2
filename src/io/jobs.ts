/**
 * Imports and exports under way on one canvas, for the chrome's progress bars: a small store
 * shaped for useSyncExternalStore. Each job carries what it does, its file's name, the share
 * done and a way to cancel it.
 */

/**
 * "copy": a payload for the system clipboard (Copy as SVG, Copy as PNG); "paste": a large
 * paste of Linework shapes.
 */
export type JobKind = "import" | "export" | "copy" | "paste";

export interface Job {
  readonly id: number;
  readonly kind: JobKind;
  readonly name: string;
  /** 0–1. */
  readonly fraction: number;
  readonly cancel: () => void;
}

/** What the work itself holds: where progress goes, whether it was cancelled, its end. */
export interface RunningJob {
  readonly signal: AbortSignal;
  progress(fraction: number): void;
  finish(): void;
}

type Listener = () => void;

export class Jobs {
  private jobs: readonly Job[] = [];
  private readonly listeners = new Set<Listener>();
  private nextId = 1;

  get = (): readonly Job[] => this.jobs;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(kind: JobKind, name: string): RunningJob {
    const id = this.nextId++;
    const controller = new AbortController();
    const finish = (): void => this.replace(id, null);
    this.replace(id, { id, kind, name, fraction: 0, cancel: () => controller.abort() });
    controller.signal.addEventListener("abort", finish);
    return {
      signal: controller.signal,
      progress: (fraction) => {
        const job = this.jobs.find((j) => j.id === id);
        // Whole percents only: the chrome re-renders on each change.
        if (job === undefined || Math.floor(fraction * 100) === Math.floor(job.fraction * 100))
          return;
        this.replace(id, { ...job, fraction });
      },
      finish,
    };
  }

  /** Cancels every job under way: their document is closing. */
  cancelAll(): void {
    for (const job of [...this.jobs]) job.cancel();
  }

  private replace(id: number, job: Job | null): void {
    const index = this.jobs.findIndex((j) => j.id === id);
    if (index < 0 && job === null) return;
    if (index < 0) this.jobs = [...this.jobs, job!];
    else if (job === null) this.jobs = this.jobs.filter((j) => j.id !== id);
    else this.jobs = this.jobs.map((j) => (j.id === id ? job : j));
    for (const listener of [...this.listeners]) listener();
  }
}
