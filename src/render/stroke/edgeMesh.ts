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
 *
 * Storage is typed arrays that grow and are kept between shapes, so building a chunk allocates
 * almost nothing; the getters are views of what was written.
 */
export class EdgeMesh {
  private xyData = new Float64Array(512);
  private lateralData = new Float64Array(256);
  private alongData = new Float64Array(256);
  private limitData = new Float64Array(256);
  private indexData = new Uint32Array(768);
  private vertices = 0;
  private indexTotal = 0;

  get vertexCount(): number {
    return this.vertices;
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
    this.vertices = v + 1;
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
  }

  private growIndices(): void {
    const next = new Uint32Array(this.indexData.length * 2);
    next.set(this.indexData);
    this.indexData = next;
  }
}

/**
 * The along-limit of vertices away from caps. `along` is 0 there, so its screen-space rate of
 * change is 0 and any positive limit leaves the coverage whole.
 */
export const NO_ALONG_LIMIT = 1;
