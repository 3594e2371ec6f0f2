import { Container, RenderTexture, type Renderer } from "pixi.js";
import { programWarmers } from "./chunkMesh";

/**
 * Compiles and links the batch programs by drawing a triangle with no area with each into a
 * one-pixel texture. Linking waits for the driver: on a GPU the first frame of the first
 * document opened spent about 90 ms in it, and every later frame nothing. Done once the page has
 * a moment to spare, that first frame costs what the others do.
 */
export function warmBatchPrograms(renderer: Renderer): void {
  const stage = new Container();
  const meshes = programWarmers();
  for (const mesh of meshes) stage.addChild(mesh);
  const target = RenderTexture.create({ width: 1, height: 1 });
  try {
    renderer.render({ container: stage, target });
  } finally {
    stage.destroy({ children: true });
    target.destroy(true);
  }
}
