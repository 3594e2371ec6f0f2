import type { Box } from "../math/box";
import type { Point } from "../math/point";

/** The part of the canvas the camera draws into, in CSS pixels. */
export interface ViewportSize {
  readonly width: number;
  readonly height: number;
}

/** A rectangle of the canvas in CSS pixels, from its top-left corner. */
export interface ScreenArea {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** screen = world × zoom + (x, y): one offset and one scale, nothing else. */
export interface CameraState {
  readonly x: number;
  readonly y: number;
  readonly zoom: number;
}

/** 2 % and 25,600 %: the range of the zoom menus of the drawing programs users know. */
export const MIN_ZOOM = 0.02;
export const MAX_ZOOM = 256;

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

type Listener = (state: CameraState) => void;

/**
 * The view onto a page: one transform applied to the world render group, so panning and zooming
 * cost the same whatever the document holds. Pure math; `subscribe` tells whoever follows the
 * view (the world's transform, culling, the grid) and `zoomStore` is the narrow store for chrome.
 */
export class Camera {
  private current: CameraState = { x: 0, y: 0, zoom: 1 };
  private readonly listeners = new Set<Listener>();
  private readonly zoomListeners = new Set<() => void>();

  constructor(initial?: CameraState) {
    if (initial) this.set(initial);
  }

  get state(): CameraState {
    return this.current;
  }
  get x(): number {
    return this.current.x;
  }
  get y(): number {
    return this.current.y;
  }
  get zoom(): number {
    return this.current.zoom;
  }

  screenToWorld(p: Point): Point {
    const { x, y, zoom } = this.current;
    return { x: (p.x - x) / zoom, y: (p.y - y) / zoom };
  }

  worldToScreen(p: Point): Point {
    const { x, y, zoom } = this.current;
    return { x: p.x * zoom + x, y: p.y * zoom + y };
  }

  /**
   * Moves to a state, the zoom clamped; returns whether anything changed. Non-finite input is
   * ignored: one NaN would otherwise poison every later transform.
   */
  set(next: CameraState): boolean {
    if (!Number.isFinite(next.x) || !Number.isFinite(next.y) || !Number.isFinite(next.zoom))
      return false;
    if (next.zoom <= 0) return false;
    const zoom = clampZoom(next.zoom);
    const prev = this.current;
    if (prev.x === next.x && prev.y === next.y && prev.zoom === zoom) return false;
    this.current = { x: next.x, y: next.y, zoom };
    for (const listener of [...this.listeners]) listener(this.current);
    if (prev.zoom !== zoom) for (const listener of [...this.zoomListeners]) listener();
    return true;
  }

  /** Moves the view by screen pixels: the content follows the pointer. */
  panBy(dx: number, dy: number): boolean {
    return this.set({ ...this.current, x: this.current.x + dx, y: this.current.y + dy });
  }

  /** Scales by `factor` (clamped) keeping the world point under `anchor` (screen) where it is. */
  zoomAt(anchor: Point, factor: number): boolean {
    if (!Number.isFinite(factor) || factor <= 0) return false;
    return this.setZoom(this.current.zoom * factor, anchor);
  }

  /** Sets the zoom (clamped) around a screen point, the canvas's top-left corner by default. */
  setZoom(zoom: number, anchor: Point = { x: 0, y: 0 }): boolean {
    if (!Number.isFinite(zoom) || zoom <= 0) return false;
    if (!Number.isFinite(anchor.x) || !Number.isFinite(anchor.y)) return false;
    const next = clampZoom(zoom);
    const world = this.screenToWorld(anchor);
    return this.set({ x: anchor.x - world.x * next, y: anchor.y - world.y * next, zoom: next });
  }

  /**
   * Shows a world box whole and centred in the viewport, `padding` screen pixels clear on each
   * side. An empty box keeps the zoom and only centres. `area` narrows the viewport to the part
   * of it that panels leave free (canvas pixels); the whole viewport when absent.
   */
  fitRect(box: Box, viewport: ViewportSize, padding = 0, area?: ScreenArea): boolean {
    const room = area ?? { left: 0, top: 0, width: viewport.width, height: viewport.height };
    const width = box.maxX - box.minX;
    const height = box.maxY - box.minY;
    const roomX = Math.max(1, room.width - 2 * padding);
    const roomY = Math.max(1, room.height - 2 * padding);
    let zoom = this.current.zoom;
    if (width > 0 && height > 0) zoom = Math.min(roomX / width, roomY / height);
    else if (width > 0) zoom = roomX / width;
    else if (height > 0) zoom = roomY / height;
    zoom = clampZoom(zoom);
    const cx = (box.minX + box.maxX) / 2;
    const cy = (box.minY + box.maxY) / 2;
    return this.set({
      x: room.left + room.width / 2 - cx * zoom,
      y: room.top + room.height / 2 - cy * zoom,
      zoom,
    });
  }

  /**
   * Pans as little as it takes to show a world box whole, `padding` screen pixels clear of the
   * edges of `area` (the viewport's part panels leave free; all of it when absent), keeping the
   * zoom; a box too big for the room is centred in it. Returns whether the view moved.
   */
  panToShow(box: Box, viewport: ViewportSize, padding = 0, area?: ScreenArea): boolean {
    const room = area ?? { left: 0, top: 0, width: viewport.width, height: viewport.height };
    const { zoom } = this.current;
    const shift = (min: number, max: number, from: number, size: number): number => {
      const low = from + padding;
      const high = from + size - padding;
      if (max - min > high - low) return (low + high) / 2 - (min + max) / 2;
      if (min < low) return low - min;
      if (max > high) return high - max;
      return 0;
    };
    const a = this.worldToScreen({ x: box.minX, y: box.minY });
    const dx = shift(a.x, a.x + (box.maxX - box.minX) * zoom, room.left, room.width);
    const dy = shift(a.y, a.y + (box.maxY - box.minY) * zoom, room.top, room.height);
    return dx !== 0 || dy !== 0 ? this.panBy(dx, dy) : false;
  }

  /** The world rectangle the viewport shows. */
  visibleWorldRect(viewport: ViewportSize): Box {
    const { x, y, zoom } = this.current;
    return {
      minX: -x / zoom,
      minY: -y / zoom,
      maxX: (viewport.width - x) / zoom,
      maxY: (viewport.height - y) / zoom,
    };
  }

  /** Told after every change of the view. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** For `useSyncExternalStore`: fires only when the zoom changes, not on every pan. */
  readonly zoomStore = {
    subscribe: (listener: () => void): (() => void) => {
      this.zoomListeners.add(listener);
      return () => this.zoomListeners.delete(listener);
    },
    getSnapshot: (): number => this.current.zoom,
  };
}
