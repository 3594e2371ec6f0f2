import type { Engine } from "../../engine";
import type { WheelInput } from "../../engine/input/inputState";
import type { Camera } from "./camera";
import type { Point } from "../math/point";

/** Zoom per wheel pixel: factor = exp(−dy × speed), so equal wheel travel is an equal ratio. */
export const WHEEL_ZOOM_SPEED = 0.01;
/**
 * Most wheel travel one tick may turn into zoom. Trackpad pinches send a few pixels per event and
 * never reach it; a mouse notch (≈100 px) would otherwise jump ×2.7 at once.
 */
export const WHEEL_ZOOM_MAX_DELTA = 50;

/**
 * Applies one tick's wheel to the camera: a plain wheel (or two-finger scroll) pans by its screen
 * pixels, Ctrl+wheel (and trackpad pinch, which browsers report as it) zooms about `pointer`.
 * Returns whether the camera moved.
 */
export function applyWheel(camera: Camera, wheel: WheelInput, pointer: Point): boolean {
  if (wheel.dx === 0 && wheel.dy === 0) return false;
  if (wheel.ctrlKey) {
    const dy = Math.max(-WHEEL_ZOOM_MAX_DELTA, Math.min(WHEEL_ZOOM_MAX_DELTA, wheel.dy));
    return camera.zoomAt(pointer, Math.exp(-dy * WHEEL_ZOOM_SPEED));
  }
  return camera.panBy(-wheel.dx, -wheel.dy);
}

/** Drives the camera from the engine's polled wheel input, once per fixed step. */
export function bindViewportInput(engine: Pick<Engine, "onTick">, camera: Camera): () => void {
  return engine.onTick((input) => {
    applyWheel(camera, input.wheelDelta, input.mouse);
  });
}
