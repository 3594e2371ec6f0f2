import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ShapeRanges } from "../../src/render/shapeRanges";

/** A batch's index list where every index of shape k is k, so what was kept can be read back. */
function batchOf(sizes: readonly number[]): { full: Uint32Array; ranges: ShapeRanges } {
  const full = new Uint32Array(sizes.reduce((a, b) => a + b, 0));
  const ranges = new ShapeRanges();
  let end = 0;
  sizes.forEach((size, k) => {
    full.fill(k, end, end + size);
    end += size;
    ranges.add(`s${k}`, end);
  });
  return { full, ranges };
}

describe("cutting a batch's index list to the shapes in view", () => {
  it("keeps exactly the kept shapes' indices, whole and in drawing order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ size: fc.integer({ min: 3, max: 40 }), kept: fc.boolean() }), {
          maxLength: 60,
        }),
        (shapes) => {
          const { full, ranges } = batchOf(shapes.map((s) => s.size));
          const out = new Uint32Array(full.length).fill(999);
          const kept = new Set(shapes.flatMap((s, k) => (s.kept ? [`s${k}`] : [])));
          const count = ranges.compact(full, out, (id) => kept.has(id));
          const expected = shapes.flatMap((s, k) => (s.kept ? Array<number>(s.size).fill(k) : []));
          expect([...out.subarray(0, count)]).toEqual(expected);
          expect(full).toEqual(batchOf(shapes.map((s) => s.size)).full);
        },
      ),
    );
  });

  it("keeping everything gives the list back as it was", () => {
    const { full, ranges } = batchOf([6, 6, 30, 6]);
    const out = new Uint32Array(full.length);
    expect(ranges.compact(full, out, () => true)).toBe(full.length);
    expect(out).toEqual(full);
    expect(ranges.size).toBe(4);
  });
});
