import {
  BufferImageSource,
  GlProgram,
  Mesh,
  Shader,
  Texture,
  UniformGroup,
  type Geometry,
} from "pixi.js";
import type { Paint } from "../../doc/types";
import { batchGeometry } from "../batch/chunkMesh";
import { BATCH_VERTEX_GLSL, COVERAGE_GLSL } from "../batch/coverage";
import type { BatchWriter } from "../batch/writer";
import { bakeStops, STOP_TEXELS } from "./gradientStops";
import { paintUniforms } from "./paintUniforms";

// Each fragment finds where it falls along the gradient and reads the baked stops there, then
// the batch's own coverage code anti-aliases it. Radial gradients follow SVG and the canvas: the
// colour at offset t lies on the circle of radius t·r about the point t of the way from the
// focal point to the centre, the largest t ≥ 0 winning; where no such circle passes (a focal
// point outside the circle leaves a cone) nothing is painted. A gradient with no length or no
// radius paints its last stop.
const FRAGMENT = /* glsl */ `#version 300 es
${COVERAGE_GLSL}
in vec2 vPosition;

uniform sampler2D uStops;
uniform sampler2D uFillTile;
uniform sampler2D uStrokeTile;
uniform vec4 uFillInfo;
uniform vec4 uFillGeometry;
uniform vec4 uFillTileU;
uniform vec4 uFillTileV;
uniform vec4 uStrokeInfo;
uniform vec4 uStrokeGeometry;
uniform vec4 uStrokeTileU;
uniform vec4 uStrokeTileV;

out vec4 finalColor;

const float TEXELS = ${STOP_TEXELS.toFixed(1)};

// The offset along the gradient, or a negative number where the gradient paints nothing.
float gradientOffset(vec4 info, vec4 g, vec2 p) {
  if (info.x < 1.5) {
    vec2 d = g.zw - g.xy;
    float length2 = dot(d, d);
    return length2 > 0.0 ? clamp(dot(p - g.xy, d) / length2, 0.0, 1.0) : 1.0;
  }
  float r = info.y;
  if (r <= 0.0) return 1.0;
  vec2 d = g.zw - g.xy;
  vec2 q = p - g.xy;
  float a = dot(d, d) - r * r;
  float b = dot(q, d);
  float c = dot(q, q);
  float t;
  if (abs(a) < 1e-6 * r * r) {
    // The focal point on the circle: one circle through p.
    if (b <= 0.0) return c > 0.0 ? -1.0 : 0.0;
    t = c / (2.0 * b);
  } else {
    float disc = b * b - a * c;
    if (disc < 0.0) return -1.0;
    float s = sqrt(disc);
    t = max((b + s) / a, (b - s) / a);
  }
  return t < 0.0 ? -1.0 : min(t, 1.0);
}

// The gradient's straight-alpha colour at p, from row v of the baked stops.
vec4 gradientColor(vec4 info, vec4 g, float v) {
  float t = gradientOffset(info, g, vPosition);
  if (t < 0.0) return vec4(0.0);
  float u = (t * (TEXELS - 1.0) + 0.5) / TEXELS;
  vec4 c = textureLod(uStops, vec2(u, v), 0.0);
  return c.a > 0.0 ? vec4(c.rgb / c.a, c.a) : vec4(0.0);
}

// A pattern's straight-alpha colour at p: its tile (premultiplied, repeating) at p's place in
// the tile, times the pattern's opacity (info.y). Level 0 only: the tile is rendered for the zoom.
vec4 patternColor(sampler2D tile, vec4 info, vec4 u, vec4 v) {
  vec3 p = vec3(vPosition, 1.0);
  vec2 at = fract(vec2(dot(u.xyz, p), dot(v.xyz, p)));
  vec4 c = textureLod(tile, at, 0.0) * info.y;
  return c.a > 0.0 ? vec4(c.rgb / c.a, c.a) : vec4(0.0);
}

void main() {
  bool fillSolid = uFillInfo.x < 0.5;
  bool strokeSolid = uStrokeInfo.x < 0.5;
  vec4 fillGradient = fillSolid
    ? vec4(0.0)
    : uFillInfo.x > 2.5
      ? patternColor(uFillTile, uFillInfo, uFillTileU, uFillTileV)
      : gradientColor(uFillInfo, uFillGeometry, 0.25);
  vec4 strokeGradient = strokeSolid
    ? vec4(0.0)
    : uStrokeInfo.x > 2.5
      ? patternColor(uStrokeTile, uStrokeInfo, uStrokeTileU, uStrokeTileV)
      : gradientColor(uStrokeInfo, uStrokeGeometry, 0.75);
  float kind = vShape.x;
  // Boxes (and their flat insides, a negative kind) carry both paints' colours; flat triangles,
  // strokes and rims carry one, in vFill, and name their paint in vShape.y.
  bool box = abs(kind) > 0.5 && abs(kind) < 3.5;
  vec4 fill = fillSolid ? vFill : fillGradient;
  vec4 strokeOfBox = strokeSolid ? vStroke : strokeGradient;
  vec4 strokeOfEdge = strokeSolid ? vFill : strokeGradient;
  vec4 first = box || vShape.y < 0.5 ? fill : strokeOfEdge;
  finalColor = shade(first, strokeOfBox);
}
`;

let program: GlProgram | null = null;

/** The fill's stops in row 0 and the stroke's in row 1, premultiplied. */
function stopsTexture(fill: Paint | null, stroke: Paint | null): BufferImageSource {
  const data = new Uint8Array(STOP_TEXELS * 4 * 2);
  if (fill !== null && "stops" in fill) bakeStops(fill.stops, data, 0);
  if (stroke !== null && "stops" in stroke) bakeStops(stroke.stops, data, STOP_TEXELS * 4);
  return new BufferImageSource({
    resource: data,
    width: STOP_TEXELS,
    height: 2,
    format: "rgba8unorm",
    alphaMode: "premultiplied-alpha",
    scaleMode: "linear",
    addressMode: "clamp-to-edge",
    autoGenerateMipmaps: false,
    label: "gradient stops",
  });
}

/** The rendered tiles of a mesh's pattern paints; null where the paint is not a pattern. */
export interface PaintTiles {
  readonly fill: Texture | null;
  readonly stroke: Texture | null;
}

const NO_TILES: PaintTiles = { fill: null, stroke: null };

/**
 * A shape's geometry from the batch encoder (`writer`, in the node's local units) as a mesh of
 * its own whose fragments evaluate the node's fill and stroke paints (either may be a gradient
 * or a pattern, in the node's local units as the model keeps them; null paints nothing),
 * anti-aliased as the batch is. A pattern shows its tile from `tiles` (nothing without one).
 * Destroying the mesh frees its stops texture and the tiles.
 */
export function createPaintMesh(
  writer: BatchWriter,
  fill: Paint | null,
  stroke: Paint | null,
  tiles: PaintTiles = NO_TILES,
): Mesh<Geometry, Shader> {
  // High precision: gradient offsets and edge distances of large shapes need it.
  program ??= GlProgram.from({
    vertex: BATCH_VERTEX_GLSL,
    fragment: FRAGMENT,
    name: "linework-paint",
    preferredFragmentPrecision: "highp",
  });
  const fillUniforms = paintUniforms(fill);
  const strokeUniforms = paintUniforms(stroke);
  // A pattern whose tile could not be rendered paints nothing rather than a stale texture.
  if (fill?.type === "pattern" && tiles.fill === null) fillUniforms.info[1] = 0;
  if (stroke?.type === "pattern" && tiles.stroke === null) strokeUniforms.info[1] = 0;
  const stops = stopsTexture(fill, stroke);
  const shader = new Shader({
    glProgram: program,
    resources: {
      paint: new UniformGroup({
        uFillInfo: { value: fillUniforms.info, type: "vec4<f32>" },
        uFillGeometry: { value: fillUniforms.geometry, type: "vec4<f32>" },
        uFillTileU: { value: fillUniforms.tileU, type: "vec4<f32>" },
        uFillTileV: { value: fillUniforms.tileV, type: "vec4<f32>" },
        uStrokeInfo: { value: strokeUniforms.info, type: "vec4<f32>" },
        uStrokeGeometry: { value: strokeUniforms.geometry, type: "vec4<f32>" },
        uStrokeTileU: { value: strokeUniforms.tileU, type: "vec4<f32>" },
        uStrokeTileV: { value: strokeUniforms.tileV, type: "vec4<f32>" },
      }),
      uStops: stops,
      uFillTile: (tiles.fill ?? Texture.EMPTY).source,
      uStrokeTile: (tiles.stroke ?? Texture.EMPTY).source,
    },
  });
  const mesh = new Mesh({ geometry: batchGeometry(writer), shader });
  mesh.eventMode = "none";
  mesh.on("destroyed", () => {
    shader.destroy();
    stops.destroy();
    tiles.fill?.destroy(true);
    tiles.stroke?.destroy(true);
  });
  return mesh;
}
