import type { Geometry } from "pixi.js";
import type { Engine } from "../../engine";
import type { EditableDocument } from "../editing/editor";
import { batchProgramWarmer } from "./batch/warmPrograms";
import { blobTextureSource } from "./images";
import { pixiRenderHooks } from "./viewport";
import { rendererTiles } from "./patternTiles";
import { BUILD_SLICE_MS, HARDWARE_BUILD_SLICE_MS, SceneRenderer } from "./sceneRenderer";

export { SceneRenderer } from "./sceneRenderer";

/**
 * Draws the editor's document on the engine's canvas, starting with its first page. After a lost
 * WebGL context the engine redraws on restore; batch meshes, geometry and textures are re-uploaded
 * from their CPU copies, so the scene itself needs nothing.
 */
export function attachRenderer(engine: Engine, editor: EditableDocument): SceneRenderer {
  // Lazy: the viewport's first cull, right after, builds only the chunks near the view, and
  // the viewport goes on building what one frame's slice left.
  const renderer = new SceneRenderer(editor.store, engine.gfx.root, () => engine.invalidate(), {
    lazy: true,
    buildSliceMs: engine.gfx.softwareRendering ? BUILD_SLICE_MS : HARDWARE_BUILD_SLICE_MS,
    onBackdropNeeded: (needed) => engine.gfx.setBackBuffer(needed),
    images: blobTextureSource(editor.store),
    tiles: rendererTiles(() => engine.gfx.renderer),
    contextRestored: (listener) => engine.gfx.onContextRestored(listener),
    editingText: editor.editingText,
    gestures: editor.history,
    commits: editor.commits.stage("renderer"),
    renderHooks: pixiRenderHooks(engine),
    uploads: batchUploads(engine),
  });
  const first = editor.store.pages()[0];
  if (first) renderer.showPage(first.id);
  engine.invalidate();
  warmPrograms(engine);
  return renderer;
}

/**
 * Sends a new batch's buffers (its index buffer among them) through PixiJS's WebGL systems
 * outside a frame. The vertex array the last draw left bound is unbound first, with PixiJS's own
 * `resetState`, so binding an index buffer here cannot change it.
 */
function batchUploads(engine: Engine): (geometry: Geometry) => void {
  return (geometry) => {
    const renderer = engine.gfx.renderer;
    if (renderer === null || !("gl" in renderer)) return;
    renderer.geometry.resetState();
    for (const buffer of geometry.buffers) renderer.buffer.updateBuffer(buffer);
  };
}

/**
 * Compiles the batch programs, one in each of the page's next idle moments (see
 * batchProgramWarmer). Once they are compiled, its WebGL context keeps them, and warming them
 * again costs four empty draws.
 */
function warmPrograms(engine: Engine): void {
  let step: (() => boolean) | null = null;
  const later = (then: () => void) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(then, { timeout: 2000 });
    else setTimeout(then, 0);
  };
  const warm = () => {
    const renderer = engine.gfx.renderer;
    if (renderer === null) return;
    step ??= batchProgramWarmer(renderer);
    if (step()) later(warm);
  };
  later(warm);
}
