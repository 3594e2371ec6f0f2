import type { Steps } from "../doc/steps";

export { NODES_PER_STEP, runSteps, type Steps } from "../doc/steps";

export interface TaskOptions {
  /** The clock tasks are timed by (ms). */
  readonly clock: () => number;
  /** How long one task should run before giving the page a turn. */
  readonly sliceMs: number;
  /** Gives the page a turn between tasks. */
  readonly pause: () => Promise<void>;
}

/** What `untilAborted` ends with when the signal was aborted before the steps ended. */
export const STOPPED: unique symbol = Symbol("stopped");

/** The error work stopped by its signal ends with, as fetch's. */
export function abortError(): DOMException {
  return new DOMException("The work was cancelled", "AbortError");
}

/** Whether `error` says the work was cancelled rather than that it failed. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/** The steps, ending with STOPPED instead of running the next one once `signal` is aborted. */
export function* untilAborted<T>(
  steps: Steps<T>,
  signal: AbortSignal | undefined,
): Steps<T | typeof STOPPED> {
  for (;;) {
    if (signal?.aborted === true) return STOPPED;
    const step = steps.next();
    if (step.done === true) return step.value;
    yield;
  }
}

/**
 * Runs the steps, pausing whenever a task has run `sliceMs` (always after at least one step, so
 * the work moves on whatever the clock says).
 */
export async function runInTasks<T>(steps: Steps<T>, options: TaskOptions): Promise<T> {
  let started = options.clock();
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    if (options.clock() - started >= options.sliceMs) {
      await options.pause();
      started = options.clock();
    }
  }
}
