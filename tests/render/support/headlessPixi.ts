import { DOMAdapter, type ICanvas } from "pixi.js";

/**
 * Lets PixiJS build shaders and meshes in Node: it probes shader precision on a test canvas,
 * which Node has not; a canvas without a WebGL context makes it fall back to its default.
 */
export function allowShadersWithoutCanvas(): void {
  const adapter = DOMAdapter.get();
  DOMAdapter.set({
    ...adapter,
    createCanvas: () => ({ getContext: () => null }) as unknown as ICanvas,
  });
}
