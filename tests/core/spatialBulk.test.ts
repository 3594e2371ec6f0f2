import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../../engine/core/index.ts";
import { loadCore } from "./loadCore.ts";

const sorted = (ids: number[]): number[] => [...ids].sort((a, b) => a - b);

const coordinate = fc.double({ min: -5000, max: 5000, noNaN: true });
/** Boxes of every size class: dots, shapes, and a few larger than the rest of the scene. */
const box = fc
  .tuple(
    coordinate,
    coordinate,
    fc.oneof(fc.constant(0), fc.double({ min: 0, max: 3000, noNaN: true })),
  )
  .chain(([x, y, w]) =>
    fc
      .double({ min: 0, max: Math.max(w, 1) * 2, noNaN: true })
      .map((h): [number, number, number, number] => [x, y, x + w, y + h]),
  );
const query = fc.oneof(
  fc.record({ kind: fc.constant("point" as const), x: coordinate, y: coordinate }),
  fc.record({ kind: fc.constant("rect" as const), box }),
  fc.record({
    kind: fc.constant("nearest" as const),
    x: coordinate,
    y: coordinate,
    k: fc.integer({ min: 1, max: 10 }),
  }),
);

function bulk(ids: number[], boxes: [number, number, number, number][]) {
  return { ids: Int32Array.from(ids), boxes: Float64Array.from(boxes.flat()) };
}

describe("SpatialIndex.insertMany", () => {
  let one: Core;
  let many: Core;
  beforeAll(async () => {
    one = await loadCore();
    many = await loadCore();
  });

  it("answers every query as inserting the boxes one by one does", () => {
    fc.assert(
      fc.property(
        fc.array(box, { maxLength: 300 }),
        fc.array(query, { minLength: 1, maxLength: 20 }),
        fc.nat({ max: 1000 }),
        (boxes, queries, firstId) => {
          one.index.clear();
          many.index.clear();
          // Ids need not be dense or in order.
          const ids = boxes.map((_, i) => firstId + ((i * 7919) % Math.max(1, boxes.length)));
          boxes.forEach((b, i) => one.index.insert(ids[i]!, ...b));
          const input = bulk(ids, boxes);
          many.index.insertMany(input.ids, input.boxes);
          expect(many.index.size).toBe(one.index.size);
          for (const q of queries) {
            if (q.kind === "point")
              expect(sorted(many.index.queryPoint(q.x, q.y))).toEqual(
                sorted(one.index.queryPoint(q.x, q.y)),
              );
            else if (q.kind === "rect")
              expect(sorted(many.index.queryRect(...q.box))).toEqual(
                sorted(one.index.queryRect(...q.box)),
              );
            else
              expect(many.index.nearest(q.x, q.y, q.k)).toEqual(one.index.nearest(q.x, q.y, q.k));
          }
          // Later edits work on bulk-loaded entries as on any others.
          if (ids.length > 0) {
            many.index.update(ids[0]!, 1e6, 1e6, 1e6 + 1, 1e6 + 1);
            expect(many.index.queryPoint(1e6, 1e6)).toEqual([ids[0]]);
            expect(many.index.remove(ids[0]!)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("loads more boxes than one bulk call takes", () => {
    many.index.clear();
    const n = 70_000;
    const ids = Array.from({ length: n }, (_, i) => i);
    const boxes = ids.map((i): [number, number, number, number] => {
      const x = (i % 300) * 10;
      const y = Math.floor(i / 300) * 10;
      return [x, y, x + 5, y + 5];
    });
    const input = bulk(ids, boxes);
    many.index.insertMany(input.ids, input.boxes);
    expect(many.index.size).toBe(n);
    expect(many.index.queryPoint(2992, 2322)).toEqual([232 * 300 + 299]);
    expect(sorted(many.index.queryRect(0, 0, 12, 2))).toEqual([0, 1]);
  });

  it("checks every id and box before adding any, and refuses ids already present", () => {
    many.index.clear();
    const good = bulk(
      [1, 2],
      [
        [0, 0, 1, 1],
        [2, 2, 3, 3],
      ],
    );
    expect(() => many.index.insertMany(good.ids, good.boxes.subarray(0, 4))).toThrow(RangeError);
    const badBox = bulk(
      [1, 2],
      [
        [0, 0, 1, 1],
        [3, 2, 2, 3],
      ],
    );
    expect(() => many.index.insertMany(badBox.ids, badBox.boxes)).toThrow(/invalid box/);
    const nan = bulk([1], [[0, Number.NaN, 1, 1]]);
    expect(() => many.index.insertMany(nan.ids, nan.boxes)).toThrow(RangeError);
    expect(() =>
      many.index.insertMany(Int32Array.from([-1]), Float64Array.from([0, 0, 1, 1])),
    ).toThrow(RangeError);
    expect(many.index.size).toBe(0);
    const repeated = bulk(
      [4, 5, 4],
      [
        [0, 0, 1, 1],
        [0, 0, 1, 1],
        [0, 0, 1, 1],
      ],
    );
    expect(() => many.index.insertMany(repeated.ids, repeated.boxes)).toThrow(
      /id 4 is already present/,
    );
    expect(sorted(many.index.queryPoint(0.5, 0.5))).toEqual([4, 5]);
  });
});
