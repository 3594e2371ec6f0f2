/**
 * Triangles whose vertices carry, besides their local position, the distances the batch shader
 * turns into anti-aliased coverage:
 *
 * - `lateral`: signed distance from a stroke's centre line (0 on it, ± the built half width on
 *   its two outer edges), or from a fill's outline for a fill's fringe. Interpolated across a
 *   triangle it is the true distance, because every triangle is built with its corners at known
 *   distances from one straight line or one point.
 * - `along` and `alongLimit`: where a cap ends the stroke, the distance along it and where the
 *   ink stops; coverage falls off once |along| passes the limit. Away from caps `along` is 0.
 * - For a fill's rim, `thickness`, `inset` and `insetLimit` instead (see `insetVertex`): the
 *   inner edge of the rim lies on the outline here and the shader moves it half a screen pixel
 *   into the fill.
 *
 * Storage is typed arrays that grow and are kept between shapes, so building a chunk allocates
 * almost nothing; the getters are views of what was written.
 */
export class EdgeMesh {
  private xyData = new Float64Array(512);
  private lateralData = new Float64Array(256);
  private alongData = new Float64Array(256);
  private limitData = new Float64Array(256);
  private insetData = new Float64Array(512);
  private thicknessData = new Float64Array(256);
  private insetLimitData = new Float64Array(256);
  private indexData = new Uint32Array(768);
  private vertices = 0;
  private indexTotal = 0;
  private arrays: EdgeMeshArrays = this.currentArrays();

  get vertexCount(): number {
    return this.vertices;
  }

  get indexCount(): number {
    return this.indexTotal;
  }

  /**
   * The storage itself, written up to `vertexCount` vertices and `indexCount` indices: for loops
   * that copy a mesh out, which the getters' views would cost a typed array each (eight per
   * stroked shape, thousands of shapes per step of a drag that connectors follow).
   */
  get data(): EdgeMeshArrays {
    return this.arrays;
  }

  /** Local x, y pairs. */
  get xy(): Float64Array {
    return this.xyData.subarray(0, this.vertices * 2);
  }

  get lateral(): Float64Array {
    return this.lateralData.subarray(0, this.vertices);
  }

  get along(): Float64Array {
    return this.alongData.subarray(0, this.vertices);
  }

  get alongLimit(): Float64Array {
    return this.limitData.subarray(0, this.vertices);
  }

  /**
   * Per vertex, x, y: where the shader moves the vertex per local unit it insets the fill (a
   * vector whose component across each edge at the vertex is 1, pointing into the fill); 0, 0 for
   * vertices that stay put.
   */
  get inset(): Float64Array {
    return this.insetData.subarray(0, this.vertices * 2);
  }

  /** Per vertex: how thick the fill is there (local units), for rims; 0 elsewhere. */
  get thickness(): Float64Array {
    return this.thicknessData.subarray(0, this.vertices);
  }

  /**
   * Per vertex: the most the shader may inset it (local units), or −1 for vertices it leaves
   * where they are. An inset vertex lies on the outline: its lateral distance is 0 less the inset.
   */
  get insetLimit(): Float64Array {
    return this.insetLimitData.subarray(0, this.vertices);
  }

  get indices(): Uint32Array {
    return this.indexData.subarray(0, this.indexTotal);
  }

  reset(): void {
    this.vertices = 0;
    this.indexTotal = 0;
  }

  /** Adds a vertex and returns its index. */
  vertex(x: number, y: number, lateral: number, along = 0, alongLimit = NO_ALONG_LIMIT): number {
    const v = this.vertices;
    if (v === this.lateralData.length) this.growVertices();
    this.xyData[v * 2] = x;
    this.xyData[v * 2 + 1] = y;
    this.lateralData[v] = lateral;
    this.alongData[v] = along;
    this.limitData[v] = alongLimit;
    this.insetData[v * 2] = 0;
    this.insetData[v * 2 + 1] = 0;
    this.thicknessData[v] = 0;
    this.insetLimitData[v] = -1;
    this.vertices = v + 1;
    return v;
  }

  /**
   * Adds a vertex of a fill's rim and returns its index: `lateral` from the outline and the fill's
   * `thickness` there.
   */
  rimVertex(x: number, y: number, lateral: number, thickness: number): number {
    const v = this.vertex(x, y, lateral);
    this.thicknessData[v] = thickness;
    return v;
  }

  /**
   * Adds an inner vertex of a fill's rim, on the outline, and returns its index: the shader moves
   * it into the fill along (`insetX`, `insetY`) (see `inset`) by half a screen pixel, but no more
   * than `limit` local units, lowering its lateral distance from 0 by as much. `thickness` is the
   * fill's there.
   */
  insetVertex(
    x: number,
    y: number,
    thickness: number,
    insetX: number,
    insetY: number,
    limit: number,
  ): number {
    const v = this.rimVertex(x, y, 0, thickness);
    this.insetData[v * 2] = insetX;
    this.insetData[v * 2 + 1] = insetY;
    this.insetLimitData[v] = Math.max(0, limit);
    return v;
  }

  triangle(a: number, b: number, c: number): void {
    if (this.indexTotal + 3 > this.indexData.length) this.growIndices();
    const i = this.indexTotal;
    this.indexData[i] = a;
    this.indexData[i + 1] = b;
    this.indexData[i + 2] = c;
    this.indexTotal = i + 3;
  }

  /** Two triangles over a quad given in order around it. */
  quad(a: number, b: number, c: number, d: number): void {
    this.triangle(a, b, c);
    this.triangle(a, c, d);
  }

  private growVertices(): void {
    const grow = (data: Float64Array, size: number): Float64Array<ArrayBuffer> => {
      const next = new Float64Array(size);
      next.set(data);
      return next;
    };
    const size = this.lateralData.length * 2;
    this.xyData = grow(this.xyData, size * 2);
    this.lateralData = grow(this.lateralData, size);
    this.alongData = grow(this.alongData, size);
    this.limitData = grow(this.limitData, size);
    this.insetData = grow(this.insetData, size * 2);
    this.thicknessData = grow(this.thicknessData, size);
    this.insetLimitData = grow(this.insetLimitData, size);
    this.arrays = this.currentArrays();
  }

  private growIndices(): void {
    const next = new Uint32Array(this.indexData.length * 2);
    next.set(this.indexData);
    this.indexData = next;
    this.arrays = this.currentArrays();
  }

  private currentArrays(): EdgeMeshArrays {
    return {
      xy: this.xyData,
      lateral: this.lateralData,
      along: this.alongData,
      alongLimit: this.limitData,
      inset: this.insetData,
      thickness: this.thicknessData,
      insetLimit: this.insetLimitData,
      indices: this.indexData,
    };
  }
}

/** An edge mesh's storage by field, as its getters of the same names give views of it. */
export interface EdgeMeshArrays {
  readonly xy: Float64Array;
  readonly lateral: Float64Array;
  readonly along: Float64Array;
  readonly alongLimit: Float64Array;
  readonly inset: Float64Array;
  readonly thickness: Float64Array;
  readonly insetLimit: Float64Array;
  readonly indices: Uint32Array;
}

/**
 * The along-limit of vertices away from caps. `along` is 0 there, so its screen-space rate of
 * change is 0 and any positive limit leaves the coverage whole.
 */
export const NO_ALONG_LIMIT = 1;
