/**
 * Work over all of a large document's records or an import's nodes written as a generator whose
 * every `next()` is a bounded piece: run at once for a small one, or over several tasks for a
 * large one so that no task of the page's thread grows with its size.
 */
export type Steps<T> = Generator<void, T, void>;

/** Nodes one step handles: well under a millisecond of work for the walks over an import. */
export const NODES_PER_STEP = 1024;

/** Runs every step now. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}
