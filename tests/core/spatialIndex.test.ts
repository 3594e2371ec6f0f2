import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Core } from "../../engine/core/index.ts";
import { loadCore } from "./loadCore.ts";
import { ReferenceIndex, boxDistance } from "./reference.ts";

/** CORE_FC_SCALE=10 multiplies the number of generated cases for a deeper local run. */
const runs = (n: number): number => Math.ceil(n * Number(process.env["CORE_FC_SCALE"] ?? 1));

const sorted = (ids: number[]): number[] => [...ids].sort((a, b) => a - b);

describe("SpatialIndex basics", () => {
  let core: Core;
  beforeAll(async () => {
    core = await loadCore();
  });

  it("inserts, queries, updates and removes", () => {
    const index = core.index;
    index.clear();
    index.insert(1, 0, 0, 10, 10);
    index.insert(2, 5, 5, 20, 20);
    index.insert(7, 100, 100, 101, 101);
    expect(index.size).toBe(3);
    expect(index.has(2)).toBe(true);
    expect(index.has(3)).toBe(false);
    expect(sorted(index.queryPoint(6, 6))).toEqual([1, 2]);
    expect(sorted(index.queryPoint(10, 10))).toEqual([1, 2]);
    expect(index.queryPoint(50, 50)).toEqual([]);
    expect(sorted(index.queryRect(-5, -5, 100, 100))).toEqual([1, 2, 7]);
    index.update(1, 1000, 1000, 1010, 1010);
    expect(sorted(index.queryPoint(6, 6))).toEqual([2]);
    expect(index.queryPoint(1005, 1005)).toEqual([1]);
    expect(index.remove(2)).toBe(true);
    expect(index.remove(2)).toBe(false);
    expect(index.size).toBe(2);
    expect(index.queryPoint(6, 6)).toEqual([]);
  });

  it("rejects duplicate inserts, missing updates and invalid input", () => {
    const index = core.index;
    index.clear();
    index.insert(3, 0, 0, 1, 1);
    expect(() => index.insert(3, 0, 0, 1, 1)).toThrow(/already present/);
    expect(() => index.update(4, 0, 0, 1, 1)).toThrow(/not present/);
    expect(() => index.insert(-1, 0, 0, 1, 1)).toThrow(RangeError);
    expect(() => index.insert(1.5, 0, 0, 1, 1)).toThrow(RangeError);
    expect(() => index.insert(5, 0, 0, Number.NaN, 1)).toThrow(RangeError);
    expect(() => index.insert(5, 2, 0, 1, 1)).toThrow(RangeError);
    expect(index.has(-3)).toBe(false);
    expect(index.remove(2 ** 40)).toBe(false);
  });

  it("reuses the output array", () => {
    const index = core.index;
    index.clear();
    index.insert(0, 0, 0, 1, 1);
    const out = [9, 9, 9, 9];
    expect(index.queryPoint(0.5, 0.5, out)).toBe(out);
    expect(out).toEqual([0]);
  });

  it("handles boxes that are infinite or beyond the grid", () => {
    const index = core.index;
    index.clear();
    index.insert(1, -Infinity, -Infinity, Infinity, Infinity);
    index.insert(2, 1e300, 1e300, 1e300, 1e300);
    index.insert(3, -1e308, 0, 1e308, 1);
    index.insert(4, 1e15, 1e15, 1e15 + 1, 1e15 + 1);
    expect(sorted(index.queryPoint(0, 0))).toEqual([1, 3]);
    expect(sorted(index.queryPoint(1e300, 1e300))).toEqual([1, 2]);
    expect(sorted(index.queryPoint(1e15 + 0.5, 1e15))).toEqual([1, 4]);
    expect(sorted(index.queryRect(-Infinity, -Infinity, Infinity, Infinity))).toEqual([1, 2, 3, 4]);
    expect(index.nearest(1e15, 1e15, 2)).toEqual([1, 4]);
  });

  it("returns nearest boxes by distance, then id, within maxDistance", () => {
    const index = core.index;
    index.clear();
    index.insert(5, 10, 0, 11, 1);
    index.insert(4, -11, 0, -10, 1);
    index.insert(9, 0, 30, 1, 31);
    index.insert(2, -1, -1, 1, 1);
    expect(index.nearest(0, 0, 1)).toEqual([2]);
    expect(index.nearest(0, 0, 3)).toEqual([2, 4, 5]);
    expect(index.nearest(0, 0, 10)).toEqual([2, 4, 5, 9]);
    expect(index.nearest(0, 0, 10, 10)).toEqual([2, 4, 5]);
    expect(index.nearest(0, 0, 10, 9.5)).toEqual([2]);
    expect(index.nearest(0, 0, 0)).toEqual([]);
    expect(index.nearest(1e7, -1e7, 1)).toEqual([5]);
  });

  it("reclaims cells emptied by moves", () => {
    const index = core.index;
    index.clear();
    index.insert(0, 0, 0, 10, 10);
    index.insert(1, 5, 5, 6, 6);
    const before = core.exports.memory.buffer.byteLength;
    // Every step lands in a new cell and leaves the previous one empty.
    for (let i = 1; i <= 300_000; i++) index.update(0, i * 50, 0, i * 50 + 10, 10);
    expect(core.exports.memory.buffer.byteLength - before).toBeLessThan(4 * 1024 * 1024);
    expect(index.queryPoint(300_000 * 50 + 5, 5)).toEqual([0]);
    expect(index.queryPoint(5.5, 5.5)).toEqual([1]);
    expect(index.nearest(0, 0, 2)).toEqual([1, 0]);
  });

  it("inserts into reserved capacity", () => {
    const index = core.index;
    index.clear();
    index.reserve(50_000);
    const before = core.exports.memory.buffer.byteLength;
    for (let i = 0; i < 50_000; i++) index.insert(i, i, 0, i + 0.5, 1);
    expect(core.exports.memory.buffer.byteLength).toBe(before);
    expect(sorted(index.queryRect(9.75, 0, 12, 0))).toEqual([10, 11, 12]);
    expect(() => index.reserve(-1)).toThrow(RangeError);
  });

  it("keeps results correct across memory growth", () => {
    const index = core.index;
    const reference = new ReferenceIndex();
    index.clear();
    const before = index.queryPoint(0, 0);
    expect(before).toEqual([]);
    for (let i = 0; i < 60_000; i++) {
      const x = (i % 300) * 100;
      const y = Math.floor(i / 300) * 100;
      const s = 10 + ((i * 37) % 190);
      index.insert(i, x, y, x + s, y + s);
      reference.insert(i, x, y, x + s, y + s);
    }
    for (const [x, y] of [
      [50, 50],
      [12345, 6789],
      [29990, 19950],
    ] as const) {
      expect(sorted(index.queryPoint(x, y))).toEqual(reference.queryPoint(x, y));
      expect(sorted(index.queryRect(x, y, x + 1280, y + 800))).toEqual(
        reference.queryRect(x, y, x + 1280, y + 800),
      );
      expect(index.nearest(x, y, 8)).toEqual(reference.nearest(x, y, 8));
    }
    for (let i = 0; i < 60_000; i += 3) {
      index.update(i, -i, -i, -i + 5, -i + 5);
      reference.update(i, -i, -i, -i + 5, -i + 5);
    }
    for (let i = 1; i < 60_000; i += 3) {
      index.remove(i);
      reference.remove(i);
    }
    expect(index.size).toBe(reference.size);
    expect(sorted(index.queryRect(-30000, -30000, 5000, 5000))).toEqual(
      reference.queryRect(-30000, -30000, 5000, 5000),
    );
    expect(index.nearest(-100.5, -100, 5)).toEqual(reference.nearest(-100.5, -100, 5));
    index.clear();
    expect(index.size).toBe(0);
    expect(index.queryRect(-Infinity, -Infinity, Infinity, Infinity)).toEqual([]);
  });
});

// ---- Property-based comparison with the brute-force reference ----

type Op =
  | { kind: "insert" | "update"; id: number; box: [number, number, number, number] }
  | { kind: "remove"; id: number }
  | { kind: "point"; x: number; y: number }
  | { kind: "rect"; box: [number, number, number, number] }
  | { kind: "nearest"; x: number; y: number; k: number; maxDistance: number }
  | { kind: "clear" };

const origin = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -60, max: 60 }) },
  { weight: 3, arbitrary: fc.double({ min: -1000, max: 1000, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(-1e7, 1e7, -1e7 + 0.5, 1e7 - 3) },
  { weight: 1, arbitrary: fc.double({ min: -2e7, max: 2e7, noNaN: true }) },
);

const extent = fc.oneof(
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 1e-6, noNaN: true }) },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 40 }) },
  { weight: 3, arbitrary: fc.double({ min: 0, max: 300, noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ min: 1e4, max: 1e9, noNaN: true }) },
);

const box = fc
  .tuple(origin, origin, extent, extent)
  .map(([x, y, w, h]): [number, number, number, number] => [x, y, x + w, y + h]);

const id = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 40 }) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 5000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 100_000, max: 300_000 }) },
);

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("insert" as const), id, box }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("update" as const), id, box }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("remove" as const), id }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("point" as const), x: origin, y: origin }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("rect" as const), box }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("nearest" as const),
      x: origin,
      y: origin,
      k: fc.integer({ min: 0, max: 12 }),
      maxDistance: fc.oneof(
        fc.constant(Infinity),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.constant(0),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "clear" as const }) },
);

function outcome(run: () => void): string {
  try {
    run();
    return "ok";
  } catch (err) {
    return err instanceof Error ? err.message.replace(/^spatial index: /, "") : String(err);
  }
}

function runOps(core: Core, ops: readonly Op[]): void {
  const index = core.index;
  const reference = new ReferenceIndex();
  index.clear();
  for (const o of ops) {
    switch (o.kind) {
      case "insert":
      case "update": {
        const got = outcome(() => index[o.kind](o.id, ...o.box));
        const want = outcome(() => reference[o.kind](o.id, ...o.box));
        expect(got).toBe(want);
        break;
      }
      case "remove":
        expect(index.remove(o.id)).toBe(reference.remove(o.id));
        break;
      case "point":
        expect(sorted(index.queryPoint(o.x, o.y))).toEqual(reference.queryPoint(o.x, o.y));
        break;
      case "rect":
        expect(sorted(index.queryRect(...o.box))).toEqual(reference.queryRect(...o.box));
        break;
      case "nearest": {
        const got = index.nearest(o.x, o.y, o.k, o.maxDistance);
        const want = reference.nearest(o.x, o.y, o.k, o.maxDistance);
        // Report distances on mismatch, which makes failures readable.
        if (got.join() !== want.join()) {
          const d = (ids: number[]): string =>
            ids.map((i) => `${i}:${boxDistance(reference.boxes.get(i)!, o.x, o.y)}`).join(" ");
          expect(d(got)).toBe(d(want));
        }
        break;
      }
      case "clear":
        index.clear();
        reference.clear();
        break;
    }
    expect(index.size).toBe(reference.size);
  }
  for (const key of reference.boxes.keys()) expect(index.has(key)).toBe(true);
}

describe("SpatialIndex matches the reference", () => {
  let core: Core;
  beforeAll(async () => {
    core = await loadCore();
  });

  it("on random operation sequences", () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 120 }), (ops) => runOps(core, ops)),
      { numRuns: runs(800) },
    );
  });

  it("on long sequences with many ids", () => {
    const manyOps = fc.array(op, { minLength: 500, maxLength: 1500 });
    fc.assert(
      fc.property(manyOps, (ops) => runOps(core, ops)),
      { numRuns: runs(40) },
    );
  });

  it("on dense drags that cross cells and levels", () => {
    const drag = fc.record({
      id: fc.integer({ min: 0, max: 30 }),
      dx: fc.double({ min: -300, max: 300, noNaN: true }),
      dy: fc.double({ min: -300, max: 300, noNaN: true }),
      grow: fc.double({ min: 0.25, max: 4, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(drag, { minLength: 1, maxLength: 300 }), (drags) => {
        const index = core.index;
        const reference = new ReferenceIndex();
        index.clear();
        for (let i = 0; i <= 30; i++) {
          const b: [number, number, number, number] = [i * 20, i * 7, i * 20 + 5 + i, i * 7 + 9];
          index.insert(i, ...b);
          reference.insert(i, ...b);
        }
        for (const d of drags) {
          const b = reference.boxes.get(d.id)!;
          const w = Math.min((b.maxX - b.minX) * d.grow, 1e6);
          const h = Math.min((b.maxY - b.minY) * d.grow, 1e6);
          const next: [number, number, number, number] = [
            b.minX + d.dx,
            b.minY + d.dy,
            b.minX + d.dx + w,
            b.minY + d.dy + h,
          ];
          index.update(d.id, ...next);
          reference.update(d.id, ...next);
          const qx = b.minX;
          const qy = b.minY;
          expect(sorted(index.queryPoint(qx, qy))).toEqual(reference.queryPoint(qx, qy));
        }
        expect(sorted(index.queryRect(-1e4, -1e4, 1e4, 1e4))).toEqual(
          reference.queryRect(-1e4, -1e4, 1e4, 1e4),
        );
        expect(index.nearest(100, 100, 6)).toEqual(reference.nearest(100, 100, 6));
      }),
      { numRuns: runs(150) },
    );
  });
});
