/**
 * The angle (radians) rounded to the nearest multiple of `stepDeg` degrees: Shift while drawing a
 * line or rotating. A step that is not a positive finite number leaves the angle as it is.
 */
export function snapAngle(rad: number, stepDeg = 15): number {
  if (!Number.isFinite(rad) || !(stepDeg > 0) || !Number.isFinite(stepDeg)) return rad;
  const step = (stepDeg * Math.PI) / 180;
  return Math.round(rad / step) * step;
}
