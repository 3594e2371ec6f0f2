import type { Container } from "pixi.js";
import type { Engine } from "../../engine";
import { InputState } from "../../engine/input/inputState";
import { loadCore } from "../core/loadCore";

/**
 * The engine's parts an editor binds to, without a browser: the real wasm core, a real PixiJS
 * root (scenes are built, never drawn), an 800 × 600 canvas and the fixed step run by hand.
 * Listeners and calls stay in view, so tests can check what an editor holds of the engine.
 */
export interface HeadlessEngine {
  readonly engine: Engine;
  /** The input the fixed step polls: feed it, then `step()`. */
  readonly input: InputState;
  readonly ticks: ReadonlySet<(input: InputState) => void>;
  readonly resizes: ReadonlySet<() => void>;
  readonly root: Container;
  invalidations(): number;
  /**
   * One frame of one fixed step: publishes what was fed since the last one, runs every tick
   * listener, then what runs before a frame is drawn.
   */
  step(): void;
}

export async function headlessEngine(): Promise<HeadlessEngine> {
  // PixiJS reads the navigator when it is loaded; Node 20 has none. Hence the late imports.
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  const { Container } = await import("pixi.js");
  const headless = await import("../render/support/headlessPixi");
  headless.measureTextWithoutCanvas();
  headless.imagesWithoutDecoder();
  const core = await loadCore();
  const input = new InputState();
  const ticks = new Set<(input: InputState) => void>();
  const draws = new Set<() => void>();
  const resizes = new Set<() => void>();
  const root = new Container();
  let invalidations = 0;
  const engine = {
    core,
    // No GL context to lose: nothing is ever restored.
    gfx: { root, renderer: null, setBackBuffer() {}, onContextRestored: () => () => undefined },
    shell: {
      canvas: { style: { cursor: "" }, clientWidth: 800, clientHeight: 600 },
      parent: {},
    },
    size: { left: 0, top: 0, width: 800, height: 600 },
    renders: 0,
    onTick(listener: (input: InputState) => void) {
      ticks.add(listener);
      return () => ticks.delete(listener);
    },
    onBeforeDraw(listener: () => void) {
      draws.add(listener);
      return () => draws.delete(listener);
    },
    onResize(listener: () => void) {
      resizes.add(listener);
      return () => resizes.delete(listener);
    },
    invalidate() {
      invalidations += 1;
    },
  };
  return {
    engine: engine as unknown as Engine,
    input,
    ticks,
    resizes,
    root,
    invalidations: () => invalidations,
    step() {
      input.beginTick();
      for (const listener of [...ticks]) listener(input);
      for (const listener of [...draws]) listener();
    },
  };
}
