import { describe, expect, it } from "vitest";
import { readUntrusted } from "../../../src/io/import/boundary";
import { smallPng } from "../../corpora/hostile/generated";

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
    expect(kinds("a.bin", smallPng())).toEqual(["image"]);
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
      'The file is not a Linework document: its format is "something-else", not "linework".',
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
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 7, 0, 9, 3, 0, 0, 0,
    ]);
    const gif = Uint8Array.from([...encode("GIF89a"), 5, 0, 6, 0, 0, 0, 0]);
    const webp = Uint8Array.from([
      ...encode("RIFF"),
      0,
      0,
      0,
      0,
      ...encode("WEBPVP8X"),
      10,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      9,
      0,
      0,
      4,
      0,
      0,
      0,
      0,
    ]);
    const size = (bytes: Uint8Array): unknown => {
      const result = readUntrusted("x", bytes);
      if (!result.ok) return result.error;
      const node = result.nodes[0]!;
      return node.type === "image" ? [result.blobs[0]!.mime, node.width, node.height] : node.type;
    };
    expect(size(jpeg)).toEqual(["image/jpeg", 9, 7]);
    expect(size(gif)).toEqual(["image/gif", 5, 6]);
    expect(size(webp)).toEqual(["image/webp", 10, 5]);
  });
});
