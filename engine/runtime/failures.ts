import { HEAP_MAXIMUM_BYTES, STACK_SIZE_BYTES } from "../constants";

/** The generic runtime failures of the specification's §8, each with its own readable message. */
export type FailureKind = "load" | "abort" | "stack-overflow" | "memory-growth";

export class EngineFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "EngineFailure";
  }
}

export class BinaryLoadError extends Error {
  constructor(
    readonly url: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`The program file ${url} failed to load: ${detail}`, options);
    this.name = "BinaryLoadError";
  }
}

const STACK_PATTERN = /stack overflow|maximum call stack/i;
const MEMORY_PATTERN = /memory growth|grow memory|out of memory|cannot enlarge memory/i;

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Turns whatever a failing start-up or core call threw into one of the catalogued failures. */
export function classifyFailure(error: unknown): EngineFailure {
  if (error instanceof EngineFailure) return error;
  const reason = describe(error);
  if (error instanceof BinaryLoadError) {
    return new EngineFailure("load", `Linework could not start. ${reason}`, reason, {
      cause: error,
    });
  }
  if (STACK_PATTERN.test(reason)) {
    return new EngineFailure(
      "stack-overflow",
      `Linework stopped: stack overflow in the compute core (its stack is ${STACK_SIZE_BYTES} bytes). ${reason}`,
      reason,
      { cause: error },
    );
  }
  if (MEMORY_PATTERN.test(reason)) {
    const gib = HEAP_MAXIMUM_BYTES / 1024 ** 3;
    return new EngineFailure(
      "memory-growth",
      `Linework stopped: the compute core could not grow its memory (maximum ${gib} GiB). ${reason}`,
      reason,
      { cause: error },
    );
  }
  return new EngineFailure("abort", `Linework stopped unexpectedly: Aborted(${reason})`, reason, {
    cause: error,
  });
}
