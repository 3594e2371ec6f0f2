/** Pure outline math for the box-based shapes, in the shape's local coordinates. */

/** Per-corner radii, each clamped so neighbouring corners never overlap. */
export function clampRadii(width: number, height: number, radii: readonly number[]): number[] {
  const limit = Math.min(width, height) / 2;
  return radii.map((r) => Math.max(0, Math.min(r, limit)));
}

/** Vertices of a regular polygon inscribed in the box's ellipse, the first one at the top. */
export function regularPolygon(width: number, height: number, sides: number): number[] {
  const points: number[] = [];
  for (let i = 0; i < sides; i++) {
    const angle = -Math.PI / 2 + (i * 2 * Math.PI) / sides;
    points.push(
      width / 2 + (Math.cos(angle) * width) / 2,
      height / 2 + (Math.sin(angle) * height) / 2,
    );
  }
  return points;
}

/** Vertices of a star: outer tips on the box's ellipse, inner ones at `innerRatio` of it. */
export function starPoints(
  width: number,
  height: number,
  tips: number,
  innerRatio: number,
): number[] {
  const points: number[] = [];
  for (let i = 0; i < tips * 2; i++) {
    const angle = -Math.PI / 2 + (i * Math.PI) / tips;
    const r = i % 2 === 0 ? 1 : innerRatio;
    points.push(
      width / 2 + (Math.cos(angle) * r * width) / 2,
      height / 2 + (Math.sin(angle) * r * height) / 2,
    );
  }
  return points;
}
