import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { coreImports } from "../../engine/core";
import { loadBinary, resolveSameOrigin, type FetchLike } from "../../engine/core/loader";
import { BinaryLoadError } from "../../engine/runtime/failures";

const bytes = readFileSync("engine/core/build/linework.wasm");

function imports(): WebAssembly.Imports {
  return coreImports({
    abort(message: string): never {
      throw new Error(message);
    },
  }).imports;
}

function server(contentType: string, body: BufferSource | string = bytes, status = 200) {
  const calls: RequestInit[] = [];
  const fetch: FetchLike = async (_url, init) => {
    calls.push(init);
    return new Response(body, { status, headers: { "Content-Type": contentType } });
  };
  return { fetch, calls };
}

describe("spec §7 loading the binary", () => {
  it("§7 instantiates by streaming from one same-origin GET with credentials", async () => {
    const { fetch, calls } = server("application/wasm");
    const loaded = await loadBinary("http://app.test/linework.wasm", imports(), fetch);
    expect(loaded.path).toBe("streaming");
    expect(loaded.instance.exports).toHaveProperty("memory");
    expect(calls).toEqual([{ credentials: "same-origin", method: "GET" }]);
  });

  it("§7 falls back to an ArrayBuffer when streaming fails on the MIME type", async () => {
    const { fetch, calls } = server("text/plain");
    const reasons: string[] = [];
    const loaded = await loadBinary("http://app.test/linework.wasm", imports(), fetch, (r) =>
      reasons.push(r),
    );
    expect(loaded.path).toBe("arraybuffer");
    expect(loaded.streamingError).toMatch(/MIME|Content-Type|mime/i);
    expect(reasons).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it("§8 a 404 rejects with a load error naming the status", async () => {
    const { fetch } = server("text/plain", "no such file", 404);
    await expect(loadBinary("http://app.test/linework.wasm", imports(), fetch)).rejects.toThrow(
      new BinaryLoadError("http://app.test/linework.wasm", "the server answered HTTP 404"),
    );
  });

  it("§8 a corrupt file rejects with a load error", async () => {
    const { fetch } = server("application/wasm", "garbage");
    await expect(loadBinary("http://app.test/linework.wasm", imports(), fetch)).rejects.toThrow(
      /not a valid program/,
    );
  });

  it("§7 refuses a binary from another origin", () => {
    expect(resolveSameOrigin("linework.wasm", "http://app.test/draw/")).toBe(
      "http://app.test/draw/linework.wasm",
    );
    expect(() => resolveSameOrigin("http://cdn.test/linework.wasm", "http://app.test/")).toThrow(
      /origin/,
    );
  });
});
