import type { CanvasSize, Engine } from "../../engine";

export interface CanvasRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

const EMPTY: CanvasRect = { left: 0, top: 0, width: 0, height: 0 };

/**
 * The canvas rectangle as an external store for React: it changes only when the engine's resize
 * callbacks fire, never per frame, so the chrome re-renders only on a resize.
 */
export function canvasRectStore(engine: Pick<Engine, "onResize" | "size">): {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => CanvasRect;
} {
  let source: CanvasSize | null = null;
  let snapshot = EMPTY;
  return {
    subscribe: (listener) => engine.onResize(() => listener()),
    getSnapshot() {
      const size = engine.size;
      if (size !== source) {
        source = size;
        snapshot = size
          ? { left: size.left, top: size.top, width: size.width, height: size.height }
          : EMPTY;
      }
      return snapshot;
    },
  };
}
