import {
  RESIZE_DELAY_MS,
  SHELL_MARKER_CLASS,
  SHELL_MARKER_MIN_COUNT,
  SHELL_PARENT_HEIGHT,
  SHELL_PARENT_WIDTH,
} from "../constants";
import { backingStoreSize, fitAspect, isKnownRatio, type AspectRatio } from "./fit";

/** What resize callbacks are told after each fit. Positions are relative to the parent. */
export interface CanvasSize {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly devicePixelRatio: number;
  readonly backingWidth: number;
  readonly backingHeight: number;
  readonly fullscreen: boolean;
}

export type ResizeCallback = (size: CanvasSize) => void;

export interface CanvasShellOptions {
  /** The container the canvas is fitted into. Defaults to the canvas's parent, or a new div. */
  readonly parent?: HTMLElement;
  /** The canvas to draw on. Defaults to a new canvas appended to the parent. */
  readonly canvas?: HTMLCanvasElement;
  /** The (width, height) pair; null until the program knows it. */
  readonly aspectRatio?: AspectRatio | null;
}

/**
 * Owns the page side of the specification's §2: the canvas inside its parent, the fixed aspect
 * ratio, the delayed re-fit after parent, child-list and fullscreen changes, focus after each fit,
 * the HiDPI backing store and the emscripten-shell styling.
 */
export class CanvasShell {
  readonly canvas: HTMLCanvasElement;
  readonly parent: HTMLElement;
  private ratio: AspectRatio | null;
  private fitTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly callbacks = new Set<ResizeCallback>();
  private readonly resizeObserver: ResizeObserver;
  private readonly mutationObserver: MutationObserver;
  private readonly onFullscreenChange = (): void => this.scheduleFit();
  private current: CanvasSize | null = null;
  private fits = 0;

  constructor(options: CanvasShellOptions = {}) {
    const parent =
      options.parent ??
      options.canvas?.parentElement ??
      document.body.appendChild(document.createElement("div"));
    const canvas = options.canvas ?? document.createElement("canvas");
    if (canvas.parentElement !== parent) parent.appendChild(canvas);
    this.parent = parent;
    this.canvas = canvas;
    this.ratio = options.aspectRatio ?? null;

    prepareCanvas(canvas);
    if (getComputedStyle(parent).position === "static") parent.style.position = "relative";
    applyShellStyling(parent);

    this.resizeObserver = new ResizeObserver(() => this.scheduleFit());
    this.resizeObserver.observe(parent);
    this.mutationObserver = new MutationObserver(() => this.scheduleFit());
    this.mutationObserver.observe(parent, { childList: true });
    document.addEventListener("fullscreenchange", this.onFullscreenChange);
  }

  get aspectRatio(): AspectRatio | null {
    return this.ratio;
  }

  get size(): CanvasSize | null {
    return this.current;
  }

  /** Whether a re-fit (and the focus that comes with it) is still waiting for its delay. */
  get fitPending(): boolean {
    return this.fitTimer !== null;
  }

  /** How many fits have been applied; the fit is observable without timing the DOM. */
  get fitCount(): number {
    return this.fits;
  }

  get fullscreen(): boolean {
    const element = document.fullscreenElement;
    return element !== null && (element === this.parent || element === this.canvas);
  }

  /** Sets the (width, height) pair; the fit follows after the resize delay like any other change. */
  setAspectRatio(width: number, height: number): void {
    const next = { width, height };
    if (!isKnownRatio(next))
      throw new RangeError(`Aspect ratio must be two positive numbers, got ${width}×${height}`);
    this.ratio = next;
    this.scheduleFit();
  }

  onResize(callback: ResizeCallback): () => void {
    this.callbacks.add(callback);
    return () => this.callbacks.delete(callback);
  }

  /** Re-applies the fit after the resize delay; a later change restarts the wait. */
  scheduleFit(): void {
    if (this.fitTimer !== null) clearTimeout(this.fitTimer);
    this.fitTimer = setTimeout(() => {
      this.fitTimer = null;
      this.fitNow();
    }, RESIZE_DELAY_MS);
  }

  /** Applies the fit at once. Returns false while the aspect ratio or the space is unknown. */
  fitNow(): boolean {
    if (!isKnownRatio(this.ratio)) return false;
    applyShellStyling(this.parent);
    const fullscreen = this.fullscreen;
    const availableWidth = fullscreen ? window.innerWidth : this.parent.clientWidth;
    const availableHeight = fullscreen ? window.innerHeight : this.parent.clientHeight;
    if (availableWidth <= 0 || availableHeight <= 0) return false;

    const box = fitAspect(this.ratio, availableWidth, availableHeight);
    const dpr = window.devicePixelRatio || 1;
    const backing = backingStoreSize(box.width, box.height, dpr);
    const style = this.canvas.style;
    style.left = `${box.left}px`;
    style.top = `${box.top}px`;
    style.width = `${box.width}px`;
    style.height = `${box.height}px`;
    if (this.canvas.width !== backing.width) this.canvas.width = backing.width;
    if (this.canvas.height !== backing.height) this.canvas.height = backing.height;

    this.current = {
      ...box,
      devicePixelRatio: dpr,
      backingWidth: backing.width,
      backingHeight: backing.height,
      fullscreen,
    };
    this.fits += 1;
    this.canvas.focus({ preventScroll: true });
    for (const callback of [...this.callbacks]) callback(this.current);
    return true;
  }

  /** Fullscreen holds the parent, so the overlay chrome stays visible above the canvas. */
  async toggleFullscreen(): Promise<void> {
    if (this.fullscreen) await document.exitFullscreen();
    else await this.parent.requestFullscreen();
  }

  destroy(): void {
    if (this.fitTimer !== null) clearTimeout(this.fitTimer);
    this.resizeObserver.disconnect();
    this.mutationObserver.disconnect();
    document.removeEventListener("fullscreenchange", this.onFullscreenChange);
    this.callbacks.clear();
  }
}

function prepareCanvas(canvas: HTMLCanvasElement): void {
  if (!canvas.hasAttribute("tabindex")) canvas.tabIndex = 0;
  const style = canvas.style;
  style.position = "absolute";
  style.display = "block";
  // Touches and pen strokes are the program's, not the page's to scroll or zoom with.
  style.touchAction = "none";
  style.userSelect = "none";
  style.outline = "none";
}

/** The default shell: with enough `.emscripten` elements, the parent is 100% wide, 70vh, centred. */
export function applyShellStyling(parent: HTMLElement): boolean {
  const markers = parent.ownerDocument.getElementsByClassName(SHELL_MARKER_CLASS).length;
  if (markers < SHELL_MARKER_MIN_COUNT) return false;
  const style = parent.style;
  style.width = SHELL_PARENT_WIDTH;
  style.height = SHELL_PARENT_HEIGHT;
  style.marginLeft = "auto";
  style.marginRight = "auto";
  style.display = "block";
  return true;
}
