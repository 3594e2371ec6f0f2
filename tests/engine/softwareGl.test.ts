import { describe, expect, it } from "vitest";
import {
  isSoftwareRenderer,
  limitTextureBatching,
  SOFTWARE_BATCHABLE_TEXTURES,
} from "../../engine/gfx/softwareGl";

const RENDERER = 0x1f01;
const UNMASKED = 0x9246;

function fakeGl(renderer: string, unmasked: string | null) {
  return {
    RENDERER,
    getParameter: (name: number): unknown =>
      name === RENDERER ? renderer : name === UNMASKED ? unmasked : null,
    getExtension: (name: string) =>
      name === "WEBGL_debug_renderer_info" && unmasked !== null
        ? { UNMASKED_RENDERER_WEBGL: UNMASKED }
        : null,
  } as unknown as Parameters<typeof isSoftwareRenderer>[0];
}

describe("software rasteriser", () => {
  it("is recognised from the renderer string or the unmasked one", () => {
    expect(
      isSoftwareRenderer(
        fakeGl(
          "WebKit WebGL",
          "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)",
        ),
      ),
    ).toBe(true);
    expect(isSoftwareRenderer(fakeGl("llvmpipe (LLVM 15.0.6, 256 bits)", null))).toBe(true);
    expect(
      isSoftwareRenderer(fakeGl("WebKit WebGL", "ANGLE (NVIDIA, NVIDIA GeForce RTX 3060)")),
    ).toBe(false);
    expect(isSoftwareRenderer(fakeGl("WebKit WebGL", null))).toBe(false);
  });

  it("batches one texture per draw there, and leaves a GPU's limit alone", () => {
    const software = { maxBatchableTextures: 16 };
    expect(limitTextureBatching(fakeGl("SwiftShader", null), software)).toBe(true);
    expect(software.maxBatchableTextures).toBe(SOFTWARE_BATCHABLE_TEXTURES);
    const gpu = { maxBatchableTextures: 16 };
    expect(limitTextureBatching(fakeGl("ANGLE (Intel)", "Intel Iris"), gpu)).toBe(false);
    expect(gpu.maxBatchableTextures).toBe(16);
  });
});
