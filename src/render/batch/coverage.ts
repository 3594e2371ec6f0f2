/**
 * The GLSL the batch shader and the paint shader share: one vertex shader for the batch's vertex
 * layout, and the coverage code that turns the distances the vertices carry into anti-aliased
 * colour, so every edge on the canvas is shaded by the same lines.
 */

// "#version 300 es" tells PixiJS the sources are GLSL ES 3.00 (in/out, fwidth).
export const BATCH_VERTEX_GLSL = /* glsl */ `#version 300 es
in vec2 aPosition;
in vec2 aLocal;
in vec2 aHalf;
in vec4 aShape;
in vec4 aFill;
in vec4 aStroke;

uniform mat3 uProjectionMatrix;
uniform mat3 uWorldTransformMatrix;
uniform mat3 uTransformMatrix;

out vec2 vPosition;
out vec2 vLocal;
out vec2 vHalf;
out vec4 vShape;
out vec4 vFill;
out vec4 vStroke;

void main() {
  mat3 mvp = uProjectionMatrix * uWorldTransformMatrix * uTransformMatrix;
  gl_Position = vec4((mvp * vec3(aPosition, 1.0)).xy, 0.0, 1.0);
  // The vertex's own position, before the display's transform: a paint's gradient space.
  vPosition = aPosition;
  vLocal = aLocal;
  vHalf = aHalf;
  vShape = aShape;
  vFill = aFill;
  vStroke = aStroke;
}
`;

// Every edge is anti-aliased from a distance measured in screen pixels through screen-space
// derivatives, so no multisampling is needed. Boxes and ellipses get a signed distance to their
// outline; the stroke is composited over the fill before opacity, so a half-transparent shape's
// stroke does not show the fill through it. Strokes of other shapes (kind 4) carry their distance
// from the centre line and, at caps, along the line; fills' rims (kind 5) their distance from the
// outline. Fills' insides (kind 0) are solid.
/**
 * Declarations and `vec4 shade(vec4 fill, vec4 stroke)`: the premultiplied colour of the fragment
 * given the straight-alpha colours of its fill and stroke (for flat triangles, strokes and rims,
 * the one colour they are drawn in goes in `fill`). Call it from `main` outside any branch: it
 * takes screen-space derivatives.
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

vec4 shade(vec4 fillColor, vec4 strokeColor) {
  // Derivatives before any branch: they are undefined in non-uniform control flow.
  vec2 gx = dFdx(vLocal);
  vec2 gy = dFdy(vLocal);
  float kind = vShape.x;
  float alpha = vShape.w * uColor.a;
  vec4 fill = vec4(fillColor.rgb * fillColor.a, fillColor.a) * alpha;
  if (kind < 0.5) return fill;
  if (kind > 3.5) {
    // Local units per screen pixel across the edge (and along the line, for caps).
    float across = max(length(vec2(gx.x, gy.x)), 1e-9);
    float d = abs(vLocal.x);
    // A fill's rim fades from full coverage on the outline to none a pixel out: smooth, but the
    // edge sits half a pixel out (exact coverage, 0.5 on the outline, needs the flat inside
    // shrunk by half a pixel so the ramp can start inside it; see rimCoverage).
    if (kind > 4.5) return fill * clamp(1.0 - d / across, 0.0, 1.0);
    // A stroke thinner than a pixel is drawn a pixel wide and faded by its width, so it keeps
    // its weight instead of breaking up.
    float halfWidth = vHalf.x;
    float reach = max(halfWidth, 0.5 * across);
    float cover = clamp((reach - d) / across + 0.5, 0.0, 1.0) * min(1.0, 2.0 * halfWidth / across);
    float along = max(length(vec2(gx.y, gy.y)), 1e-9);
    cover *= clamp((vHalf.y - abs(vLocal.y)) / along + 0.5, 0.0, 1.0);
    return fill * cover;
  }
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
`;

/**
 * The coverage the shader gives a fill rim's fragment `distancePx` screen pixels outside the
 * outline (the kind 5 line of `COVERAGE_GLSL`, which a test holds to this). An exact box filter
 * gives 0.5 − d; this gives 1 − d, half a pixel of extra ink along every filled edge, because the
 * fill's flat triangles cover everything inside the outline at full strength and a rim that
 * started at 0.5 would leave a step between them and it.
 */
export function rimCoverage(distancePx: number): number {
  return Math.min(1, Math.max(0, 1 - distancePx));
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
