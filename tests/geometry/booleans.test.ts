import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IDENTITY_MATRIX, multiply, toMatrix, type Matrix } from "../../src/doc/transform";
import { transformSubpaths } from "../../src/geometry/affine";
import { signedAreaOfSubpaths } from "../../src/geometry/bezier";
import {
  booleanOperation,
  MAX_BOOLEAN_SEGMENTS,
  type BooleanOperand,
  type BooleanOperation,
} from "../../src/shapes/booleans";
import { fromPaper, toPaper } from "../../src/geometry/paperPaths";
import { toSubpaths, type PathConvertible } from "../../src/shapes/toPath";
import { BLUE, ellipse, path, rect, RED, samples, subpathArb } from "./helpers";

const TARGET = {
  id: "out",
  parent: "page",
  index: "a5",
  name: "Union",
  parentWorld: IDENTITY_MATRIX,
};
const FLAT = 1e-4;

function at(
  node: PathConvertible,
  x: number,
  y: number,
  extra: Matrix = IDENTITY_MATRIX,
): BooleanOperand {
  return { node, world: multiply({ a: 1, b: 0, c: 0, d: 1, e: x, f: y }, extra) };
}

/** Area of a boolean result in page units: its subpaths mapped by its own transform. */
function pageArea(
  op: BooleanOperation,
  operands: BooleanOperand[],
  parentWorld = IDENTITY_MATRIX,
): number {
  const result = booleanOperation(op, operands, { ...TARGET, parentWorld });
  if (result.node === null) return 0;
  const m = multiply(parentWorld, toMatrix(result.node.transform));
  return Math.abs(signedAreaOfSubpaths(transformSubpaths(result.node.subpaths, m), FLAT));
}

function operandArea(o: BooleanOperand): number {
  return Math.abs(signedAreaOfSubpaths(transformSubpaths(toSubpaths(o.node)!, o.world), FLAT));
}

describe("paper.js conversion", () => {
  it("round-trips subpaths: every curve traces the same points within 1e-9", () => {
    fc.assert(
      fc.property(fc.array(subpathArb, { minLength: 1, maxLength: 4 }), (subpaths) => {
        const back = fromPaper(toPaper(subpaths, "nonzero"));
        const before = samples(subpaths);
        const after = samples(back);
        expect(after.length).toBe(before.length);
        before.forEach((p, i) => {
          expect(Math.abs(after[i]!.x - p.x)).toBeLessThanOrEqual(1e-9);
          expect(Math.abs(after[i]!.y - p.y)).toBeLessThanOrEqual(1e-9);
        });
      }),
    );
  });

  it("keeps cubics as cubics and straight segments as lines", () => {
    const [sub] = toSubpaths(rect(40, 30, { radii: [5, 0, 5, 0] }))!;
    const back = fromPaper(toPaper([sub!], "nonzero"));
    expect(back).toEqual([sub]);
  });
});

describe("booleans on known shapes", () => {
  const a = rect(10, 10);
  const b = { ...rect(10, 10), id: "b", fill: BLUE };

  it("disjoint squares: union is both areas, intersection is empty with a reason", () => {
    const ops = [at(a, 0, 0), at(b, 20, 0)];
    expect(pageArea("union", ops)).toBeCloseTo(200, 9);
    const meet = booleanOperation("intersect", ops, TARGET);
    expect(meet.node).toBeNull();
    expect(meet.reason).toMatch(/do not overlap/);
    expect(pageArea("subtract", ops)).toBeCloseTo(100, 9);
    expect(pageArea("exclude", ops)).toBeCloseTo(200, 9);
  });

  it("overlapping squares: union 175, intersection 25, difference 75, exclusion 150", () => {
    const ops = [at(a, 0, 0), at(b, 5, 5)];
    expect(pageArea("union", ops)).toBeCloseTo(175, 9);
    expect(pageArea("intersect", ops)).toBeCloseTo(25, 9);
    expect(pageArea("subtract", ops)).toBeCloseTo(75, 9);
    expect(pageArea("exclude", ops)).toBeCloseTo(150, 9);
  });

  it("A − A is empty", () => {
    const result = booleanOperation("subtract", [at(a, 3, 4), at(a, 3, 4)], TARGET);
    expect(result.node).toBeNull();
    expect(result.reason).toMatch(/Nothing is left/);
  });

  it("a circle minus a smaller one keeps its curves and a hole", () => {
    const big = ellipse(100, 100);
    const small = { ...ellipse(40, 40), id: "s" };
    const ops = [at(big, 0, 0), at(small, 30, 30)];
    const result = booleanOperation("subtract", ops, TARGET);
    expect(result.node).not.toBeNull();
    const node = result.node!;
    expect(node.subpaths).toHaveLength(2);
    expect(node.subpaths.every((s) => s.segments.every((seg) => seg.type === "cubic"))).toBe(true);
    // The hole winds against the outside, so the nonzero fill leaves it empty.
    const [outer, inner] = node.subpaths.map((s) => signedAreaOfSubpaths([s], FLAT));
    expect(Math.sign(outer!)).toBe(-Math.sign(inner!));
    expect(pageArea("subtract", ops)).toBeCloseTo(operandArea(ops[0]!) - operandArea(ops[1]!), 6);
  });

  it("the result takes the bottom operand's style and frame, and stays in place", () => {
    const rotated = toMatrix({ x: 50, y: 20, rotation: 0.7, scaleX: 2, scaleY: 1.5, skewX: 0.2 });
    const bottom = { ...rect(10, 10, { fill: RED }), opacity: 0.4, blendMode: "multiply" as const };
    const ops: BooleanOperand[] = [{ node: bottom, world: rotated }, at(b, 45, 15)];
    const parentWorld = toMatrix({
      x: -7,
      y: 3,
      rotation: -0.4,
      scaleX: 0.5,
      scaleY: 0.5,
      skewX: 0,
    });
    const result = booleanOperation("union", ops, { ...TARGET, parentWorld });
    expect(result.node).toMatchObject({
      fill: RED,
      opacity: 0.4,
      blendMode: "multiply",
      parent: "page",
      id: "out",
    });
    // In the bottom operand's own frame its square is where it was: (0,0)–(10,10) is covered.
    const m = multiply(parentWorld, toMatrix(result.node!.transform));
    for (let i = 0; i < 6; i++) {
      expect(m["abcdef"[i] as keyof Matrix]).toBeCloseTo(rotated["abcdef"[i] as keyof Matrix], 9);
    }
    const areaExpected = pageArea("union", ops, IDENTITY_MATRIX);
    expect(pageArea("union", ops, parentWorld)).toBeCloseTo(areaExpected, 6);
  });
});

describe("booleans: area properties", () => {
  const shapeArb = fc
    .record({
      kind: fc.constantFrom("rect", "ellipse", "rounded"),
      w: fc.double({ min: 5, max: 200, noNaN: true }),
      h: fc.double({ min: 5, max: 200, noNaN: true }),
      x: fc.double({ min: -100, max: 100, noNaN: true }),
      y: fc.double({ min: -100, max: 100, noNaN: true }),
      rotation: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    })
    .map(({ kind, w, h, x, y, rotation }): BooleanOperand => {
      const node =
        kind === "ellipse"
          ? ellipse(w, h)
          : rect(w, h, { radii: kind === "rounded" ? [w / 4, 0, h / 3, 2] : [0, 0, 0, 0] });
      return { node, world: toMatrix({ x, y, rotation, scaleX: 1, scaleY: 1, skewX: 0 }) };
    });

  it("union ≥ the largest operand; intersection ≤ the smallest; exclusion = union − intersection", () => {
    fc.assert(
      fc.property(shapeArb, shapeArb, (p, q) => {
        const ops = [p, { ...q, node: { ...q.node, id: "q" } }];
        const areas = ops.map(operandArea);
        const union = pageArea("union", ops);
        const meet = pageArea("intersect", ops);
        const slack = 1e-6 * Math.max(...areas);
        expect(union).toBeGreaterThanOrEqual(Math.max(...areas) - slack);
        expect(union).toBeLessThanOrEqual(areas[0]! + areas[1]! + slack);
        expect(meet).toBeLessThanOrEqual(Math.min(...areas) + slack);
        // Areas are measured on flattened outlines: allow for that, relative to the shapes' size.
        const measure = 1e-4 * (areas[0]! + areas[1]!) + 1e-6;
        expect(Math.abs(pageArea("exclude", ops) - (union - meet))).toBeLessThanOrEqual(measure);
        expect(Math.abs(pageArea("subtract", ops) - (areas[0]! - meet))).toBeLessThanOrEqual(
          measure,
        );
      }),
      // A fixed seed: paper.js has been seen to loop forever on a rare degenerate pair of random
      // shapes (once, before exclude was rebuilt from subtract and unite), and a synchronous loop
      // cannot be timed out. The seed keeps the run reproducible; change it to explore further.
      { numRuns: 60, seed: 20261122 },
    );
  });

  it("exclude of shapes that only touch along an edge is their union, not one cut from the other", () => {
    // Found by the property above: a half-turned circle resting on a long bar's top edge, with
    // the rounding noise of real world matrices. paper.js's own exclude made the circle a hole.
    const noisyHalfTurn: Matrix = { a: -1, b: -4.1e-15, c: 4.1e-15, d: -1, e: 2.4999997, f: 0 };
    const noisyIdentity: Matrix = { a: 1, b: 5e-324, c: -5e-324, d: 1, e: 0, f: 0 };
    const ops = [
      { node: ellipse(5, 5), world: noisyHalfTurn },
      { node: { ...rect(196.5, 5), id: "q" }, world: noisyIdentity },
    ];
    const areas = ops.map(operandArea);
    expect(pageArea("intersect", ops)).toBe(0);
    expect(pageArea("exclude", ops)).toBeCloseTo(areas[0]! + areas[1]!, 1);
  });

  it("refuses selections with too many segments, with a reason", () => {
    const sub = {
      start: { x: 0, y: 0 },
      segments: Array.from({ length: MAX_BOOLEAN_SEGMENTS }, (_, i) => ({
        type: "line" as const,
        to: { x: i % 7, y: i },
      })),
      closed: true,
    };
    const big = path([sub], { fill: RED });
    const result = booleanOperation("union", [at(big, 0, 0), at(rect(1, 1), 0, 0)], TARGET);
    expect(result.node).toBeNull();
    expect(result.reason).toMatch(/too many segments/);
  });

  it("needs at least two operands", () => {
    expect(booleanOperation("union", [at(rect(1, 1), 0, 0)], TARGET).reason).toMatch(/at least 2/);
  });
});
