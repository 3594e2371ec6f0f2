import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HEAP_MAXIMUM_PAGES, STACK_SIZE_BYTES } from "../../engine/constants";
import { loadCore } from "./loadCore.ts";

/** Reads an unsigned LEB128 number at `offset`; returns it and the offset after it. */
function leb(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[offset++]!;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if ((byte & 0x80) === 0) return [value, offset];
  }
}

/** The limits of the module's own memory, from its memory section (id 5). */
function memoryLimits(bytes: Uint8Array): { min: number; max: number | null } {
  let offset = 8; // magic + version
  while (offset < bytes.length) {
    const id = bytes[offset++]!;
    const [size, start] = leb(bytes, offset);
    if (id === 5) {
      let at = leb(bytes, start)[1]; // count
      const flags = bytes[at++]!;
      const [min, next] = leb(bytes, at);
      return { min, max: flags & 1 ? leb(bytes, next)[0] : null };
    }
    offset = start + size;
  }
  throw new Error("no memory section");
}

describe("spec §9 limits of the compute core", () => {
  it("§9 heap maximum 2 GB: the binary's memory may grow to 32768 pages and no further", () => {
    const limits = memoryLimits(new Uint8Array(readFileSync("engine/core/build/linework.wasm")));
    expect(limits.max).toBe(HEAP_MAXIMUM_PAGES);
    expect(limits.min).toBeLessThan(limits.max!);
  });

  it("§9 stack size 65536 bytes: 2048 frames of 32 bytes fit, one more overflows", async () => {
    // probeStack spends exactly 32 bytes of the core's stack per frame.
    const frames = STACK_SIZE_BYTES / 32;
    expect((await loadCore()).probeStack(frames - 1)).toBeTypeOf("number");
    const core = await loadCore();
    expect(() => core.probeStack(frames)).toThrow(/^stack overflow/);
  });
});
