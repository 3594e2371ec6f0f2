import { Container, RenderTexture, type Renderer } from "pixi.js";
import { programWarmers } from "./chunkMesh";

/**
 * Compiles and links the batch programs by drawing a triangle with no area with each into a
 * one-pixel texture. Linking waits for the driver: on a GPU the first frame of the first
 * document opened spent about 90 ms in it, and every later frame nothing. Done while the page
 * has moments to spare, that first frame costs what the others do.
 *
 * Returns a step that links one program a call, so no one task waits for all four (on a
 * software rasteriser under load, linking the four in one task took 275 ms); it returns whether
 * any are left.
 */
export function batchProgramWarmer(renderer: Pick<Renderer, "render">): () => boolean {
  const meshes = programWarmers();
  let target: RenderTexture | null = null;
  return () => {
    const mesh = meshes.shift();
    if (mesh === undefined) return false;
    target ??= RenderTexture.create({ width: 1, height: 1 });
    const stage = new Container();
    stage.addChild(mesh);
    try {
      renderer.render({ container: stage, target });
    } finally {
      stage.destroy({ children: true });
      if (meshes.length === 0) target.destroy(true);
    }
    return meshes.length > 0;
  };
}
