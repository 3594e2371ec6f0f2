/**
 * Runs `task` once the page has drawn its next frame and then has a moment to spare (at the
 * latest `timeoutMs` after that frame), so work that can wait never delays what a person sees.
 * Where there are no frames (Node, workers) it runs on a timer. Returns a cancel function.
 */
export function afterFirstFrame(task: () => void, timeoutMs = 1000): () => void {
  let cancelled = false;
  let cancelPending: () => void = () => undefined;
  const run = (): void => {
    if (!cancelled) task();
  };
  const whenIdle = (): void => {
    if (cancelled) return;
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(run, { timeout: timeoutMs });
      cancelPending = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(run, 0);
      cancelPending = () => clearTimeout(handle);
    }
  };
  if (typeof requestAnimationFrame === "function") {
    // The first callback comes before that frame is drawn, the second after it.
    const first = requestAnimationFrame(() => {
      const second = requestAnimationFrame(whenIdle);
      cancelPending = () => cancelAnimationFrame(second);
    });
    cancelPending = () => cancelAnimationFrame(first);
  } else whenIdle();
  return () => {
    cancelled = true;
    cancelPending();
  };
}
