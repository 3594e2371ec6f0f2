import { beforeAll, describe, expect, it } from "vitest";
import type { Container } from "pixi.js";
import type * as Warm from "../../src/render/batch/warmPrograms";

let batchProgramWarmer: typeof Warm.batchProgramWarmer;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ batchProgramWarmer } = await import("../../src/render/batch/warmPrograms"));
  (await import("./support/headlessPixi")).allowShadersWithoutCanvas();
});

describe("the batch programs compiled ahead", () => {
  it("are drawn one program a step, each with its own shader, and then nothing is left", () => {
    const drawn: unknown[][] = [];
    const renderer = {
      render: (options: { container: Container }) => {
        drawn.push(
          options.container.children.map(
            (child) => (child as unknown as { shader: unknown }).shader,
          ),
        );
      },
    };
    const step = batchProgramWarmer(renderer as never);
    const left: boolean[] = [];
    for (let i = 0; i < 5; i += 1) left.push(step());
    expect(left).toEqual([true, true, true, false, false]);
    expect(drawn.map((shaders) => shaders.length)).toEqual([1, 1, 1, 1]);
    expect(new Set(drawn.map((shaders) => shaders[0])).size).toBe(4);
  });
});
