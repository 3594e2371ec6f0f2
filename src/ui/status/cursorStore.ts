import type { Point } from "../../math/point";

/**
 * The pointer's page position. It changes on every pointer move, so the status bar writes it into
 * the DOM itself instead of re-rendering React: a drag then costs no React commits at all.
 */
export class CursorStore {
  private point: Point | null = null;
  private readonly listeners = new Set<() => void>();

  get(): Point | null {
    return this.point;
  }

  set(point: Point | null): void {
    if (point === this.point) return;
    if (point && this.point && point.x === this.point.x && point.y === this.point.y) return;
    this.point = point;
    for (const listener of [...this.listeners]) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Feeds a cursor store from the canvas's pointer events through a screen→page mapping. */
export function trackCursor(
  canvas: HTMLElement,
  toWorld: (screen: Point) => Point,
  store: CursorStore,
): () => void {
  const move = (event: PointerEvent): void => {
    const box = canvas.getBoundingClientRect();
    store.set(toWorld({ x: event.clientX - box.left, y: event.clientY - box.top }));
  };
  const leave = (): void => store.set(null);
  canvas.addEventListener("pointermove", move, { passive: true });
  canvas.addEventListener("pointerleave", leave);
  return () => {
    canvas.removeEventListener("pointermove", move);
    canvas.removeEventListener("pointerleave", leave);
  };
}
