/** What the renderer string of a software rasteriser contains. */
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software/i;

type GlParameters = Pick<WebGLRenderingContext, "getParameter" | "getExtension" | "RENDERER">;

/** Whether a WebGL context is drawn by a software rasteriser (SwiftShader, llvmpipe). */
export function isSoftwareRenderer(gl: GlParameters): boolean {
  const names: unknown[] = [gl.getParameter(gl.RENDERER)];
  const info = gl.getExtension("WEBGL_debug_renderer_info") as {
    UNMASKED_RENDERER_WEBGL: number;
  } | null;
  if (info !== null) names.push(gl.getParameter(info.UNMASKED_RENDERER_WEBGL));
  return names.some((name) => typeof name === "string" && SOFTWARE_RENDERERS.test(name));
}

/**
 * Textures one batched draw may sample on a software rasteriser. PixiJS batches sprites of up
 * to 16 textures into one draw, picking the texture per fragment through a chain of branches; a
 * GPU runs only the branch taken, but a software rasteriser runs them all, so every pixel of a
 * textured quad costs 16 texture reads. Measured with far-zoom chunk textures filling the
 * screen: 113 ms a frame with 16, 43 ms with 1. More draw calls cost far less than that.
 */
export const SOFTWARE_BATCHABLE_TEXTURES = 1;

interface BatchLimits {
  maxBatchableTextures: number;
}

/** Has a software-rasterised renderer batch one texture per draw; returns whether it did. */
export function limitTextureBatching(gl: GlParameters, limits: BatchLimits): boolean {
  if (!isSoftwareRenderer(gl)) return false;
  limits.maxBatchableTextures = Math.min(limits.maxBatchableTextures, SOFTWARE_BATCHABLE_TEXTURES);
  return true;
}
