import { describe, expect, it } from "vitest";
import { readUntrusted } from "../../../src/io/import/boundary";
import { GIF_1x1, JPEG_3x2, makePng, WEBP_3x2, WEBP_LOSSLESS_3x2 } from "./rasterFixtures";

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe("the untrusted-input boundary", () => {
  it("dispatches by content: SVG, image, Excalidraw, Linework", () => {
    const kinds = (name: string, data: string | Uint8Array): string[] => {
      const result = readUntrusted(name, data);
      if (!result.ok) return [result.error];
      return result.nodes.map((n) => n.type);
    };
    expect(
      kinds(
        "a.txt",
        encode("\uFEFF  <svg xmlns='http://www.w3.org/2000/svg'><circle r='1'/></svg>"),
      ),
    ).toEqual(["group", "ellipse"]);
    expect(kinds("a.bin", makePng(3, 2))).toEqual(["image"]);
    expect(
      kinds(
        "a.json",
        JSON.stringify({
          type: "excalidraw",
          version: 2,
          elements: [{ type: "ellipse", x: 0, y: 0, width: 1, height: 1 }],
        }),
      ),
    ).toEqual(["group", "ellipse"]);
    expect(kinds("a.json", '{"format":"something-else"}')).toEqual([
      'a.json is not a valid Linework file: its format is "something-else", not "linework".',
    ]);
  });

  it("refuses empty and unknown text with the name in the message", () => {
    expect(readUntrusted("empty.svg", "   ")).toEqual({
      ok: false,
      error: '"empty.svg" is empty.',
    });
    expect(readUntrusted("notes.txt", "hello", "text/plain")).toEqual({
      ok: false,
      error:
        '"notes.txt" (text/plain) is in a format Linework does not know. Linework imports SVG, PNG, JPEG, GIF, WebP, .excalidraw and .linework files.',
    });
  });

  it("reads sizes from JPEG, GIF and WebP headers", () => {
    const size = (bytes: Uint8Array): unknown => {
      const result = readUntrusted("x", bytes);
      if (!result.ok) return result.error;
      const node = result.nodes[0]!;
      return node.type === "image" ? [result.blobs[0]!.mime, node.width, node.height] : node.type;
    };
    expect(size(JPEG_3x2)).toEqual(["image/jpeg", 3, 2]);
    expect(size(GIF_1x1)).toEqual(["image/gif", 1, 1]);
    expect(size(WEBP_3x2)).toEqual(["image/webp", 3, 2]);
    expect(size(WEBP_LOSSLESS_3x2)).toEqual(["image/webp", 3, 2]);
  });
});
