import type { Matrix } from "../../doc/transform";
import type { RGBA } from "../../doc/types";
import type { EdgeMesh } from "../stroke/edgeMesh";

/**
 * One vertex of a chunk's batch, interleaved as 32-bit words:
 * position (world, 2) · local point from the shape's centre (2) · half size (2) ·
 * kind, stroke width (or paint slot), corner radius, opacity (4) · fill RGBA8 (1) · stroke RGBA8 (1).
 * Stroke vertices put their lateral and along distances in the local point's words and the
 * stroke's half width and along-limit in the half size's. A fill's vertices (its flat insides and
 * its rim) put its thickness in the local point's second word and in the first a rim's lateral
 * distance, or where the shader insets the vertex the most it may; the direction the shader insets
 * them along (world units per local unit of inset) in the half size's, and in the corner radius's
 * word the local units per world unit (at most, the way the node's matrix shrinks most) where the
 * vertex is inset, 0 where it stays put. The last four words are the node's matrix (a, b, c, d:
 * world units per local unit) on the inner vertices of an unfilled box's ring, which the shader
 * moves towards the centre by a screen pixel, and 0 on every other vertex.
 */
export const WORDS_PER_VERTEX = 16;
export const BYTES_PER_VERTEX = WORDS_PER_VERTEX * 4;

/** How the fragment shader colours a vertex's triangles. */
export const SHAPE_FLAT = 0;
export const SHAPE_BOX = 1;
export const SHAPE_ELLIPSE = 2;
/** A box whose stroke meets at mitred (square) outer corners. */
export const SHAPE_MITRED_BOX = 3;
/** A stroke's triangles: coverage from the lateral distance against the half width, and caps. */
export const SHAPE_STROKE = 4;
/**
 * A fill's rim: from half a screen pixel inside the outline (where the shader moves its inner
 * edge) to a pixel outside it, coverage running from 1 to 0 through 0.5 on the outline.
 */
export const SHAPE_FRINGE = 5;
export type ShapeKind =
  | typeof SHAPE_FLAT
  | typeof SHAPE_BOX
  | typeof SHAPE_ELLIPSE
  | typeof SHAPE_MITRED_BOX
  | typeof SHAPE_STROKE
  | typeof SHAPE_FRINGE;

/**
 * Which of a node's paints colours flat triangles and edge meshes, kept in the stroke-width word
 * (unused by them): fills' insides and rims take the fill's paint, strokes, arrowheads and
 * freehand ink the stroke's. The batch shader ignores it (the colour is in the vertex); the paint
 * shader evaluates the gradient it names.
 */
export const PAINT_FILL = 0;
export const PAINT_STROKE = 1;
export type PaintSlot = typeof PAINT_FILL | typeof PAINT_STROKE;

/** Transparent black: no fill or no stroke. */
export const NO_COLOR: RGBA = { r: 0, g: 0, b: 0, a: 0 };

function byte(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v * 255)));
}

/** RGBA packed as the bytes r, g, b, a in memory (little-endian word), read back as unorm8x4. */
export function packColor(color: RGBA): number {
  return (
    ((byte(color.a) << 24) | (byte(color.b) << 16) | (byte(color.g) << 8) | byte(color.r)) >>> 0
  );
}

/**
 * Where the shader insets a fill's flat triangles' vertices: per point, the direction (x, y,
 * local units per local unit of inset; 0, 0 for a point that stays put), the fill's thickness
 * there (local units) and the most the point may be inset.
 */
export interface FillInsetData {
  readonly directions: ArrayLike<number>;
  readonly thickness: ArrayLike<number>;
  /** Per point: the most it may be inset (local units). */
  readonly limits: ArrayLike<number>;
}

export interface BoxShape {
  readonly kind: typeof SHAPE_BOX | typeof SHAPE_ELLIPSE | typeof SHAPE_MITRED_BOX;
  readonly width: number;
  readonly height: number;
  /** Corner radius of a box; ignored for ellipses. */
  readonly radius: number;
  readonly strokeWidth: number;
  readonly fill: RGBA;
  readonly stroke: RGBA;
  readonly opacity: number;
}

/**
 * Grows typed arrays of vertices and indices for one chunk, so a chunk becomes one mesh and one
 * draw call whatever it holds. Boxes and ellipses are one quad each, shaded with analytic
 * coverage; strokes and fills' rims arrive as edge meshes carrying distances to their edges, and
 * fills' insides as flat triangles, all in local coordinates.
 */
export class BatchWriter {
  private words = new Float32Array(WORDS_PER_VERTEX * 256);
  private colors = new Uint32Array(this.words.buffer);
  private indexData = new Uint32Array(384);
  private vertexTotal = 0;
  private indexTotal = 0;

  /** Empties the batch, keeping the arrays for the next chunk. */
  reset(): void {
    this.vertexTotal = 0;
    this.indexTotal = 0;
  }

  get vertexCount(): number {
    return this.vertexTotal;
  }

  get indexCount(): number {
    return this.indexTotal;
  }

  /** The vertex words written so far (a view, valid until the next write). */
  get vertices(): Float32Array {
    return this.words.subarray(0, this.vertexTotal * WORDS_PER_VERTEX);
  }

  get indices(): Uint32Array {
    return this.indexData.subarray(0, this.indexTotal);
  }

  /**
   * A box or ellipse spanning (0, 0)–(width, height) locally, placed by `m`. The quad reaches
   * past the outline by half the stroke plus a margin, room for the anti-aliased fringe. A box
   * big enough on screen at `pixelsPerUnit` (screen pixels per world unit; 0: never) is a ring
   * instead, the quad less an inside where only the fill shows, if anything (see `ringHole`):
   * left out, or drawn as flat triangles (a negative kind) that need no distances.
   */
  box(m: Matrix, shape: BoxShape, pixelsPerUnit = 0): void {
    const hw = Math.abs(shape.width) / 2;
    const hh = Math.abs(shape.height) / 2;
    const pad = shape.strokeWidth / 2 + Math.max(1, 0.05 * Math.min(hw, hh));
    const ex = hw + pad;
    const ey = hh + pad;
    const hole = ringHole(m, shape, hw, hh, pixelsPerUnit);
    const inner = hole === null ? 0 : hole.length >> 1;
    // A filled box's hole is drawn flat, from copies of the hole's vertices marked by a negative
    // kind: the same words, so the vertex shader moves them to the very same places.
    const filled = hole !== null && shape.fill.a > 0;
    const copies = filled ? inner : 0;
    // An ellipse's ring has its quad's corners cut (see `ellipseCuts`): two vertices each.
    const cuts = hole !== null && shape.kind === SHAPE_ELLIPSE ? ellipseCuts(hw, hh, pad) : null;
    const outer = cuts === null ? 4 : 8;
    this.reserve(
      outer + inner + copies,
      hole === null ? 6 : 3 * (inner + 8) + (filled ? 3 * (copies - 2) : 0),
    );
    const base = this.vertexTotal;
    const at = base + outer;
    const colors = [packColor(shape.fill), packColor(shape.stroke)] as const;
    if (cuts === null) {
      for (let corner = 0; corner < 4; corner += 1) {
        const lx = corner === 0 || corner === 3 ? -ex : ex;
        const ly = corner < 2 ? -ey : ey;
        this.boxVertex(base + corner, m, shape, colors, lx, ly, false);
      }
    } else {
      // Per quarter, counter-clockwise from +x: where the cut meets the side the quarter starts
      // across, then the side it ends across.
      const [cx, cy] = cuts;
      for (let q = 0; q < 4; q += 1) {
        const sx = q === 0 || q === 3 ? 1 : -1;
        const sy = q < 2 ? 1 : -1;
        const across = q % 2 === 0;
        this.boxVertex(
          base + 2 * q,
          m,
          shape,
          colors,
          sx * (across ? ex : cx),
          sy * (across ? cy : ey),
          false,
        );
        this.boxVertex(
          base + 2 * q + 1,
          m,
          shape,
          colors,
          sx * (across ? cx : ex),
          sy * (across ? ey : cy),
          false,
        );
      }
    }
    const ix = this.indexData;
    let i = this.indexTotal;
    if (hole === null) {
      ix[i++] = base;
      ix[i++] = base + 1;
      ix[i++] = base + 2;
      ix[i++] = base;
      ix[i++] = base + 2;
      ix[i++] = base + 3;
    } else {
      for (let k = 0; k < inner; k += 1) {
        this.boxVertex(at + k, m, shape, colors, hole[k * 2]!, hole[k * 2 + 1]!, true);
      }
      if (filled) {
        const flat = at + inner;
        for (let k = 0; k < inner; k += 1) {
          this.boxVertex(flat + k, m, shape, colors, hole[k * 2]!, hole[k * 2 + 1]!, true);
          this.words[(flat + k) * WORDS_PER_VERTEX + 6] = -shape.kind;
        }
        // The hole is convex: a fan.
        for (let k = 1; k + 1 < inner; k += 1) {
          ix[i++] = flat;
          ix[i++] = flat + k;
          ix[i++] = flat + k + 1;
        }
      }
      if (shape.kind === SHAPE_ELLIPSE) {
        const quarter = inner >> 2;
        const hole = (k: number) => at + (k % inner);
        for (let q = 0; q < 4; q += 1) {
          const first = q * quarter;
          const last = first + quarter;
          if (cuts === null) {
            // Each quarter of the polygon fans from the quad's corner beyond it, which sees all
            // of it; one triangle per side of the quad joins the quarters.
            const corner = base + QUARTER_CORNERS[q]!;
            for (let k = first; k < last; k += 1) {
              ix[i++] = corner;
              ix[i++] = hole(k);
              ix[i++] = hole(k + 1);
            }
            ix[i++] = corner;
            ix[i++] = hole(last);
            ix[i++] = base + QUARTER_CORNERS[(q + 1) % 4]!;
            continue;
          }
          // The cut's first end fans over the quarter's polygon up to its last side, which the
          // second end fans over; a triangle on the cut joins them, one on each side of the quad
          // the next quarter.
          const a = base + 2 * q;
          const b = a + 1;
          for (let k = first; k < last - 1; k += 1) {
            ix[i++] = a;
            ix[i++] = hole(k);
            ix[i++] = hole(k + 1);
          }
          ix[i++] = a;
          ix[i++] = hole(last - 1);
          ix[i++] = b;
          ix[i++] = b;
          ix[i++] = hole(last - 1);
          ix[i++] = hole(last);
          ix[i++] = b;
          ix[i++] = hole(last);
          ix[i++] = base + ((2 * q + 2) % 8);
        }
      } else {
        // The hole's corners follow the quad's: two triangles per side.
        for (let k = 0; k < 4; k += 1) {
          const next = (k + 1) % 4;
          ix[i++] = base + k;
          ix[i++] = base + next;
          ix[i++] = at + next;
          ix[i++] = base + k;
          ix[i++] = at + next;
          ix[i++] = at + k;
        }
      }
    }
    this.vertexTotal += (hole === null ? 4 : outer) + inner + copies;
    this.indexTotal = i;
  }

  /** One vertex of a box at `lx`, `ly` from its centre; `ring` marks a ring's inner vertex. */
  private boxVertex(
    index: number,
    m: Matrix,
    shape: BoxShape,
    colors: readonly [number, number],
    lx: number,
    ly: number,
    ring: boolean,
  ): void {
    const hw = Math.abs(shape.width) / 2;
    const hh = Math.abs(shape.height) / 2;
    const x = shape.width / 2 + lx;
    const y = shape.height / 2 + ly;
    const o = index * WORDS_PER_VERTEX;
    const w = this.words;
    w[o] = m.a * x + m.c * y + m.e;
    w[o + 1] = m.b * x + m.d * y + m.f;
    w[o + 2] = lx;
    w[o + 3] = ly;
    w[o + 4] = hw;
    w[o + 5] = hh;
    w[o + 6] = shape.kind;
    w[o + 7] = shape.strokeWidth;
    w[o + 8] = Math.min(shape.radius, hw, hh);
    w[o + 9] = shape.opacity;
    this.colors[o + 10] = colors[0];
    this.colors[o + 11] = colors[1];
    w[o + 12] = ring ? m.a : 0;
    w[o + 13] = ring ? m.b : 0;
    w[o + 14] = ring ? m.c : 0;
    w[o + 15] = ring ? m.d : 0;
  }

  /**
   * Flat triangles in one colour: `points` are local x, y pairs placed by `m`, `indices` index
   * them in threes. With `inset`, the insides of a fill with a rim: the shader moves them in to
   * meet the rim's inner edge (`scale` is the node's local units per world unit the way its matrix
   * shrinks most).
   */
  triangles(
    m: Matrix,
    points: ArrayLike<number>,
    indices: ArrayLike<number>,
    color: RGBA,
    opacity: number,
    slot: PaintSlot = PAINT_FILL,
    inset: FillInsetData | null = null,
    scale = 1,
  ): void {
    const count = points.length >> 1;
    if (count === 0 || indices.length === 0) return;
    this.reserve(count, indices.length);
    const base = this.vertexTotal;
    const packed = packColor(color);
    const w = this.words;
    for (let p = 0; p < count; p += 1) {
      const x = points[p * 2]!;
      const y = points[p * 2 + 1]!;
      const o = (base + p) * WORDS_PER_VERTEX;
      w[o] = m.a * x + m.c * y + m.e;
      w[o + 1] = m.b * x + m.d * y + m.f;
      // Without an inset, the thickness in pixels the shader would work out: a pixel (solid).
      w[o + 2] = inset === null ? 1 : inset.limits[p]!;
      if (inset === null) {
        w[o + 3] = 0;
        w[o + 4] = 0;
        w[o + 5] = 0;
        w[o + 8] = 0;
      } else {
        const ix = inset.directions[p * 2]!;
        const iy = inset.directions[p * 2 + 1]!;
        w[o + 3] = inset.thickness[p]!;
        w[o + 4] = m.a * ix + m.c * iy;
        w[o + 5] = m.b * ix + m.d * iy;
        w[o + 8] = scale;
      }
      w[o + 6] = SHAPE_FLAT;
      w[o + 7] = slot;
      w[o + 9] = opacity;
      this.colors[o + 10] = packed;
      this.colors[o + 11] = 0;
      // Four stores rather than a call of `fill` per vertex: rewriting a drag's slots writes these
      // for every vertex of every connector.
      w[o + 12] = 0;
      w[o + 13] = 0;
      w[o + 14] = 0;
      w[o + 15] = 0;
    }
    this.vertexTotal += count;
    this.appendIndices(base, indices);
  }

  /**
   * An edge mesh in one colour, placed by `m`: a stroke (`SHAPE_STROKE`, `halfWidth` is half the
   * stroke's width) or a fill's rim (`SHAPE_FRINGE`, whose inner vertices the shader insets;
   * `scale` is the node's local units per world unit the way its matrix shrinks most).
   */
  edges(
    m: Matrix,
    mesh: EdgeMesh,
    kind: typeof SHAPE_STROKE | typeof SHAPE_FRINGE,
    halfWidth: number,
    color: RGBA,
    opacity: number,
    slot: PaintSlot = kind === SHAPE_STROKE ? PAINT_STROKE : PAINT_FILL,
    scale = 1,
  ): void {
    const count = mesh.vertexCount;
    const indexCount = mesh.indexCount;
    if (count === 0 || indexCount === 0) return;
    this.reserve(count, indexCount);
    const base = this.vertexTotal;
    const packed = packColor(color);
    const w = this.words;
    const { xy, lateral, along, alongLimit, inset, thickness, insetLimit, indices } = mesh.data;
    const rim = kind === SHAPE_FRINGE;
    for (let p = 0; p < count; p += 1) {
      const x = xy[p * 2]!;
      const y = xy[p * 2 + 1]!;
      const o = (base + p) * WORDS_PER_VERTEX;
      w[o] = m.a * x + m.c * y + m.e;
      w[o + 1] = m.b * x + m.d * y + m.f;
      w[o + 2] = lateral[p]!;
      if (rim) {
        const ix = inset[p * 2]!;
        const iy = inset[p * 2 + 1]!;
        const limit = insetLimit[p]!;
        // An inset vertex lies on the outline (lateral 0): its word holds the limit instead.
        if (limit >= 0) w[o + 2] = limit;
        w[o + 3] = thickness[p]!;
        w[o + 4] = m.a * ix + m.c * iy;
        w[o + 5] = m.b * ix + m.d * iy;
        w[o + 8] = limit >= 0 ? scale : 0;
      } else {
        w[o + 3] = along[p]!;
        w[o + 4] = halfWidth;
        w[o + 5] = alongLimit[p]!;
        w[o + 8] = 0;
      }
      w[o + 6] = kind;
      w[o + 7] = slot;
      w[o + 9] = opacity;
      this.colors[o + 10] = packed;
      this.colors[o + 11] = 0;
      // Four stores rather than a call of `fill` per vertex: rewriting a drag's slots writes these
      // for every vertex of every connector.
      w[o + 12] = 0;
      w[o + 13] = 0;
      w[o + 14] = 0;
      w[o + 15] = 0;
    }
    this.vertexTotal += count;
    this.appendIndices(base, indices, indexCount);
  }

  /** Appends a mesh's first `count` indices, offset to where its vertices start in the batch. */
  private appendIndices(
    base: number,
    indices: ArrayLike<number>,
    count: number = indices.length,
  ): void {
    const ix = this.indexData;
    let i = this.indexTotal;
    for (let k = 0; k < count; k += 1) ix[i++] = base + indices[k]!;
    this.indexTotal = i;
  }

  private reserve(vertices: number, indices: number): void {
    const wordsNeeded = (this.vertexTotal + vertices) * WORDS_PER_VERTEX;
    if (wordsNeeded > this.words.length) {
      const next = new Float32Array(Math.max(wordsNeeded, this.words.length * 2));
      next.set(this.words.subarray(0, this.vertexTotal * WORDS_PER_VERTEX));
      this.words = next;
      this.colors = new Uint32Array(next.buffer);
    }
    const indicesNeeded = this.indexTotal + indices;
    if (indicesNeeded > this.indexData.length) {
      const next = new Uint32Array(Math.max(indicesNeeded, this.indexData.length * 2));
      next.set(this.indexData.subarray(0, this.indexTotal));
      this.indexData = next;
    }
  }
}

/**
 * Where an ellipse's quad (half size `hw` + `pad`, `hh` + `pad`) has its corners cut, as the
 * distance from the centre along each side to the cut (x on the top and bottom sides, y on the
 * left and right), or null where a cut would not shorten the sides. The cut is the tangent, at
 * 45° of its parameter, of the outline scaled by 1 + pad / its smaller half size: the ellipse's
 * distance (COVERAGE_GLSL's approximation) at a point t times as far as the outline is at least
 * (t − 1) times the smaller half size, so nothing within the quad's margin of the outline is
 * beyond it, and the ring loses a fifth of its pixels for nothing.
 */
export function ellipseCuts(hw: number, hh: number, pad: number): [number, number] | null {
  const scale = 1 + pad / Math.max(Math.min(hw, hh), 1e-9);
  const a = hw * scale;
  const b = hh * scale;
  const cx = a * (Math.SQRT2 - (hh + pad) / b);
  const cy = b * (Math.SQRT2 - (hw + pad) / a);
  if (!(cx > 0 && cx < hw + pad && cy > 0 && cy < hh + pad)) return null;
  return [cx, cy];
}

/** The quad corner beyond each quarter of an ellipse's hole, counter-clockwise from +x. */
const QUARTER_CORNERS = [2, 3, 0, 1] as const;

/** Sides of an ellipse's hole per quarter: 12 in all keep about 95 % of its area. */
const ELLIPSE_HOLE_QUARTER = 3;

/**
 * Below this half size on screen (pixels) a hole saves too few pixels to pay for its vertices
 * and triangles (an ellipse's ring is 16 vertices to the quad's 4).
 */
const RING_MIN_HALF_PX = 6;

/**
 * The inside of a box's ring (local x, y pairs from its centre), or null where the box is drawn
 * as a whole quad: too small on screen. The hole lies at least half the stroke inside the
 * outline (a rectangle's corners cut for its radius, an ellipse's polygon within the outline
 * shrunk by half the stroke), where, once the vertex shader has moved the hole's vertices in by
 * another screen pixel at the zoom drawn (`ringInset`), the stroke covers nothing and the fill
 * everything: an unfilled box leaves it out, a filled one draws it in its fill's flat colour,
 * which is what the quad drew there.
 */
export function ringHole(
  m: Matrix,
  shape: BoxShape,
  hw: number,
  hh: number,
  pixelsPerUnit: number,
): number[] | null {
  if (!(pixelsPerUnit > 0) || (shape.fill.a <= 0 && !(shape.strokeWidth > 0))) return null;
  const sum = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d;
  const det = m.a * m.d - m.b * m.c;
  const smallest = Math.sqrt(
    Math.max(0, (sum - Math.sqrt(Math.max(0, sum * sum - 4 * det * det))) / 2),
  );
  const half = Math.max(0, shape.strokeWidth) / 2;
  if (shape.kind === SHAPE_ELLIPSE) {
    const reach = Math.min(hw, hh) - half;
    if (reach * smallest * pixelsPerUnit < RING_MIN_HALF_PX) return null;
    const shrink = reach / Math.min(hw, hh);
    const sides = 4 * ELLIPSE_HOLE_QUARTER;
    const out: number[] = [];
    for (let k = 0; k < sides; k += 1) {
      const angle = (2 * Math.PI * k) / sides;
      out.push(shrink * hw * Math.cos(angle), shrink * hh * Math.sin(angle));
    }
    return out;
  }
  // A rounded corner's arc lies within (1 − 1/√2) r of the corner along the diagonal.
  const inset = half + Math.min(shape.radius, hw, hh) * (1 - Math.SQRT1_2);
  const hx = hw - inset;
  const hy = hh - inset;
  if (Math.min(hx, hy) * smallest * pixelsPerUnit < RING_MIN_HALF_PX) return null;
  return [-hx, -hy, hx, -hy, hx, hy, -hx, hy];
}
