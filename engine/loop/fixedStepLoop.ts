/**
 * Fixed-timestep loop: simulation advances in equal steps whatever the display rate, so input
 * handling and tools behave the same at 30, 60 or 144 Hz. Rendering happens only when something
 * asked for it, so an idle page draws nothing.
 */

export interface LoopHooks {
  /** One fixed step. `tick` counts steps since start. */
  update(stepMs: number, tick: number): void;
  /** Draw; called at most once per display frame, and only after `invalidate()`. */
  render(): void;
}

export interface LoopOptions {
  readonly stepMs?: number;
  /** Steps run at most per display frame; time beyond that is dropped rather than spiralling. */
  readonly maxStepsPerFrame?: number;
  readonly requestFrame?: (callback: (time: number) => void) => number;
  readonly cancelFrame?: (handle: number) => void;
}

export interface LoopStats {
  ticks: number;
  renders: number;
  frames: number;
  droppedMs: number;
}

export const DEFAULT_STEP_MS = 1000 / 60;
export const DEFAULT_MAX_STEPS_PER_FRAME = 5;

export class FixedStepLoop {
  readonly stepMs: number;
  readonly maxStepsPerFrame: number;
  readonly stats: LoopStats = { ticks: 0, renders: 0, frames: 0, droppedMs: 0 };
  private readonly requestFrame: (callback: (time: number) => void) => number;
  private readonly cancelFrame: (handle: number) => void;
  private accumulator = 0;
  private lastTime: number | null = null;
  private handle: number | null = null;
  private dirty = true;

  constructor(
    private readonly hooks: LoopHooks,
    options: LoopOptions = {},
  ) {
    this.stepMs = options.stepMs ?? DEFAULT_STEP_MS;
    this.maxStepsPerFrame = options.maxStepsPerFrame ?? DEFAULT_MAX_STEPS_PER_FRAME;
    this.requestFrame = options.requestFrame ?? ((cb) => requestAnimationFrame(cb));
    this.cancelFrame = options.cancelFrame ?? ((h) => cancelAnimationFrame(h));
  }

  get running(): boolean {
    return this.handle !== null;
  }

  start(): void {
    if (this.handle !== null) return;
    this.lastTime = null;
    this.accumulator = 0;
    this.handle = this.requestFrame(this.onFrame);
  }

  stop(): void {
    if (this.handle !== null) this.cancelFrame(this.handle);
    this.handle = null;
  }

  /** Asks for one render on the next display frame. */
  invalidate(): void {
    this.dirty = true;
  }

  /** Advances by one display frame at `time` (ms). Public so tests can drive time directly. */
  /**
   * Runs one step now, ahead of the clock: for input that must be handled before a browser event
   * that follows it. The step is taken from the time owed, so later frames run one step fewer and
   * the simulation keeps in time.
   */
  stepNow(): void {
    this.hooks.update(this.stepMs, this.stats.ticks);
    this.stats.ticks += 1;
    this.accumulator -= this.stepMs;
  }

  advance(time: number): void {
    this.stats.frames += 1;
    const elapsed = this.lastTime === null ? 0 : Math.max(0, time - this.lastTime);
    this.lastTime = time;
    this.accumulator += elapsed;

    let steps = 0;
    while (this.accumulator >= this.stepMs && steps < this.maxStepsPerFrame) {
      this.hooks.update(this.stepMs, this.stats.ticks);
      this.stats.ticks += 1;
      this.accumulator -= this.stepMs;
      steps += 1;
    }
    if (this.accumulator >= this.stepMs) {
      // A long stall (tab in background, debugger) must not replay seconds of steps at once.
      this.stats.droppedMs += this.accumulator;
      this.accumulator = 0;
    }

    if (this.dirty) {
      this.dirty = false;
      this.stats.renders += 1;
      this.hooks.render();
    }
  }

  private readonly onFrame = (time: number): void => {
    if (this.handle === null) return;
    this.handle = this.requestFrame(this.onFrame);
    this.advance(time);
  };
}
