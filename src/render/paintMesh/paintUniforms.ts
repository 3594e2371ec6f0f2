import { patternMatrix } from "../../doc/pattern";
import { invert } from "../../doc/transform";
import type { Paint } from "../../doc/types";

/** How the paint shader reads a paint: solid colours come from the vertices. */
export const PAINT_SOLID = 0;
export const PAINT_LINEAR = 1;
export const PAINT_RADIAL = 2;
export const PAINT_PATTERN = 3;

/**
 * A paint as the paint shader's vec4 uniforms, in the node's local units:
 * `info` = kind, radius (radial) or opacity (pattern), 0, 0; `geometry` = from.xy, to.xy (linear)
 * or focal.xy, centre.xy (radial); for a pattern, `tileU` and `tileV` are the rows of the matrix
 * from local units to the tile's texture coordinates (0–1 across one tile; xyz, w unused).
 * Not-finite coordinates read as 0.
 */
export interface PaintUniforms {
  readonly info: Float32Array;
  readonly geometry: Float32Array;
  readonly tileU: Float32Array;
  readonly tileV: Float32Array;
}

function finite(v: number): number {
  return Number.isFinite(v) ? v : 0;
}

export function paintUniforms(paint: Paint | null): PaintUniforms {
  const info = new Float32Array(4);
  const geometry = new Float32Array(4);
  const tileU = new Float32Array(4);
  const tileV = new Float32Array(4);
  const out = { info, geometry, tileU, tileV };
  if (paint === null || paint.type === "solid") return out;
  if (paint.type === "pattern") {
    info[0] = PAINT_PATTERN;
    info[1] = Math.max(0, Math.min(1, finite(paint.opacity)));
    // Local → tile space → 0–1 per tile. A transform that cannot be inverted paints nothing.
    const back = invert(patternMatrix(paint));
    if (back === null || !(paint.width > 0) || !(paint.height > 0)) {
      info[1] = 0;
      return out;
    }
    tileU.set([back.a / paint.width, back.c / paint.width, back.e / paint.width].map(finite));
    tileV.set([back.b / paint.height, back.d / paint.height, back.f / paint.height].map(finite));
    return out;
  }
  if (paint.type === "linear") {
    info[0] = PAINT_LINEAR;
    geometry.set([paint.from.x, paint.from.y, paint.to.x, paint.to.y].map(finite));
  } else {
    info[0] = PAINT_RADIAL;
    info[1] = Math.max(0, finite(paint.radius));
    geometry.set([paint.focal.x, paint.focal.y, paint.center.x, paint.center.y].map(finite));
  }
  return out;
}
