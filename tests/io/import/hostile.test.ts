import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SceneNode } from "../../../src/doc/types";
import { readUntrusted } from "../../../src/io/import/boundary";
import { IMPORT_LIMITS, maxInputBytesFor } from "../../../src/io/import/limits";
import { NATIVE_LIMITS } from "../../../src/io/native/limits";
import type { ImportResult } from "../../../src/io/import/result";
import { numbersWithin } from "../../../src/io/import/tree";
import { importSvg } from "../../../src/io/import/svg";
import * as generated from "../../corpora/hostile/generated";

const CORPUS = join(__dirname, "../../corpora/hostile");
const file = (name: string): string => readFileSync(join(CORPUS, name), "utf8");

function timed(name: string, data: string | Uint8Array): { result: ImportResult; ms: number } {
  const start = performance.now();
  const result = readUntrusted(name, data);
  return { result, ms: performance.now() - start };
}

function failed(result: ImportResult): string {
  if (result.ok) throw new Error(`expected a failure, got ${result.nodes.length} nodes`);
  return result.error;
}

function succeeded(result: ImportResult): { nodes: SceneNode[]; warnings: string[] } {
  if (!result.ok) throw new Error(`expected success, got: ${result.error}`);
  return result;
}

const ENTITY_ATTACK =
  "Entities expand to more than 1,000,000 characters (the limit); the file may be an entity-expansion attack.";

describe("hostile inputs", () => {
  it("billion laughs is rejected in under 100 ms", () => {
    const text = file("billion-laughs.svg");
    readUntrusted("warm-up.svg", text);
    const { result, ms } = timed("billion-laughs.svg", text);
    expect(failed(result)).toBe(ENTITY_ATTACK);
    expect(ms).toBeLessThan(100);
  });

  it("quadratic blow-up is rejected in under 100 ms", () => {
    const { result, ms } = timed("quadratic.svg", generated.quadraticBlowup());
    expect(failed(result)).toBe(ENTITY_ATTACK);
    expect(ms).toBeLessThan(100);
  });

  it("external entities are never resolved: they expand to nothing and are reported", () => {
    const { nodes, warnings } = succeeded(readUntrusted("x.svg", file("external-entity.svg")));
    const text = nodes.find((n) => n.type === "text");
    expect(text?.type === "text" && text.content).toBe("[][]");
    expect(nodes.map((n) => n.type)).toEqual(["group", "text", "rect"]);
    expect(warnings).toEqual(["Not imported: 2 external entity references."]);
  });

  it("nesting deeper than 1024 is rejected; 1024 is not", () => {
    expect(failed(readUntrusted("deep.svg", generated.deepNesting(1024)))).toBe(
      "Elements are nested more than 1024 deep (the limit).",
    );
    const ok = succeeded(readUntrusted("deep.svg", generated.deepNesting(1022)));
    // Group levels past the document's limit are folded into their ancestors.
    expect(ok.nodes.filter((n) => n.type === "group").length).toBe(201);
    expect(ok.nodes.filter((n) => n.type === "rect").length).toBe(1);
  });

  it("more than 1M elements (generated, not committed) is rejected", () => {
    const { result, ms } = timed("many.svg", generated.manyElements(1_000_001));
    expect(failed(result)).toBe("many.svg has more than 1,000,000 elements (the limit).");
    expect(ms).toBeLessThan(20_000);
  });

  it("recursive <use> is detected and reported, the rest imported", () => {
    const { nodes, warnings } = succeeded(readUntrusted("r.svg", file("recursive-use.svg")));
    expect(warnings).toEqual(["Not imported: 3 recursive <use> references."]);
    expect(nodes.filter((n) => n.type === "rect")).toHaveLength(2);
  });

  it("<use> fan-out is stopped by its limit", () => {
    const { result, ms } = timed("fan.svg", generated.useFanOut(7));
    expect(failed(result)).toBe(
      "<use> elements repeat more than 250,000 elements (the limit); the file may be a use-expansion attack.",
    );
    expect(ms).toBeLessThan(60_000);
  });

  it("<use> fan-out is refused before it is expanded", () => {
    const reported: number[] = [];
    const result = importSvg(generated.useFanOut(7), "fan.svg", (fraction) =>
      reported.push(fraction),
    );
    expect(failed(result)).toContain("<use> elements repeat more than 250,000 elements");
    // The walk reports its progress every 4,096 elements (past reading the file, 40 % of the
    // bar): a refusal made as the repeats were built would have reported it.
    expect(Math.max(...reported)).toBeLessThanOrEqual(0.4);
  });

  it("<use> fan-out whose content is hidden, by an attribute, a style rule or a condition, imports", () => {
    const hidden = [
      { hiding: `display="none"`, sheet: "" },
      { hiding: `style="display: none"`, sheet: "" },
      { hiding: `class="hidden"`, sheet: "<style>.hidden { display: none }</style>" },
      { hiding: `systemLanguage="x-none"`, sheet: "" },
    ];
    for (const { hiding, sheet } of hidden) {
      const text = generated
        .useFanOut(7)
        .replace(`<g id="l6">`, `<g id="l6" ${hiding}>`)
        .replace("<defs>", `<defs>${sheet}`);
      expect(succeeded(readUntrusted("fan.svg", text)).nodes, hiding).toBeDefined();
    }
  });

  it("scripts, event handlers, javascript: URLs and foreignObject leave nothing behind", () => {
    const { nodes, warnings } = succeeded(readUntrusted("s.svg", file("scripts.svg")));
    expect(nodes.map((n) => n.type)).toEqual(["group", "rect", "group", "ellipse"]);
    expect(warnings).toEqual([
      "Not imported: 3 event handler attributes, 1 javascript: URL, 2 <script> elements, 1 <foreignObject> element, 1 <set> element.",
    ]);
    const serialised = JSON.stringify(nodes);
    for (const banned of ["javascript", "Pwned", "onclick", "onload", "alert", "127.0.0.1"]) {
      expect(serialised).not.toContain(banned);
    }
  });

  it("external images, CSS url() and @import are dropped and reported", () => {
    const { nodes, warnings } = succeeded(readUntrusted("e.svg", file("external-resources.svg")));
    expect(warnings).toEqual([
      "Not imported: 2 external images, 3 external references, 1 @import.",
    ]);
    expect(JSON.stringify(nodes)).not.toContain("127.0.0.1");
    const rects = nodes.filter((n) => n.type === "rect");
    // The rect whose fills were all external keeps SVG's default black; the .ok rule still applies.
    expect(rects.map((r) => r.type === "rect" && r.fill)).toEqual([
      { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
      { type: "solid", color: { r: 0, g: 1, b: 0, a: 1 } },
    ]);
  });

  it("huge numbers and NaN do not reach the document", () => {
    const { nodes, warnings } = succeeded(readUntrusted("h.svg", file("huge-numbers.svg")));
    expect(warnings).toEqual([
      "Not imported: 3 shapes with out-of-range numbers, 1 path with a data error (drawn up to the error).",
    ]);
    expect(nodes.map((n) => n.type)).toEqual(["group", "ellipse", "rect"]);
    expect(numbersWithin(nodes, IMPORT_LIMITS.maxMagnitude)).toBe(true);
    expect(numbersWithin([{ x: Number.NaN }], IMPORT_LIMITS.maxMagnitude)).toBe(false);
  });

  it("malformed and truncated XML give located errors", () => {
    expect(failed(readUntrusted("m.svg", file("malformed.svg")))).toBe(
      "m.svg is not well-formed XML: </svg> closes <rect> (line 4, column 7).",
    );
    expect(failed(readUntrusted("t.svg", file("truncated.svg")))).toBe(
      "t.svg is not well-formed XML: <style> is not closed (the file may be cut short) (line 3, column 52).",
    );
  });

  it("binary garbage is refused by content, whatever its name", () => {
    expect(
      failed(readUntrusted("garbage.svg", generated.binaryGarbage(4096), "image/svg+xml")),
    ).toBe(
      '"garbage.svg" (image/svg+xml) is not text or an image. Linework imports SVG, PNG, JPEG, GIF, WebP, .excalidraw and .linework files.',
    );
  });

  it("a PNG whose header lies about its size is refused", () => {
    expect(failed(readUntrusted("liar.png", generated.lyingPng()))).toBe(
      "liar.png is too large to import: its header states 4294967295 × 4294967295 pixels; Linework imports images of at most 16,384 pixels on a side and 64 million pixels in all.",
    );
    expect(failed(readUntrusted("short.png", generated.lyingPng().subarray(0, 20)))).toBe(
      "short.png is not a readable PNG image: it ends early (truncated).",
    );
  });

  it("input over 100 MB is refused before it is read", () => {
    const big = new Uint8Array(100 * 1024 * 1024 + 1);
    expect(failed(readUntrusted("big.svg", big))).toBe(
      "big.svg is too large to import: 100 MB, over the limit of 100 MB.",
    );
  });

  it("a .linework document has the file format's own limit: a saved drawing always imports", () => {
    expect(maxInputBytesFor("big.linework")).toBe(NATIVE_LIMITS.maxFileBytes);
    expect(maxInputBytesFor("big.svg")).toBe(IMPORT_LIMITS.maxInputBytes);
    const big = new Uint8Array(100 * 1024 * 1024 + 1).fill(0x20);
    // Over the general limit, under the format's: read, and refused for what it holds instead.
    expect(failed(readUntrusted("big.linework", big))).toMatch(/not a valid Linework file/);
  });

  it("text in the encoding its XML declaration names is decoded with it", () => {
    const head = new TextEncoder().encode(
      '<?xml version="1.0" encoding="windows-1252"?><svg xmlns="http://www.w3.org/2000/svg"><text y="10">caf',
    );
    const tail = new TextEncoder().encode("</text></svg>");
    const bytes = new Uint8Array([...head, 0xe9, ...tail]);
    const { nodes } = succeeded(readUntrusted("latin.svg", bytes));
    expect(nodes[1]!.type === "text" && nodes[1]!.content).toBe("café");
  });

  it("an SVG named .png is still read as SVG: content decides", () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    );
    expect(succeeded(readUntrusted("picture.png", svg)).nodes.map((n) => n.type)).toEqual([
      "group",
      "rect",
    ]);
  });
});
