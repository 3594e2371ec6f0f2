import type { Id } from "../doc/types";
import type { Box } from "../math/box";
import type { SceneRenderer } from "./sceneRenderer";

/**
 * The page's spare time: `run` is called when the page has a moment to spare, with how many ms
 * of it are left. Returns a cancel function.
 */
export type IdleScheduler = (run: (msLeft: () => number) => void) => () => void;

/** The browser's idle callbacks; null where there are none (Node), which builds nothing ahead. */
export function browserIdle(): IdleScheduler | null {
  if (typeof requestIdleCallback !== "function") return null;
  return (run) => {
    const handle = requestIdleCallback((deadline) => run(() => deadline.timeRemaining()));
    return () => cancelIdleCallback(handle);
  };
}

/**
 * How far past the view, in views, chunks are built ahead: the nearer ring first. One view each
 * way is what a pan or a fling covers before the next pause.
 */
export const AHEAD_RINGS = [0.5, 1] as const;

/** Idle time left unused, in ms, so a build step that runs over its check stays in the period. */
const IDLE_RESERVE_MS = 2;

function grown(view: Box, views: number): Box {
  const padX = (view.maxX - view.minX) * views;
  const padY = (view.maxY - view.minY) * views;
  return {
    minX: view.minX - padX,
    minY: view.minY - padY,
    maxX: view.maxX + padX,
    maxY: view.maxY + padY,
  };
}

/**
 * Builds the chunks around the view while the page is idle, so a pan onto them draws what is
 * built instead of building in its frames. What to build is chosen again after each cull (not
 * on every camera step), from the spatial index; the building goes on over idle periods, each
 * left before its end, and never while the view itself is filling in.
 */
export class AheadBuilds {
  private cancel: (() => void) | null = null;
  private chosenFor = -1;
  private stopped = false;

  constructor(
    private readonly renderer: SceneRenderer,
    /** The spatial index: the nodes meeting a rectangle. */
    private readonly index: { queryRect(box: Box): Id[] },
    /** The visible world rectangle and the number of culls so far. */
    private readonly view: () => { readonly box: Box; readonly culls: number },
    private readonly idle: IdleScheduler,
  ) {}

  /** The view moved, was culled or its page changed: builds ahead of it when next idle. */
  wake(): void {
    if (this.stopped || this.cancel !== null) return;
    this.cancel = this.idle((msLeft) => this.run(msLeft));
  }

  dispose(): void {
    this.stopped = true;
    this.cancel?.();
    this.cancel = null;
  }

  private run(msLeft: () => number): void {
    this.cancel = null;
    const { box, culls } = this.view();
    if (culls !== this.chosenFor) {
      this.chosenFor = culls;
      const ids = AHEAD_RINGS.flatMap((views) => this.index.queryRect(grown(box, views)));
      this.renderer.setAhead(ids);
    }
    // Built chunks stay hidden until a cull shows them: nothing to draw now.
    if (this.renderer.buildAhead(() => msLeft() < IDLE_RESERVE_MS)) this.wake();
  }
}
