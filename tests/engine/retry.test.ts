import { describe, expect, it } from "vitest";
import { INIT_RETRY_INTERVAL_MS } from "../../engine/constants";
import { retryEvery } from "../../engine/runtime/retry";

describe("spec §4 initialisation retry", () => {
  it("§4 retries every 50 ms until the aspect ratio is known", async () => {
    let clock = 0;
    const attemptsAt: number[] = [];
    const sleeps: number[] = [];
    const ratioKnownAt = 260;
    const result = await retryEvery(
      INIT_RETRY_INTERVAL_MS,
      () => {
        attemptsAt.push(clock);
        return clock >= ratioKnownAt;
      },
      () => false,
      async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    );
    expect(result).toEqual({ attempts: 7, succeeded: true });
    expect(attemptsAt).toEqual([0, 50, 100, 150, 200, 250, 300]);
    expect(new Set(sleeps)).toEqual(new Set([50]));
  });

  it("§4 stops retrying once the program has ended", async () => {
    let stopped = false;
    const result = await retryEvery(
      INIT_RETRY_INTERVAL_MS,
      () => false,
      () => stopped,
      async () => {
        stopped = true;
      },
    );
    expect(result).toEqual({ attempts: 2, succeeded: false });
  });
});
