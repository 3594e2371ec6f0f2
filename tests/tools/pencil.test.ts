import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeNode } from "../../src/shapes/makeNode";
import type { FreehandNode } from "../../src/doc/types";
import { flattenSubpaths } from "../../src/geometry/bezier";
import { DEFAULT_FREEHAND_SETTINGS } from "../../src/geometry/freehand";
import { FREEHAND_FIT_TOLERANCE, freehandToPath } from "../../src/geometry/freehandFit";
import { createToolHarness, documentState, type ToolHarness } from "../support/toolHarness";
import type { Point } from "../../src/math/point";

function onlyStroke(h: ToolHarness): FreehandNode {
  const nodes = h.nodes();
  expect(nodes).toHaveLength(1);
  expect(nodes[0]!.type).toBe("freehand");
  return nodes[0] as FreehandNode;
}

async function pencil(): Promise<ToolHarness> {
  const h = await createToolHarness();
  h.setTool("pencil");
  return h;
}

describe("pencil tool", () => {
  it("keeps every coalesced sample, relative to the first point", async () => {
    const h = await pencil();
    h.down(100, 50);
    for (let i = 1; i <= 200; i++) h.move(100 + i, 50 + Math.sin(i / 10) * 20);
    h.up(300, 60);
    h.tick();
    const stroke = onlyStroke(h);
    expect(stroke.points.length).toBe((1 + 200 + 1) * 3);
    expect(stroke.transform.x).toBe(100);
    expect(stroke.transform.y).toBe(50);
    expect(stroke.points.slice(0, 3)).toEqual([0, 0, 0.5]);
    expect(stroke.points[200 * 3]).toBe(200);
    expect(stroke.points[200 * 3 + 1]).toBeCloseTo(Math.sin(20) * 20, 9);
    expect(stroke.points.slice(-3, -1)).toEqual([200, 10]);
    expect(h.history.depth.undo).toBe(1);
    expect(h.tool.id).toBe("select");
  });

  it("samples spread over many ticks are all kept, still one undo step", async () => {
    const h = await pencil();
    h.down(0, 0);
    h.tick();
    for (let t = 0; t < 10; t++) {
      for (let i = 0; i < 7; i++) h.move(t * 10 + i, i);
      h.tick();
      expect(onlyStroke(h).points.length).toBe((1 + (t + 1) * 7) * 3);
    }
    h.up(100, 0);
    h.tick();
    expect(onlyStroke(h).points.length).toBe((1 + 70 + 1) * 3);
    expect(h.history.depth.undo).toBe(1);
    h.history.undo();
    expect(h.nodes()).toHaveLength(0);
  });

  it("stores a stylus's pressure and does not simulate it", async () => {
    const h = await pencil();
    h.down(0, 0, { kind: "pen", pressure: 0.2 });
    h.move(10, 0, { kind: "pen", pressure: 0.6 });
    h.up(20, 0, { kind: "pen", pressure: 0.9 });
    h.tick();
    const stroke = onlyStroke(h);
    expect([stroke.points[2], stroke.points[5], stroke.points[8]]).toEqual([0.2, 0.6, 0.9]);
    expect(stroke.settings.simulatePressure).toBe(false);
  });

  it("simulates pressure for a mouse when the settings ask for it, and takes their smoothing", async () => {
    const h = await pencil();
    h.settings.update({
      freehand: { ...DEFAULT_FREEHAND_SETTINGS, smoothing: 0.9, streamline: 0.1, fixedWidth: true },
    });
    h.drag({ x: 0, y: 0 }, { x: 50, y: 50 });
    const stroke = onlyStroke(h);
    expect(stroke.settings).toEqual({
      ...DEFAULT_FREEHAND_SETTINGS,
      smoothing: 0.9,
      streamline: 0.1,
      fixedWidth: true,
      simulatePressure: true,
    });
  });

  it("Esc mid-stroke leaves document and history exactly as before", async () => {
    const h = await pencil();
    h.drag({ x: 0, y: 0 }, { x: 10, y: 10 });
    h.setTool("pencil");
    const before = documentState(h);
    h.down(100, 100);
    h.move(150, 120);
    h.tick();
    expect(h.nodes()).toHaveLength(2);
    h.key("Escape");
    expect(h.tool.state).toBe("idle");
    expect(documentState(h)).toEqual(before);
    // The release after the cancel does not start or end anything.
    h.up(160, 130);
    h.tick();
    expect(documentState(h)).toEqual(before);
  });

  it("a right-click mid-stroke cancels", async () => {
    const h = await pencil();
    const before = documentState(h);
    h.down(0, 0);
    h.move(20, 20);
    h.tick();
    h.move(25, 25, { buttons: 3 });
    h.tick();
    expect(documentState(h)).toEqual(before);
  });

  it("keep-tool stays on the pencil", async () => {
    const h = await pencil();
    h.settings.update({ keepTool: true });
    h.drag({ x: 0, y: 0 }, { x: 50, y: 0 });
    h.drag({ x: 0, y: 20 }, { x: 50, y: 20 });
    expect(h.tool.id).toBe("pencil");
    expect(h.nodes()).toHaveLength(2);
    expect(h.history.depth.undo).toBe(2);
  });
});

function stroke(points: readonly Point[]): FreehandNode {
  return makeNode<FreehandNode>("freehand", "f", "page", "a0", {
    fill: { type: "none" },
    stroke: {
      paint: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
      width: 2,
      dash: [],
      dashOffset: 0,
      cap: "butt",
      join: "miter",
      miterLimit: 4,
    },
    points: points.flatMap((p) => [p.x, p.y, 0.5]),
    settings: DEFAULT_FREEHAND_SETTINGS,
  });
}

/** Greatest distance from the points to the path, flattened finely. */
function worstDistance(points: readonly Point[], node: FreehandNode): number {
  const path = freehandToPath(node);
  const flat = flattenSubpaths(path.subpaths, 0.01)[0]!.points;
  let worst = 0;
  for (const p of points) {
    let best = Infinity;
    for (let i = 0; i + 3 < flat.length; i += 2) {
      const ax = flat[i]!;
      const ay = flat[i + 1]!;
      const bx = flat[i + 2]!;
      const by = flat[i + 3]!;
      const dx = bx - ax;
      const dy = by - ay;
      const len = dx * dx + dy * dy;
      const t = len > 0 ? Math.max(0, Math.min(1, ((p.x - ax) * dx + (p.y - ay) * dy) / len)) : 0;
      best = Math.min(best, Math.hypot(p.x - ax - t * dx, p.y - ay - t * dy));
    }
    worst = Math.max(worst, best);
  }
  return worst;
}

describe("freehandToPath", () => {
  it("fits a smooth stroke with few cubics within the stated tolerance", () => {
    const points = Array.from({ length: 400 }, (_, i) => ({
      x: i,
      y: Math.sin(i / 30) * 40,
    }));
    const node = stroke(points);
    const path = freehandToPath(node);
    const segments = path.subpaths[0]!.segments;
    expect(segments.length).toBeLessThan(20);
    expect(path.subpaths[0]!.start).toEqual(points[0]);
    expect(segments.at(-1)!.to).toEqual(points.at(-1));
    expect(worstDistance(points, node)).toBeLessThanOrEqual(FREEHAND_FIT_TOLERANCE + 0.02);
    // Drawn as the stroke is: its width from the stroke size, round ends, no fill.
    expect(path.stroke.width).toBe(DEFAULT_FREEHAND_SETTINGS.size);
    expect(path.stroke.cap).toBe("round");
    expect(path.fill).toEqual({ type: "none" });
    expect(path.id).toBe(node.id);
    expect(path.transform).toEqual(node.transform);
  });

  it("stays within tolerance of any scribble", () => {
    const step = fc.record({
      dx: fc.double({ min: -20, max: 20, noNaN: true }),
      dy: fc.double({ min: -20, max: 20, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        const points: Point[] = [{ x: 0, y: 0 }];
        for (const s of steps) {
          const last = points[points.length - 1]!;
          points.push({ x: last.x + s.dx, y: last.y + s.dy });
        }
        expect(worstDistance(points, stroke(points))).toBeLessThanOrEqual(
          FREEHAND_FIT_TOLERANCE + 0.02,
        );
      }),
      { numRuns: 60 },
    );
  });

  it("turns a single dot into a zero-length segment", () => {
    const path = freehandToPath(stroke([{ x: 3, y: 4 }]));
    expect(path.subpaths[0]).toEqual({
      start: { x: 3, y: 4 },
      segments: [{ type: "line", to: { x: 3, y: 4 } }],
      closed: false,
    });
  });
});
