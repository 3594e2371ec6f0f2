/**
 * The GLSL the batch shader and the paint shader share: one vertex shader for the batch's vertex
 * layout, and the coverage code that turns the distances the vertices carry into anti-aliased
 * colour, so every edge on the canvas is shaded by the same lines.
 */

/**
 * The batch's vertex shader. A fill's flat insides (kind 0) and its rim's inner vertices (kind 5)
 * that carry an inset (aShape.z > 0: the node's local units per position unit) are moved into the
 * fill by half a screen pixel, measured the way the display shrinks the shape most, but by no more
 * than their limit (aLocal.x: half the fill's thickness, or less at a sharp corner); the rim's
 * lateral distance drops by as much, and the insides get the fill's thickness (aLocal.y) in screen
 * pixels. The rim then runs from half a pixel inside the outline to half a pixel outside it at
 * whatever zoom it is drawn, without the mesh being rebuilt. A ring's inner vertices (an unfilled
 * box's, aFrame ≠ 0) are moved into the box by a pixel in the same way (see `ringInset`).
 * uResolution is the render target's size in device pixels, which the projection maps onto −1…1.
 */
// "#version 300 es" tells PixiJS the sources are GLSL ES 3.00 (in/out, fwidth). A software
// rasteriser runs every branch of a shader for every vertex and fragment, taken or not, so each
// kind of triangle gets a program with only its own code (see `batchVertexGlsl`, `BatchProgram`).
const VERTEX_GLSL = /* glsl */ `#version 300 es
in vec2 aPosition;
in vec2 aLocal;
in vec2 aHalf;
in vec4 aShape;
in vec4 aFill;
in vec4 aStroke;
in vec4 aFrame;

uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;
uniform vec2 uResolution;

out vec2 vPosition;
out vec2 vLocal;
out vec2 vHalf;
out vec4 vShape;
out vec4 vFill;
out vec4 vStroke;

void main() {
  mat3 mvp = uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix;
  vec2 position = aPosition;
  vec2 local = aLocal;
  float kind = aShape.x;
  if (INSETS && (abs(kind) < 0.5 || kind > 4.5) && aShape.z > 0.0) {
    // Device pixels per position unit, the least the display stretches any way (at least 1/8 of
    // the most, as the encoder limits it for shapes squashed nearly flat).
    vec2 across = mvp[0].xy * 0.5 * uResolution;
    vec2 down = mvp[1].xy * 0.5 * uResolution;
    float sum = dot(across, across) + dot(down, down);
    float det = abs(across.x * down.y - across.y * down.x);
    float largest = sqrt(0.5 * (sum + sqrt(max(sum * sum - 4.0 * det * det, 0.0))));
    float smallest = det / max(largest, 1e-30);
    float pixel = 1.0 / max(max(smallest, 0.125 * largest), 1e-30);
    float inset = min(0.5 * aShape.z * pixel, aLocal.x);
    position += aHalf * inset;
    // A rim's inner vertex lies on the outline: its lateral distance is minus the inset. The
    // insides carry the fill's thickness in screen pixels instead.
    local.x = kind < 0.5 ? aLocal.y / (aShape.z * pixel) : -inset;
  }
  if (RINGS && dot(aFrame, aFrame) > 0.0) {
    // A ring's inner vertex (aFrame: the node's matrix): moved towards the box's centre by the
    // most a device pixel is in local units any way (see ringInset).
    mat2 toWorld = mat2(aFrame.xy, aFrame.zw);
    mat2 toDevice = mat2(mvp[0].xy * 0.5 * uResolution, mvp[1].xy * 0.5 * uResolution) * toWorld;
    float sum = dot(toDevice[0], toDevice[0]) + dot(toDevice[1], toDevice[1]);
    float det = abs(determinant(toDevice));
    float largest = sqrt(0.5 * (sum + sqrt(max(sum * sum - 4.0 * det * det, 0.0))));
    float unit = largest / max(det, 1e-30);
    vec2 moved = abs(kind) > 1.5 && abs(kind) < 2.5
      ? local * max(0.0, 1.0 - unit / max(min(aHalf.x, aHalf.y) - 0.5 * aShape.y, 1e-30))
      : local - sign(local) * min(unit, min(abs(local.x), abs(local.y)));
    position += toWorld * (moved - local);
    local = moved;
  }
  gl_Position = vec4((mvp * vec3(position, 1.0)).xy, 0.0, 1.0);
  // The vertex's own position, before the display's transform: a paint's gradient space.
  vPosition = position;
  vLocal = local;
  vHalf = aHalf;
  vShape = aShape;
  vFill = aFill;
  vStroke = aStroke;
}
`;

/**
 * The batch's vertex shader with the insets of fills and their rims (kinds 0 and 5) and the
 * moves of rings' inner vertices (boxes) left in or out: a program drawing only some kinds leaves
 * out the code the others need.
 */
export function batchVertexGlsl(insets: boolean, rings: boolean): string {
  return VERTEX_GLSL.replace(
    "void main() {",
    `const bool INSETS = ${insets};\nconst bool RINGS = ${rings};\n\nvoid main() {`,
  );
}

/** The batch's vertex shader for every kind of triangle. */
export const BATCH_VERTEX_GLSL = batchVertexGlsl(true, true);

// Every edge is anti-aliased from a distance measured in screen pixels through screen-space
// derivatives, so no multisampling is needed. Boxes and ellipses get a signed distance to their
// outline; the stroke is composited over the fill before opacity, so a half-transparent shape's
// stroke does not show the fill through it. Strokes of other shapes (kind 4) carry their distance
// from the centre line and, at caps, along the line; fills' rims (kind 5) their signed distance
// from the outline (negative inside) and the fill's thickness. Fills' insides (kind 0) are solid:
// the vertex shader has shrunk them by half a pixel, which the rim covers. So are the insides of
// filled boxes' rings (kinds −1 to −3).
/**
 * Declarations and `vec4 shade(vec4 fill, vec4 stroke)`: the premultiplied colour of the fragment
 * given the straight-alpha colours of its fill and stroke (for flat triangles, strokes and rims,
 * the one colour they are drawn in goes in `fill`). Call it from `main` outside any branch: it
 * takes screen-space derivatives. `shadeFlat`, `shadeEdge` and `shadeBox` are its parts, for
 * programs that draw only some kinds.
 */
export const COVERAGE_GLSL = /* glsl */ `
in vec2 vLocal;
in vec2 vHalf;
in vec4 vShape;
in vec4 vFill;
in vec4 vStroke;

uniform vec4 uColor;

float boxDistance(vec2 p, vec2 extent, float r) {
  vec2 q = abs(p) - extent + r;
  return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}

float ellipseDistance(vec2 p, vec2 extent) {
  vec2 ab = max(extent, vec2(1e-4));
  float k1 = length(p / ab);
  float k2 = length(p / (ab * ab));
  return k2 > 0.0 ? k1 * (k1 - 1.0) / k2 : -min(ab.x, ab.y);
}

// The premultiplied colour of a straight-alpha one at the fragment's opacity.
vec4 premultiplied(vec4 color) {
  return vec4(color.rgb * color.a, color.a) * (vShape.w * uColor.a);
}

// A fill's insides (kind 0): solid, unless the fill is thinner than a pixel there (vLocal.x, in
// pixels), where the rims of its two sides meet along its middle and the insides only fill what
// gap is left between them (see insideCoverage). A filled box's inside (a negative kind) is solid.
vec4 shadeFlat(vec4 fillColor) {
  vec4 fill = premultiplied(fillColor);
  return fill * (vShape.x < -0.5 ? 1.0 : clamp(vLocal.x, 0.0, 1.0));
}

// Strokes (kind 4) and fills' rims (kind 5); gx, gy are vLocal's screen-space derivatives.
vec4 shadeEdge(vec4 fillColor, vec2 gx, vec2 gy) {
  float kind = vShape.x;
  vec4 fill = premultiplied(fillColor);
  // Local units per screen pixel across the edge (and along the line, for caps).
  float across = max(length(vec2(gx.x, gy.x)), 1e-9);
  // A fill's rim: a box filter's coverage of a band of the fill's thickness behind the outline,
  // 0.5 on the outline (see rimCoverage).
  float rimD = vLocal.x / across;
  float rimT = vLocal.y / across;
  if (kind > 4.5) return fill * (clamp(0.5 - rimD, 0.0, 1.0) - clamp(0.5 - rimD - rimT, 0.0, 1.0));
  float d = abs(vLocal.x);
  // A stroke thinner than a pixel is drawn a pixel wide and faded by its width, so it keeps
  // its weight instead of breaking up.
  float halfWidth = vHalf.x;
  float reach = max(halfWidth, 0.5 * across);
  float cover = clamp((reach - d) / across + 0.5, 0.0, 1.0) * min(1.0, 2.0 * halfWidth / across);
  float along = max(length(vec2(gx.y, gy.y)), 1e-9);
  cover *= clamp((vHalf.y - abs(vLocal.y)) / along + 0.5, 0.0, 1.0);
  return fill * cover;
}

// Boxes and ellipses (kinds 1 to 3), their fill and stroke at once.
vec4 shadeBox(vec4 fillColor, vec4 strokeColor, vec2 gx, vec2 gy) {
  float kind = vShape.x;
  float alpha = vShape.w * uColor.a;
  vec4 fill = premultiplied(fillColor);
  float pixel = max(length(abs(gx) + abs(gy)) * 0.70710678, 1e-6);
  float w = vShape.y;
  float r = vShape.z;
  // One distance serves fill and stroke: the stroke's edges are the outline moved out and in by
  // half its width, which rounds outer corners as round joins do. Only a mitred box (kind 3),
  // whose outer corners stay square, needs a second distance. Fragments are the cost on a
  // software rasteriser, so this matters more than it looks.
  float d = kind < 2.5 && kind > 1.5 ? ellipseDistance(vLocal, vHalf) : boxDistance(vLocal, vHalf, r);
  float outer = kind > 2.5 && r <= 0.0
    ? boxDistance(vLocal, vHalf + vec2(0.5 * w), 0.0)
    : d - 0.5 * w;
  float inner = d + 0.5 * w;
  float fillCover = clamp(0.5 - d / pixel, 0.0, 1.0);
  float strokeCover = w > 0.0
    ? clamp(clamp(0.5 - outer / pixel, 0.0, 1.0) - clamp(0.5 - inner / pixel, 0.0, 1.0), 0.0, 1.0)
    : 0.0;
  vec4 stroke = vec4(strokeColor.rgb * strokeColor.a, strokeColor.a) * strokeCover;
  return stroke * alpha + fill * fillCover * (1.0 - stroke.a);
}

vec4 shade(vec4 fillColor, vec4 strokeColor) {
  // Derivatives before any branch: they are undefined in non-uniform control flow.
  vec2 gx = dFdx(vLocal);
  vec2 gy = dFdy(vLocal);
  float kind = vShape.x;
  if (kind < 0.5) return shadeFlat(fillColor);
  if (kind > 3.5) return shadeEdge(fillColor, gx, gy);
  return shadeBox(fillColor, strokeColor, gx, gy);
}
`;

/**
 * The coverage the shader gives a fill rim's fragment `distancePx` screen pixels outside the
 * outline (negative inside) where the fill is `thicknessPx` thick (the kind 5 line of
 * `COVERAGE_GLSL`, which a test holds to this): a one-pixel box filter's coverage of the band the
 * fill makes behind the outline, 0.5 − d where the fill is a pixel thick or more. The rim runs
 * from half a pixel inside the outline (where the fill's flat triangles, inset by as much, meet
 * it at coverage 1) to half a pixel outside; a fill thinner than a pixel closes its flat triangles
 * along its middle, where the rims of both its sides meet, and gets its thickness as coverage.
 */
export function rimCoverage(distancePx: number, thicknessPx = Infinity): number {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return clamp(0.5 - distancePx) - clamp(0.5 - distancePx - thicknessPx);
}

/**
 * The coverage the shader gives a fill's flat insides where the fill is `thicknessPx` thick (the
 * kind 0 line of `COVERAGE_GLSL`): whole where it is a pixel thick or more. Thinner, the shader
 * has closed them up along the fill's middle, where the rims of both sides meet; what is left of
 * them is the gap between the rims where the vertices of the two sides do not quite meet, which a
 * band that thin covers by its thickness.
 */
export function insideCoverage(thicknessPx: number): number {
  return Math.min(1, Math.max(0, thicknessPx));
}

/**
 * How far, in local units, the vertex shader insets a fill's vertex: half a screen pixel (of
 * `unitsPerPixel` local units, the largest a pixel is in any direction), but no more than its
 * `limit` (half the fill's thickness there, or less at a sharp corner; the line of
 * `BATCH_VERTEX_GLSL` this mirrors, with `scale` times the shader's pixel as `unitsPerPixel`).
 */
export function fillInset(unitsPerPixel: number, limit: number): number {
  return Math.min(0.5 * unitsPerPixel, limit);
}

/**
 * The coverage the shader gives a stroke's fragment `distancePx` screen pixels from the centre
 * line of a stroke `halfWidthPx` wide on each side, away from caps (the kind 4 lines of
 * `COVERAGE_GLSL`): half on the stroke's edges; a stroke thinner than a pixel is a pixel wide,
 * faded by its width.
 */
export function strokeCoverage(distancePx: number, halfWidthPx: number): number {
  const reach = Math.max(halfWidthPx, 0.5);
  const ramp = Math.min(1, Math.max(0, reach - Math.abs(distancePx) + 0.5));
  return ramp * Math.min(1, 2 * halfWidthPx);
}

/**
 * Where the vertex shader moves a ring's inner vertex (`x`, `y` from the box's centre, local
 * units; the line of `BATCH_VERTEX_GLSL` this mirrors) when a device pixel is at most
 * `unitsPerPixel` local units any way: a rectangle's hole shrinks by that on every side, an
 * ellipse's polygon towards the centre until it lies within the outline shrunk by half the stroke
 * and that, so nowhere in the hole is within half a pixel (as the fragment shader measures one,
 * at most √2 of those units) of the stroke's inner edge: the stroke's coverage there is nothing.
 */
export function ringInset(
  x: number,
  y: number,
  ellipse: boolean,
  hw: number,
  hh: number,
  strokeWidth: number,
  unitsPerPixel: number,
): [number, number] {
  if (ellipse) {
    const f = Math.max(
      0,
      1 - unitsPerPixel / Math.max(Math.min(hw, hh) - 0.5 * strokeWidth, 1e-30),
    );
    return [x * f, y * f];
  }
  const step = Math.min(unitsPerPixel, Math.abs(x), Math.abs(y));
  return [x - Math.sign(x) * step, y - Math.sign(y) * step];
}
