/**
 * Tries `attempt` now and then every `intervalMs` until it returns true or `stop` says so.
 * Resolves to the number of attempts made. The sleep is injectable so the cadence can be tested.
 */
export async function retryEvery(
  intervalMs: number,
  attempt: () => boolean,
  stop: () => boolean = () => false,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<{ attempts: number; succeeded: boolean }> {
  for (let attempts = 1; ; attempts++) {
    if (stop()) return { attempts, succeeded: false };
    if (attempt()) return { attempts, succeeded: true };
    await sleep(intervalMs);
  }
}
