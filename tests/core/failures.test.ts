import { describe, expect, it } from "vitest";
import { CoreAbort, loadCore } from "./loadCore.ts";

describe("core failure reporting", () => {
  it("aborts with a memory growth message when a reservation exceeds 2 GiB", async () => {
    const core = await loadCore();
    core.index.insert(1, 0, 0, 10, 10);
    let error: unknown;
    try {
      core.index.reserve(40_000_000);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CoreAbort);
    expect((error as Error).message).toMatch(
      /^memory growth failed: cannot grow to \d+ pages \(maximum 32768\)$/,
    );
    // Growth is checked before anything changes, so the index stays usable.
    core.index.insert(2, 5, 5, 6, 6);
    expect(core.index.queryPoint(5.5, 5.5).sort()).toEqual([1, 2]);
  });

  it("aborts with a memory growth message for an id table beyond 2 GiB", async () => {
    const core = await loadCore();
    expect(() => core.index.insert(0x7fffffff, 0, 0, 1, 1)).toThrow(/memory growth failed/);
    expect(core.index.size).toBe(0);
    core.index.insert(3, 0, 0, 1, 1);
    expect(core.index.queryPoint(0, 0)).toEqual([3]);
  });

  it("does not leak shadow stack across many reported failures", async () => {
    const core = await loadCore();
    for (let i = 0; i < 20_000; i++) {
      expect(() => core.index.reserve(40_000_000)).toThrow(CoreAbort);
    }
    expect(core.probeStack(1000)).toBeTypeOf("number");
  });

  it("runs a shallow recursion", async () => {
    const core = await loadCore();
    expect(core.probeStack(100)).toBeTypeOf("number");
  });

  it("reports a stack overflow for a deep recursion", async () => {
    const core = await loadCore();
    let error: unknown;
    try {
      core.probeStack(10_000_000);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(Error);
    // The shadow stack (64 KiB) runs out long before the engine's stack, so this is the
    // runtime's own abort rather than the engine's RangeError.
    expect(error).toBeInstanceOf(CoreAbort);
    expect((error as Error).message).toMatch(/^stack overflow/);
  });
});
