import { runInTasks, type Steps } from "../io/steps";
import { yieldToEventLoop } from "./db";

/** Longest stretch of work between turns given back to the page. */
export const SLICE_MS = 8;

/**
 * Runs a stepped computation (a generator whose every `next()` is a bounded piece of work),
 * giving the page a turn whenever a slice has taken SLICE_MS: input and drawing go on while a
 * large document is serialised.
 */
export function runSliced<T>(steps: Generator<void, T>): Promise<T> {
  return runInTasks(steps, { clock: now, sliceMs: SLICE_MS, pause: yieldToEventLoop });
}

export function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}

/**
 * The steps, telling `progress` the share done (0–1) as they go, counted against `expected`, an
 * estimate: the share stops short of 1 until they end.
 */
export function* withProgress<T>(
  steps: Steps<T>,
  expected: number,
  progress: (done: number) => void,
): Steps<T> {
  let done = 0;
  for (;;) {
    const step = steps.next();
    if (step.done === true) {
      progress(1);
      return step.value;
    }
    done += 1;
    progress(Math.min(0.99, done / Math.max(1, expected)));
    yield;
  }
}
