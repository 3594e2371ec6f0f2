import type { CanvasSize } from "../../engine";

/** Renders kept for the frame-time figures. */
export const HUD_WINDOW = 60;
/** The text changes at most this often, so reading it never costs a frame. */
export const HUD_REFRESH_MS = 250;

/** Mean and 95th percentile of a list of durations; zeros for an empty list. */
export function frameStats(samples: readonly number[]): { mean: number; p95: number } {
  if (samples.length === 0) return { mean: 0, p95: 0 };
  let sum = 0;
  for (const s of samples) sum += s;
  const sorted = [...samples].sort((a, b) => a - b);
  // Nearest rank: the smallest sample with at least 95 % of the samples at or below it.
  const rank = Math.max(0, Math.ceil(0.95 * sorted.length) - 1);
  return { mean: sum / samples.length, p95: sorted[rank]! };
}

/** A fixed-size window of the latest samples, without allocating per sample. */
export class SampleWindow {
  private readonly values: number[] = [];
  private next = 0;

  constructor(private readonly capacity = HUD_WINDOW) {}

  push(value: number): void {
    if (this.values.length < this.capacity) this.values.push(value);
    else this.values[this.next] = value;
    this.next = (this.next + 1) % this.capacity;
  }

  get samples(): readonly number[] {
    return this.values;
  }

  clear(): void {
    this.values.length = 0;
    this.next = 0;
  }
}

export interface HudFigures {
  readonly renders: number;
  readonly displayed: number;
  readonly topLevel: number;
  readonly drawn: number;
  readonly zoom: number;
  readonly culls: number;
  readonly lastCullMs: number;
}

/** The renderer's hooks around each render, as PixiJS's runners offer them. */
export interface RenderHooks {
  onRender(before: () => void, after: () => void): () => void;
}

export interface HudSource {
  readonly parent: HTMLElement;
  size(): CanvasSize | null;
  onResize(listener: () => void): () => void;
  figures(): HudFigures;
  hooks: RenderHooks | null;
}

/**
 * Frame time and renderer statistics over the canvas, as plain DOM text refreshed four times a
 * second: nothing here renders React or invalidates the engine, so showing it does not change
 * what it measures. Render time is the CPU time of each PixiJS render (submission, not GPU time).
 */
export class StatsHud {
  private element: HTMLPreElement | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly times = new SampleWindow();
  private detach: Array<() => void> = [];
  private lastRenders = 0;
  private lastAt = 0;
  private rendersPerSecond = 0;

  constructor(private readonly source: HudSource) {}

  get visible(): boolean {
    return this.element !== null;
  }

  /** The text last shown; empty while hidden. */
  get text(): string {
    return this.element?.textContent ?? "";
  }

  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    if (visible) this.show();
    else this.hide();
  }

  destroy(): void {
    this.hide();
  }

  private show(): void {
    const doc = this.source.parent.ownerDocument;
    const element = doc.createElement("pre");
    element.className = "lw-hud";
    element.setAttribute("aria-hidden", "true");
    Object.assign(element.style, {
      position: "absolute",
      zIndex: "6",
      margin: "0",
      padding: "4px 8px",
      borderRadius: "4px",
      background: "rgba(24, 24, 27, 0.78)",
      color: "#f4f4f5",
      font: "11px/1.35 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
      pointerEvents: "none",
      whiteSpace: "pre",
    } satisfies Partial<CSSStyleDeclaration>);
    this.source.parent.appendChild(element);
    this.element = element;
    this.times.clear();
    let start = 0;
    const hooks = this.source.hooks;
    if (hooks)
      this.detach.push(
        hooks.onRender(
          () => {
            start = performance.now();
          },
          () => this.times.push(performance.now() - start),
        ),
      );
    this.detach.push(this.source.onResize(() => this.place()));
    this.lastRenders = this.source.figures().renders;
    this.lastAt = performance.now();
    this.rendersPerSecond = 0;
    this.place();
    this.refresh();
    this.timer = setInterval(() => this.refresh(), HUD_REFRESH_MS);
  }

  private hide(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    for (const undo of this.detach.splice(0)) undo();
    this.element?.remove();
    this.element = null;
  }

  /** Bottom left of the canvas: the document bar holds the top left. */
  private place(): void {
    const element = this.element;
    const size = this.source.size();
    if (!element || !size) return;
    element.style.left = `${size.left + 8}px`;
    element.style.top = `${size.top + size.height - 8}px`;
    element.style.transform = "translateY(-100%)";
  }

  private refresh(): void {
    const element = this.element;
    if (!element) return;
    const figures = this.source.figures();
    const now = performance.now();
    const elapsed = now - this.lastAt;
    if (elapsed >= HUD_REFRESH_MS / 2) {
      this.rendersPerSecond = ((figures.renders - this.lastRenders) * 1000) / elapsed;
      this.lastRenders = figures.renders;
      this.lastAt = now;
    }
    const { mean, p95 } = frameStats(this.times.samples);
    element.textContent = [
      `render ${mean.toFixed(2)} ms mean, ${p95.toFixed(2)} ms p95 (last ${this.times.samples.length})`,
      `${this.rendersPerSecond.toFixed(1)} renders/s`,
      `nodes ${figures.displayed} displayed, top-level ${figures.drawn}/${figures.topLevel} drawn`,
      `culls ${figures.culls}, last ${figures.lastCullMs.toFixed(2)} ms`,
      `zoom ${formatZoom(figures.zoom)}`,
    ].join("\n");
  }
}

export function formatZoom(zoom: number): string {
  const percent = zoom * 100;
  return `${percent >= 10 ? Math.round(percent) : percent.toFixed(1)} %`;
}
