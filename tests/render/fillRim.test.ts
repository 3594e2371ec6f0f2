import { beforeAll, describe, expect, it } from "vitest";
import { NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { IDENTITY_MATRIX, type Matrix } from "../../src/doc/transform";
import type { FillRule, PathNode, RGBA } from "../../src/doc/types";
import type * as Encode from "../../src/render/batch/encode";
import { BatchWriter, SHAPE_FLAT } from "../../src/render/batch/writer";
import { delaunayFlip } from "../../src/render/stroke/delaunay";
import { separatePinches } from "../../src/render/stroke/pinches";
import { SegmentTree } from "../../src/render/stroke/segmentTree";
import { boxAlpha, rasterAlpha, shadedArea } from "./support/batchRaster";
import { edgeDistance, ruleFills, windingNumber } from "./support/fillCoverage";

// PixiJS reads `navigator` when its modules load (the encoder uses its earcut).
let encode: typeof Encode;
let earcut: (data: number[], holeIndices?: number[]) => number[];
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  encode = await import("../../src/render/batch/encode");
  earcut = (await import("pixi.js")).earcut;
});

const INK: RGBA = { r: 0.1, g: 0.1, b: 0.15, a: 1 };

/** A path filling closed outlines (x, y pairs) under a rule, unstroked. */
function path(outlines: readonly (readonly number[])[], rule: FillRule = "nonzero"): PathNode {
  return makeNode<PathNode>("path", "p", "page", "a0", {
    fill: { type: "solid", color: INK },
    stroke: NO_STROKE,
    fillRule: rule,
    subpaths: outlines.map((points) => ({
      start: { x: points[0]!, y: points[1]! },
      segments: Array.from({ length: points.length / 2 - 1 }, (_, i) => ({
        type: "line" as const,
        to: { x: points[i * 2 + 2]!, y: points[i * 2 + 3]! },
      })),
      closed: true,
    })),
  });
}

/** The outlines as `m` places them, for the exact coverage. */
function placed(outlines: readonly (readonly number[])[], m: Matrix): number[][] {
  return outlines.map((points) =>
    points.map((_, i) => {
      const x = points[i - (i % 2)]!;
      const y = points[i - (i % 2) + 1]!;
      return i % 2 === 0 ? m.a * x + m.c * y + m.e : m.b * x + m.d * y + m.f;
    }),
  );
}

interface Drawn {
  readonly writer: BatchWriter;
  /** The canvas's coverage and the box filter's, `width` × `height`. */
  readonly ours: Float64Array;
  readonly exact: Float64Array;
  readonly width: number;
  readonly height: number;
}

/**
 * Draws outlines filled under `rule` at `zoom`, built (as the renderer does) for the nearest
 * power-of-two zoom bucket unless told another, against the box filter of the same fill.
 */
function draw(
  outlines: readonly (readonly number[])[],
  zoom: number,
  options: { rule?: FillRule; m?: Matrix; bucket?: number; size?: number } = {},
): Drawn {
  const rule = options.rule ?? "nonzero";
  const m = options.m ?? IDENTITY_MATRIX;
  const bucket = options.bucket ?? Math.pow(2, Math.round(Math.log2(zoom)));
  const writer = new BatchWriter();
  encode.encodeNode(writer, path(outlines, rule), m, {
    step: 4 / bucket,
    pixelsPerUnit: bucket,
  });
  const size = options.size ?? 40;
  const width = Math.ceil(size * zoom);
  const height = width;
  const world = placed(outlines, m);
  const ours = rasterAlpha(writer, zoom, width, height);
  // A pixel whose centre is more than half its diagonal from every edge is wholly in or out.
  const exact = boxAlpha(
    (x, y) => ruleFills(windingNumber(world, x / zoom, y / zoom), rule),
    width,
    height,
    16,
    (px, py) => edgeDistance(world, (px + 0.5) / zoom, (py + 0.5) / zoom) * zoom > 0.75,
  );
  return { writer, ours, exact, width, height };
}

function sum(values: Float64Array): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** Pixels whose coverage is off the box filter's by more than `tolerance`. */
function offBy(drawn: Drawn, tolerance: number): number {
  let count = 0;
  drawn.ours.forEach((v, i) => {
    if (Math.abs(v - drawn.exact[i]!) > tolerance) count += 1;
  });
  return count;
}

const square = (x: number, y: number, size: number): number[] => [
  x,
  y,
  x + size,
  y,
  x + size,
  y + size,
  x,
  y + size,
];

/** A band `width` thick along the segment a–b, as a closed outline. */
function bar(ax: number, ay: number, bx: number, by: number, width: number): number[] {
  const length = Math.hypot(bx - ax, by - ay);
  const nx = (-(by - ay) / length) * (width / 2);
  const ny = ((bx - ax) / length) * (width / 2);
  return [ax + nx, ay + ny, bx + nx, by + ny, bx - nx, by - ny, ax - nx, ay - ny];
}

function circle(cx: number, cy: number, r: number, reverse: boolean, count = 96): number[] {
  const points: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const angle = ((reverse ? -i : i) / count) * Math.PI * 2;
    points.push(cx + r * Math.cos(angle), cy + r * Math.sin(angle));
  }
  return points;
}

const ZOOMS = [0.5, 1, 2, 3];

describe("a fill's anti-aliased edge", () => {
  it("straddles the outline: half coverage on it, the box filter's across it, at every zoom", () => {
    for (const zoom of ZOOMS) {
      // The square's sides run through pixel centres.
      const at = (k: number) => (k + 0.5) / zoom;
      const drawn = draw([square(at(3), at(4), at(14) - at(3))], zoom, { size: 20 / zoom });
      const { ours, width } = drawn;
      const pixel = (x: number, y: number) => ours[y * width + x]!;
      // The middle of each side, a pixel in and a pixel out.
      expect(pixel(3, 9)).toBeCloseTo(0.5, 2);
      expect(pixel(14, 9)).toBeCloseTo(0.5, 2);
      expect(pixel(8, 4)).toBeCloseTo(0.5, 2);
      expect(pixel(8, 15)).toBeCloseTo(0.5, 2);
      expect(pixel(4, 9)).toBeCloseTo(1, 6);
      expect(pixel(2, 9)).toBeCloseTo(0, 6);
      expect(pixel(15, 9)).toBeCloseTo(0, 6);
      // No extra ink along the edges (the rim used to add half a pixel's worth all round): a
      // quarter pixel at each corner, whose pixels take each edge's distance alone.
      expect(Math.abs(sum(ours) - sum(drawn.exact))).toBeLessThan(4 * 0.25 + 0.05);
      expect(offBy(drawn, 0.02)).toBeLessThanOrEqual(4);
    }
  });

  it("comes from insides shrunk by half a screen pixel, by the shader, at every zoom", () => {
    for (const zoom of ZOOMS) {
      const { writer } = draw([square(2, 2, 10)], zoom, { size: 14 });
      // Built once per bucket; the shader shrinks the 10-unit square by half a pixel each side.
      const side = 10 * zoom - 1;
      expect(shadedArea(writer, zoom, SHAPE_FLAT)).toBeCloseTo(side * side, 1);
    }
    // Within one build, the shrink follows the zoom it is drawn at.
    const { writer } = draw([square(2, 2, 10)], 1, { bucket: 1, size: 14 });
    for (const zoom of [0.75, 1, 1.4])
      expect(shadedArea(writer, zoom, SHAPE_FLAT)).toBeCloseTo((10 * zoom - 1) ** 2, 1);
  });

  it("matches the box filter on slanted, rotated and scaled fills", () => {
    const slanted = [12, 6, 34, 12, 28, 33, 5, 26];
    const turned: Matrix = { a: 1.2, b: 0.7, c: -0.7, d: 1.2, e: 20, f: 2 };
    for (const zoom of ZOOMS) {
      for (const m of [IDENTITY_MATRIX, turned]) {
        const drawn = draw([slanted], zoom, { m, size: 48 });
        expect(sum(drawn.ours) / sum(drawn.exact)).toBeCloseTo(1, 2);
        expect(offBy(drawn, 0.1)).toBeLessThanOrEqual(8);
      }
    }
  });

  it("gives a fill thinner than a pixel its thickness as coverage, not a whole pixel", () => {
    for (const zoom of ZOOMS) {
      for (const px of [0.25, 0.5, 0.75]) {
        const drawn = draw([bar(4, 10, 34, 13, px / zoom)], zoom);
        expect(Math.max(...drawn.ours)).toBeLessThan(px + 0.1);
        expect(sum(drawn.ours) / sum(drawn.exact)).toBeCloseTo(1, 1);
        expect(offBy(drawn, 0.1)).toBeLessThanOrEqual(4); // the ends
      }
    }
  });

  it("keeps holes, rings and gaps a pixel wide open", () => {
    for (const zoom of ZOOMS) {
      const ring = [circle(20, 20, 15, false), circle(20, 20, 15 - 0.6 / zoom, true)];
      for (const rule of ["evenodd", "nonzero"] as const) {
        const drawn = draw(ring, zoom, { rule });
        expect(Math.max(...drawn.ours)).toBeLessThan(0.7);
        expect(sum(drawn.ours) / sum(drawn.exact)).toBeCloseTo(1, 1);
      }
      // Two squares one pixel apart, on pixel bounds: the pixels between them stay clear.
      const corner = 2 / zoom;
      const drawn = draw(
        [square(corner, corner, 10), square(corner + 10 + 1 / zoom, corner, 10)],
        zoom,
        {
          size: 24,
        },
      );
      const column = 2 + Math.round(10 * zoom);
      const row = 2 + Math.round(5 * zoom);
      const pixel = (x: number) => drawn.ours[row * drawn.width + x]!;
      expect(pixel(column - 1)).toBeCloseTo(1, 9);
      expect(pixel(column)).toBeCloseTo(0, 9);
      expect(pixel(column + 1)).toBeCloseTo(1, 9);
      expect(offBy(drawn, 0.3)).toBeLessThanOrEqual(8);
    }
  });

  it("covers no pixel twice, so a translucent fill keeps one shade", () => {
    const shapes: [number[][], FillRule][] = [
      // Concave corners.
      [[[4, 4, 30, 4, 30, 14, 14, 14, 14, 34, 4, 34]], "nonzero"],
      // A hole.
      [[square(4, 4, 30), square(12, 12, 10).reverse()], "evenodd"],
      // A star drawn as one outline crossing itself (even-odd, its points only touch: there, as
      // where two shapes touch, each one's rim reaches over the other).
      [[[20, 2, 31, 35, 3, 14, 37, 14, 9, 35]], "nonzero"],
      // A thin bar and a thin ring.
      [[bar(4, 10, 34, 13, 0.6)], "nonzero"],
      [[circle(20, 20, 15, false), circle(20, 20, 14.2, true)], "evenodd"],
    ];
    for (const zoom of ZOOMS) {
      for (const [outlines, rule] of shapes) {
        const writer = new BatchWriter();
        const bucket = Math.pow(2, Math.round(Math.log2(zoom)));
        encode.encodeNode(writer, path(outlines, rule), IDENTITY_MATRIX, {
          step: 4 / bucket,
          pixelsPerUnit: bucket,
        });
        const size = Math.ceil(40 * zoom);
        const count = rasterAlpha(writer, zoom, size, size, "count");
        expect(Math.max(...count)).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe("the helpers of the inset", () => {
  it("a segment tree finds the nearest crossing along a ray as testing every segment does", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (const count of [3, 40, 300]) {
      const segments = new Float64Array(count * 4);
      // A wandering chain, as outlines are.
      let x = 50;
      let y = 50;
      for (let i = 0; i < count; i += 1) {
        const nx = x + (random() - 0.5) * 12;
        const ny = y + (random() - 0.5) * 12;
        segments.set([x, y, nx, ny], i * 4);
        x = nx;
        y = ny;
      }
      const tree = new SegmentTree(segments);
      for (let k = 0; k < 200; k += 1) {
        const ox = 50 + (random() - 0.5) * 60;
        const oy = 50 + (random() - 0.5) * 60;
        const angle = random() * Math.PI * 2;
        const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
        let best = 20;
        for (let i = 0; i < count; i += 1) {
          if (i === 1 || i === 2) continue;
          const [x0, y0, x1, y1] = segments.subarray(i * 4, i * 4 + 4);
          const [ex, ey] = [x1! - x0!, y1! - y0!];
          const d = ux * ey - uy * ex;
          if (d === 0) continue;
          const along = ((x0! - ox) * ey - (y0! - oy) * ex) / d;
          const where = ((x0! - ox) * uy - (y0! - oy) * ux) / d;
          if (along > 20e-9 && along < best && where >= 0 && where <= 1) best = along;
        }
        expect(tree.nearestHit(ox, oy, ux, uy, 20, 1, 2)).toBeCloseTo(best, 9);
      }
    }
  });

  it("Delaunay flips keep the area and leave no vertex inside a neighbour's circumcircle", () => {
    // A thin band between two arcs, triangulated (earcut) with long chords along it.
    const points: number[] = [];
    const count = 24;
    for (let i = 0; i <= count; i += 1) {
      const a = (i / count) * Math.PI;
      points.push(50 + 40 * Math.cos(a), 50 + 40 * Math.sin(a));
    }
    for (let i = count; i >= 0; i -= 1) {
      const a = (i / count) * Math.PI;
      points.push(50 + 39.5 * Math.cos(a), 50 + 39.5 * Math.sin(a));
    }
    const triangles = earcut(points);
    const area = (list: readonly number[]) => {
      let total = 0;
      for (let t = 0; t < list.length; t += 3) {
        const [a, b, c] = [list[t]! * 2, list[t + 1]! * 2, list[t + 2]! * 2];
        total += Math.abs(
          (points[b]! - points[a]!) * (points[c + 1]! - points[a + 1]!) -
            (points[c]! - points[a]!) * (points[b + 1]! - points[a + 1]!),
        );
      }
      return total / 2;
    };
    const before = area(triangles);
    delaunayFlip(points, triangles);
    expect(area(triangles)).toBeCloseTo(before, 9);
    // Every triangle now reaches across the band, between neighbouring points of its two arcs.
    for (let t = 0; t < triangles.length; t += 3) {
      const corners = triangles.slice(t, t + 3);
      const arcs = corners.map((v) => (v <= count ? "outer" : "inner"));
      expect(new Set(arcs).size).toBe(2);
      const step = corners.map((v) => (v <= count ? v : 2 * count + 1 - v));
      expect(Math.max(...step) - Math.min(...step)).toBeLessThanOrEqual(1);
    }
  });

  it("outlines that touch at a point are relinked so each corner of the fill has its own edges", () => {
    // A square and a hole in it touching its bottom side at (5, 0).
    const outer = { points: [0, 0, 5, 0, 10, 0, 10, 10, 0, 10], filledInside: true };
    const hole = { points: [5, 0, 3, 4, 7, 4], filledInside: false };
    const separated = separatePinches([outer, hole])!;
    expect(separated).toHaveLength(1);
    expect(separated[0]!.filledInside).toBe(true);
    const pairs = [];
    for (let i = 0; i < separated[0]!.points.length; i += 2)
      pairs.push(separated[0]!.points.slice(i, i + 2).join(","));
    // Round the square and the hole, through the point twice: in along the bottom side and out
    // along the hole's left side, in along its right side and out along the bottom.
    const ring = [...pairs, ...pairs].join(" ");
    expect(ring).toContain("0,0 5,0 3,4 7,4 5,0 10,0 10,10 0,10");
    expect(separatePinches([outer])).toBeNull();
  });
});
