import {
  fillInset,
  insideCoverage,
  rimCoverage,
  strokeCoverage,
} from "../../../src/render/batch/coverage";
import {
  SHAPE_FLAT,
  SHAPE_FRINGE,
  SHAPE_STROKE,
  WORDS_PER_VERTEX,
  type BatchWriter,
} from "../../../src/render/batch/writer";

/** A vertex as the batch's vertex shader hands it on: on screen, with its interpolated words. */
export interface ShadedVertex {
  /** Screen pixels, snapped to the 1/256 pixel grid GPUs rasterise on. */
  readonly x: number;
  readonly y: number;
  readonly kind: number;
  /** vLocal.x, vLocal.y and vHalf.x. */
  readonly lateral: number;
  readonly second: number;
  readonly half: number;
}

/**
 * Vertex `i` of a writer's batch through `BATCH_VERTEX_GLSL`, drawn at `zoom` screen pixels per
 * world unit with the world's (0, 0) at the screen's corner: a fill's vertices are inset by half
 * a pixel (a pixel being 1 / zoom world units every way), at most their limit.
 */
export function shadedVertex(writer: BatchWriter, i: number, zoom: number): ShadedVertex {
  const v = writer.vertices;
  const o = i * WORDS_PER_VERTEX;
  let x = v[o]!;
  let y = v[o + 1]!;
  let lateral = v[o + 2]!;
  const kind = v[o + 6]!;
  const scale = v[o + 8]!;
  if ((kind === SHAPE_FLAT || kind === SHAPE_FRINGE) && scale > 0) {
    const inset = fillInset(scale / zoom, v[o + 2]!);
    x += v[o + 4]! * inset;
    y += v[o + 5]! * inset;
    lateral = kind === SHAPE_FLAT ? v[o + 3]! / (scale / zoom) : -inset;
  }
  const snap = (n: number) => Math.round(n * zoom * 256) / 256;
  return { x: snap(x), y: snap(y), kind, lateral, second: v[o + 3]!, half: v[o + 4]! };
}

/** The screen area (pixels) of the writer's triangles of one kind, as the vertex shader puts them. */
export function shadedArea(writer: BatchWriter, zoom: number, kind: number): number {
  const ix = writer.indices;
  let area = 0;
  for (let t = 0; t < ix.length; t += 3) {
    const [a, b, c] = [0, 1, 2].map((k) => shadedVertex(writer, ix[t + k]!, zoom)) as [
      ShadedVertex,
      ShadedVertex,
      ShadedVertex,
    ];
    if (a.kind !== kind) continue;
    area += Math.abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2;
  }
  return area;
}

/**
 * A software stand-in for the batch shader over a writer's fills and strokes (kinds 0, 4 and 5)
 * drawn at `zoom` (see `shadedVertex`) into a `width` × `height` image: each pixel's centre is
 * shaded as `COVERAGE_GLSL` shades it (distances over their exact screen-space rate) and
 * triangles are blended one over another, the alpha of an opaque colour, row by row. With
 * `count`, how many triangles give each pixel any coverage instead. Points on an edge are drawn
 * by one of the triangles either side, as GPUs do.
 */
export function rasterAlpha(
  writer: BatchWriter,
  zoom: number,
  width: number,
  height: number,
  blend: "over" | "count" = "over",
): Float64Array {
  const alpha = new Float64Array(width * height);
  const ix = writer.indices;
  for (let t = 0; t < ix.length; t += 3) {
    const [a, b, c] = [0, 1, 2].map((k) => shadedVertex(writer, ix[t + k]!, zoom)) as [
      ShadedVertex,
      ShadedVertex,
      ShadedVertex,
    ];
    const det = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
    if (det === 0) continue;
    // The lateral distance's screen-space rate (the plane through the three vertices).
    const gx =
      ((b.lateral - a.lateral) * (c.y - a.y) - (c.lateral - a.lateral) * (b.y - a.y)) / det;
    const gy =
      ((c.lateral - a.lateral) * (b.x - a.x) - (b.lateral - a.lateral) * (c.x - a.x)) / det;
    const across = Math.max(Math.hypot(gx, gy), 1e-9);
    const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x, c.x)));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x, c.x)));
    const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y, c.y)));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y, c.y)));
    const edges = [edgeTest(a, b, det), edgeTest(b, c, det), edgeTest(c, a, det)];
    for (let py = y0; py <= y1; py += 1) {
      for (let px = x0; px <= x1; px += 1) {
        const x = px + 0.5;
        const y = py + 0.5;
        if (!edges.every((inside) => inside(x, y))) continue;
        const wb = ((x - a.x) * (c.y - a.y) - (c.x - a.x) * (y - a.y)) / det;
        const wc = ((b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y)) / det;
        const wa = 1 - wb - wc;
        const lateral = wa * a.lateral + wb * b.lateral + wc * c.lateral;
        const second = wa * a.second + wb * b.second + wc * c.second;
        let cover = 1;
        if (a.kind === SHAPE_FLAT) cover = insideCoverage(lateral);
        else if (a.kind === SHAPE_FRINGE) cover = rimCoverage(lateral / across, second / across);
        else if (a.kind === SHAPE_STROKE) cover = strokeCoverage(lateral / across, a.half / across);
        const k = py * width + px;
        if (blend === "count") alpha[k] = alpha[k]! + (cover > 1e-9 ? 1 : 0);
        else alpha[k] = alpha[k]! + cover * (1 - alpha[k]!);
      }
    }
  }
  return alpha;
}

interface Point {
  readonly x: number;
  readonly y: number;
}

/**
 * Whether a point is on the inner side of the edge p–q of a triangle turning as `det` says, as
 * a GPU decides it: the same edge of two triangles is computed alike, and a point on it is drawn
 * by exactly one of the two triangles either side of it.
 */
function edgeTest(p: Point, q: Point, det: number): (x: number, y: number) => boolean {
  const forward = p.x < q.x || (p.x === q.x && p.y < q.y);
  const [u, v] = forward ? [p, q] : [q, p];
  // The triangle lies on this side of the line u→v.
  const side = Math.sign(det) * (forward ? 1 : -1);
  return (x, y) => {
    const e = (v.x - u.x) * (y - u.y) - (v.y - u.y) * (x - u.x);
    return e === 0 ? side > 0 : e * side > 0;
  };
}

/**
 * The exact coverage of a one-pixel box filter at each pixel of a `width` × `height` image for a
 * fill given as a point test in screen pixels, by `samples`² point samples per pixel. `uniform`,
 * where given, tells the pixels no edge crosses: their samples all agree, so one at the centre
 * gives the same coverage.
 */
export function boxAlpha(
  filled: (x: number, y: number) => boolean,
  width: number,
  height: number,
  samples = 16,
  uniform?: (px: number, py: number) => boolean,
): Float64Array {
  const alpha = new Float64Array(width * height);
  for (let py = 0; py < height; py += 1)
    for (let px = 0; px < width; px += 1) {
      if (uniform?.(px, py) === true) {
        alpha[py * width + px] = filled(px + 0.5, py + 0.5) ? 1 : 0;
        continue;
      }
      let hits = 0;
      for (let j = 0; j < samples; j += 1)
        for (let i = 0; i < samples; i += 1)
          if (filled(px + (i + 0.5) / samples, py + (j + 0.5) / samples)) hits += 1;
      alpha[py * width + px] = hits / (samples * samples);
    }
  return alpha;
}
