import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_STROKE, NO_FILL, NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { IDENTITY_MATRIX, toMatrix } from "../../src/doc/transform";
import type {
  ImageNode,
  LineNode,
  PolygonNode,
  SceneNode,
  Subpath,
  TextNode,
} from "../../src/doc/types";
import { flattenSubpaths, pointAt } from "../../src/geometry/bezier";
import { distanceToEllipse } from "../../src/geometry/hitOutline";
import {
  hitNode,
  nodeInsideRect,
  nodeIntersectsRect,
  type HitPart,
} from "../../src/shapes/hitTest";
import { winding } from "../../src/geometry/polylines";
import { toSubpaths } from "../../src/shapes/toPath";
import { curvesOf, ellipse, path, rect, RED, stroke } from "./helpers";
import type { Point } from "../../src/math/point";

/** Dense points along the outline, from the curves themselves (no flattening tolerance). */
function outlineSamples(subpaths: readonly Subpath[], perCurve = 400): Point[] {
  const out: Point[] = [];
  for (const sub of subpaths)
    for (const c of curvesOf(sub))
      for (let i = 0; i <= perCurve; i++) out.push(pointAt(c, i / perCurve));
  return out;
}

/**
 * The answer by brute force: distance to the densest sampling of the outline, inside by the
 * winding of a fine flattening. Returns undefined where a point is too near a decision boundary
 * for sampling to be sure.
 */
function bruteForce(
  node: SceneNode,
  subpaths: readonly Subpath[],
  p: Point,
  tolerance: number,
  margin: number,
): HitPart | null | undefined {
  const d = Math.min(...outlineSamples(subpaths).map((q) => Math.hypot(q.x - p.x, q.y - p.y)));
  const w = "stroke" in node && node.stroke.paint !== null ? node.stroke.width / 2 : 0;
  const rule = node.type === "path" ? node.fillRule : "nonzero";
  let wind = 0;
  for (const f of flattenSubpaths(subpaths, 1e-4)) wind += winding(f.points, p);
  const inside = rule === "nonzero" ? wind !== 0 : (wind & 1) === 1;
  const near = (limit: number) => Math.abs(d - limit) < margin;
  if (w > 0) {
    if (near(w + tolerance)) return undefined;
    if (d <= w + tolerance) return "stroke";
  }
  const filled = "fill" in node && node.fill.type !== "none" && node.type !== "line";
  if (filled) {
    if (near(tolerance) || (d < margin && !inside)) return undefined;
    if (inside || d <= tolerance) return "fill";
  }
  if (w === 0 && !filled) {
    if (near(tolerance)) return undefined;
    if (d <= tolerance) return "stroke";
  }
  return null;
}

const point = fc.record({
  x: fc.double({ min: -30, max: 230, noNaN: true }),
  y: fc.double({ min: -30, max: 130, noNaN: true }),
});

describe("hitNode against brute-force sampling", () => {
  it("rounded rectangles (true circular corners) and ellipses", () => {
    const shape = fc.record({
      w: fc.double({ min: 10, max: 200, noNaN: true }),
      h: fc.double({ min: 10, max: 100, noNaN: true }),
      radii: fc.tuple(fc.nat(60), fc.nat(60), fc.nat(60), fc.nat(60)),
      kind: fc.constantFrom("rect", "ellipse"),
      strokeWidth: fc.constantFrom(0, 4, 10),
      filled: fc.boolean(),
    });
    fc.assert(
      fc.property(shape, point, (s, p) => {
        const st = s.strokeWidth > 0 ? stroke(s.strokeWidth) : NO_STROKE;
        const fill = s.filled ? RED : NO_FILL;
        const node =
          s.kind === "rect"
            ? rect(s.w, s.h, { radii: s.radii, fill, stroke: st })
            : ellipse(s.w, s.h, fill, st);
        // The Bézier outline is within 0.03 % of the true curves; sampling adds a little more.
        const margin = 0.05 + 4e-4 * Math.max(s.w, s.h);
        const expected = bruteForce(node, toSubpaths(node)!, p, 1, margin);
        if (expected === undefined) return;
        expect(hitNode(node, p, 1)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("paths under both fill rules, open and closed, curved", () => {
    const sub = fc.record({
      start: fc.record({
        x: fc.integer({ min: 0, max: 200 }),
        y: fc.integer({ min: 0, max: 100 }),
      }),
      segments: fc.array(
        fc.oneof(
          fc.record({
            type: fc.constant("line" as const),
            to: fc.record({
              x: fc.integer({ min: 0, max: 200 }),
              y: fc.integer({ min: 0, max: 100 }),
            }),
          }),
          fc.record({
            type: fc.constant("cubic" as const),
            control1: fc.record({
              x: fc.integer({ min: 0, max: 200 }),
              y: fc.integer({ min: 0, max: 100 }),
            }),
            control2: fc.record({
              x: fc.integer({ min: 0, max: 200 }),
              y: fc.integer({ min: 0, max: 100 }),
            }),
            to: fc.record({
              x: fc.integer({ min: 0, max: 200 }),
              y: fc.integer({ min: 0, max: 100 }),
            }),
          }),
        ),
        { minLength: 1, maxLength: 4 },
      ),
      closed: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(sub, { minLength: 1, maxLength: 2 }),
        fc.constantFrom("nonzero" as const, "evenodd" as const),
        fc.constantFrom(0, 6),
        point,
        (subs, fillRule, w, p) => {
          const node = path(subs, { fill: RED, fillRule, stroke: w > 0 ? stroke(w) : NO_STROKE });
          const expected = bruteForce(node, subs, p, 1, 0.3);
          if (expected === undefined) return;
          expect(hitNode(node, p, 1)).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("lines hit within half their width; polygons inside; text and images as boxes", () => {
    const line = makeNode<LineNode>("line", "l", "page", "a0", {
      start: { x: 0, y: 0 },
      end: { x: 100, y: 0 },
      startHead: "none",
      endHead: "none",
      fill: RED,
      stroke: stroke(10),
    });
    expect(hitNode(line, { x: 50, y: 5.9 }, 1)).toBe("stroke");
    expect(hitNode(line, { x: 50, y: 6.1 }, 1)).toBeNull();
    // Ends are hit as round caps whatever the cap: a little generous for butt caps.
    expect(hitNode(line, { x: 105, y: 0 }, 1)).toBe("stroke");
    expect(hitNode(line, { x: 106.1, y: 0 }, 1)).toBeNull();
    const hexagon = makeNode<PolygonNode>("polygon", "h", "page", "a0", {
      width: 100,
      height: 100,
      sides: 6,
      fill: RED,
      stroke: NO_STROKE,
    });
    expect(hitNode(hexagon, { x: 50, y: 50 }, 0)).toBe("fill");
    // The corner of the box is outside the hexagon.
    expect(hitNode(hexagon, { x: 2, y: 2 }, 0)).toBeNull();
    const image = makeNode<ImageNode>("image", "i", "page", "a0", {
      blob: "b",
      naturalWidth: 10,
      naturalHeight: 10,
      width: 40,
      height: 30,
    });
    expect(hitNode(image, { x: 39, y: 29 }, 0)).toBe("fill");
    expect(hitNode(image, { x: 41, y: 29 }, 0)).toBeNull();
    const text = makeNode<TextNode>("text", "t", "page", "a0", {
      content: "hello\nworld",
      fontFamily: "sans-serif",
      fontSize: 10,
      fontWeight: 400,
      fontStyle: "normal",
      align: "left",
      lineHeight: 1.5,
      width: 80,
      fill: RED,
      stroke: DEFAULT_STROKE,
    });
    expect(hitNode(text, { x: 79, y: 29 }, 0)).toBe("fill");
    expect(hitNode(text, { x: 79, y: 31 }, 0)).toBeNull();
  });

  it("a shape with neither fill nor stroke is picked only at its outline", () => {
    const bare = rect(100, 50, { fill: NO_FILL, stroke: NO_STROKE });
    expect(hitNode(bare, { x: 50, y: 25 }, 2)).toBeNull();
    expect(hitNode(bare, { x: 50, y: 1 }, 2)).toBe("stroke");
  });

  it("the distance to an ellipse matches dense sampling", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 300, noNaN: true }),
        fc.double({ min: 1, max: 300, noNaN: true }),
        fc.double({ min: -400, max: 400, noNaN: true }),
        fc.double({ min: -400, max: 400, noNaN: true }),
        (a, b, x, y) => {
          let best = Infinity;
          for (let i = 0; i < 20000; i++) {
            const t = (i / 20000) * 2 * Math.PI;
            best = Math.min(best, Math.hypot(a * Math.cos(t) - x, b * Math.sin(t) - y));
          }
          // Sampling is off by at most half a step of arc length.
          const step = (Math.PI * 2 * Math.max(a, b)) / 20000;
          expect(distanceToEllipse(x, y, a, b)).toBeLessThanOrEqual(best + 1e-9);
          expect(distanceToEllipse(x, y, a, b)).toBeGreaterThanOrEqual(best - step);
        },
      ),
    );
  });
});

describe("marquee", () => {
  const world = toMatrix({ x: 100, y: 100, rotation: Math.PI / 4, scaleX: 1, scaleY: 1, skewX: 0 });
  const square = rect(20, 20);
  // The rotated square spans x 100 − 14.1 … 100 + 14.1 and y 100 … 128.3.

  it("fully contained only when the whole outline is inside", () => {
    expect(nodeInsideRect(square, world, { minX: 85, minY: 99, maxX: 115, maxY: 129 })).toBe(true);
    expect(nodeInsideRect(square, world, { minX: 90, minY: 99, maxX: 115, maxY: 129 })).toBe(false);
  });

  it("touching: an edge crosses the marquee, or the marquee is inside the shape", () => {
    expect(nodeIntersectsRect(square, world, { minX: 112, minY: 112, maxX: 130, maxY: 130 })).toBe(
      true,
    );
    // Inside the rotated square's bounding box but off the square: no touch.
    expect(nodeIntersectsRect(square, world, { minX: 86, minY: 100, maxX: 89, maxY: 103 })).toBe(
      false,
    );
    expect(nodeIntersectsRect(square, world, { minX: 99, minY: 110, maxX: 101, maxY: 112 })).toBe(
      true,
    );
  });

  it("agrees with brute force on random rectangles", () => {
    const box = fc
      .record({
        x: fc.double({ min: 60, max: 140, noNaN: true }),
        y: fc.double({ min: 80, max: 140, noNaN: true }),
        w: fc.double({ min: 0.5, max: 40, noNaN: true }),
        h: fc.double({ min: 0.5, max: 40, noNaN: true }),
      })
      .map(({ x, y, w, h }) => ({ minX: x, minY: y, maxX: x + w, maxY: y + h }));
    const circle = ellipse(30, 30);
    fc.assert(
      fc.property(box, (r) => {
        // Circle of radius 15 around (115, 115) in page space.
        const m = { ...IDENTITY_MATRIX, e: 100, f: 100 };
        const cx = Math.max(r.minX, Math.min(115, r.maxX));
        const cy = Math.max(r.minY, Math.min(115, r.maxY));
        const nearest = Math.hypot(cx - 115, cy - 115);
        if (Math.abs(nearest - 15) > 0.05)
          expect(nodeIntersectsRect(circle, m, r)).toBe(nearest < 15);
        // Contained when the circle's box (100…130 both ways) is inside the marquee.
        const slack = Math.min(100 - r.minX, r.maxX - 130, 100 - r.minY, r.maxY - 130);
        if (Math.abs(slack) > 0.05) expect(nodeInsideRect(circle, m, r)).toBe(slack > 0);
      }),
    );
  });
});
