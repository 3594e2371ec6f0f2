import { describe, expect, it } from "vitest";
import { beforeAll } from "vitest";
import { DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { IDENTITY_MATRIX, type Matrix } from "../../src/doc/transform";
import type { EllipseNode, LineNode, PathNode, RectNode, SceneNode } from "../../src/doc/types";
import type * as Encode from "../../src/render/batch/encode";
import {
  BatchWriter,
  packColor,
  SHAPE_BOX,
  SHAPE_ELLIPSE,
  SHAPE_FLAT,
  SHAPE_FRINGE,
  SHAPE_MITRED_BOX,
  SHAPE_STROKE,
  WORDS_PER_VERTEX,
} from "../../src/render/batch/writer";

// PixiJS reads `navigator` when its modules load (the encoder uses its line builder).
let encode: typeof Encode;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  encode = await import("../../src/render/batch/encode");
});

const RED = { r: 1, g: 0, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 1, a: 0.5 };
const FINE = { step: 4, pixelsPerUnit: 1 };

function square(size: number, stroke: Partial<RectNode["stroke"]> | null): PathNode {
  return makeNode<PathNode>("path", "p", "page", "a0", {
    fill: { type: "solid", color: RED },
    stroke: stroke === null ? { ...DEFAULT_STROKE, paint: null } : { ...DEFAULT_STROKE, ...stroke },
    fillRule: "nonzero",
    subpaths: [
      {
        start: { x: 0, y: 0 },
        segments: [
          { type: "line", to: { x: size, y: 0 } },
          { type: "line", to: { x: size, y: size } },
          { type: "line", to: { x: 0, y: size } },
        ],
        closed: true,
      },
    ],
  });
}

/** Total area of the written triangles of one kind, in world units. */
function triangleArea(writer: BatchWriter, kind: number): number {
  const v = writer.vertices;
  const ix = writer.indices;
  let area = 0;
  for (let i = 0; i < ix.length; i += 3) {
    const [a, b, c] = [ix[i]!, ix[i + 1]!, ix[i + 2]!].map((k) => k * WORDS_PER_VERTEX);
    if (v[a! + 6] !== kind) continue;
    area += Math.abs(
      (v[b!]! - v[a!]!) * (v[c! + 1]! - v[a! + 1]!) - (v[c!]! - v[a!]!) * (v[b! + 1]! - v[a! + 1]!),
    );
  }
  return area / 2;
}

/** The words of every vertex of one kind (colours as their packed integers). */
function vertexWords(writer: BatchWriter, kind: number): number[][] {
  const out: number[][] = [];
  const colors = new Uint32Array(writer.vertices.slice().buffer);
  for (let i = 0; i < writer.vertexCount; i += 1) {
    const o = i * WORDS_PER_VERTEX;
    if (writer.vertices[o + 6] !== kind) continue;
    const words = Array.from(writer.vertices.subarray(o, o + WORDS_PER_VERTEX));
    words[10] = colors[o + 10]!;
    words[11] = colors[o + 11]!;
    out.push(words);
  }
  return out;
}

function kinds(writer: BatchWriter): number[] {
  const out: number[] = [];
  for (let i = 0; i < writer.vertexCount; i += 1)
    out.push(writer.vertices[i * WORDS_PER_VERTEX + 6]!);
  return out;
}

describe("batch writer", () => {
  it("packs colours as r, g, b, a bytes in memory", () => {
    const bytes = new Uint8Array(
      new Uint32Array([packColor({ r: 1, g: 0.5, b: 0, a: 0.2 })]).buffer,
    );
    expect([...bytes]).toEqual([255, 128, 0, 51]);
  });

  it("writes a box as one quad around its outline, placed by its matrix, with room for the stroke", () => {
    const writer = new BatchWriter();
    const m: Matrix = { a: 0, b: 2, c: -2, d: 0, e: 100, f: 50 }; // rotate 90°, scale 2
    writer.box(m, {
      kind: SHAPE_BOX,
      width: 40,
      height: 20,
      radius: 30,
      strokeWidth: 4,
      fill: RED,
      stroke: BLUE,
      opacity: 0.75,
    });
    expect(writer.vertexCount).toBe(4);
    expect([...writer.indices]).toEqual([0, 1, 2, 0, 2, 3]);
    const v = writer.vertices;
    for (let corner = 0; corner < 4; corner += 1) {
      const o = corner * WORDS_PER_VERTEX;
      const [lx, ly] = [v[o + 2]!, v[o + 3]!];
      // Past the outline by half the stroke and a margin.
      expect(Math.abs(lx)).toBeGreaterThan(20 + 2);
      expect(Math.abs(ly)).toBeGreaterThan(10 + 2);
      // World position is the matrix applied to the local point from the box's centre.
      const [x, y] = [20 + lx, 10 + ly];
      expect(v[o]).toBeCloseTo(m.a * x + m.c * y + m.e);
      expect(v[o + 1]).toBeCloseTo(m.b * x + m.d * y + m.f);
      expect([v[o + 4], v[o + 5], v[o + 6], v[o + 7], v[o + 8]]).toEqual([
        20,
        10,
        SHAPE_BOX,
        4,
        10,
      ]);
      expect(v[o + 9]).toBeCloseTo(0.75);
    }
  });

  it("grows past its first arrays and keeps what it wrote", () => {
    const writer = new BatchWriter();
    for (let i = 0; i < 1000; i += 1) {
      writer.triangles({ ...IDENTITY_MATRIX, e: i }, [0, 0, 1, 0, 0, 1], [0, 1, 2], RED, 1);
    }
    expect(writer.vertexCount).toBe(3000);
    expect(writer.indices[2997]).toBe(2997);
    expect(writer.vertices[2999 * WORDS_PER_VERTEX]).toBe(999);
    writer.reset();
    expect(writer.vertexCount).toBe(0);
  });
});

describe("batch encoding", () => {
  it("draws solid vector shapes in the batch and leaves the rest to display objects", () => {
    const rect = makeNode<RectNode>("rect", "r", "page", "a0", {
      fill: { type: "solid", color: RED },
      stroke: DEFAULT_STROKE,
      width: 10,
      height: 10,
      radii: [0, 0, 0, 0],
    });
    expect(encode.isBatchable(rect)).toBe(true);
    expect(encode.isBatchable({ ...rect, blendMode: "multiply" })).toBe(false);
    expect(
      encode.isBatchable({
        ...rect,
        fill: { type: "linear", from: { x: 0, y: 0 }, to: { x: 1, y: 0 }, stops: [] },
      }),
    ).toBe(false);
    const line = makeNode<LineNode>("line", "l", "page", "a0", {
      fill: { type: "none" },
      stroke: DEFAULT_STROKE,
      start: { x: 0, y: 0 },
      end: { x: 10, y: 0 },
      startHead: "none",
      endHead: "none",
    });
    expect(encode.isBatchable(line)).toBe(true);
    expect(encode.isBatchable({ ...line, endHead: "arrow" })).toBe(true);
    const group = makeNode<SceneNode>("group", "g", "page", "a0", {} as never);
    expect(encode.isBatchable(group)).toBe(false);
  });

  it("draws rectangles with one radius and ellipses as one analytic quad; miter joins keep square corners", () => {
    const writer = new BatchWriter();
    const rect = makeNode<RectNode>("rect", "r", "page", "a0", {
      fill: { type: "solid", color: RED },
      stroke: { ...DEFAULT_STROKE, join: "miter" },
      width: 10,
      height: 10,
      radii: [0, 0, 0, 0],
    });
    const ellipse = makeNode<EllipseNode>("ellipse", "e", "page", "a0", {
      fill: { type: "none" },
      stroke: DEFAULT_STROKE,
      width: 10,
      height: 20,
    });
    encode.encodeNode(writer, rect, IDENTITY_MATRIX, FINE);
    encode.encodeNode(writer, { ...rect, stroke: DEFAULT_STROKE }, IDENTITY_MATRIX, FINE);
    encode.encodeNode(writer, ellipse, IDENTITY_MATRIX, FINE);
    expect(kinds(writer)).toEqual([
      ...Array(4).fill(SHAPE_MITRED_BOX),
      ...Array(4).fill(SHAPE_BOX),
      ...Array(4).fill(SHAPE_ELLIPSE),
    ]);
    // Mixed radii and dashes need the outline: filled triangles and stroke meshes.
    writer.reset();
    encode.encodeNode(writer, { ...rect, radii: [0, 2, 0, 2] }, IDENTITY_MATRIX, FINE);
    encode.encodeNode(
      writer,
      { ...ellipse, stroke: { ...DEFAULT_STROKE, dash: [2, 2] } },
      IDENTITY_MATRIX,
      FINE,
    );
    expect(new Set(kinds(writer))).toEqual(new Set([SHAPE_FLAT, SHAPE_STROKE]));
  });

  it("fills an outline with triangles covering exactly its area, in world units", () => {
    const writer = new BatchWriter();
    encode.encodeNode(writer, square(10, null), { a: 2, b: 0, c: 0, d: 3, e: 5, f: 5 }, FINE);
    expect(triangleArea(writer, SHAPE_FLAT)).toBeCloseTo(10 * 2 * 10 * 3, 6);
  });

  it("gives an unstroked fill a rim one screen pixel wide, measured where the node shrinks most", () => {
    const writer = new BatchWriter();
    // Scaled 2× across and 3× down: a pixel is 1/2 local unit at most, so the rim is 0.5 local
    // units wide: 1 world unit on each side across, 1.5 above and below.
    encode.encodeNode(writer, square(10, null), { a: 2, b: 0, c: 0, d: 3, e: 0, f: 0 }, FINE);
    const rim = triangleArea(writer, SHAPE_FRINGE);
    expect(rim).toBeCloseTo(22 * 33 - 20 * 30, 6);
    for (const v of vertexWords(writer, SHAPE_FRINGE)) {
      if (v[8] === 0) {
        // Outside, a fringe (local units) from the outline.
        expect(v[2]).toBe(0.5);
      } else {
        // On the outline, for the shader to inset: by no more than half the thickness measured
        // (the cap, 4 pixels, for a square this size), along the corner's bisector as the matrix
        // places it, with the node's local units per world unit where it shrinks most.
        expect(v[2]).toBeCloseTo(1, 9);
        expect([Math.abs(v[4]!), Math.abs(v[5]!)]).toEqual([2, 3]);
        expect(v[8]).toBe(0.5);
      }
      expect(v[10]).toBe(packColor(RED));
    }
  });

  it("leaves the rim out where an opaque stroke two pixels wide or more covers the fill's edge", () => {
    const covered = new BatchWriter();
    encode.encodeNode(covered, square(10, { width: 2 }), IDENTITY_MATRIX, FINE);
    expect(kinds(covered)).not.toContain(SHAPE_FRINGE);
    for (const stroke of [
      { width: 1 },
      { width: 4, dash: [3, 1] },
      { width: 4, paint: { type: "solid" as const, color: BLUE } },
    ]) {
      const showing = new BatchWriter();
      encode.encodeNode(showing, square(10, stroke), IDENTITY_MATRIX, FINE);
      expect(kinds(showing)).toContain(SHAPE_FRINGE);
    }
  });

  it("strokes with distances to the edges: a mitred square frame covers its ring and a pixel more", () => {
    const writer = new BatchWriter();
    encode.encodeNode(writer, square(10, { join: "miter", width: 2 }), IDENTITY_MATRIX, FINE);
    // Fill 10 × 10; the stroke built 1 + 1 pixel to each side of the outline: 14² − 6².
    expect(triangleArea(writer, SHAPE_FLAT)).toBeCloseTo(100, 6);
    expect(triangleArea(writer, SHAPE_STROKE)).toBeCloseTo(196 - 36, 4);
    for (const v of vertexWords(writer, SHAPE_STROKE)) {
      // Lateral distance on an edge or at a mitred corner; the half width; no cap.
      expect(Math.abs(v[2]!)).toBeCloseTo(2, 9);
      expect([v[3], v[4]]).toEqual([0, 1]);
      expect(v[11]).toBe(0);
    }
  });

  it("builds a stroke for the zoom bucket: thin on screen, it is a pixel wide plus the fringe", () => {
    const near = new BatchWriter();
    const far = new BatchWriter();
    const node = square(10, { join: "round", width: 2 });
    encode.encodeNode(near, node, IDENTITY_MATRIX, FINE);
    encode.encodeNode(far, node, IDENTITY_MATRIX, { step: 16, pixelsPerUnit: 0.125 });
    const reach = (writer: BatchWriter) =>
      Math.max(...vertexWords(writer, SHAPE_STROKE).map((v) => Math.abs(v[2]!)));
    expect(reach(near)).toBeCloseTo(1 + 1, 9);
    // 2 units are a quarter pixel at 1/8: drawn half a pixel (4 units) each side, plus 8.
    expect(reach(far)).toBeCloseTo(4 + 8, 9);
    // Its half width stays the stroke's own, so the shader fades it to a quarter pixel's ink.
    for (const v of vertexWords(far, SHAPE_STROKE)) expect(v[4]).toBe(1);
  });

  it("draws nothing for hidden, fully transparent or unpainted nodes", () => {
    const writer = new BatchWriter();
    const node = square(10, {});
    encode.encodeNode(writer, { ...node, hidden: true }, IDENTITY_MATRIX, FINE);
    encode.encodeNode(writer, { ...node, opacity: 0 }, IDENTITY_MATRIX, FINE);
    encode.encodeNode(
      writer,
      { ...node, fill: { type: "none" }, stroke: { ...node.stroke, paint: null } },
      IDENTITY_MATRIX,
      FINE,
    );
    expect(writer.vertexCount).toBe(0);
  });
});
