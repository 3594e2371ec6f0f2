import { describe, expect, it } from "vitest";
import type { Matrix } from "../../src/doc/transform";
import type { RGBA } from "../../src/doc/types";
import { BATCH_VERTEX_GLSL, COVERAGE_GLSL, ringInset } from "../../src/render/batch/coverage";
import {
  BatchWriter,
  NO_COLOR,
  SHAPE_BOX,
  SHAPE_ELLIPSE,
  SHAPE_MITRED_BOX,
  WORDS_PER_VERTEX,
  type BoxShape,
} from "../../src/render/batch/writer";

const INK: RGBA = { r: 0.1, g: 0.1, b: 0.1, a: 1 };

// The fragment shader's box and ellipse coverage (COVERAGE_GLSL), line for line.
function boxDistance(px: number, py: number, ex: number, ey: number, r: number): number {
  const qx = Math.abs(px) - ex + r;
  const qy = Math.abs(py) - ey + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

function ellipseDistance(px: number, py: number, ex: number, ey: number): number {
  const a = Math.max(ex, 1e-4);
  const b = Math.max(ey, 1e-4);
  const k1 = Math.hypot(px / a, py / b);
  const k2 = Math.hypot(px / (a * a), py / (b * b));
  return k2 > 0 ? (k1 * (k1 - 1)) / k2 : -Math.min(a, b);
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** The stroke's coverage of a box's fragment at local (x, y), a pixel being `pixel` local units. */
function boxStrokeCoverage(shape: BoxShape, x: number, y: number, pixel: number): number {
  const hw = Math.abs(shape.width) / 2;
  const hh = Math.abs(shape.height) / 2;
  const w = shape.strokeWidth;
  const r = Math.min(shape.radius, hw, hh);
  const d =
    shape.kind === SHAPE_ELLIPSE ? ellipseDistance(x, y, hw, hh) : boxDistance(x, y, hw, hh, r);
  const outer =
    shape.kind === SHAPE_MITRED_BOX && r <= 0
      ? boxDistance(x, y, hw + 0.5 * w, hh + 0.5 * w, 0)
      : d - 0.5 * w;
  const inner = d + 0.5 * w;
  return clamp(clamp(0.5 - outer / pixel) - clamp(0.5 - inner / pixel));
}

/** The fill's coverage of a box's fragment at local (x, y), as `boxStrokeCoverage`. */
function boxFillCoverage(shape: BoxShape, x: number, y: number, pixel: number): number {
  const hw = Math.abs(shape.width) / 2;
  const hh = Math.abs(shape.height) / 2;
  const r = Math.min(shape.radius, hw, hh);
  const d =
    shape.kind === SHAPE_ELLIPSE ? ellipseDistance(x, y, hw, hh) : boxDistance(x, y, hw, hh, r);
  return clamp(0.5 - d / pixel);
}

/** Device pixels per local unit of a node placed by `m` and drawn at `zoom`: the 2×2 part. */
function toDevice(m: Matrix, zoom: number): [number, number, number, number] {
  return [m.a * zoom, m.b * zoom, m.c * zoom, m.d * zoom];
}

/** The most local units a device pixel spans any way (the vertex shader's `unit`). */
function unitsPerPixel([a, b, c, d]: [number, number, number, number]): number {
  const sum = a * a + b * b + c * c + d * d;
  const det = Math.abs(a * d - b * c);
  const largest = Math.sqrt(0.5 * (sum + Math.sqrt(Math.max(sum * sum - 4 * det * det, 0))));
  return largest / det;
}

/** The fragment shader's pixel for an affine map: local units per screen step, from derivatives. */
function fragmentPixel([a, b, c, d]: [number, number, number, number]): number {
  const det = a * d - b * c;
  // The inverse's columns: local units per device x and per device y.
  const gx = [d / det, -b / det];
  const gy = [-c / det, a / det];
  return (
    Math.hypot(Math.abs(gx[0]!) + Math.abs(gy[0]!), Math.abs(gx[1]!) + Math.abs(gy[1]!)) *
    0.70710678
  );
}

interface Drawn {
  /** Local x, y of every vertex as the vertex shader leaves it. */
  readonly local: number[];
  readonly indices: Uint32Array;
  readonly ring: boolean[];
  /** The kind word of every vertex. */
  readonly kinds: number[];
}

/** The writer's box as the vertex shader moves it at `zoom`. */
function drawn(writer: BatchWriter, m: Matrix, shape: BoxShape, zoom: number): Drawn {
  const unit = unitsPerPixel(toDevice(m, zoom));
  const v = writer.vertices;
  const local: number[] = [];
  const ring: boolean[] = [];
  const kinds: number[] = [];
  for (let i = 0; i < writer.vertexCount; i += 1) {
    const o = i * WORDS_PER_VERTEX;
    kinds.push(v[o + 6]!);
    const frame = [v[o + 12]!, v[o + 13]!, v[o + 14]!, v[o + 15]!];
    const isRing = frame.some((f) => f !== 0);
    ring.push(isRing);
    if (isRing) expect(frame).toEqual([m.a, m.b, m.c, m.d].map(Math.fround));
    const [x, y] = isRing
      ? ringInset(
          v[o + 2]!,
          v[o + 3]!,
          Math.abs(v[o + 6]!) === SHAPE_ELLIPSE,
          v[o + 4]!,
          v[o + 5]!,
          v[o + 7]!,
          unit,
        )
      : [v[o + 2]!, v[o + 3]!];
    local.push(x, y);
  }
  return { local, indices: writer.indices, ring, kinds };
}

function triangleArea(p: number[], a: number, b: number, c: number): number {
  const [ax, ay, bx, by, cx, cy] = [
    p[a * 2]!,
    p[a * 2 + 1]!,
    p[b * 2]!,
    p[b * 2 + 1]!,
    p[c * 2]!,
    p[c * 2 + 1]!,
  ];
  return Math.abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay)) / 2;
}

function polygonArea(p: readonly number[]): number {
  let sum = 0;
  const n = p.length >> 1;
  for (let i = 0; i < n; i += 1) {
    const j = (i + 1) % n;
    sum += p[i * 2]! * p[j * 2 + 1]! - p[j * 2]! * p[i * 2 + 1]!;
  }
  return Math.abs(sum) / 2;
}

/** Points (x, y pairs) around the origin, in the order of their angle. */
function sortedByAngle(p: readonly number[]): number[] {
  const points: [number, number][] = [];
  for (let i = 0; i < p.length; i += 2) points.push([p[i]!, p[i + 1]!]);
  points.sort((a, b) => Math.atan2(a[1], a[0]) - Math.atan2(b[1], b[0]));
  return points.flat();
}

function insideConvex(p: readonly number[], x: number, y: number): boolean {
  const n = p.length >> 1;
  let sign = 0;
  for (let i = 0; i < n; i += 1) {
    const j = (i + 1) % n;
    const cross =
      (p[j * 2]! - p[i * 2]!) * (y - p[i * 2 + 1]!) -
      (p[j * 2 + 1]! - p[i * 2 + 1]!) * (x - p[i * 2]!);
    if (Math.abs(cross) < 1e-12) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

const SHAPES: BoxShape[] = [
  {
    kind: SHAPE_BOX,
    width: 80,
    height: 60,
    radius: 0,
    strokeWidth: 2,
    fill: NO_COLOR,
    stroke: INK,
    opacity: 1,
  },
  {
    kind: SHAPE_BOX,
    width: 120,
    height: 50,
    radius: 18,
    strokeWidth: 5,
    fill: NO_COLOR,
    stroke: INK,
    opacity: 0.5,
  },
  {
    kind: SHAPE_MITRED_BOX,
    width: 60,
    height: 90,
    radius: 0,
    strokeWidth: 8,
    fill: NO_COLOR,
    stroke: INK,
    opacity: 1,
  },
  {
    kind: SHAPE_ELLIPSE,
    width: 80,
    height: 60,
    radius: 0,
    strokeWidth: 2,
    fill: NO_COLOR,
    stroke: INK,
    opacity: 1,
  },
  {
    kind: SHAPE_ELLIPSE,
    width: 200,
    height: 40,
    radius: 0,
    strokeWidth: 3,
    fill: NO_COLOR,
    stroke: INK,
    opacity: 1,
  },
];

const MATRICES: Matrix[] = [
  { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 },
  {
    a: 2 * Math.cos(0.5),
    b: 2 * Math.sin(0.5),
    c: -2 * Math.sin(0.5),
    d: 2 * Math.cos(0.5),
    e: 30,
    f: -7,
  },
  { a: 3, b: 0, c: 0, d: 0.5, e: 0, f: 0 },
  { a: 1, b: 0.2, c: 0.7, d: 1, e: 5, f: 5 },
];

describe("unfilled boxes are rings", () => {
  it("the shader moves a ring's inner vertices as ringInset does", () => {
    expect(BATCH_VERTEX_GLSL).toContain("float unit = largest / max(det, 1e-30);");
    expect(BATCH_VERTEX_GLSL).toContain(
      "? local * max(0.0, 1.0 - unit / max(min(aHalf.x, aHalf.y) - 0.5 * aShape.y, 1e-30))",
    );
    expect(BATCH_VERTEX_GLSL).toContain(
      ": local - sign(local) * min(unit, min(abs(local.x), abs(local.y)));",
    );
    // The coverage mirrored above.
    expect(COVERAGE_GLSL).toContain(
      "float pixel = max(length(abs(gx) + abs(gy)) * 0.70710678, 1e-6);",
    );
    expect(COVERAGE_GLSL).toContain("float inner = d + 0.5 * w;");
    expect(COVERAGE_GLSL).toContain("float fillCover = clamp(0.5 - d / pixel, 0.0, 1.0);");
  });

  it("boxes big enough on screen are rings, filled or stroked", () => {
    const m = MATRICES[0]!;
    const ring = (shape: BoxShape, pixelsPerUnit?: number) => {
      const writer = new BatchWriter();
      writer.box(m, shape, pixelsPerUnit);
      return writer.vertexCount;
    };
    const [rect, , , ellipse] = SHAPES as [BoxShape, BoxShape, BoxShape, BoxShape];
    expect(ring(rect, 1)).toBe(8);
    // An ellipse's ring has its quad's corners cut: 8 outer vertices and the 12-sided hole.
    expect(ring(ellipse, 1)).toBe(20);
    expect(ring(rect)).toBe(4);
    // Filled: its hole drawn flat, from copies of the hole's vertices.
    expect(ring({ ...rect, fill: INK }, 1)).toBe(12);
    expect(ring({ ...ellipse, fill: INK }, 1)).toBe(32);
    expect(ring({ ...rect, fill: INK, strokeWidth: 0 }, 1)).toBe(12);
    expect(ring({ ...rect, strokeWidth: 0 }, 1)).toBe(4);
    // 80 × 60 at an eighth: under four pixels from the hole's edge to its centre.
    expect(ring(rect, 1 / 8)).toBe(4);
    expect(ring(ellipse, 1 / 8)).toBe(4);
  });

  it("the ring and its hole tile the quad; in the hole the stroke covers nothing, the fill all", () => {
    let rings = 0;
    for (const shape of [...SHAPES, ...SHAPES.map((s) => ({ ...s, fill: INK }))]) {
      const filled = shape.fill.a > 0;
      for (const m of MATRICES) {
        for (const built of [0.25, 1, 4]) {
          const writer = new BatchWriter();
          writer.box(m, shape, built);
          const quad = new BatchWriter();
          quad.box(m, shape);
          // Too small on screen at that zoom: a whole quad (tested above).
          if (writer.vertexCount === 4) continue;
          rings += 1;
          for (const zoom of [built / 3, built / 1.4, built, built * 1.4, built * 6]) {
            const { local, indices, ring, kinds } = drawn(writer, m, shape, zoom);
            const hole: number[] = [];
            for (let i = 0; i < ring.length; i += 1) {
              if (ring[i] && kinds[i]! > 0) hole.push(local[i * 2]!, local[i * 2 + 1]!);
            }
            let covered = 0;
            for (let t = 0; t < indices.length; t += 3) {
              covered += triangleArea(local, indices[t]!, indices[t + 1]!, indices[t + 2]!);
            }
            // The outer outline: the quad, or for an ellipse the quad with its corners cut.
            const outline: number[] = [];
            for (let i = 0; i < ring.length; i += 1) {
              if (!ring[i]) outline.push(local[i * 2]!, local[i * 2 + 1]!);
            }
            const around = sortedByAngle(outline);
            const whole = polygonArea(around);
            const q = drawn(quad, m, shape, zoom);
            const quadArea = triangleArea(q.local, 0, 1, 2) + triangleArea(q.local, 0, 2, 3);
            expect(whole).toBeLessThanOrEqual(quadArea + 1e-6);
            if (shape.kind === SHAPE_ELLIPSE) expect(whole).toBeLessThan(0.9 * quadArea);
            // What the cut corners leave out is outside the reach of fill and stroke, at zooms
            // where the quad's own margin holds (half a pixel within it).
            const hw = shape.width / 2;
            const hh = shape.height / 2;
            const margin = Math.max(1, 0.05 * Math.min(hw, hh));
            const pixelHere = fragmentPixel(toDevice(m, zoom));
            if (shape.kind === SHAPE_ELLIPSE && 0.5 * pixelHere <= margin) {
              let most = 0;
              const ex = hw + shape.strokeWidth / 2 + margin;
              const ey = hh + shape.strokeWidth / 2 + margin;
              for (let i = 0; i <= 30; i += 1) {
                for (let j = 0; j <= 30; j += 1) {
                  const x = -ex + (2 * ex * i) / 30;
                  const y = -ey + (2 * ey * j) / 30;
                  if (insideConvex(around, x, y)) continue;
                  most = Math.max(
                    most,
                    boxStrokeCoverage(shape, x, y, pixelHere),
                    filled ? boxFillCoverage(shape, x, y, pixelHere) : 0,
                  );
                }
              }
              expect(most).toBe(0);
            }
            // A filled box's flat triangles cover its hole; an unfilled one leaves it out.
            expect(covered + (filled ? 0 : polygonArea(hole))).toBeCloseTo(whole, 6);
            // Sample the hole: the stroke covers none of it, the fill all of it.
            const pixel = fragmentPixel(toDevice(m, zoom));
            const xs = hole.filter((_, k) => k % 2 === 0);
            const ys = hole.filter((_, k) => k % 2 === 1);
            const [x0, x1, y0, y1] = [
              Math.min(...xs),
              Math.max(...xs),
              Math.min(...ys),
              Math.max(...ys),
            ];
            let most = 0;
            let least = 1;
            for (let i = 0; i <= 24; i += 1) {
              for (let j = 0; j <= 24; j += 1) {
                const x = x0 + ((x1 - x0) * i) / 24;
                const y = y0 + ((y1 - y0) * j) / 24;
                if (insideConvex(hole, x, y)) {
                  most = Math.max(most, boxStrokeCoverage(shape, x, y, pixel));
                  least = Math.min(least, boxFillCoverage(shape, x, y, pixel));
                }
              }
            }
            expect(most).toBe(0);
            expect(least).toBe(1);
          }
        }
      }
    }
    expect(rings).toBeGreaterThan(80);
  });
});
