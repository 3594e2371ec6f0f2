import { booleanOperation, type BooleanJob, type BooleanResult } from "../shapes/booleans";

/** Runs boolean operations, on this thread or off it. */
export interface BooleanRunner {
  run(job: BooleanJob): Promise<BooleanResult>;
}

/** On this thread, at once: for Node and tests, where there are no workers. */
export const inlineBooleans: BooleanRunner = {
  run: (job) => Promise.resolve(booleanOperation(job.op, job.operands, job.target)),
};

/** What the runner needs of a worker (the DOM's Worker has it). */
export interface BooleanWorker {
  onmessage: ((event: MessageEvent<BooleanResult>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(job: BooleanJob): void;
  terminate(): void;
}

/**
 * paper.js computes some rare degenerate inputs forever (a synchronous loop); past this the
 * worker is stopped and the person told. Legitimate work stays far below it: the operands are
 * capped at MAX_BOOLEAN_SEGMENTS.
 */
export const BOOLEAN_TIME_LIMIT_MS = 15_000;

/**
 * Runs each operation in a worker, one at a time, stopping it after `limitMs`. The worker is
 * kept for the next operation, and replaced after one was stopped or failed.
 */
export function workerBooleans(
  create: () => BooleanWorker,
  limitMs: number = BOOLEAN_TIME_LIMIT_MS,
): BooleanRunner {
  let worker: BooleanWorker | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const runOne = (job: BooleanJob): Promise<BooleanResult> =>
    new Promise((resolve) => {
      const current = (worker ??= create());
      const finish = (result: BooleanResult, discard: boolean) => {
        clearTimeout(timer);
        current.onmessage = null;
        current.onerror = null;
        if (discard) {
          current.terminate();
          if (worker === current) worker = null;
        }
        resolve(result);
      };
      const timer = setTimeout(
        () =>
          finish(
            {
              node: null,
              reason: `Combining these shapes took longer than ${limitMs / 1000} s and was stopped; the drawing is unchanged.`,
            },
            true,
          ),
        limitMs,
      );
      current.onmessage = (event) => finish(event.data, false);
      current.onerror = (event) =>
        finish({ node: null, reason: `The shapes could not be combined: ${event.message}` }, true);
      current.postMessage(job);
    });
  return {
    run(job) {
      const result = queue.then(() => runOne(job));
      queue = result;
      return result;
    },
  };
}

/** The browser's runner: paper.js in a module worker of its own. */
export function browserBooleans(): BooleanRunner {
  return workerBooleans(
    () =>
      new Worker(new URL("../shapes/booleanWorker.ts", import.meta.url), {
        type: "module",
        name: "booleans",
      }) as unknown as BooleanWorker,
  );
}
