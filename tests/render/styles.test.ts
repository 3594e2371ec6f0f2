import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_STROKE, NO_FILL } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { IDENTITY_MATRIX } from "../../src/doc/transform";
import type {
  FrameNode,
  FreehandNode,
  GradientStop,
  LineNode,
  LinearGradientPaint,
  PathNode,
  RectNode,
  RGBA,
} from "../../src/doc/types";
import { freehandNodeOutline } from "../../src/geometry/freehand";
import { arrowHead } from "../../src/io/export/svgGeometry";
import { headGeometry, headSize } from "../../src/geometry/arrowHeads";
import type * as Encode from "../../src/render/batch/encode";
import {
  BatchWriter,
  packColor,
  PAINT_FILL,
  PAINT_STROKE,
  SHAPE_BOX,
  SHAPE_FLAT,
  SHAPE_FRINGE,
  SHAPE_STROKE,
  WORDS_PER_VERTEX,
} from "../../src/render/batch/writer";
import {
  bakeStops,
  colorAt,
  normalizedStops,
  STOP_TEXELS,
} from "../../src/render/paintMesh/gradientStops";
import {
  PAINT_LINEAR,
  PAINT_RADIAL,
  PAINT_SOLID,
  paintUniforms,
} from "../../src/render/paintMesh/paintUniforms";

// PixiJS reads `navigator` when its modules load (the encoder uses its triangulator).
let encode: typeof Encode;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  encode = await import("../../src/render/batch/encode");
});

const RED: RGBA = { r: 1, g: 0, b: 0, a: 1 };
const BLUE: RGBA = { r: 0, g: 0, b: 1, a: 1 };
const INK: RGBA = { r: 0.2, g: 0.4, b: 0.6, a: 1 };
const FINE = { step: 2, pixelsPerUnit: 1 };
const GRADIENT: LinearGradientPaint = {
  type: "linear",
  from: { x: 0, y: 0 },
  to: { x: 100, y: 0 },
  stops: [
    { offset: 0, color: RED },
    { offset: 1, color: BLUE },
  ],
};

interface Vertex {
  x: number;
  y: number;
  kind: number;
  slot: number;
  color: number;
}

function vertices(writer: BatchWriter): Vertex[] {
  const colors = new Uint32Array(writer.vertices.slice().buffer);
  const out: Vertex[] = [];
  for (let i = 0; i < writer.vertexCount; i += 1) {
    const o = i * WORDS_PER_VERTEX;
    const v = writer.vertices;
    out.push({ x: v[o]!, y: v[o + 1]!, kind: v[o + 6]!, slot: v[o + 7]!, color: colors[o + 10]! });
  }
  return out;
}

/** Total area of the written triangles of one kind. */
function area(writer: BatchWriter, kind: number): number {
  const v = vertices(writer);
  const ix = writer.indices;
  let total = 0;
  for (let i = 0; i < ix.length; i += 3) {
    const [a, b, c] = [v[ix[i]!]!, v[ix[i + 1]!]!, v[ix[i + 2]!]!];
    if (a.kind !== kind) continue;
    total += Math.abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2;
  }
  return total;
}

function polygonArea(flat: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < flat.length; i += 2) {
    const j = (i + 2) % flat.length;
    sum += flat[i]! * flat[j + 1]! - flat[j]! * flat[i + 1]!;
  }
  return Math.abs(sum) / 2;
}

/** The area a closed outline covers under the nonzero rule, sampled on a fine grid. */
function nonzeroArea(flat: readonly number[], step = 0.25): number {
  const xs = flat.filter((_, i) => i % 2 === 0);
  const ys = flat.filter((_, i) => i % 2 === 1);
  let inside = 0;
  for (let x = Math.min(...xs) + step / 2; x < Math.max(...xs); x += step) {
    for (let y = Math.min(...ys) + step / 2; y < Math.max(...ys); y += step) {
      let winding = 0;
      for (let i = 0; i < flat.length; i += 2) {
        const j = (i + 2) % flat.length;
        const [x0, y0, x1, y1] = [flat[i]!, flat[i + 1]!, flat[j]!, flat[j + 1]!];
        const side = (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0);
        if (y0 <= y && y1 > y && side > 0) winding += 1;
        else if (y0 > y && y1 <= y && side < 0) winding -= 1;
      }
      if (winding !== 0) inside += 1;
    }
  }
  return inside * step * step;
}

function line(fields: Partial<LineNode> = {}): LineNode {
  return makeNode<LineNode>("line", "l", "page", "a0", {
    fill: NO_FILL,
    stroke: { ...DEFAULT_STROKE, width: 4, paint: { type: "solid", color: INK } },
    start: { x: 0, y: 0 },
    end: { x: 100, y: 0 },
    startHead: "none",
    endHead: "none",
    ...fields,
  });
}

/** A straight stroke along x whose pressure runs from `from` to `to`. */
function freehand(from: number, to: number, fields: Partial<FreehandNode> = {}): FreehandNode {
  const points: number[] = [];
  for (let i = 0; i <= 40; i += 1) points.push(i * 5, 0, from + ((to - from) * i) / 40);
  return makeNode<FreehandNode>("freehand", "f", "page", "a0", {
    fill: NO_FILL,
    stroke: { ...DEFAULT_STROKE, paint: { type: "solid", color: INK } },
    points,
    settings: {
      size: 16,
      thinning: 0.7,
      smoothing: 0.5,
      streamline: 0.5,
      simulatePressure: false,
      fixedWidth: false,
    },
    ...fields,
  });
}

describe("which styles the batch draws", () => {
  it("takes lines with arrowheads and freehand ink in solid colours with the normal blend", () => {
    expect(encode.isBatchable(line({ startHead: "circle", endHead: "triangle" }))).toBe(true);
    expect(encode.isBatchable(freehand(0.5, 0.5))).toBe(true);
    // A freehand stroke's fill is never drawn, so a gradient there does not matter.
    expect(encode.isBatchable({ ...freehand(0.5, 0.5), fill: GRADIENT })).toBe(true);
  });

  it("leaves gradients, other blend modes and frames to meshes of their own", () => {
    const ink = freehand(0.5, 0.5);
    expect(encode.isBatchable({ ...ink, stroke: { ...ink.stroke, paint: GRADIENT } })).toBe(false);
    expect(encode.isBatchable({ ...ink, blendMode: "multiply" })).toBe(false);
    const arrow = line({ endHead: "arrow" });
    expect(encode.isBatchable({ ...arrow, stroke: { ...arrow.stroke, paint: GRADIENT } })).toBe(
      false,
    );
    const frame = makeNode<FrameNode>("frame", "fr", "page", "a0", {
      width: 10,
      height: 10,
      clip: true,
      fill: { type: "solid", color: RED },
      stroke: DEFAULT_STROKE,
    });
    expect(encode.isVectorNode(frame)).toBe(true);
    expect(encode.isBatchable(frame)).toBe(false);
  });

  it("rebuilds heads and ink for a new zoom; frames, like boxes, are exact at every zoom", () => {
    expect(encode.dependsOnZoom(line({ endHead: "circle" }))).toBe(true);
    expect(encode.dependsOnZoom(freehand(0.5, 0.5))).toBe(true);
    const frame = makeNode<FrameNode>("frame", "fr", "page", "a0", {
      width: 10,
      height: 10,
      clip: false,
      fill: { type: "solid", color: RED },
      stroke: DEFAULT_STROKE,
    });
    expect(encode.dependsOnZoom(frame)).toBe(false);
    const writer = new BatchWriter();
    encode.encodeNode(writer, frame, IDENTITY_MATRIX, FINE);
    expect(vertices(writer).map((v) => v.kind)).toEqual(Array(4).fill(SHAPE_BOX));
  });
});

describe("arrowheads", () => {
  it("are the one geometry the SVG export writes", () => {
    const tip = { x: 30, y: 40 };
    const from = { x: -10, y: 5 };
    for (const head of ["arrow", "triangle", "circle", "diamond", "bar"] as const) {
      const shared = headGeometry(head, tip, from, headSize(3))!;
      const svg = arrowHead(head, tip, from, headSize(3))!;
      expect(svg.kind).toBe(shared.kind);
      if (shared.kind === "circle") expect(svg).toEqual(shared);
      else {
        const numbers = ("d" in svg ? svg.d : "").match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g)!.map(Number);
        expect(numbers).toEqual(shared.points.map((n) => Math.round(n * 1e4) / 1e4 + 0));
      }
    }
    expect(headGeometry("none", tip, from, 10)).toBeNull();
  });

  it("are 10–16 px long on a 2 px line and grow slower than the stroke", () => {
    expect(headSize(2)).toBeGreaterThanOrEqual(10);
    expect(headSize(2)).toBeLessThanOrEqual(16);
    // Hairlines still get a head one can see; thick lines one that does not swallow the line.
    expect(headSize(0)).toBeGreaterThanOrEqual(4);
    expect(headSize(1)).toBeGreaterThanOrEqual(8);
    for (const width of [0.5, 1, 2, 4, 8, 16, 32, 64, 200]) {
      expect(headSize(width * 2)).toBeGreaterThan(headSize(width));
      // Sub-linear: doubling the width never doubles the head.
      expect(headSize(width * 2)).toBeLessThan(2 * headSize(width) + 1e-9);
      expect(headSize(width)).toBeGreaterThanOrEqual(1.5 * width);
    }
    expect(headSize(10)).toBeLessThan(24);
    // A triangle head stays wider than the line it ends.
    const head = headGeometry("triangle", { x: 0, y: 0 }, { x: -100, y: 0 }, headSize(40));
    if (head?.kind !== "fill") throw new Error("no triangle");
    expect(Math.abs(head.points[3]! - head.points[5]!)).toBeGreaterThan(40);
  });

  it("fill the head's polygon and disc in the stroke's colour, with rims", () => {
    const node = line({ startHead: "circle", endHead: "triangle" });
    const writer = new BatchWriter();
    encode.encodeNode(writer, node, IDENTITY_MATRIX, FINE);
    const size = headSize(node.stroke.width);
    const triangle = headGeometry("triangle", node.end, node.start, size)!;
    const disc = headGeometry("circle", node.start, node.end, size)!;
    if (triangle.kind !== "fill" || disc.kind !== "circle") throw new Error("unexpected heads");
    // The disc is cut into segments, so it falls a little short of the true circle.
    const expected = polygonArea(triangle.points) + Math.PI * disc.r * disc.r;
    expect(Math.abs(area(writer, SHAPE_FLAT) / expected - 1)).toBeLessThan(0.01);
    const filled = vertices(writer).filter((v) => v.kind === SHAPE_FLAT || v.kind === SHAPE_FRINGE);
    expect(filled.length).toBeGreaterThan(0);
    for (const v of filled) {
      expect(v.color).toBe(packColor(INK));
      expect(v.slot).toBe(PAINT_STROKE);
    }
    // The disc lies around the start, the triangle points at the end.
    const xs = filled.map((v) => v.x);
    expect(Math.min(...xs)).toBeLessThan(-disc.r + 0.01);
    expect(Math.max(...xs)).toBeGreaterThan(100 - 1e-9);
  });

  it("stroke marked heads with the line's stroke, undashed", () => {
    const plain = new BatchWriter();
    const arrowed = new BatchWriter();
    const dashed = { ...line().stroke, dash: [5, 5] };
    encode.encodeNode(plain, line({ stroke: dashed }), IDENTITY_MATRIX, FINE);
    encode.encodeNode(arrowed, line({ stroke: dashed, endHead: "arrow" }), IDENTITY_MATRIX, FINE);
    const size = headSize(4);
    // Two arms `size` long, 4 wide: at least their length times the width more ink.
    const extra = area(arrowed, SHAPE_STROKE) - area(plain, SHAPE_STROKE);
    expect(extra).toBeGreaterThan(2 * size * 4 * 0.9);
    for (const v of vertices(arrowed)) expect(v.kind).toBe(SHAPE_STROKE);
  });
});

describe("freehand ink", () => {
  it("fills the pressure-shaped outline, nonzero, in the stroke's colour", () => {
    const node = freehand(0.5, 0.5);
    const writer = new BatchWriter();
    encode.encodeNode(writer, node, IDENTITY_MATRIX, FINE);
    const outline = freehandNodeOutline(node);
    // The outline folds over itself at the ends; nonzero counts the folds once.
    expect(Math.abs(area(writer, SHAPE_FLAT) / nonzeroArea(outline) - 1)).toBeLessThan(0.01);
    const kinds = new Set(vertices(writer).map((v) => v.kind));
    expect(kinds).toEqual(new Set([SHAPE_FLAT, SHAPE_FRINGE]));
    for (const v of vertices(writer)) {
      expect(v.color).toBe(packColor(INK));
      expect(v.slot).toBe(PAINT_STROKE);
    }
  });

  it("is wider where the pressure is higher", () => {
    const writer = new BatchWriter();
    encode.encodeNode(writer, freehand(0.1, 1), IDENTITY_MATRIX, FINE);
    const spread = (x0: number, x1: number) => {
      const ys = vertices(writer)
        .filter((v) => v.kind === SHAPE_FLAT && v.x >= x0 && v.x <= x1)
        .map((v) => v.y);
      return Math.max(...ys) - Math.min(...ys);
    };
    expect(spread(140, 180)).toBeGreaterThan(1.5 * spread(20, 60));
  });

  it("draws nothing without a stroke paint", () => {
    const node = freehand(0.5, 0.5);
    const writer = new BatchWriter();
    encode.encodeNode(
      writer,
      { ...node, stroke: { ...node.stroke, paint: null } },
      IDENTITY_MATRIX,
      FINE,
    );
    expect(writer.vertexCount).toBe(0);
  });
});

describe("gradient paints in the encoder", () => {
  it("write a placeholder colour and name their paint, so the paint shader can evaluate them", () => {
    const path = makeNode<PathNode>("path", "p", "page", "a0", {
      fill: GRADIENT,
      stroke: { ...DEFAULT_STROKE, width: 3, paint: { type: "solid", color: BLUE } },
      fillRule: "nonzero",
      subpaths: [
        {
          start: { x: 0, y: 0 },
          segments: [
            { type: "line", to: { x: 50, y: 0 } },
            { type: "line", to: { x: 0, y: 50 } },
          ],
          closed: true,
        },
      ],
    });
    const writer = new BatchWriter();
    encode.encodeNode(writer, path, IDENTITY_MATRIX, FINE);
    const all = vertices(writer);
    const flat = all.filter((v) => v.kind === SHAPE_FLAT);
    expect(flat.length).toBeGreaterThan(0);
    for (const v of flat)
      expect([v.slot, v.color]).toEqual([PAINT_FILL, packColor({ r: 1, g: 1, b: 1, a: 1 })]);
    for (const v of all.filter((v) => v.kind === SHAPE_STROKE))
      expect([v.slot, v.color]).toEqual([PAINT_STROKE, packColor(BLUE)]);
    // An opaque stroke hides the fill's edge; a gradient stroke with a transparent stop does not.
    expect(all.some((v) => v.kind === SHAPE_FRINGE)).toBe(false);
    const seeThrough: LinearGradientPaint = {
      ...GRADIENT,
      stops: [GRADIENT.stops[0]!, { offset: 1, color: { ...BLUE, a: 0.5 } }],
    };
    const rimmed = new BatchWriter();
    encode.encodeNode(
      rimmed,
      { ...path, stroke: { ...path.stroke, paint: seeThrough } },
      IDENTITY_MATRIX,
      FINE,
    );
    expect(vertices(rimmed).some((v) => v.kind === SHAPE_FRINGE)).toBe(true);
  });

  it("keep a gradient-filled rectangle one analytic quad", () => {
    const rect = makeNode<RectNode>("rect", "r", "page", "a0", {
      width: 10,
      height: 10,
      radii: [0, 0, 0, 0],
      fill: GRADIENT,
      stroke: { ...DEFAULT_STROKE, paint: GRADIENT },
    });
    const writer = new BatchWriter();
    encode.encodeNode(writer, rect, IDENTITY_MATRIX, FINE);
    expect(vertices(writer).map((v) => v.kind)).toEqual(Array(4).fill(SHAPE_BOX));
  });

  it("reach the shader as kind and geometry in the node's units", () => {
    const solid = paintUniforms({ type: "solid", color: RED });
    expect(solid.info[0]).toBe(PAINT_SOLID);
    expect(paintUniforms(null).info[0]).toBe(PAINT_SOLID);
    const linear = paintUniforms(GRADIENT);
    expect([...linear.info]).toEqual([PAINT_LINEAR, 0, 0, 0]);
    expect([...linear.geometry]).toEqual([0, 0, 100, 0]);
    const radial = paintUniforms({
      type: "radial",
      center: { x: 50, y: 40 },
      focal: { x: 45, y: Number.NaN },
      radius: 30,
      stops: GRADIENT.stops,
    });
    expect([...radial.info]).toEqual([PAINT_RADIAL, 30, 0, 0]);
    expect([...radial.geometry]).toEqual([45, 0, 50, 40]);
  });
});

describe("gradient stops", () => {
  const texel = (data: Uint8Array, i: number) => [...data.subarray(i * 4, i * 4 + 4)];

  it("bake the ends' colours at the row's ends and blend between, premultiplied", () => {
    const data = new Uint8Array(STOP_TEXELS * 4);
    bakeStops(
      [
        { offset: 0, color: RED },
        { offset: 1, color: { r: 0, g: 0, b: 1, a: 0 } },
      ],
      data,
    );
    expect(texel(data, 0)).toEqual([255, 0, 0, 255]);
    expect(texel(data, STOP_TEXELS - 1)).toEqual([0, 0, 0, 0]);
    // Halfway, premultiplied: red fades out with its alpha, no blue shows.
    const middle = colorAt(
      normalizedStops([
        { offset: 0, color: RED },
        { offset: 1, color: { r: 0, g: 0, b: 1, a: 0 } },
      ]),
      0.5,
    );
    expect(middle).toEqual([0.5, 0, 0, 0.5]);
  });

  it("read as SVG: offsets clamped and never below an earlier one; equal offsets make a hard edge", () => {
    const stops: GradientStop[] = [
      { offset: -1, color: RED },
      { offset: 0.5, color: RED },
      { offset: 0.3, color: BLUE },
      { offset: 2, color: BLUE },
    ];
    expect(normalizedStops(stops).map((s) => s.offset)).toEqual([0, 0.5, 0.5, 1]);
    const clean = normalizedStops(stops);
    expect(colorAt(clean, 0.499)).toEqual([1, 0, 0, 1]);
    expect(colorAt(clean, 0.5)).toEqual([0, 0, 1, 1]);
    expect(colorAt([], 0.5)).toEqual([0, 0, 0, 0]);
    expect(colorAt(normalizedStops([{ offset: 0.7, color: BLUE }]), 0.1)).toEqual([0, 0, 1, 1]);
  });

  it("never bake a colour brighter than its alpha, nor outside the stops' range", () => {
    const color = fc.record({
      r: fc.double({ min: 0, max: 1, noNaN: true }),
      g: fc.double({ min: 0, max: 1, noNaN: true }),
      b: fc.double({ min: 0, max: 1, noNaN: true }),
      a: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    const stop = fc.record({ offset: fc.double({ min: -0.5, max: 1.5, noNaN: true }), color });
    fc.assert(
      fc.property(fc.array(stop, { minLength: 1, maxLength: 12 }), (stops) => {
        const data = new Uint8Array(STOP_TEXELS * 4);
        bakeStops(stops, data);
        const alphas = stops.map((s) => Math.round(s.color.a * 255));
        const [low, high] = [Math.min(...alphas) - 1, Math.max(...alphas) + 1];
        for (let i = 0; i < STOP_TEXELS; i += 1) {
          const [r, g, b, a] = texel(data, i) as [number, number, number, number];
          if (Math.max(r, g, b) > a + 1 || a < low || a > high) return false;
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });
});
