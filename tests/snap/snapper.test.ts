import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addNodes } from "../../src/doc/commands";
import { makeNode } from "../../src/shapes/makeNode";
import type { GroupNode } from "../../src/doc/types";

import { snapAngle } from "../../src/geometry/angle";
import { formatDistance } from "../../src/snap/label";
import { ALL_ON, rectNode, snapFixture, type Rect } from "./support";
import type { Box } from "../../src/math/box";

const A: Rect = { id: "a", x: 0, y: 0, w: 100, h: 100 };

function box(x: number, y: number, w: number, h: number): Box {
  return { minX: x, minY: y, maxX: x + w, maxY: y + h };
}

describe("§3 snapping to other shapes", () => {
  it("snaps an edge onto another shape's edge (strokes left out) and draws the guide", async () => {
    const { snapper } = await snapFixture([A]);
    // The moving box sits below A, its left edge 4 px right of A's right edge.
    const result = snapper.snapBox(box(104, 300, 50, 50), new Set());
    expect(result.dx).toBeCloseTo(-4, 9);
    expect(result.dy).toBe(0);
    expect(result.guides).toContainEqual({ from: { x: 100, y: 0 }, to: { x: 100, y: 350 } });
  });

  it("snaps centres onto centres", async () => {
    const { snapper } = await snapFixture([A]);
    // Centre at 53: 3 from A's centre, 7 or more from every edge.
    const result = snapper.snapBox(box(43, 300, 20, 20), new Set());
    expect(result.dx).toBeCloseTo(-3, 9);
  });

  it("snaps a point onto the midpoint of an edge, on both axes", async () => {
    const { snapper } = await snapFixture([A]);
    const result = snapper.snapPoint({ x: 52, y: 103 }, new Set());
    expect(result.point.x).toBeCloseTo(50, 9);
    expect(result.point.y).toBeCloseTo(100, 9);
    expect(result.guides).toHaveLength(2);
  });

  it("snaps x and y independently", async () => {
    const { snapper } = await snapFixture([A, { id: "b", x: 500, y: 200, w: 40, h: 40 }]);
    // x lines up with A (column), y with b (row); each from a different shape.
    const result = snapper.snapBox(box(102, 203, 30, 40), new Set());
    expect(result.dx).toBeCloseTo(-2, 9);
    expect(result.dy).toBeCloseTo(-3, 9);
  });

  it("does not snap beyond the tolerance, and draws no guide then", async () => {
    const { snapper } = await snapFixture([A]);
    const result = snapper.snapBox(box(107, 300, 50, 50), new Set());
    expect(result).toEqual({ dx: 0, dy: 0, guides: [] });
  });

  it("keeps the tolerance in screen pixels: it shrinks in world units as the view zooms in", async () => {
    const fixture = await snapFixture([A]);
    const moving = box(105, 300, 50, 50);
    expect(fixture.snapper.snapBox(moving, new Set()).dx).toBeCloseTo(-5, 9);
    fixture.state.zoom = 2; // 6 px = 3 units
    expect(fixture.snapper.snapBox(moving, new Set()).dx).toBe(0);
    fixture.state.zoom = 0.5; // 6 px = 12 units
    expect(fixture.snapper.snapBox(box(110, 300, 50, 50), new Set()).dx).toBeCloseTo(-10, 9);
    expect(fixture.snapper.tolerance()).toBe(12);
  });

  it("finds the exact box of rotated shapes", async () => {
    const { store, snapper } = await snapFixture([]);
    const node = rectNode({ id: "r", x: 0, y: 0, w: 100, h: 100 });
    store.transact("add", (tx) =>
      addNodes(tx, "page", [{ ...node, transform: { ...node.transform, rotation: Math.PI / 4 } }]),
    );
    // Rotated about its top-left corner, the square reaches from −50√2 to 50√2 along x.
    const right = 50 * Math.SQRT2;
    const result = snapper.snapBox(box(right + 3, 400, 20, 20), new Set());
    expect(result.dx).toBeCloseTo(-3, 9);
  });

  it("skips what moves, what is inside it, and hidden shapes", async () => {
    const { store, snapper } = await snapFixture([A]);
    const group = makeNode<GroupNode>("group", "g", "page", "a0", {});
    store.transact("add", (tx) => {
      addNodes(tx, "page", [group]);
      addNodes(tx, "g", [rectNode({ id: "child", x: 300, y: 0, w: 50, h: 50 })]);
      addNodes(tx, "page", [
        { ...rectNode({ id: "ghost", x: 0, y: 600, w: 50, h: 50 }), hidden: true },
      ]);
    });
    // Right on the child's old place: no snap to itself once its group is ignored.
    expect(snapper.snapBox(box(302, 500, 50, 50), new Set(["g"])).dx).toBe(0);
    expect(snapper.snapBox(box(302, 500, 50, 50), new Set()).dx).toBeCloseTo(-2, 9);
    // The hidden shape's left edge is at 0, like A's: only A may be snapped to, and guides show only A.
    const result = snapper.snapBox(box(2, 800, 10, 10), new Set());
    expect(result.dx).toBeCloseTo(-2, 9);
    expect(result.guides).toContainEqual({ from: { x: 0, y: 0 }, to: { x: 0, y: 810 } });
  });

  it("in a crowded view, still snaps to what is near and stays bounded", async () => {
    // 3,000 small squares in a column above and below the box: far more than a strip may bring.
    const crowd: Rect[] = [];
    for (let i = 0; i < 3000; i++)
      crowd.push({ id: `c${i}`, x: -0.5, y: -900 + i * 0.6, w: 0.5, h: 0.5 });
    const { snapper } = await snapFixture([...crowd, { id: "near", x: 200, y: 956, w: 40, h: 40 }]);
    // Left edge 2 from the crowd's edge at 0: within reach whichever strip answers.
    const result = snapper.snapBox(box(2, 960, 20, 20), new Set());
    expect(result.dx).toBeCloseTo(-2, 9);
    // The row still finds its neighbour's top edge (956), 4 above the box's.
    expect(result.dy).toBeCloseTo(-4, 9);
  });

  it("leaves what it ignores out of a crowded strip's count: a hub's many connectors", async () => {
    // 2,000 ignored shapes across the box, as the connectors bound to a dragged hub all are.
    const bound: Rect[] = [];
    for (let i = 0; i < 2000; i++) bound.push({ id: `l${i}`, x: -500, y: 955, w: 1000, h: 30 });
    const { snapper } = await snapFixture([...bound, { id: "near", x: 200, y: 400, w: 40, h: 40 }]);
    const ignore = new Set(bound.map((r) => r.id));
    // Left edge 3 right of near's at 200: the column still finds it under all that is ignored.
    const result = snapper.snapBox(box(203, 960, 20, 20), ignore);
    expect(result.dx).toBeCloseTo(-3, 9);
  });

  it("refuses non-finite input instead of passing it to the index", async () => {
    const { snapper } = await snapFixture([A]);
    expect(snapper.snapBox(box(Number.NaN, 0, 10, 10), new Set())).toEqual({
      dx: 0,
      dy: 0,
      guides: [],
    });
    expect(snapper.snapPoint({ x: Infinity, y: 3 }, new Set()).point).toEqual({
      x: Infinity,
      y: 3,
    });
  });

  it("honours the objects toggle", async () => {
    const fixture = await snapFixture([A]);
    fixture.state.settings = { snap: { ...ALL_ON, objects: false }, gridSize: 10 };
    expect(fixture.snapper.snapBox(box(104, 300, 50, 50), new Set())).toEqual({
      dx: 0,
      dy: 0,
      guides: [],
    });
    expect(fixture.snapper.snapPoint({ x: 52, y: 103 }, new Set()).point).toEqual({
      x: 52,
      y: 103,
    });
  });
});

describe("§3 snapping to the grid", () => {
  it("puts an edge on the nearest grid line when the grid is on, and only then", async () => {
    const fixture = await snapFixture([]);
    const moving = box(13, 27, 20, 20);
    expect(fixture.snapper.snapBox(moving, new Set())).toEqual({ dx: 0, dy: 0, guides: [] });
    fixture.state.settings = { snap: { ...ALL_ON, grid: true }, gridSize: 10 };
    const result = fixture.snapper.snapBox(moving, new Set());
    expect(result.dx).toBeCloseTo(-3, 9);
    expect(result.dy).toBeCloseTo(3, 9);
    expect(fixture.snapper.snapPoint({ x: 48, y: -11 }, new Set()).point).toEqual({
      x: 50,
      y: -10,
    });
  });

  it("prefers the closer of a grid line and a shape", async () => {
    const fixture = await snapFixture([{ id: "a", x: 0, y: 0, w: 101, h: 100 }]);
    fixture.state.settings = { snap: { ...ALL_ON, grid: true }, gridSize: 10 };
    // Left edge at 102.5: the shape's edge (101) is 1.5 away, the grid line (100) 2.5.
    expect(fixture.snapper.snapBox(box(102.5, 300, 50, 50), new Set()).dx).toBeCloseTo(-1.5, 9);
    // At 98: the grid line (100) is 2 away, the shape's edge (101) 3.
    expect(fixture.snapper.snapBox(box(98, 300, 55, 50), new Set()).dx).toBeCloseTo(2, 9);
  });
});

describe("§3 snapping to equal spacing", () => {
  const row: Rect[] = [
    { id: "a", x: 0, y: 0, w: 100, h: 100 },
    { id: "b", x: 200, y: 0, w: 100, h: 100 },
  ];

  it("repeats a gap of the row after the last neighbour, with labelled guides", async () => {
    const { snapper } = await snapFixture(row);
    const result = snapper.snapBox(box(396, 10, 100, 80), new Set());
    expect(result.dx).toBeCloseTo(4, 9);
    const labelled = result.guides.filter((g) => g.label !== undefined);
    expect(labelled).toHaveLength(2);
    expect(labelled.every((g) => g.label === "100")).toBe(true);
    expect(labelled).toContainEqual({
      from: { x: 300, y: 50 },
      to: { x: 400, y: 50 },
      label: "100",
    });
    expect(labelled).toContainEqual({
      from: { x: 100, y: 50 },
      to: { x: 200, y: 50 },
      label: "100",
    });
  });

  it("repeats a gap before the first neighbour", async () => {
    const { snapper } = await snapFixture(row);
    // Right edge at −95: 100 before a's left edge would be −100.
    expect(snapper.snapBox(box(-145, 0, 50, 100), new Set()).dx).toBeCloseTo(-5, 9);
  });

  it("centres a box between two neighbours", async () => {
    const { snapper } = await snapFixture([
      { id: "a", x: 0, y: 0, w: 100, h: 100 },
      { id: "b", x: 300, y: 0, w: 100, h: 100 },
    ]);
    const result = snapper.snapBox(box(173, 400, 50, 50), new Set());
    // Below the row it is not between them: no spacing, nothing within reach to align with.
    expect(result.dx).toBe(0);
    const between = snapper.snapBox(box(173, 30, 50, 50), new Set());
    expect(between.dx).toBeCloseTo(2, 9);
    expect(between.guides.filter((g) => g.label === "75")).toHaveLength(2);
  });

  it("works down a column too", async () => {
    const { snapper } = await snapFixture([
      { id: "a", x: 0, y: 0, w: 100, h: 100 },
      { id: "b", x: 0, y: 130, w: 100, h: 100 },
    ]);
    const result = snapper.snapBox(box(20, 262, 30, 30), new Set());
    expect(result.dy).toBeCloseTo(-2, 9);
    expect(result.guides.filter((g) => g.label === "30")).toHaveLength(2);
  });

  it("honours the spacing toggle", async () => {
    const fixture = await snapFixture(row);
    fixture.state.settings = { snap: { ...ALL_ON, spacing: false }, gridSize: 10 };
    const result = fixture.snapper.snapBox(box(396, 10, 100, 80), new Set());
    expect(result.dx).toBe(0);
    expect(result.guides.some((g) => g.label !== undefined)).toBe(false);
  });
});

describe("§3 snapping properties", () => {
  const rect = fc.record({
    x: fc.integer({ min: -800, max: 800 }),
    y: fc.integer({ min: -800, max: 800 }),
    w: fc.integer({ min: 1, max: 200 }),
    h: fc.integer({ min: 1, max: 200 }),
  });

  it("never moves further than the tolerance, and every alignment snap has a guide on its line", async () => {
    const fixture = await snapFixture([]);
    const { store, snapper, state } = fixture;
    let counter = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(rect, { maxLength: 12 }),
        rect,
        fc.constantFrom(0.5, 1, 4),
        fc.boolean(),
        async (targets, moving, zoom, spacing) => {
          const ids = targets.map(() => `t${counter++}`);
          store.transact("add", (tx) =>
            addNodes(
              tx,
              "page",
              targets.map((t, i) => rectNode({ id: ids[i]!, ...t })),
            ),
          );
          state.zoom = zoom;
          state.settings = { snap: { ...ALL_ON, spacing }, gridSize: 10 };
          const movingBox = box(moving.x + 0.5, moving.y + 0.25, moving.w, moving.h);
          const result = snapper.snapBox(movingBox, new Set());
          const tolerance = 6 / zoom;
          expect(Math.abs(result.dx)).toBeLessThanOrEqual(tolerance + 1e-9);
          expect(Math.abs(result.dy)).toBeLessThanOrEqual(tolerance + 1e-9);
          if (!spacing && result.dx !== 0) {
            // Only alignment was on: some vertical guide passes through a snapped edge or centre.
            const xs = [movingBox.minX, (movingBox.minX + movingBox.maxX) / 2, movingBox.maxX].map(
              (v) => v + result.dx,
            );
            const vertical = result.guides.filter((g) => g.from.x === g.to.x);
            expect(vertical.some((g) => xs.some((x) => Math.abs(g.from.x - x) < 1e-6))).toBe(true);
          }
          store.transact("clear", (tx) => ids.forEach((id) => tx.remove(id)));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("§3 angle snapping and labels", () => {
  it("rounds angles to the step", () => {
    expect(snapAngle((16 * Math.PI) / 180)).toBeCloseTo((15 * Math.PI) / 180, 12);
    expect(snapAngle((-8 * Math.PI) / 180)).toBeCloseTo((-15 * Math.PI) / 180, 12);
    expect(snapAngle((30 * Math.PI) / 180, 45)).toBeCloseTo((45 * Math.PI) / 180, 12);
    expect(snapAngle(1, 0)).toBe(1);
    expect(snapAngle(Number.NaN)).toBeNaN();
  });

  it("labels distances with at most two decimals", () => {
    expect(formatDistance(100)).toBe("100");
    expect(formatDistance(12.3456)).toBe("12.35");
    expect(formatDistance(-0.001)).toBe("0");
  });
});
