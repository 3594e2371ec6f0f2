import { describe, expect, it } from "vitest";
import {
  diagramScene,
  HEAVY_SIZES,
  illustrationScene,
  imageBoardScene,
  mapScene,
  type Scene,
} from "../../bench/heavyScenes";
import type { DocRecord } from "../../src/doc/types";
import { serializeDocument } from "../../src/io/native/format";
import { parseDocument } from "../../src/io/native/parse";

/** The scene read back through the native format's parser and validator. */
function roundTrip(scene: Scene): DocRecord[] {
  const result = parseDocument(serializeDocument(scene.records));
  if (!result.ok) throw new Error(`${scene.name}: ${result.error}`);
  return [...result.records];
}

function count(records: readonly DocRecord[], type: DocRecord["type"]): number {
  return records.filter((record) => record.type === type).length;
}

// The heavy render bench opens these documents; one that stopped validating would turn its
// figures into an import error, or into a lighter scene than the one named.
describe("heavy bench scenes", () => {
  it("the illustration is 5,000 closed self-crossing cubic paths in 100 groups", () => {
    const records = roundTrip(illustrationScene());
    expect(count(records, "path")).toBe(HEAVY_SIZES.illustrationPaths);
    expect(count(records, "group")).toBe(HEAVY_SIZES.illustrationGroups);
    const paths = records.filter((r) => r.type === "path");
    expect(paths.every((p) => p.subpaths.every((s) => s.closed))).toBe(true);
    expect(paths.every((p) => p.subpaths[0]!.segments.every((s) => s.type === "cubic"))).toBe(true);
    expect(paths.every((p) => fillAlpha(p) < 1)).toBe(true);
  });

  it("the map is 250 polygons with holes of 2,000 segments each", () => {
    const records = roundTrip(mapScene());
    const paths = records.filter((r) => r.type === "path");
    expect(paths).toHaveLength(HEAVY_SIZES.mapPolygons);
    for (const path of paths) {
      expect(path.subpaths.length).toBeGreaterThan(1);
      const segments = path.subpaths.reduce((n, s) => n + s.segments.length + 1, 0);
      expect(Math.abs(segments - HEAVY_SIZES.mapSegmentsPerPolygon)).toBeLessThanOrEqual(5);
      expect(fillAlpha(path)).toBeLessThan(1);
    }
  });

  it("the diagram is 2,000 boxes, each with a multi-line label or a wrapped text box", () => {
    const records = roundTrip(diagramScene());
    const rects = records.filter((r) => r.type === "rect");
    const texts = records.filter((r) => r.type === "text");
    expect(rects).toHaveLength(HEAVY_SIZES.diagramBoxes);
    const labelled = rects.filter((r) => r.label !== null);
    expect(labelled.length + texts.length).toBe(HEAVY_SIZES.diagramBoxes);
    expect(labelled.every((r) => r.label!.content.includes("\n"))).toBe(true);
    expect(texts.every((t) => t.width !== null && t.content.includes("\n"))).toBe(true);
  });

  it("the image board is 200 images, each with PNG data of its own", async () => {
    const records = roundTrip(await imageBoardScene());
    const images = records.filter((r) => r.type === "image");
    const blobs = records.filter((r) => r.type === "blob");
    expect(images).toHaveLength(HEAVY_SIZES.boardImages);
    expect(new Set(images.map((i) => i.blob)).size).toBe(HEAVY_SIZES.boardImages);
    const signature = [137, 80, 78, 71, 13, 10, 26, 10];
    for (const blob of blobs) {
      expect(blob.mime).toBe("image/png");
      expect([...Buffer.from(blob.data, "base64").subarray(0, 8)]).toEqual(signature);
    }
  });

  it("builds the same document on every run", async () => {
    expect(serializeDocument(illustrationScene(50, 5).records)).toBe(
      serializeDocument(illustrationScene(50, 5).records),
    );
    expect(serializeDocument((await imageBoardScene(3)).records)).toBe(
      serializeDocument((await imageBoardScene(3)).records),
    );
  });
});

function fillAlpha(node: DocRecord): number {
  if (!("fill" in node) || node.fill.type === "none") return 1;
  if (node.fill.type === "solid") return node.fill.color.a;
  if (node.fill.type === "pattern") return node.fill.opacity;
  return Math.max(...node.fill.stops.map((s) => s.color.a));
}
