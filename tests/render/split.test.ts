import { describe, expect, it } from "vitest";
import type { Matrix } from "../../src/doc/transform";
import type { RGBA } from "../../src/doc/types";
import { anyMeet, splitBatch } from "../../src/render/batch/split";
import { BatchWriter, NO_COLOR, SHAPE_BOX, WORDS_PER_VERTEX } from "../../src/render/batch/writer";
import { ShapeRanges } from "../../src/render/shapeRanges";

const INK: RGBA = { r: 0, g: 0, b: 0, a: 1 };
const at = (x: number, y: number): Matrix => ({ a: 1, b: 0, c: 0, d: 1, e: x, f: y });

/** A filled triangle, an unfilled box and a stroke-like edge triangle at `x`, `y`, one shape. */
function shape(writer: BatchWriter, ranges: ShapeRanges, id: string, x: number, y: number): void {
  writer.triangles(at(x, y), [0, 0, 20, 0, 0, 20], [0, 1, 2], INK, 1);
  writer.box(at(x, y), {
    kind: SHAPE_BOX,
    width: 20,
    height: 20,
    radius: 0,
    strokeWidth: 2,
    fill: NO_COLOR,
    stroke: INK,
    opacity: 1,
  });
  ranges.add(id, writer.indexCount);
}

function kindsOf(writer: BatchWriter, indices: Uint32Array): Set<number> {
  return new Set([...indices].map((i) => writer.vertices[i * WORDS_PER_VERTEX + 6]!));
}

describe("splitting a batch by program", () => {
  it("finds boxes that meet, edges and corners included", () => {
    expect(anyMeet([0, 0, 10, 10, 20, 0, 30, 10, 0, 20, 10, 30])).toBe(false);
    expect(anyMeet([0, 0, 10, 10, 10, 10, 20, 20])).toBe(true);
    expect(anyMeet([0, 0, 10, 10, 5, -50, 6, 50])).toBe(true);
    expect(anyMeet([0, 0, 1, 100, 0, 101, 1, 200, 0, 150, 1, 160])).toBe(true);
  });

  it("splits shapes that do not meet into insides then boxes, each keeping its shapes' order", () => {
    const writer = new BatchWriter();
    const ranges = new ShapeRanges();
    for (let i = 0; i < 5; i += 1) shape(writer, ranges, `s${i}`, i * 100, 0);
    const parts = splitBatch(writer, ranges);
    expect(parts.map((part) => part.program)).toEqual(["flat", "box"]);
    expect([...kindsOf(writer, parts[0]!.indices)]).toEqual([0]);
    expect([...kindsOf(writer, parts[1]!.indices)]).toEqual([SHAPE_BOX]);
    // Every triangle once, each shape's in its part's ranges, in order.
    expect(parts[0]!.indices.length + parts[1]!.indices.length).toBe(writer.indexCount);
    for (const part of parts) {
      const seen: string[] = [];
      part.ranges.forEach((id, start, end) => {
        seen.push(id);
        expect(end).toBeGreaterThan(start);
      });
      expect(seen).toEqual(["s0", "s1", "s2", "s3", "s4"]);
    }
  });

  it("keeps shapes that overlap in one part, in their order", () => {
    const writer = new BatchWriter();
    const ranges = new ShapeRanges();
    shape(writer, ranges, "a", 0, 0);
    shape(writer, ranges, "b", 10, 10);
    const parts = splitBatch(writer, ranges);
    expect(parts.map((part) => part.program)).toEqual(["all"]);
    expect([...parts[0]!.indices]).toEqual([...writer.indices]);
    expect(parts[0]!.ranges).toBe(ranges);
  });

  it("gives a batch of one kind its program, overlapping or not", () => {
    const writer = new BatchWriter();
    const ranges = new ShapeRanges();
    for (const id of ["a", "b"]) {
      writer.triangles(at(0, 0), [0, 0, 20, 0, 0, 20], [0, 1, 2], INK, 1);
      ranges.add(id, writer.indexCount);
    }
    const parts = splitBatch(writer, ranges);
    expect(parts.map((part) => part.program)).toEqual(["flat"]);
    expect([...parts[0]!.indices]).toEqual([...writer.indices]);
  });
});
