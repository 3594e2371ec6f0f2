/**
 * Work over all of a large import's nodes written as a generator whose every `next()` is a
 * bounded piece: run at once for a small import, or over several tasks for a large one so that
 * no task of the page's thread grows with the number of nodes.
 */
export type Steps<T> = Generator<void, T, void>;

/** Nodes one step handles: well under a millisecond of work for the walks over an import. */
export const NODES_PER_STEP = 1024;

/** Runs every step now. */
export function runAll<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

export interface TaskOptions {
  /** The clock tasks are timed by (ms). */
  readonly clock: () => number;
  /** How long one task should run before giving the page a turn. */
  readonly sliceMs: number;
  /** Gives the page a turn between tasks. */
  readonly pause: () => Promise<void>;
  /** Checked at each turn: once aborted, the steps left are not run. */
  readonly signal?: AbortSignal;
}

/** What `runInTasks` answers when the signal was aborted before the steps ended. */
export const STOPPED: unique symbol = Symbol("stopped");

/**
 * Runs the steps, pausing whenever a task has run `sliceMs` (always after at least one step, so
 * the work moves on whatever the clock says).
 */
export async function runInTasks<T>(
  steps: Steps<T>,
  options: TaskOptions,
): Promise<T | typeof STOPPED> {
  let started = options.clock();
  for (;;) {
    if (options.signal?.aborted === true) return STOPPED;
    const step = steps.next();
    if (step.done === true) return step.value;
    if (options.clock() - started >= options.sliceMs) {
      await options.pause();
      started = options.clock();
    }
  }
}
