import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type {
  FreehandNode,
  LineNode,
  PolygonNode,
  StarNode,
  Subpath,
  TextNode,
} from "../../src/doc/types";
import { pointAt, segmentCurve } from "../../src/geometry/bezier";
import { DEFAULT_FREEHAND_SETTINGS, freehandNodeOutline } from "../../src/geometry/freehand";
import { KAPPA } from "../../src/geometry/toPath";
import { convertToPath, toSubpaths } from "../../src/shapes/toPath";
import { clampRadii, regularPolygon, starPoints } from "../../src/geometry/outline";
import { curvesOf, ellipse, path, rect, RED } from "./helpers";

/** The on-curve points of a subpath: its start and each segment's end. */
function nodePoints(sub: Subpath): number[] {
  return [sub.start.x, sub.start.y, ...sub.segments.flatMap((s) => [s.to.x, s.to.y])];
}

const size = fc.double({ min: 1, max: 2000, noNaN: true });

describe("toPath: outlines as subpaths", () => {
  it("polygons convert to exactly the vertices the renderer draws", () => {
    fc.assert(
      fc.property(size, size, fc.integer({ min: 3, max: 40 }), (width, height, sides) => {
        const node = makeNode<PolygonNode>("polygon", "p", "page", "a0", {
          width,
          height,
          sides,
          fill: RED,
          stroke: DEFAULT_STROKE,
        });
        const [sub] = toSubpaths(node)!;
        expect(sub!.closed).toBe(true);
        expect(sub!.segments.every((s) => s.type === "line")).toBe(true);
        expect(nodePoints(sub!)).toEqual(regularPolygon(width, height, sides));
      }),
    );
  });

  it("stars convert to exactly the vertices the renderer draws", () => {
    fc.assert(
      fc.property(
        size,
        size,
        fc.integer({ min: 3, max: 30 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (width, height, points, innerRatio) => {
          const node = makeNode<StarNode>("star", "s", "page", "a0", {
            width,
            height,
            points,
            innerRatio,
            fill: RED,
            stroke: DEFAULT_STROKE,
          });
          const [sub] = toSubpaths(node)!;
          expect(nodePoints(sub!)).toEqual(starPoints(width, height, points, innerRatio));
        },
      ),
    );
  });

  it("a rectangle without radii is four straight sides from its top-left corner", () => {
    const [sub] = toSubpaths(rect(30, 20))!;
    expect(sub).toEqual({
      start: { x: 0, y: 0 },
      closed: true,
      segments: [
        { type: "line", to: { x: 30, y: 0 } },
        { type: "line", to: { x: 30, y: 20 } },
        { type: "line", to: { x: 0, y: 20 } },
      ],
    });
  });

  it("rounded corners are quarter circles: ends on the sides, midpoints on the circle", () => {
    const radii = fc.tuple(
      fc.double({ min: 0, max: 300, noNaN: true }),
      fc.double({ min: 0, max: 300, noNaN: true }),
      fc.double({ min: 0, max: 300, noNaN: true }),
      fc.double({ min: 0, max: 300, noNaN: true }),
    );
    fc.assert(
      fc.property(size, size, radii, (width, height, r) => {
        const [sub] = toSubpaths(rect(width, height, { radii: r }))!;
        const [tl, tr, br, bl] = clampRadii(width, height, r) as [number, number, number, number];
        const centres = [
          { x: tl, y: tl, r: tl },
          { x: width - tr, y: tr, r: tr },
          { x: width - br, y: height - br, r: br },
          { x: bl, y: height - bl, r: bl },
        ];
        let from = sub!.start;
        let arcs = 0;
        for (const seg of sub!.segments) {
          if (seg.type === "cubic") {
            arcs += 1;
            const mid = pointAt(segmentCurve(from, seg), 0.5);
            const on = centres.some(
              (c) =>
                c.r > 0 &&
                Math.abs(Math.hypot(mid.x - c.x, mid.y - c.y) - c.r) <= 1e-9 * c.r + 1e-9,
            );
            expect(on).toBe(true);
          } else {
            // Straight pieces lie on the box's sides.
            const onSide =
              (seg.to.x === from.x && (seg.to.x === 0 || seg.to.x === width)) ||
              (seg.to.y === from.y && (seg.to.y === 0 || seg.to.y === height));
            expect(onSide).toBe(true);
          }
          from = seg.to;
        }
        expect(arcs).toBe([tl, tr, br, bl].filter((x) => x > 0).length);
        // Closing returns to the start, explicitly after an arc or by the closing line.
        expect(sub!.closed).toBe(true);
      }),
    );
  });

  it("an ellipse is four cubics clockwise from the top, within 0.03 % of the true ellipse", () => {
    fc.assert(
      fc.property(size, size, (width, height) => {
        const [sub] = toSubpaths(ellipse(width, height))!;
        expect(sub!.start).toEqual({ x: width / 2, y: 0 });
        expect(sub!.segments.map((s) => s.type)).toEqual(["cubic", "cubic", "cubic", "cubic"]);
        expect(sub!.segments[0]!.to).toEqual({ x: width, y: height / 2 });
        expect(sub!.segments[3]!.to).toEqual(sub!.start);
        for (const curve of curvesOf(sub!)) {
          for (let i = 0; i <= 16; i++) {
            const p = pointAt(curve, i / 16);
            const r = Math.hypot(
              (p.x - width / 2) / (width / 2),
              (p.y - height / 2) / (height / 2),
            );
            expect(Math.abs(r - 1)).toBeLessThan(3e-4);
          }
        }
      }),
    );
    expect(KAPPA).toBeCloseTo((4 / 3) * (Math.SQRT2 - 1), 9);
  });

  it("a line is one open segment; freehand ink is its outline polygon", () => {
    const line = makeNode<LineNode>("line", "l", "page", "a0", {
      start: { x: 1, y: 2 },
      end: { x: 30, y: 40 },
      startHead: "none",
      endHead: "arrow",
      fill: RED,
      stroke: DEFAULT_STROKE,
    });
    expect(toSubpaths(line)).toEqual([
      { start: { x: 1, y: 2 }, segments: [{ type: "line", to: { x: 30, y: 40 } }], closed: false },
    ]);
    const ink = makeNode<FreehandNode>("freehand", "f", "page", "a0", {
      points: [0, 0, 0.5, 10, 5, 0.5, 20, 0, 0.5, 30, 8, 0.5],
      settings: DEFAULT_FREEHAND_SETTINGS,
      fill: { type: "none" },
      stroke: DEFAULT_STROKE,
    });
    const [sub] = toSubpaths(ink)!;
    const outline = freehandNodeOutline(ink);
    expect(nodePoints(sub!)).toEqual(outline.slice(0, nodePoints(sub!).length));
    expect(sub!.closed).toBe(true);
  });

  it("text, images and groups have no outline to convert", () => {
    const text = makeNode<TextNode>("text", "t", "page", "a0", {
      content: "a",
      fontFamily: "sans-serif",
      fontSize: 12,
      fontWeight: 400,
      fontStyle: "normal",
      align: "left",
      lineHeight: 1.2,
      width: null,
      fill: RED,
      stroke: DEFAULT_STROKE,
    });
    expect(toSubpaths(text)).toBeNull();
  });
});

describe("convertToPath", () => {
  it("keeps the node's identity, place, transform and styles", () => {
    const transform = { x: 5, y: 6, rotation: 0.3, scaleX: 2, scaleY: -1, skewX: 0.1 };
    const node = {
      ...rect(10, 20, { radii: [2, 2, 2, 2], transform }),
      name: "Card",
      opacity: 0.5,
    };
    const converted = convertToPath(node);
    expect(converted).toMatchObject({
      id: node.id,
      parent: node.parent,
      index: node.index,
      name: "Card",
      opacity: 0.5,
      transform,
      fill: node.fill,
      stroke: node.stroke,
      type: "path",
      fillRule: "nonzero",
    });
    expect(converted.subpaths).toEqual(toSubpaths(node));
  });

  it("keeps an even-odd path's rule, and gives freehand ink its stroke paint as fill", () => {
    const sub: Subpath = {
      start: { x: 0, y: 0 },
      segments: [{ type: "line", to: { x: 1, y: 1 } }],
      closed: true,
    };
    expect(convertToPath(path([sub], { fillRule: "evenodd" })).fillRule).toBe("evenodd");
    const ink = makeNode<FreehandNode>("freehand", "f", "page", "a0", {
      points: [0, 0, 0.5, 10, 5, 0.5],
      settings: DEFAULT_FREEHAND_SETTINGS,
      fill: { type: "none" },
      stroke: DEFAULT_STROKE,
    });
    const converted = convertToPath(ink);
    expect(converted.fill).toEqual(DEFAULT_STROKE.paint);
    expect(converted.stroke.paint).toBeNull();
  });
});
