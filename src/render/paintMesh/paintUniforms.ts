import type { Paint } from "../../doc/types";

/** How the paint shader reads a paint: solid colours come from the vertices. */
export const PAINT_SOLID = 0;
export const PAINT_LINEAR = 1;
export const PAINT_RADIAL = 2;

/**
 * A paint as the paint shader's two vec4 uniforms, in the node's local units:
 * `info` = kind, radius (radial), 0, 0; `geometry` = from.xy, to.xy (linear) or
 * focal.xy, centre.xy (radial). Not-finite coordinates read as 0.
 */
export interface PaintUniforms {
  readonly info: Float32Array;
  readonly geometry: Float32Array;
}

function finite(v: number): number {
  return Number.isFinite(v) ? v : 0;
}

export function paintUniforms(paint: Paint | null): PaintUniforms {
  const info = new Float32Array(4);
  const geometry = new Float32Array(4);
  if (paint === null || paint.type === "solid") return { info, geometry };
  if (paint.type === "linear") {
    info[0] = PAINT_LINEAR;
    geometry.set([paint.from.x, paint.from.y, paint.to.x, paint.to.y].map(finite));
  } else {
    info[0] = PAINT_RADIAL;
    info[1] = Math.max(0, finite(paint.radius));
    geometry.set([paint.focal.x, paint.focal.y, paint.center.x, paint.center.y].map(finite));
  }
  return { info, geometry };
}
