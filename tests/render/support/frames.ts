import type { RenderHooks } from "../../../src/render/hud";

/** A frame a test draws: what the renderer does before and after drawing. */
export interface TestFrame {
  readonly before: () => void;
  readonly after: () => void;
}

/**
 * Render hooks whose frames the test draws, instead of the page's: `frame()` is the frame the
 * renderer is waiting on, null once it let go of the hooks.
 */
export function testFrames(): { readonly hooks: RenderHooks; frame: () => TestFrame | null } {
  let frame: TestFrame | null = null;
  const hooks: RenderHooks = {
    onRender(before, after) {
      frame = { before, after };
      return () => {
        frame = null;
      };
    },
  };
  return { hooks, frame: () => frame };
}
