import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_STROKE, NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { FreehandNode, LineNode, PathNode, Stroke, Subpath } from "../../src/doc/types";
import { flattenSubpaths, signedAreaOfSubpaths } from "../../src/geometry/bezier";
import { DEFAULT_FREEHAND_SETTINGS } from "../../src/geometry/freehand";
import { outlineStroke } from "../../src/shapes/outlineStroke";
import { distanceToOutline, insideFill } from "../../src/geometry/polylines";
import { ellipse, path, rect, stroke } from "./helpers";

function line(length: number, s: Stroke): LineNode {
  return makeNode<LineNode>("line", "l", "page", "a0", {
    start: { x: 0, y: 0 },
    end: { x: length, y: 0 },
    startHead: "none",
    endHead: "arrow",
    fill: { type: "none" },
    stroke: s,
  });
}

function outlined(node: Parameters<typeof outlineStroke>[0], tolerance = 0.01): PathNode {
  const result = outlineStroke(node, { tolerance });
  expect(result.reason).toBeNull();
  return result.node!;
}

const area = (node: PathNode) => Math.abs(signedAreaOfSubpaths(node.subpaths, 1e-6));

function maxY(subpaths: readonly Subpath[]): number {
  return Math.max(
    ...flattenSubpaths(subpaths, 1e-6).flatMap((f) => f.points.filter((_, i) => i % 2 === 1)),
  );
}

describe("outline stroke: known areas", () => {
  it("caps of a straight line: butt, square, round", () => {
    expect(area(outlined(line(100, stroke(10, { cap: "butt" }))))).toBeCloseTo(1000, 6);
    expect(area(outlined(line(100, stroke(10, { cap: "square" }))))).toBeCloseTo(1100, 6);
    // Round caps are polygons within the tolerance (0.01) of the half circles.
    expect(area(outlined(line(100, stroke(10, { cap: "round" }))))).toBeCloseTo(
      1000 + Math.PI * 25,
      0,
    );
  });

  it("joins of a rectangle: miter, bevel, round", () => {
    const box = (join: Stroke["join"]) => rect(100, 60, { stroke: stroke(10, { join }) });
    const miter = outlined(box("miter"));
    expect(area(miter)).toBeCloseTo(110 * 70 - 90 * 50, 6);
    // A ring: the outside and a hole.
    expect(miter.subpaths).toHaveLength(2);
    expect(area(outlined(box("bevel")))).toBeCloseTo(3200 - 4 * 12.5, 6);
    expect(area(outlined(box("round")))).toBeCloseTo(3200 - 4 * (25 - Math.PI * 6.25), 0);
  });

  it("the miter limit turns a sharp miter into a bevel", () => {
    const v: Subpath = {
      start: { x: 0, y: 0 },
      segments: [
        { type: "line", to: { x: 50, y: 100 } },
        { type: "line", to: { x: 100, y: 0 } },
      ],
      closed: false,
    };
    // The angle at the tip is 2·atan(1/2): the miter is 1/sin(atan(1/2)) = √5 widths long.
    const long = outlined(
      path([v], { stroke: stroke(10, { join: "miter", cap: "butt", miterLimit: 3 }) }),
    );
    expect(maxY(long.subpaths)).toBeCloseTo(100 + 5 * Math.sqrt(5), 6);
    const cut = outlined(
      path([v], { stroke: stroke(10, { join: "miter", cap: "butt", miterLimit: 2 }) }),
    );
    expect(maxY(cut.subpaths)).toBeCloseTo(100 + 5 / Math.sqrt(5), 6);
  });

  it("a circle stroked wider than it is round becomes a disc, with no hole", () => {
    const small = outlined(ellipse(6, 6, { type: "none" }, stroke(10, { join: "round" })));
    expect(small.subpaths).toHaveLength(1);
    expect(area(small)).toBeCloseTo(Math.PI * 64, 0);
    const ring = outlined(ellipse(100, 100, { type: "none" }, stroke(10)));
    expect(ring.subpaths).toHaveLength(2);
    expect(area(ring) / (Math.PI * (55 * 55 - 45 * 45))).toBeCloseTo(1, 3);
  });

  it("dashes are cut first, each with its caps", () => {
    const dashed = outlined(line(100, stroke(2, { cap: "butt", dash: [10, 10] })));
    expect(dashed.subpaths).toHaveLength(5);
    expect(area(dashed)).toBeCloseTo(100, 6);
    const shifted = outlined(line(100, stroke(2, { cap: "butt", dash: [10, 10], dashOffset: 5 })));
    expect(shifted.subpaths).toHaveLength(6);
    expect(area(shifted)).toBeCloseTo(100, 6);
  });
});

describe("outline stroke: the result", () => {
  it("fills with the stroke's paint, has no stroke, and keeps the node's place", () => {
    const node = { ...rect(10, 10, { stroke: stroke(2) }), name: "Box", opacity: 0.3 };
    const result = outlined(node);
    expect(result).toMatchObject({
      id: node.id,
      name: "Box",
      opacity: 0.3,
      fill: DEFAULT_STROKE.paint,
      fillRule: "nonzero",
    });
    expect(result.stroke.paint).toBeNull();
  });

  it("refuses a dash pattern too fine for its length, with a reason", () => {
    const result = outlineStroke(line(1_000_000, stroke(1, { dash: [0.01, 0.01] })));
    expect(result.node).toBeNull();
    expect(result.reason).toMatch(/too finely dashed/);
  });

  it("a node without a stroke has nothing to outline; freehand ink converts as it is", () => {
    expect(outlineStroke(rect(10, 10, { stroke: NO_STROKE })).reason).toMatch(/no stroke/);
    const ink = makeNode<FreehandNode>("freehand", "f", "page", "a0", {
      points: [0, 0, 0.5, 10, 5, 0.5, 20, 0, 0.5],
      settings: DEFAULT_FREEHAND_SETTINGS,
      fill: { type: "none" },
      stroke: DEFAULT_STROKE,
    });
    expect(outlineStroke(ink).node?.fill).toEqual(DEFAULT_STROKE.paint);
  });

  it("with round caps and joins it is exactly the points within half the width of the path", () => {
    const coord = fc.integer({ min: 0, max: 100 });
    const pt = fc.record({ x: coord, y: coord });
    const sub = fc.record({
      start: pt,
      segments: fc.array(
        fc.oneof(
          fc.record({ type: fc.constant("line" as const), to: pt }),
          fc.record({ type: fc.constant("cubic" as const), control1: pt, control2: pt, to: pt }),
        ),
        { minLength: 1, maxLength: 3 },
      ),
      closed: fc.boolean(),
    });
    const probe = fc.record({
      x: fc.double({ min: -20, max: 120, noNaN: true }),
      y: fc.double({ min: -20, max: 120, noNaN: true }),
    });
    fc.assert(
      fc.property(
        sub,
        fc.integer({ min: 1, max: 16 }),
        fc.array(probe, { minLength: 20, maxLength: 20 }),
        (s, width, probes) => {
          const tolerance = 0.05;
          const result = outlined(
            path([s], { stroke: stroke(width, { cap: "round", join: "round" }) }),
            tolerance,
          );
          const outline = flattenSubpaths(result.subpaths, 1e-6);
          const centre = flattenSubpaths([s], 1e-4);
          for (const p of probes) {
            const d = distanceToOutline(centre, p);
            // Near the edge the polygons of round parts and the flattening may differ by the tolerances.
            if (Math.abs(d - width / 2) < 3 * tolerance) continue;
            expect(insideFill(outline, p, "nonzero")).toBe(d < width / 2);
          }
        },
      ),
      // A fixed seed, as in the boolean tests: paper.js resolves the outline's self-crossings, and a
      // synchronous loop in it could not be timed out. Change the seed to explore further.
      { numRuns: 50, seed: 20261122 },
    );
  });
});
